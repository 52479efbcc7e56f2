"""Audit events of the business day: its opening float, its close (締め) and a reopening."""

from __future__ import annotations

from typing import Any

from parlor.models import AuditAction, AuditEvent, DayClose, DayFloat
from parlor.models.users import Actor
from parlor.services.audit_events import audit_record


def day_close_snapshot(close: DayClose) -> dict[str, Any]:
    """A close's figures, and whether it was reopened."""
    return {
        "business_day": close.business_day.isoformat(),
        "float_yen": close.float_yen,
        "paid_in_yen": close.paid_in_yen,
        "paid_out_yen": close.paid_out_yen,
        "expected_yen": close.expected_yen,
        "counts": close.counts,
        "counted_yen": close.counted_yen,
        "difference_yen": close.difference_yen,
        "reopened": close.reopened_at is not None,
    }


def audit_day_closed(close: DayClose, *, by: Actor) -> AuditEvent:
    """The close of a business day (締め), confirmed by `close.confirmed_by`."""
    confirmed = close.confirmed_by.get_username() if close.confirmed_by else ""
    return audit_record(
        parlor=close.parlor,
        by=by,
        action=AuditAction.CLOSE,
        subject_type="day_close",
        subject_id=str(close.public_id),
        kind="day.closed",
        data={
            "day": close.business_day.isoformat(),
            "yen": close.difference_yen,
            "manager": confirmed,
        },
        summary=f"business day {close.business_day} closed: {close.difference_yen:+,} yen "
        f"difference, confirmed by {confirmed}",
        after=day_close_snapshot(close),
        reason=close.reason,
    )


def audit_day_reopened(close: DayClose, *, by: Actor, reason: str) -> AuditEvent:
    """A manager reopened a closed day (VOID of its close: the close stays, superseded)."""
    return audit_record(
        parlor=close.parlor,
        by=by,
        action=AuditAction.UNDO,
        subject_type="day_close",
        subject_id=str(close.public_id),
        kind="day.reopened",
        data={"day": close.business_day.isoformat()},
        summary=f"business day {close.business_day} reopened",
        before={**day_close_snapshot(close), "reopened": False},
        after=day_close_snapshot(close),
        reason=reason,
    )


def audit_day_float(row: DayFloat, *, by: Actor, before_yen: int | None) -> AuditEvent:
    """The opening float entered (CREATE) or changed (CORRECT) for a business day."""
    return audit_record(
        parlor=row.parlor,
        by=by,
        action=AuditAction.CREATE if before_yen is None else AuditAction.CORRECT,
        subject_type="day_float",
        subject_id=f"{row.business_day.isoformat()}",
        kind="day.float_set",
        data={"day": row.business_day.isoformat(), "yen": row.float_yen},
        summary=f"opening float of {row.business_day}: {row.float_yen:,} yen",
        before=None if before_yen is None else {"float_yen": before_yen},
        after={"float_yen": row.float_yen},
    )
