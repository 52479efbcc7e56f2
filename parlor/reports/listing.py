"""Reads for the manager page and the API: scoped to the manager's parlor, files deferred."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, timedelta
from typing import Any

from parlor.domain.business_days import business_day_of
from parlor.errors import NotFound
from parlor.models import Parlor
from parlor.reports.models import DailyReport, ReportFormat
from parlor.selectors.access import Access, Role, _uuid, require


def manager_access(user: Any) -> Access:
    return require(user, Role.MANAGER)


def report_for(user: Any, report_id: Any, *, with_file: bool = False) -> DailyReport:
    """A report of the manager's parlor; another parlor's is not found (it does not leak)."""
    access = manager_access(user)
    rows = DailyReport.objects.select_related("parlor")
    if not with_file:
        rows = rows.defer("content")
    report = rows.filter(parlor=access.parlor, public_id=_uuid(report_id, "report")).first()
    if report is None:
        raise NotFound(f"no report {report_id} at {access.parlor.name}", code="report_not_found")
    return report


def last_closed_day(parlor: Parlor) -> date:
    """The most recent business day that has ended: what the nightly run reports."""
    return business_day_of(parlor) - timedelta(days=1)


@dataclass(frozen=True, slots=True)
class ReportDay:
    day: date
    reports: tuple[DailyReport | None, ...]  # one per format, in ReportFormat order

    @property
    def is_busy(self) -> bool:
        return any(r is not None and r.status in ("pending", "running") for r in self.reports)


def report_days(parlor: Parlor, *, count: int = 14, reported: int = 31) -> list[ReportDay]:
    """The last `count` business days, and the `reported` latest days that have reports."""
    today = business_day_of(parlor)
    recent = {today - timedelta(days=n) for n in range(count)}
    with_reports = (
        DailyReport.objects.filter(parlor=parlor)
        .order_by("-business_day")
        .values_list("business_day", flat=True)
        .distinct()[:reported]
    )
    days = sorted(recent | set(with_reports), reverse=True)
    by_day: dict[date, dict[str, DailyReport]] = {}
    for row in DailyReport.objects.filter(parlor=parlor, business_day__in=days).defer("content"):
        by_day.setdefault(row.business_day, {})[row.format] = row
    return [
        ReportDay(day, tuple(by_day.get(day, {}).get(fmt) for fmt in ReportFormat)) for day in days
    ]
