"""Closing the business day (締め): the drawer expected from the float and the day's cash, the
count, the difference with its reason, a manager's confirmation, reopening, and a closed day's
money kept as it was closed."""

from __future__ import annotations

import pytest
import time_machine
from django.utils import translation

from parlor.errors import Conflict, Forbidden, InvalidInput
from parlor.models import Adjustment, AuditEvent, DayClose, Settlement, Visit
from parlor.reports.report import daily_report_data
from parlor.selectors.day_close import day_closes_of
from parlor.services.day_close import day_close_record, day_close_reopen, day_float_record
from parlor.services.day_close_counter import day_close_at_the_counter
from parlor.services.settlements import adjustment_create, adjustment_settle
from parlor.services.visits import adjustments_pay_out, visit_check_out
from tests.parlor.conftest import ok
from tests.parlor.day_close_helpers import (
    FLOAT_YEN,
    HANEMAN_FIRST_HAND,
    NEXT_NOON,
    NOON,
    CounterDay,
    counter_day,
    notes_and_coins,
)

pytestmark = pytest.mark.django_db
DAY = NOON.date()


@pytest.fixture
def day(parlor, players, personas):
    with time_machine.travel(NOON, tick=False):
        yield counter_day(parlor, players, personas)


def _expected(day: CounterDay) -> int:
    return FLOAT_YEN + day.paid_in_yen - day.paid_out_yen


def _close(day: CounterDay, *, off_by: int = 0, reason: str = "") -> DayClose:
    day_float_record(parlor=day.parlor, float_yen=FLOAT_YEN, by=day.staff_user)
    return day_close_record(
        parlor=day.parlor,
        counts=notes_and_coins(_expected(day) + off_by),
        by=day.staff_user,
        confirmed_by=day.manager,
        reason=reason,
    )


def test_a_drawer_counted_as_expected_closes_with_no_difference(day):
    close = _close(day)
    assert day.paid_in_yen > 0 and day.paid_out_yen > 0  # the day paid both ways
    assert close.business_day == DAY
    assert (close.float_yen, close.paid_in_yen, close.paid_out_yen) == (
        FLOAT_YEN,
        day.paid_in_yen,
        day.paid_out_yen,
    )
    assert close.expected_yen == close.counted_yen == _expected(day)
    assert close.difference_yen == 0 and close.reason == ""
    assert close.closed_by == day.staff_user and close.confirmed_by == day.manager
    event = AuditEvent.objects.get(subject_type="day_close")
    assert event.after["difference_yen"] == 0 and event.actor == day.staff_user


def test_the_drawer_reconciles_with_the_days_settlements(day):
    """paid in − paid out of the close is the net of the day's receipts, to the yen."""
    close = _close(day)
    net = sum(s.total_yen for s in Settlement.objects.all())
    assert close.paid_in_yen - close.paid_out_yen == -net


def test_a_short_drawer_without_a_reason_is_refused(day):
    with pytest.raises(InvalidInput) as refused:
        _close(day, off_by=-100)
    assert refused.value.code == "reason_required" and "-100" in refused.value.message
    assert not DayClose.objects.exists()


def test_a_short_drawer_closes_with_its_reason(day):
    close = _close(day, off_by=-100, reason="釣り銭の渡し過ぎ")
    assert close.difference_yen == -100
    assert close.counted_yen == close.expected_yen - 100
    assert close.reason == "釣り銭の渡し過ぎ"


def test_the_float_entered_at_the_close_is_the_closes(day):
    close = day_close_record(
        parlor=day.parlor,
        counts=notes_and_coins(20_000 + day.paid_in_yen - day.paid_out_yen),
        float_yen=20_000,
        by=day.manager,
    )
    assert close.float_yen == 20_000 and close.difference_yen == 0


def test_a_close_without_a_float_is_refused(day):
    with pytest.raises(InvalidInput) as refused:
        day_close_record(parlor=day.parlor, counts={}, by=day.manager)
    assert refused.value.code == "float_required"


def test_a_count_of_something_that_is_not_a_note_or_coin_is_refused(day):
    with pytest.raises(InvalidInput) as refused:
        day_close_record(parlor=day.parlor, counts={"3000": 1}, float_yen=0, by=day.manager)
    assert refused.value.code == "invalid_denomination"
    with pytest.raises(InvalidInput) as refused:
        day_close_record(parlor=day.parlor, counts={"100": -1}, float_yen=0, by=day.manager)
    assert refused.value.field == "count_100"


def test_closing_twice_is_refused(day):
    _close(day)
    with pytest.raises(Conflict) as refused:
        _close(day)
    assert refused.value.code == "day_closed"
    assert DayClose.objects.count() == 1


def test_staff_alone_cannot_close(day):
    with pytest.raises(Forbidden) as refused:
        day_close_record(parlor=day.parlor, counts={}, float_yen=0, by=day.staff_user, reason="x")
    assert refused.value.code == "manager_confirmation_required"


def test_a_wrong_manager_password_at_the_counter_is_refused(day):
    with pytest.raises(InvalidInput) as refused:
        day_close_at_the_counter(
            parlor=day.parlor,
            counts={},
            float_yen=0,
            reason="x",
            by=day.staff_user,
            manager_username=day.manager.username,
            manager_password="wrong",
        )
    assert refused.value.code == "manager_password_wrong"
    close = day_close_at_the_counter(
        parlor=day.parlor,
        counts=notes_and_coins(_expected(day)),
        float_yen=FLOAT_YEN,
        by=day.staff_user,
        manager_username=day.manager.username,
        manager_password="pw",
    )
    assert close.confirmed_by == day.manager


def test_reopening_needs_a_manager_and_a_reason(day):
    close = _close(day)
    with pytest.raises(InvalidInput) as refused:
        day_close_reopen(close=close, reason=" ", by=day.manager)
    assert refused.value.code == "reason_required"
    with pytest.raises(Forbidden):
        day_close_reopen(close=close, reason="数え直し", by=day.staff_user)
    close.refresh_from_db()
    assert close.is_current


def test_a_reopened_day_closes_again_and_keeps_its_first_close(day):
    first = _close(day)
    day_close_reopen(
        close=first, reason="千円札の数え間違い", by=day.staff_user, confirmed_by=day.manager
    )
    second = _close(day, off_by=1_000, reason="千円札が一枚多い")
    first.refresh_from_db()
    assert first.reopened_by == day.manager and first.reopen_reason == "千円札の数え間違い"
    assert first.difference_yen == 0 and first.counted_yen == _expected(day)  # unchanged
    assert [c.pk for c in day_closes_of(day.parlor, DAY)] == [first.pk, second.pk]
    assert second.is_current and second.difference_yen == 1_000
    reopened = AuditEvent.objects.get(subject_type="day_close", action="void")
    assert reopened.reason == "千円札の数え間違い"
    with pytest.raises(Conflict):
        day_close_reopen(close=first, reason="again", by=day.manager)


def test_a_check_out_in_a_closed_day_is_refused_naming_the_close(day):
    _close(day)
    last = day.visits[day.players[4].pk]
    with pytest.raises(Conflict) as refused:
        visit_check_out(visit=Visit.objects.get(public_id=last["visit"]["id"]), by=day.staff_user)
    assert refused.value.code == "day_closed"
    assert "2026-05-01" in refused.value.message
    assert day.staff_user.username in refused.value.message
    assert Settlement.objects.count() == 4


def test_after_reopening_the_check_out_goes_through(day):
    close = _close(day)
    day_close_reopen(close=close, reason="来店中の方がいた", by=day.manager)
    ok(
        day.staff.post(f"/api/visits/{day.visits[day.players[4].pk]['visit']['id']}/check-out/"),
        201,
    )


def test_no_adjustment_is_made_or_paid_in_a_closed_day(day):
    owed = adjustment_create(
        player=day.players[4], amount_yen=-500, reason="ドリンク代", by=day.manager
    )
    _close(day)
    with pytest.raises(Conflict):
        adjustment_settle(adjustment=owed, by=day.staff_user)
    with pytest.raises(Conflict):
        adjustments_pay_out(player=day.players[4], by=day.staff_user)
    with pytest.raises(Conflict):
        adjustment_create(player=day.players[1], amount_yen=100, reason="x", by=day.manager)
    owed.refresh_from_db()
    assert owed.is_open


def _cash_sections(day: CounterDay):
    with translation.override("en"):
        report = daily_report_data(parlor=day.parlor, day=DAY)
    summary = {row[0]: row[1] for row in report.section("summary").rows}
    cash = {k: v for k, v in summary.items() if "Settlements" in str(k)}
    return report.section("settlements"), report.section("day_close"), cash, report


def test_a_correction_after_the_close_lands_on_the_next_day(day):
    close = _close(day)
    before = _cash_sections(day)
    with time_machine.travel(NEXT_NOON, tick=False):
        ok(
            day.staff.post(
                f"/api/games/{day.game['id']}/hands/1/corrections/",
                {"hand": HANEMAN_FIRST_HAND, "reason": "跳満の申告漏れ"},
                format="json",
            ),
            201,
        )
    made = list(Adjustment.objects.all())
    assert made and all(a.created_at.astimezone().date() >= NEXT_NOON.date() for a in made)
    after = _cash_sections(day)
    assert after[:3] == before[:3]  # the closed day's cash, its close and its summary's cash
    closed_day_amounts = [row[-1] for row in after[3].section("corrections").rows]
    assert closed_day_amounts == [None] * len(closed_day_amounts)  # no money dated into it
    with translation.override("en"):
        next_day = daily_report_data(parlor=day.parlor, day=NEXT_NOON.date())
    amounts = sorted(row[-1] for row in next_day.section("corrections").rows if row[-1])
    assert amounts == sorted(a.amount_yen for a in made)
    close.refresh_from_db()
    assert close.is_current and close.expected_yen == _expected(day)


def test_a_correction_that_owes_money_waits_while_the_day_is_closed(day):
    _close(day)
    with time_machine.travel(NOON, tick=False):
        refused = day.staff.post(
            f"/api/games/{day.game['id']}/hands/1/corrections/",
            {"hand": HANEMAN_FIRST_HAND, "reason": "跳満の申告漏れ"},
            format="json",
        )
    assert refused.status_code == 409 and refused.json()["error"]["code"] == "day_closed"
    assert not Adjustment.objects.exists()
    game = ok(day.staff.get(f"/api/games/{day.game['id']}/"))
    assert game["scores"] == day.game["scores"]  # the correction was not stored


def test_entering_the_float_again_changes_it_and_audits_both_amounts(day):
    day_float_record(parlor=day.parlor, float_yen=20_000, by=day.staff_user)
    row = day_float_record(parlor=day.parlor, float_yen=FLOAT_YEN, by=day.staff_user)
    assert row.float_yen == FLOAT_YEN and row.business_day == DAY
    events = AuditEvent.objects.filter(subject_type="day_float").order_by("at", "id")
    assert [(e.before, e.after) for e in events] == [
        (None, {"float_yen": 20_000}),
        ({"float_yen": 20_000}, {"float_yen": FLOAT_YEN}),
    ]
    _close(day)
    with pytest.raises(Conflict):
        day_float_record(parlor=day.parlor, float_yen=1, by=day.staff_user)
