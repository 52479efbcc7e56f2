"""The highest of several readings of one hand (高点法), where an all-mighty tile (白ポッチ,
白マティ) makes each of its faces a hand of its own to value.

Higher is better: the points, then the fewer yakuman (the same money from ordinary yaku is the
plainer reading), then the han, then the fu.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import replace

from scoring.errors import HandError
from scoring.hand_value.hand import WinningHand
from scoring.hand_value.value import HandValue


def value_rank(value: HandValue) -> tuple[int, int, int, int]:
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
