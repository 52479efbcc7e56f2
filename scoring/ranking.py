"""Ranking seats by score, with the ruleset's tie-break (同点の順位)."""

from __future__ import annotations

from scoring.ruleset import Ruleset, TieBreak


def rank_order(scores: tuple[int, ...], *, ruleset: Ruleset, dealer: int) -> tuple[int, ...]:
    """Seats from first to last. Ties go to the seat nearer the first dealer (起家), or
    nearer the dealer of the last hand in turn order, as the ruleset says.

    >>> from scoring.ruleset_files import load_directory, default_preset_dir
    >>> standard = load_directory(default_preset_dir())["standard"]
    >>> rank_order((41200, 27400, 27400, 4000), ruleset=standard, dealer=3)
    (0, 1, 2, 3)
    """
    seats = len(scores)
    if ruleset.tie_break is TieBreak.DEALER_ORDER_AT_END:
        return tuple(sorted(range(seats), key=lambda s: (-scores[s], (s - dealer) % seats)))
    return tuple(sorted(range(seats), key=lambda s: (-scores[s], s)))
