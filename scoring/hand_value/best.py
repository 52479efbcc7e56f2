"""The highest of several readings of one hand (高点法), where an all-mighty tile (白ポッチ,
白マティ) makes each of its faces a hand of its own to value.

Higher is better: the points, then the fewer yakuman (the same money from ordinary yaku is the
plainer reading), then the han, then the fu.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import replace

from scoring.errors import HandError
from scoring.hand_value.hand import WinningHand
from scoring.hand_value.value import HandValue

Rank = tuple[int, int, int, int]  # higher is better: see value_rank
Candidate = tuple[WinningHand, tuple[str, ...]]  # a hand to value, and the faces it reads


def value_rank(value: HandValue) -> Rank:
    return value.points, -value.yakuman, value.han or 0, value.fu or 0


def best_value(candidates: Iterable[tuple[WinningHand, tuple[str, ...]]],
               value_of: Callable[[WinningHand], HandValue]
               ) -> tuple[HandValue | None, HandError | None]:
    """The best value of the ``(hand, faces read)`` candidates, with the faces recorded, and
    the first candidate's refusal (None when the first was a win)."""
    best: HandValue | None = None
    refusal: HandError | None = None
    for candidate, faces in candidates:
        try:
            value = value_of(candidate)
        except HandError as e:
            refusal = refusal or e
            continue
        if best is None or value_rank(value) > value_rank(best):
            best = replace(value, joker_faces=faces)
    return best, refusal


def best_value_under_ceilings(groups: Sequence[tuple[Rank | None, Callable[[], list[Candidate]]]],
                              value_of: Callable[[WinningHand], HandValue]
                              ) -> tuple[HandValue | None, HandError | None]:
    """``best_value`` of the candidates of every group in turn, the same answer, reading
    fewer: each group comes with a ceiling, a rank none of its candidates exceeds (None: no
    ceiling), and makes its candidates only when read. Groups are read from the highest
    ceiling down; one whose ceiling is below the best rank found (or equal to it, after the
    best in order) is not read. Among equal ranks the earliest candidate wins, as in
    ``best_value``; when none is a win, every group is read and the refusal is the earliest.
    """
    order = sorted(range(len(groups)), key=lambda g: ceiling_order(groups[g][0]))
    best: HandValue | None = None
    best_rank: Rank = (0, 0, 0, 0)
    best_at = (0, 0)  # (group, candidate) of the best
    refusal: HandError | None = None
    refused_at = (len(groups), 0)
    for g in order:
        ceiling, make = groups[g]
        if best is not None and ceiling is not None:
            if ceiling < best_rank:
                break  # every group after this one has a ceiling as low or lower
            if ceiling == best_rank and g > best_at[0]:
                continue  # can at most tie, after the best
        for j, (hand, faces) in enumerate(make()):
            try:
                value = value_of(hand)
            except HandError as e:
                if (g, j) < refused_at:
                    refusal, refused_at = e, (g, j)
                continue
            rank = value_rank(value)
            if best is None or rank > best_rank or (rank == best_rank and (g, j) < best_at):
                best, best_rank, best_at = replace(value, joker_faces=faces), rank, (g, j)
    return best, refusal


def ceiling_order(ceiling: Rank | None) -> tuple[int, Rank]:
    """No ceiling first, then the highest."""
    if ceiling is None:
        return 0, (0, 0, 0, 0)
    return 1, (-ceiling[0], -ceiling[1], -ceiling[2], -ceiling[3])
