"""A change to a reported business day: the one function the parlor's services call for it.

A daily report shows its day as it was when it was built. When a service changes what a day
shows, it calls report_days_changed on the same transaction, with the moments of the change
that decide which business days it touches; the existing reports of those days are marked
stale there, and built again after the commit (daily_reports_mark_stale).
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import date, datetime

from parlor.domain.business_days import business_day_of
from parlor.models import Parlor
from parlor.reports.services import daily_reports_mark_stale


def report_days_changed(parlor: Parlor, moments: Iterable[datetime | None]) -> int:
    """Marks stale the parlor's reports of the business days `moments` fall in; their builds
    are queued on commit. A None moment (a game that has not ended) is skipped, and a day
    never reported is left alone. Returns how many builds were queued. Call it inside the
    transaction of the change (a query per call, two when a report exists).

    What each caller passes as `moments`:

    - a game that ends (its last hand, a staff close, an import of a finished record): the
      game's `ended_at`, once stored;
    - a game voided (無効): its `ended_at` as the void leaves it (the time it finished, or
      the time of the void for a game in progress);
    - a hand corrected: the correction's `entered_at`, and the game's `ended_at` both as the
      game row said before the replay was stored and as the replay leaves it (a correction
      can reopen a finished game or end one in progress);
    - a hand voided (取消): its `voided_at`, and the game's `ended_at` before the replay;
    - a visit checked out (a settlement written): the settlement's `closed_at`;
    - an adjustment made or paid: its `created_at` and its `settled_at`.
    """
    days: set[date] = {business_day_of(parlor, at) for at in moments if at is not None}
    if not days:
        return 0
    return daily_reports_mark_stale(parlor_id=parlor.pk, days=days)
