"""Asking for daily reports, and marking them stale when their day changes.

A report row exists per parlor, business day and format; asking again for one that is
current changes nothing. Both functions enqueue the builds they cause after the commit.
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import date
from functools import partial
from typing import Any

from django.conf import settings
from django.core.cache import cache
from django.db import transaction
from django.db.models import QuerySet
from django.utils import timezone

from parlor.celery import app
from parlor.domain.business_days import business_day_of
from parlor.errors import InvalidInput, TooManyRequests
from parlor.models import Parlor
from parlor.models.users import Actor, actor_row
from parlor.reports import conf
from parlor.reports.models import DailyReport, ReportFormat, ReportStatus

FORMATS: tuple[ReportFormat, ...] = tuple(ReportFormat)

# The Celery task that builds a report (parlor/reports/tasks.py). Tasks sit above the services
# and import them; a service enqueues a task by its registered name, so the import points one
# way. `ParlorConfig.ready` imports the tasks, so the name is always registered.
DAILY_REPORT_TASK = "parlor.reports.tasks.daily_report_task"


def _send(report_id: int) -> None:
    queue = conf.queue_name()
    options: dict[str, Any] = {"queue": queue} if queue else {}  # none: the default queue
    app.tasks[DAILY_REPORT_TASK].apply_async((report_id,), **options)


def enqueue_daily_report(report_id: int) -> None:
    """Builds the report in a worker once the transaction commits (eagerly without a broker).

    robust: a failing eager build (the embedded default) is logged and leaves the report
    failed on the page, rather than failing the request that asked for it.
    """
    transaction.on_commit(partial(_send, report_id), robust=True)


def _enqueue_waiting(rows: QuerySet[DailyReport]) -> int:
    """Enqueues a build of every row that waits; a running build re-queues itself if needed.

    A row that was already waiting gets a second message: the claim makes that harmless.
    """
    ids = list(rows.filter(status=ReportStatus.PENDING).values_list("pk", flat=True))
    for report_id in ids:
        enqueue_daily_report(report_id)
    return len(ids)


@transaction.atomic
def daily_report_request(
    *,
    parlor: Parlor,
    day: date,
    formats: Iterable[str] = FORMATS,
    by: Actor = None,
    rebuild: bool = False,
) -> list[DailyReport]:
    """Asks for the day's reports (the manager page, the API, the management command).

    Idempotent: a new report is queued, a failed one is tried again, one already built and
    current is left alone unless `rebuild`.
    """
    if day > business_day_of(parlor):
        raise InvalidInput(
            "that business day has not started yet",
            code="day_in_future",
            field="day",
            params={"day": day.isoformat()},
        )
    wanted = [ReportFormat(f) for f in formats]
    for fmt in wanted:
        DailyReport.objects.get_or_create(
            parlor=parlor, business_day=day, format=fmt, defaults={"requested_by": actor_row(by)}
        )
    rows = DailyReport.objects.filter(parlor=parlor, business_day=day, format__in=wanted)
    if rebuild:
        rows.exclude(status=ReportStatus.PENDING).bump(by=by)
    else:
        rows.filter(status=ReportStatus.FAILED).update(
            status=ReportStatus.PENDING, requested_at=timezone.now(), requested_by=by
        )
    if by is not None:
        _count_against_the_limit(parlor, rows.filter(status=ReportStatus.PENDING).count())
    _enqueue_waiting(rows)
    return list(rows.defer("content").select_related("parlor").order_by("format"))


def _count_against_the_limit(parlor: Parlor, builds: int) -> None:
    """A manager's requests may queue REPORT_BUILDS_PER_HOUR builds an hour per parlor; the
    nightly job, the stale marks and the management command are not counted. The count lives in
    the shared cache (Redis in production), like the sign-in limits; a refused request raises,
    so its transaction (and any rebuild it marked) is rolled back."""
    if builds == 0:
        return
    limit, window = settings.REPORT_BUILDS_PER_HOUR, 3600
    key = f"tenbo:report-builds:{parlor.pk}"
    cache.add(key, 0, timeout=window)
    try:
        count = cache.incr(key, builds)
    except ValueError:  # expired between add and incr
        cache.set(key, builds, timeout=window)
        count = builds
    if count > limit:
        cache.decr(key, builds)
        raise TooManyRequests(
            f"{limit} report builds an hour is the most a parlor may ask for: "
            "the reports already asked for are being built; try again later",
            retry_after=window,
            code="report_builds_limited",
        )


# No savepoint (two round trips): it runs in the transaction of the change that calls it
# (staleness.report_days_changed, from the service that made the change) and an error in it
# ends that transaction, as nothing catches it.
@transaction.atomic(savepoint=False)
def daily_reports_mark_stale(*, parlor_id: int, days: Iterable[date]) -> int:
    """A change to these business days (a correction, a game, a check-out) makes their
    existing reports stale; they are built again after the commit. Days never reported are
    left alone. Returns how many builds were queued."""
    rows = DailyReport.objects.filter(parlor_id=parlor_id, business_day__in=set(days))
    if not rows.bump():  # no report of these days yet (most of a day): nothing to queue
        return 0
    return _enqueue_waiting(rows)
