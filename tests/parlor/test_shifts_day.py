"""A day with a staff shift (シフト): the 本走 game's yen go to the shift's settlement, the day's
close expects the floats and the settlement in the drawer, and the daily report reconciles,
on a four-player table in p and a three-player one (seed-004)."""

from __future__ import annotations

from typing import Any

import pytest
import time_machine

from parlor.errors import Conflict
from parlor.models import MemberRole
from parlor.reports.day_money import day_money
from parlor.reports.report import daily_report_data
from parlor.services.day_close import day_close_record, day_float_record
from parlor.services.shifts import shift_sign_in, shift_sign_out
from tests.parlor.day_close_helpers import NOON, notes_and_coins
from tests.parlor.factories import MemberFactory
from tests.parlor.shift_helpers import shift_with_a_game, staff_player_of

pytestmark = pytest.mark.django_db
FLOAT_YEN = 30_000
SHIFT_FLOAT_YEN = 10_000


@pytest.fixture
def staff_player(parlor: Any, personas: Any) -> Any:
    return staff_player_of(parlor)


def _day_with_a_shift(parlor, players, personas, staff_player, *, three: bool) -> dict[str, Any]:
    """The staff member signs in, plays one 本走 game, the guests check out, and the staff
    member signs out returning 9,500 of the float: the day's cash lines."""
    _, _, shift, totals = shift_with_a_game(
        parlor, players, personas, staff_player, three=three, float_out_yen=SHIFT_FLOAT_YEN
    )
    shift = shift_sign_out(shift=shift, float_back_yen=SHIFT_FLOAT_YEN - 500, by=None)
    return {"shift": shift, "guest_totals": totals}


@pytest.mark.parametrize(("three", "owed"), [(False, 500 + 600 - 300 - 2900), (True, 500 + 1600)])
def test_the_close_expects_the_shift_and_the_report_reconciles(
    parlor, players, personas, staff_player, three, owed
):
    with time_machine.travel(NOON, tick=False):
        day = _day_with_a_shift(parlor, players, personas, staff_player, three=three)
        shift = day["shift"]
        assert shift.owed_yen == owed
        paid_in = -sum(t for t in day["guest_totals"] if t < 0) + (SHIFT_FLOAT_YEN - 500)
        paid_out = sum(t for t in day["guest_totals"] if t > 0) + SHIFT_FLOAT_YEN
        if owed > 0:
            paid_in += owed
        else:
            paid_out -= owed
        money = day_money(parlor=parlor, day=NOON.date())
        assert (money.paid_in_yen, money.paid_out_yen) == (paid_in, paid_out)
        assert money.is_balanced, money
        assert money.shifts_yen == shift.fees_yen - shift.back_yen - shift.result_yen
        assert money.house.staff_play_yen == shift.result_yen
        report = daily_report_data(parlor=parlor, day=NOON.date())
        section = next(s for s in report.sections if s.key == "shifts")
        (row,) = section.rows
        assert row[-3:] == (shift.result_yen, shift.back_yen, shift.owed_yen)
        manager = MemberFactory(parlor=parlor, role=MemberRole.MANAGER).user
        day_float_record(parlor=parlor, float_yen=FLOAT_YEN, by=manager)
        expected = FLOAT_YEN + paid_in - paid_out
        close = day_close_record(parlor=parlor, counts=notes_and_coins(expected), by=manager)
        assert (close.expected_yen, close.difference_yen) == (expected, 0)


def test_a_day_does_not_close_while_a_shift_is_open(parlor, personas, staff_player):
    manager = MemberFactory(parlor=parlor, role=MemberRole.MANAGER).user
    with time_machine.travel(NOON, tick=False):
        shift = shift_sign_in(parlor=parlor, user=staff_player.user, float_out_yen=5_000, by=None)
        day_float_record(parlor=parlor, float_yen=FLOAT_YEN, by=manager)
        money = day_money(parlor=parlor, day=NOON.date())
        assert (money.paid_out_yen, money.shifts_yen, money.is_balanced) == (5_000, -5_000, True)
        with pytest.raises(Conflict) as refused:
            day_close_record(parlor=parlor, counts=notes_and_coins(FLOAT_YEN - 5_000), by=manager)
        assert refused.value.code == "shift_open" and "still on shift" in str(refused.value)
        shift_sign_out(shift=shift, float_back_yen=5_000, by=None)
        close = day_close_record(parlor=parlor, counts=notes_and_coins(FLOAT_YEN), by=manager)
        assert close.difference_yen == 0 and close.paid_in_yen == close.paid_out_yen == 5_000
        with pytest.raises(Conflict) as closed:
            shift_sign_in(parlor=parlor, user=staff_player.user, float_out_yen=0, by=None)
        assert closed.value.code == "day_closed"
