"""Business days (営業日): a parlor's day turns over at its cutoff hour, in its own time zone.

A game played at 02:00 on the 2nd, with a 06:00 cutoff, belongs to the business day of the 1st.
The functions take anything that has a parlor's two settings (a `Parlor` row does).
"""

from __future__ import annotations

from datetime import UTC, date, datetime, time, timedelta
from typing import Protocol
from zoneinfo import ZoneInfo


class BusinessDaySettings(Protocol):
    """What a parlor says about its business day: its time zone and its cutoff hour."""

    @property
    def time_zone(self) -> str: ...  # an IANA name, "Asia/Tokyo"

    @property
    def business_day_cutoff_hour(self) -> int: ...  # 0-23, local time the day turns over


def _zone(parlor: BusinessDaySettings) -> ZoneInfo:
    return ZoneInfo(parlor.time_zone)


def business_day_of(parlor: BusinessDaySettings, at: datetime | None = None) -> date:
    """The business day that `at` (an aware datetime; default: now) falls in.

    >>> from types import SimpleNamespace
    >>> tokyo = SimpleNamespace(time_zone="Asia/Tokyo", business_day_cutoff_hour=6)
    >>> business_day_of(tokyo, datetime(2026, 5, 1, 18, 0, tzinfo=UTC))  # 03:00 on the 2nd
    datetime.date(2026, 5, 1)
    """
    local = (at or datetime.now(UTC)).astimezone(_zone(parlor))
    return (local - timedelta(hours=parlor.business_day_cutoff_hour)).date()


def _start_of(parlor: BusinessDaySettings, day: date) -> datetime:
    return datetime.combine(day, time(parlor.business_day_cutoff_hour), tzinfo=_zone(parlor))


def day_range(parlor: BusinessDaySettings, day: date) -> tuple[datetime, datetime]:
    """[start, end) of a business day, as aware datetimes.

    >>> from types import SimpleNamespace
    >>> tokyo = SimpleNamespace(time_zone="Asia/Tokyo", business_day_cutoff_hour=6)
    >>> [f"{at:%m-%d %H:%M}" for at in day_range(tokyo, date(2026, 5, 1))]
    ['05-01 06:00', '05-02 06:00']
    """
    return _start_of(parlor, day), _start_of(parlor, day + timedelta(days=1))


def days_range(parlor: BusinessDaySettings, first: date, last: date) -> tuple[datetime, datetime]:
    """[start, end) of the business days from `first` to `last`, both included.

    >>> from types import SimpleNamespace
    >>> tokyo = SimpleNamespace(time_zone="Asia/Tokyo", business_day_cutoff_hour=6)
    >>> [f"{at:%m-%d %H:%M}" for at in days_range(tokyo, date(2026, 5, 1), date(2026, 5, 31))]
    ['05-01 06:00', '06-01 06:00']
    """
    return _start_of(parlor, first), _start_of(parlor, last + timedelta(days=1))


def month_range(parlor: BusinessDaySettings, day: date) -> tuple[datetime, datetime]:
    """[start, end) of the business month that contains the business day `day`."""
    first = day.replace(day=1)
    following = (first + timedelta(days=32)).replace(day=1)
    return _start_of(parlor, first), _start_of(parlor, following)
