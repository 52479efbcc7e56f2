"""The final settlement of a game: ranks, oka, uma, rounding, box-under (§3.8).

Results are computed in integer points (1p = 1,000 points) and turned into the
ruleset's unit only for output.

>>> from scoring.ruleset_files import load_directory, default_preset_dir
>>> standard = load_directory(default_preset_dir())["standard"]
>>> settle_game((41200, 27400, 27400, 4000), sticks=0, ruleset=standard, dealer=3).total
(52000, 7000, -13000, -46000)
"""

from __future__ import annotations

from dataclasses import dataclass

from scoring.ranking import rank_order
from scoring.ruleset import LeftoverSticks, Ruleset, SettlementRounding, SettlementUnit

P = 1000  # points per p


@dataclass(frozen=True, slots=True)
class FinalSettlement:
    scores: tuple[int, ...]  # after leftover sticks
    ranks: tuple[int, ...]  # 1 = top
    oka: tuple[int, ...]  # the rest in points (1p = 1,000), or in 点 for point counts
    uma: tuple[int, ...]
    bonuses: tuple[int, ...]
    total: tuple[int, ...]
    chips: tuple[int, ...]


def settle_game(scores: tuple[int, ...], *, sticks: int, ruleset: Ruleset, dealer: int,
                bonuses: tuple[int, ...] | None = None,
                chips: tuple[int, ...] | None = None) -> FinalSettlement:
    """Rank, hand leftover sticks to the top (or lose them), then oka, uma and rounding."""
    seats = len(scores)
    bonuses = bonuses or (0,) * seats
    order = rank_order(scores, ruleset=ruleset, dealer=dealer)
    top = order[0]
    final_scores = list(scores)
    if ruleset.leftover_sticks_at_end is LeftoverSticks.TOP:
        final_scores[top] += sticks * ruleset.riichi_stick
    ranks = [0] * seats
    for rank, seat in enumerate(order, start=1):
        ranks[seat] = rank
    scale = 1 if ruleset.settlement_unit is SettlementUnit.TEN else P
    # With four people at a three-player table (抜け番) the fourth rank has no uma.
    uma = tuple((ruleset.uma[ranks[s] - 1] if ranks[s] <= len(ruleset.uma) else 0) * scale
                for s in range(seats))
    total = [0] * seats
    for seat in order[1:]:
        total[seat] = rounded_result(final_scores[seat], ruleset) + uma[seat] + bonuses[seat]
    total[top] = -sum(total)
    if ruleset.leftover_sticks_at_end is LeftoverSticks.LOST:
        # The top's result is the others' loss less the sticks nobody takes: the
        # settlement then sums to minus the lost sticks.
        total[top] -= sticks * ruleset.riichi_stick
    oka_points = (ruleset.return_points - ruleset.start_points) * seats
    oka = tuple(oka_points if s == top else 0 for s in range(seats))
    return FinalSettlement(scores=tuple(final_scores), ranks=tuple(ranks), oka=oka, uma=uma,
                           bonuses=tuple(bonuses), total=tuple(total),
                           chips=chips or (0,) * seats)


def rounded_result(score: int, ruleset: Ruleset) -> int:
    """(score − return points), counted with box-under and rounded as the ruleset says.

    >>> from scoring.ruleset_files import load_directory, default_preset_dir
    >>> standard = load_directory(default_preset_dir())["standard"]
    >>> rounded_result(27400, standard), rounded_result(27500, standard)
    (-3000, -2000)
    """
    if not ruleset.box_under_settlement:
        score = max(score, 0)
    mode = ruleset.settlement_rounding
    if mode is SettlementRounding.SHISHA_GONYU_SCORE:
        return round_half_away(score, up_from=500) - ruleset.return_points
    diff = score - ruleset.return_points
    if mode is SettlementRounding.NONE:
        return diff
    if mode is SettlementRounding.GOSHA_ROKUNYU_ABS:
        return round_half_away(diff, up_from=600)
    if mode is SettlementRounding.SHISHA_GONYU_ABS:
        return round_half_away(diff, up_from=500)
    if mode is SettlementRounding.FLOOR:
        return diff // P * P
    return -(-diff // P) * P


def round_half_away(value: int, *, up_from: int) -> int:
    """Round the absolute value to 1,000 (hundreds from ``up_from`` go up), keep the sign.

    >>> round_half_away(-2600, up_from=600), round_half_away(-500, up_from=500)
    (-3000, -1000)
    """
    whole, rest = divmod(abs(value), P)
    rounded = (whole + (rest >= up_from)) * P
    return rounded if value >= 0 else -rounded


def in_unit(points: int, ruleset: Ruleset) -> int | float:
    """A settlement amount for output: p with one decimal where needed, else as is."""
    if ruleset.settlement_unit is not SettlementUnit.P_1000:
        return points
    if points % P == 0:
        return points // P
    return points / P
