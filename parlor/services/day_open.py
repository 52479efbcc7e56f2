"""The gate of a business day: what moves money is refused in a closed day (締め).

Lock order: the parlor's row first (FOR NO KEY UPDATE), then whatever the operation locks; see
parlor.services.day_close.
"""

from __future__ import annotations

from datetime import date
from zoneinfo import ZoneInfo

from parlor.domain.business_days import business_day_of
from parlor.errors import Conflict
from parlor.models import DayClose, Parlor
from parlor.selectors.day_close import day_close_current


def parlor_lock(parlor: Parlor) -> None:
    """Takes the parlor's row (FOR NO KEY UPDATE): the first lock of every cash move."""
    list(Parlor.objects.select_for_update(no_key=True).filter(pk=parlor.pk).values_list("pk"))


def day_closed_error(close: DayClose, *, what: str) -> Conflict:
    """The refusal of `what` (a check-out, ...) in a closed day, naming the close and who
    closed it."""
    closed_at = close.closed_at.astimezone(ZoneInfo(close.parlor.time_zone))
    closer = close.closed_by.get_username() if close.closed_by else "the system"
    return Conflict(
        f"business day {close.business_day} was closed (締め) at {closed_at:%H:%M} by {closer}: "
        f"{what} waits for the next business day, or a manager reopens this one",
        code="day_closed",
        params={
            "day": close.business_day.isoformat(),
            "time": f"{closed_at:%H:%M}",
            "who": close.closed_by.get_username() if close.closed_by else "",
        },
    )


def day_open_require(parlor: Parlor, *, what: str, lock: bool = True) -> date:
    """The current business day, if it is not closed; Conflict naming the close otherwise.
    `what` names the refused operation in the message ("a check-out").

    `lock`: take the parlor's row first (the services that move cash), so a close running at
    the same moment waits for this transaction or is seen by it.
    """
    if lock:
        parlor_lock(parlor)
    day = business_day_of(parlor)
    close = day_close_current(parlor, day)
    if close is not None:
        raise day_closed_error(close, what=what)
    return day
