"""Closing the business day at the counter (締め), reopening it, and keeping a closed day's
money as it was closed.

A close counts the drawer: the float (釣り銭準備金) plus what the day's check-outs and counter
adjustments paid in, minus what they paid out, is what should be there; the notes and coins
counted are what is. The difference is recorded with who counted and why, and a manager
confirms. Once a day is closed, nothing that moves money may be dated into it: check-outs,
pay-outs and counter adjustments are refused (day_open_require) until a manager reopens it,
and a correction that would owe money after the close waits for an open day.

Lock order: the parlor's row first (FOR NO KEY UPDATE, as idempotency.scope_lock takes it for
every keyed visit and money POST), then whatever the operation locks. A close and a check-out
of the same parlor so run one after the other, and the close counts every check-out committed
before it. A correction does not lock the parlor (it holds its game): it only reads whether
the day is closed, which is enough, since what it owes moves no cash until paid.
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import date
from typing import Any

from django.db import IntegrityError, transaction
from django.utils import timezone

from parlor.domain.business_days import business_day_of, day_range
from parlor.domain.cash_drawer import (
    MAX_FLOAT_YEN,
    Drawer,
    cash_counts_read,
    counted_yen,
    drawer_of,
)
from parlor.errors import Conflict, Forbidden, InvalidInput
from parlor.models import DayClose, DayFloat, Parlor
from parlor.models.users import Actor, actor_row
from parlor.reports.selectors import counter_cash_totals
from parlor.reports.staleness import report_days_changed
from parlor.security.limits import REASON_MAX_LENGTH
from parlor.security.text import text_check
from parlor.selectors.access import is_manager
from parlor.selectors.day_close import day_close_current, day_float_of
from parlor.selectors.shifts import shift_cash_totals, shifts_of_day
from parlor.services.audit_log import audit_day_closed, audit_day_float, audit_day_reopened
from parlor.services.day_open import day_open_require, parlor_lock


def _day_check(parlor: Parlor, day: date | None) -> date:
    today = business_day_of(parlor)
    if day is None:
        return today
    if day > today:
        raise InvalidInput(
            "that business day has not started yet",
            code="day_in_future",
            field="day",
            params={"day": day.isoformat()},
        )
    return day


def _float_check(float_yen: int) -> None:
    if not 0 <= float_yen <= MAX_FLOAT_YEN:
        raise InvalidInput(
            f"the float is 0 to {MAX_FLOAT_YEN:,} yen", code="invalid_float", field="float_yen"
        )


@transaction.atomic
def day_float_record(*, parlor: Parlor, float_yen: int, by: Actor) -> DayFloat:
    """The opening float (釣り銭準備金) of the current business day, entered at its start.
    Entering it again changes it (audited with the amount before) until the day is closed."""
    _float_check(float_yen)
    day = day_open_require(parlor, what="a change of the float")
    row = DayFloat.objects.select_for_update().filter(parlor=parlor, business_day=day).first()
    before = row.float_yen if row is not None else None
    if row is None:
        row = DayFloat.objects.create(
            parlor=parlor,
            business_day=day,
            float_yen=float_yen,
            entered_at=timezone.now(),
            entered_by=actor_row(by),
        )
    else:
        row.float_yen, row.entered_at, row.entered_by = float_yen, timezone.now(), actor_row(by)
        row.save(update_fields=["float_yen", "entered_at", "entered_by"])
    if before != float_yen:
        audit_day_float(row, by=by, before_yen=before)
    return row


def day_drawer(*, parlor: Parlor, day: date, float_yen: int) -> Drawer:
    """The drawer as it should be now for business day `day` (three queries): the check-outs,
    the counter adjustments and the shifts' floats and settlements (docs/shifts.md)."""
    totals = counter_cash_totals(parlor=parlor, day=day) + shift_cash_totals(parlor, day)
    return drawer_of(float_yen, totals)


def _shifts_closed_require(parlor: Parlor, day: date) -> None:
    open_shift = next((s for s in shifts_of_day(parlor, day) if s.is_open), None)
    if open_shift is not None:
        raise Conflict(
            f"{open_shift.staff.get_username()} is still on shift: sign them out (with the "
            "float returned) before the day is closed",
            code="shift_open",
        )


def _manager_of(parlor: Parlor, by: Actor, confirmed_by: Actor) -> Any:
    manager = next((u for u in (by, confirmed_by) if u and is_manager(u, parlor.pk)), None)
    if manager is None:
        raise Forbidden(
            "a manager confirms closing or reopening a business day",
            code="manager_confirmation_required",
            field="manager_username",
        )
    return manager


def _reason(text: str, *, required: bool, message: str) -> str:
    text = text.strip()
    if required and not text:
        raise InvalidInput(message, code="reason_required", field="reason")
    if len(text) > REASON_MAX_LENGTH:
        raise InvalidInput(
            f"say it in {REASON_MAX_LENGTH} characters or fewer",
            code="reason_too_long",
            field="reason",
            params={"max": REASON_MAX_LENGTH},
        )
    return text_check(text, field="reason", max_length=REASON_MAX_LENGTH, one_line=False)


@transaction.atomic
def day_close_record(
    *,
    parlor: Parlor,
    counts: Mapping[str | int, object],
    by: Actor,
    confirmed_by: Actor = None,
    float_yen: int | None = None,
    reason: str = "",
    day: date | None = None,
) -> DayClose:
    """Closes business day `day` (default: the current one) with the drawer as counted.

    `counts`: how many of each note and coin ({10000: 3, "500": 2, ...}; a missing one is 0).
    `float_yen`: the float, if not entered at the start of the day (or to say it was other).
    A difference between the counted and the expected drawer needs a reason. A manager closes:
    the one closing, or `confirmed_by` (day_close_confirmer checks their password).
    """
    day = _day_check(parlor, day)
    counted = cash_counts_read(counts)
    parlor_lock(parlor)
    if day_close_current(parlor, day) is not None:
        raise Conflict(
            f"business day {day} is already closed; a manager reopens it to close it again",
            code="day_closed",
        )
    manager = _manager_of(parlor, by, confirmed_by)
    _shifts_closed_require(parlor, day)
    float_yen = _float_of_day(parlor, day, float_yen)
    drawer = day_drawer(parlor=parlor, day=day, float_yen=float_yen)
    difference = counted_yen(counted) - drawer.expected_yen
    reason = _reason(
        reason,
        required=difference != 0,
        message=f"the drawer is {difference:+,} yen from the expected "
        f"{drawer.expected_yen:,} yen: say why",
    )
    close = _close_create(
        parlor, day, drawer=drawer, counted=counted, reason=reason, by=by, manager=manager
    )
    audit_day_closed(close, by=by)
    report_days_changed(parlor, [day_range(parlor, day)[0]])
    return close


def _float_of_day(parlor: Parlor, day: date, float_yen: int | None) -> int:
    """The float given, or the one entered at the start of the day; checked."""
    if float_yen is None:
        entered = day_float_of(parlor, day)
        if entered is None:
            raise InvalidInput(
                "enter the float (釣り銭準備金) the drawer started the day with",
                code="float_required",
                field="float_yen",
            )
        float_yen = entered.float_yen
    _float_check(float_yen)
    return float_yen


def _close_create(
    parlor: Parlor,
    day: date,
    *,
    drawer: Drawer,
    counted: dict[int, int],
    reason: str,
    by: Actor,
    manager: Any,
) -> DayClose:
    """The close as counted; one a second close wrote meanwhile is a Conflict."""
    total = counted_yen(counted)
    try:
        with transaction.atomic():
            close = DayClose.objects.create(
                parlor=parlor,
                business_day=day,
                float_yen=drawer.float_yen,
                paid_in_yen=drawer.paid_in_yen,
                paid_out_yen=drawer.paid_out_yen,
                expected_yen=drawer.expected_yen,
                counts={str(yen): count for yen, count in counted.items()},
                counted_yen=total,
                difference_yen=total - drawer.expected_yen,
                reason=reason,
                closed_at=timezone.now(),
                closed_by=actor_row(by),
                confirmed_by=actor_row(manager),
            )
    except IntegrityError as exc:  # SQLite takes no row lock: a second close meanwhile
        raise Conflict("the business day is already closed", code="day_closed") from exc
    return close


@transaction.atomic
def day_close_reopen(
    *, close: DayClose, reason: str, by: Actor, confirmed_by: Actor = None
) -> DayClose:
    """Reopens a closed business day: a manager, with a reason. The close keeps its figures,
    marked reopened (superseded); closing the day again writes a new close."""
    parlor = close.parlor
    reason = _reason(reason, required=True, message="say why the business day is reopened")
    parlor_lock(parlor)
    close = DayClose.objects.select_for_update().select_related("parlor").get(pk=close.pk)
    if close.reopened_at is not None:
        raise Conflict(
            f"this close of {close.business_day} was already reopened", code="day_close_reopened"
        )
    manager = _manager_of(parlor, by, confirmed_by)
    close.reopened_at, close.reopened_by, close.reopen_reason = (
        timezone.now(),
        actor_row(manager),
        reason,
    )
    close.save(update_fields=["reopened_at", "reopened_by", "reopen_reason"])
    audit_day_reopened(close, by=by, reason=reason)
    report_days_changed(parlor, [day_range(parlor, close.business_day)[0]])
    return close
