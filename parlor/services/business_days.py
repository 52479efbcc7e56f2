"""Business days (営業日): a parlor's day turns over at its cutoff hour, in its own time zone.

A game played at 02:00 on the 2nd, with a 06:00 cutoff, belongs to the business day of the 1st.
"""

from __future__ import annotations

from datetime import date, datetime, time, timedelta
from zoneinfo import ZoneInfo

from django.utils import timezone

from parlor.models import Parlor


def _zone(parlor: Parlor) -> ZoneInfo:
    return ZoneInfo(parlor.time_zone)


def business_day_of(parlor: Parlor, at: datetime | None = None) -> date:
    """The business day that `at` (default: now) falls in.

    >>> from parlor.models import Parlor
    >>> from datetime import UTC
    >>> business_day_of(Parlor(time_zone="Asia/Tokyo", business_day_cutoff_hour=6),
    ...                 datetime(2026, 5, 1, 18, 0, tzinfo=UTC))  # 03:00 on the 2nd in Tokyo
    datetime.date(2026, 5, 1)
    """
    local = (at or timezone.now()).astimezone(_zone(parlor))
    return (local - timedelta(hours=parlor.business_day_cutoff_hour)).date()


def _start_of(parlor: Parlor, day: date) -> datetime:
    return datetime.combine(day, time(parlor.business_day_cutoff_hour), tzinfo=_zone(parlor))


def day_range(parlor: Parlor, day: date) -> tuple[datetime, datetime]:
    """[start, end) of a business day, as aware datetimes."""
    return _start_of(parlor, day), _start_of(parlor, day + timedelta(days=1))


def month_range(parlor: Parlor, day: date) -> tuple[datetime, datetime]:
    """[start, end) of the business month that contains the business day `day`."""
    first = day.replace(day=1)
    following = (first + timedelta(days=32)).replace(day=1)
    return _start_of(parlor, first), _start_of(parlor, following)
