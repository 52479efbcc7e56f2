"""Reads for closing the day (締め): a day's float and closes, and a close by its public id."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from typing import Any

from parlor.errors import NotFound
from parlor.models import DayClose, DayFloat, Parlor
from parlor.selectors.access import Role, _uuid, require


def day_float_of(parlor: Parlor, day: date) -> DayFloat | None:
    """The opening float entered for the day, if any (one query)."""
    return (
        DayFloat.objects.filter(parlor=parlor, business_day=day)
        .select_related("entered_by")
        .first()
    )


def day_close_current(parlor: Parlor, day: date) -> DayClose | None:
    """The day's close that stands (not reopened), with who closed it (one query)."""
    return (
        DayClose.objects.filter(parlor=parlor, business_day=day, reopened_at__isnull=True)
        .select_related("closed_by", "confirmed_by")
        .first()
    )


def day_closes_of(parlor: Parlor, day: date) -> list[DayClose]:
    """Every close of the day, reopened ones included, oldest first (one query)."""
    return list(
        DayClose.objects.filter(parlor=parlor, business_day=day)
        .select_related("closed_by", "confirmed_by", "reopened_by")
        .order_by("closed_at", "id")
    )


@dataclass(frozen=True, slots=True)
class DayCloseState:
    """A business day at the counter: its float, its current close and every earlier one."""

    day: date
    float_entry: DayFloat | None
    closes: tuple[DayClose, ...]

    @property
    def current(self) -> DayClose | None:
        return next((c for c in self.closes if c.is_current), None)


def day_close_state(parlor: Parlor, day: date) -> DayCloseState:
    """Two queries."""
    return DayCloseState(day, day_float_of(parlor, day), tuple(day_closes_of(parlor, day)))


def day_close_for(user: Any, close_id: Any) -> tuple[DayClose, Any]:
    """A close at the user's parlor (staff and managers), with its parlor: one query."""
    access = require(user, Role.STAFF)
    close = (
        DayClose.objects.select_related("parlor", "closed_by", "confirmed_by", "reopened_by")
        .filter(parlor=access.parlor, public_id=_uuid(close_id, "day_close"))
        .first()
    )
    if close is None:
        raise NotFound(f"no close {close_id} at {access.parlor.name}", code="day_close_not_found")
    return close, access
