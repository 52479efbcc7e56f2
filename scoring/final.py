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
from scoring.ruleset import (
    LeftoverSticks,
    Ruleset,
    SettlementRounding,
    SettlementUnit,
    TieBreak,
)

P = 1000  # points per p


@dataclass(frozen=True, slots=True)
class FinalSettlement:
    scores: tuple[int, ...]  # after leftover sticks
    ranks: tuple[int, ...]  # 1 = top
    oka: tuple[int, ...]  # the rest in points (1p = 1,000), or in 点 for point counts
    uma: tuple[int, ...]
    bonuses: tuple[int, ...]  # tobi bonus and the like, in points
    deductions: tuple[int, ...]  # 罰符: chombo deductions (and shares of them), in points
    total: tuple[int, ...]
    chips: tuple[int, ...]


def settle_game(scores: tuple[int, ...], *, sticks: int, ruleset: Ruleset, dealer: int,
                bonuses: tuple[int, ...] | None = None,
                deductions: tuple[int, ...] | None = None,
                chips: tuple[int, ...] | None = None) -> FinalSettlement:
    """Rank, hand leftover sticks to the top (or lose them), then oka, uma and rounding.

    ``bonuses`` and ``deductions`` (points) are added to each seat after the rest; a chombo
    deduction that leaves the game makes the settlement sum below zero.

    >>> from scoring.ruleset_files import load_directory, default_preset_dir
    >>> standard = load_directory(default_preset_dir())["standard"]
    >>> deducted = settle_game((41200, 27400, 27400, 4000), sticks=0, ruleset=standard,
    ...                        dealer=3, deductions=(0, 0, 0, -20000))
    >>> deducted.deductions, deducted.total
    ((0, 0, 0, -20000), (52000, 7000, -13000, -66000))
    """
    seats = len(scores)
    bonuses = bonuses or (0,) * seats
    deductions = deductions or (0,) * seats
    order = rank_order(scores, ruleset=ruleset, dealer=dealer)
    ranks = [0] * seats
    for rank, seat in enumerate(order, start=1):
        ranks[seat] = rank
    tops = shared_with(order[0], scores, ruleset)
    final_scores = list(scores)
    if ruleset.leftover_sticks_at_end is LeftoverSticks.TOP:
        for seat, share in zip(tops, split_evenly(sticks * ruleset.riichi_stick, len(tops),
                                                  unit=ruleset.point_unit), strict=True):
            final_scores[seat] += share
    uma = uma_by_seat(final_scores, ranks, ruleset)
    base = [0] * seats
    for seat in range(seats):
        if seat not in tops:
            base[seat] = rounded_result(final_scores[seat], ruleset) + uma[seat]
    # The top (or the tied tops together) take the others' loss: oka, their uma and any
    # rounding or box-under residual; sticks that are lost leave the game.
    top_total = -sum(base)
    if ruleset.leftover_sticks_at_end is LeftoverSticks.LOST:
        top_total -= sticks * ruleset.riichi_stick
    for seat, share in zip(tops, split_evenly(top_total, len(tops), unit=ruleset.point_unit),
                           strict=True):
        base[seat] = share
    oka_points = (ruleset.return_points - ruleset.start_points) * seats
    oka = tuple(split_evenly(oka_points, len(tops), unit=1)[tops.index(s)] if s in tops
                else 0 for s in range(seats))
    total = tuple(b + bonus + deducted
                  for b, bonus, deducted in zip(base, bonuses, deductions, strict=True))
    return FinalSettlement(scores=tuple(final_scores), ranks=tuple(ranks), oka=oka, uma=uma,
                           bonuses=tuple(bonuses), deductions=tuple(deductions), total=total,
                           chips=chips or (0,) * seats)


def shared_with(seat: int, scores: tuple[int, ...], ruleset: Ruleset) -> tuple[int, ...]:
    """``seat`` and, where ties are split (同点は分ける), every seat on the same score, in
    seat order from the first dealer (起家)."""
    if ruleset.tie_break is not TieBreak.SPLIT:
        return (seat,)
    return tuple(s for s in range(len(scores)) if scores[s] == scores[seat])


def split_evenly(amount: int, ways: int, *, unit: int) -> tuple[int, ...]:
    """``amount`` in ``ways`` equal shares of whole ``unit``s; the odd units go one each to
    the first shares (the tied seats nearest the first dealer).

    >>> split_evenly(40000, 3, unit=100), split_evenly(-2000, 3, unit=100)
    ((13400, 13300, 13300), (-600, -700, -700))
    """
    units, rest = divmod(amount, unit)
    each, odd = divmod(units, ways)
    shares = tuple((each + (i < odd)) * unit for i in range(ways))
    return (shares[0] + rest, *shares[1:])


def uma_by_seat(scores: list[int], ranks: list[int], ruleset: Ruleset) -> tuple[int, ...]:
    """Each seat's uma in points: by rank, or by rank and the number of players at or above
    the return points (浮き・沈みウマ); tied seats share the uma of the ranks they cover
    where ties are split."""
    table = ruleset.uma
    if ruleset.uma_by_floaters is not None:
        table = ruleset.uma_by_floaters[sum(s >= ruleset.return_points for s in scores)]
    scale = 1 if ruleset.settlement_unit is SettlementUnit.TEN else P
    # With four people at a three-player table (抜け番) the fourth rank has no uma.
    by_rank = [(table[r - 1] if r <= len(table) else 0) * scale for r in ranks]
    if ruleset.tie_break is not TieBreak.SPLIT:
        return tuple(by_rank)
    uma = list(by_rank)
    for seat in range(len(scores)):
        group = [s for s in range(len(scores)) if scores[s] == scores[seat]]
        if group[0] == seat and len(group) > 1:
            shares = split_evenly(sum(by_rank[s] for s in group), len(group),
                                  unit=ruleset.point_unit)
            for member, share in zip(group, shares, strict=True):
                uma[member] = share
    return tuple(uma)


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
    if mode is SettlementRounding.SHISHA_GONYU_HALF_UP:
        return (diff + P // 2) // P * P  # a half rounds up, a negative one towards zero
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


def in_tenths(points: int, ruleset: Ruleset) -> int:
    """A settlement amount as a whole count of tenths of the ruleset's unit (how the parlor
    stores it); an amount finer than a tenth rounds half to even.

    >>> from scoring.ruleset_files import load_directory, default_preset_dir
    >>> standard = load_directory(default_preset_dir())["standard"]
    >>> in_tenths(52000, standard), in_tenths(-13400, standard), in_tenths(50, standard)
    (520, -134, 0)
    """
    if ruleset.settlement_unit is not SettlementUnit.P_1000:
        return points * 10
    tenths, rest = divmod(points * 10, P)
    return tenths + (2 * rest > P or (2 * rest == P and tenths % 2 == 1))


def in_unit(points: int, ruleset: Ruleset) -> int | float:
    """A settlement amount for output: p with one decimal where needed, else as is."""
    if ruleset.settlement_unit is not SettlementUnit.P_1000:
        return points
    if points % P == 0:
        return points // P
    return points / P
