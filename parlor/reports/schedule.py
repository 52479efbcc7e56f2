"""The nightly run: every parlor's last closed business day gets its reports.

Celery beat runs it every hour, so each parlor, whatever its time zone and cutoff hour, is
reported within the hour after its day closes. It also picks up what went missing: a report
whose message was lost, whose worker died, or that was built before its day had ended.

A report whose worker died in the middle of it does not wait for that: beat's sweep
(daily_reports_expired, every REPORTS_SWEEP_SECONDS) queues it again as soon as its lease has
run out, so it is built again within a minute.
"""

from __future__ import annotations

from datetime import datetime, timedelta

from django.db import transaction
from django.utils import timezone

from parlor.domain.business_days import business_day_of, day_range
from parlor.models import Parlor
from parlor.reports.models import DailyReport, ReportFormat, ReportStatus

LOOKBACK_DAYS = 2  # also the day before, should beat have been down when it closed
STUCK_AFTER = timedelta(minutes=10)  # a report pending this long has lost its message


def _due(report: DailyReport, *, now: datetime, day_end: datetime) -> bool:
    """Whether an existing report needs a build now."""
    if report.status == ReportStatus.DONE:
        return report.built_at is not None and report.built_at < day_end  # built while open
    if report.status == ReportStatus.PENDING:
        return report.requested_at < now - STUCK_AFTER
    if report.status == ReportStatus.RUNNING:
        return report.lease_until is not None and report.lease_until < now  # its worker died
    return False  # failed after all its retries: a manager asks again from the page


@transaction.atomic
def daily_reports_schedule(*, now: datetime | None = None) -> list[int]:
    """Creates the missing reports of each parlor's last closed days; the ids to build."""
    now = now or timezone.now()
    due: list[int] = []
    for parlor in Parlor.objects.all():
        first = business_day_of(parlor, parlor.created_at)
        last_closed = business_day_of(parlor, now) - timedelta(days=1)
        for back in range(LOOKBACK_DAYS):
            day = last_closed - timedelta(days=back)
            if day < first:
                continue
            day_end = day_range(parlor, day)[1]
            for fmt in ReportFormat:
                report, created = DailyReport.objects.get_or_create(
                    parlor=parlor, business_day=day, format=fmt
                )
                if not created and not _due(report, now=now, day_end=day_end):
                    continue
                if report.status == ReportStatus.DONE:
                    DailyReport.objects.filter(pk=report.pk).bump()
                due.append(report.pk)
    return due


def daily_reports_expired(*, now: datetime | None = None) -> list[int]:
    """The reports being built whose lease has run out: their worker died. The building
    worker renews its lease while it lives (build.py), so a live build is never among them."""
    now = now or timezone.now()
    return list(
        DailyReport.objects.filter(status=ReportStatus.RUNNING, lease_until__lt=now).values_list(
            "pk", flat=True
        )
    )
