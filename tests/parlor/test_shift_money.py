"""The shift's money as pure arithmetic (domain.shift_money): the three game-back rules, four-
and three-player games, a point count, the float, and the receipt's lines adding up."""

from __future__ import annotations

import pytest

from parlor.domain.money import SeatResult, Terms, game_money_compute
from parlor.domain.shift_money import (
    GameBackRule,
    ShiftLineKind,
    ShiftMoney,
    StandIn,
    back_of,
    staff_game,
)
from parlor.domain.units import Result, SettlementUnit

FOUR = Terms(50, 100, "each_plus_top", 400, 200, 10)
THREE = Terms(50, 100, "top_only", 1200, 0, 10)
POINT_COUNT = Terms(30, 0, "each", 300, 0, 10)  # 30 yen per 点


def _staff_seat(terms: Terms, tenths: list[int], unit: SettlementUnit, *, staff: int, chips=()):
    chips = list(chips) or [0] * len(tenths)
    ranks = {
        seat: rank
        for rank, seat in enumerate(sorted(range(len(tenths)), key=lambda s: -tenths[s]), start=1)
    }
    rows = [
        SeatResult(s, ranks[s], Result(t, unit), chips[s], is_staff_play=s == staff)
        for s, t in enumerate(tenths)
    ]
    money = game_money_compute(terms, rows)
    return staff_game(terms, money[staff], table=str(len(tenths)))


def test_a_four_player_top_and_a_three_player_last():
    top = _staff_seat(
        FOUR, [70, 520, -130, -460], SettlementUnit.P_1000, staff=1, chips=[0, 3, -1, -2]
    )
    last = _staff_seat(THREE, [350, -50, -300], SettlementUnit.P_1000, staff=2, chips=[2, -1, -1])
    assert (top.result_yen, top.fee_yen) == (2900, 600)
    assert (last.result_yen, last.fee_yen) == (-1600, 0)


@pytest.mark.parametrize(("rule", "owed"), [("full", -800), ("half", -500), ("none", -200)])
def test_the_worked_case_of_the_docs(rule, owed):
    games = (
        _staff_seat(
            FOUR, [70, 520, -130, -460], SettlementUnit.P_1000, staff=1, chips=[0, 3, -1, -2]
        ),
        _staff_seat(THREE, [350, -50, -300], SettlementUnit.P_1000, staff=2, chips=[2, -1, -1]),
    )
    money = ShiftMoney(games, (StandIn("3", "客"),), GameBackRule(rule), 10_000, 9_500)
    assert (money.result_yen, money.fees_yen, money.owed_yen) == (1300, 600, owed)
    lines = money.lines()
    assert sum(line.yen for line in lines[:-1]) == lines[-1].yen == -owed
    assert lines[-1].kind == ShiftLineKind.TOTAL
    assert money.settled_yen == owed - 500  # the float short is not the games' money
    paid_to_staff = sum(money.cash_totals())
    assert paid_to_staff == -money.settled_yen  # the drawer moves the games' money only


def test_a_point_count_is_paid_per_point():
    """白マティ: +42 点 at 30 yen per 点 is 1,260 yen; a guest would pay 300."""
    game = _staff_seat(POINT_COUNT, [420, -120, -300], SettlementUnit.TEN, staff=0)
    assert (game.points_yen, game.fee_yen) == (1260, 300)
    money = ShiftMoney((game,), (), GameBackRule.HALF, 0, 0)
    assert (money.back_yen, money.owed_yen) == (150, 300 - 150 - 1260)


def test_an_open_shift_has_no_float_lines_and_reads_as_if_returned():
    money = ShiftMoney((), (), GameBackRule.NONE, 5_000)
    assert money.owed_yen == 0 and money.cash_totals() == (5_000,)
    assert [line.kind for line in money.lines()] == [
        ShiftLineKind.FEES,
        ShiftLineKind.BACK,
        ShiftLineKind.TOTAL,
    ]


def test_half_back_keeps_the_odd_yen_and_an_unknown_rule_is_refused():
    assert back_of(601, "half") == 300
    with pytest.raises(ValueError):
        back_of(600, "double")
