"""Building one report file: claim the row, render the day, write the file under the claim.

The claim is a conditional update, so of two deliveries of the same task (a retry, a message
redelivered after its worker died) only one builds at a time, and a file is written only by
the delivery that still holds the claim. A claim is a short lease that the building worker
renews from a thread of its own while it builds: a build keeps its claim however long it
takes, and if its worker dies the row can be claimed again once the lease has run out (within
REPORTS_LEASE_SECONDS; beat's sweep queues it again, schedule.daily_reports_expired).
"""

from __future__ import annotations

import hashlib
import logging
import threading
import time
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import timedelta
from enum import StrEnum

from django.conf import settings
from django.db import DatabaseError, connections, transaction
from django.db.models import Case, F, Q, Value, When
from django.utils import timezone, translation

from parlor.reports import conf
from parlor.reports.models import DailyReport, ReportStatus
from parlor.reports.render import render
from parlor.reports.report import daily_report_data

log = logging.getLogger(__name__)


class BuildState(StrEnum):
    BUILT = "built"  # this delivery wrote the file
    AGAIN = "again"  # it wrote the file, but the day changed meanwhile: build it once more
    BUSY = "busy"  # another delivery holds a live claim: look again when its lease ends
    CURRENT = "current"  # nothing to do: the file is current, or a build is already queued
    GONE = "gone"  # the report was deleted
    LOST = "lost"  # the lease ran out and another delivery took the report over: discarded


@dataclass(frozen=True, slots=True)
class BuildOutcome:
    state: BuildState
    retry_in: float = 0.0  # seconds, for BUSY


def _claim(report_id: int, token: uuid.UUID) -> bool:
    now = timezone.now()
    claimable = Q(status__in=[ReportStatus.PENDING, ReportStatus.FAILED]) | Q(
        status=ReportStatus.RUNNING, lease_until__lt=now
    )
    return bool(
        DailyReport.objects.filter(claimable, pk=report_id).update(
            status=ReportStatus.RUNNING,
            claim_token=token,
            claimed_at=now,
            lease_until=now + timedelta(seconds=conf.lease_seconds()),
            claimed_revision=F("revision"),
            claims=F("claims") + 1,
            error="",
        )
    )


def lease_renew(report_id: int, token: uuid.UUID) -> bool:
    """Moves the claim's lease a whole lease ahead; False once the claim is not ours."""
    until = timezone.now() + timedelta(seconds=conf.lease_seconds())
    return bool(
        DailyReport.objects.filter(
            pk=report_id, status=ReportStatus.RUNNING, claim_token=token
        ).update(lease_until=until)
    )


def _renew_until(report_id: int, token: uuid.UUID, stop: threading.Event) -> None:
    try:
        while not stop.wait(conf.renew_every_seconds()):
            try:
                if not lease_renew(report_id, token):
                    return  # taken over or given up: the build finds out when it writes
            except DatabaseError:  # the database is away: try again, the lease may still hold
                log.warning("daily report %s: could not renew the lease", report_id)
    finally:
        connections.close_all()  # this thread's own connection


@contextmanager
def _lease_kept(report_id: int, token: uuid.UUID) -> Iterator[None]:
    """Renews the claim's lease while the block runs. Not inside a transaction: there the
    claim is not committed, nobody else sees it, and a second connection would wait on the
    row this one has locked."""
    if transaction.get_connection().in_atomic_block:
        yield
        return
    stop = threading.Event()
    keeper = threading.Thread(
        target=_renew_until, args=(report_id, token, stop), name=f"lease-{report_id}", daemon=True
    )
    keeper.start()
    try:
        yield
    finally:
        stop.set()
        keeper.join()


def _not_claimed(report_id: int) -> BuildOutcome:
    row = DailyReport.objects.filter(pk=report_id).values("status", "lease_until").first()
    if row is None:
        return BuildOutcome(BuildState.GONE)
    if row["status"] == ReportStatus.RUNNING and row["lease_until"] is not None:
        remaining = (row["lease_until"] - timezone.now()).total_seconds()
        return BuildOutcome(BuildState.BUSY, retry_in=max(remaining, 0.0) + 1.0)
    # Done and current; or pending again, which whoever made it pending has queued.
    return BuildOutcome(BuildState.CURRENT)


def _release(report_id: int, token: uuid.UUID, exc: BaseException) -> None:
    """Gives the claim up after a failure, so the task's retry (or a manager) can claim it."""
    try:
        DailyReport.objects.filter(pk=report_id, claim_token=token).update(
            status=ReportStatus.FAILED,
            claim_token=None,
            lease_until=None,
            error=f"{type(exc).__name__}: {exc}"[:2000],
        )
    except DatabaseError:  # the database itself is down: the lease will run out instead
        log.exception("daily report %s: could not record the failure", report_id)


def _finish(report_id: int, token: uuid.UUID, content: bytes) -> BuildOutcome:
    with transaction.atomic():
        written = DailyReport.objects.filter(
            pk=report_id, status=ReportStatus.RUNNING, claim_token=token
        ).update(
            # A change to the day since the claim (revision moved on) leaves the report pending.
            status=Case(
                When(revision=F("claimed_revision"), then=Value(ReportStatus.DONE)),
                default=Value(ReportStatus.PENDING),
            ),
            content=content,
            size_bytes=len(content),
            sha256=hashlib.sha256(content).hexdigest(),
            built_revision=F("claimed_revision"),
            built_at=timezone.now(),
            builds=F("builds") + 1,
            claim_token=None,
            lease_until=None,
            error="",
        )
    if not written:
        log.warning("daily report %s: the claim was taken over; this build is discarded", report_id)
        return BuildOutcome(BuildState.LOST)
    status = DailyReport.objects.filter(pk=report_id).values_list("status", flat=True).first()
    return BuildOutcome(BuildState.AGAIN if status == ReportStatus.PENDING else BuildState.BUILT)


def daily_report_build(*, report_id: int, hold_seconds: float = 0.0) -> BuildOutcome:
    """Builds report `report_id` if it needs building and nobody else is building it.

    `hold_seconds` keeps the claim that long before the file is written: tests use it to kill
    a worker in the middle of a report.
    """
    token = uuid.uuid4()
    if not _claim(report_id, token):
        return _not_claimed(report_id)
    report = DailyReport.objects.select_related("parlor").defer("content").get(pk=report_id)
    try:
        with _lease_kept(report_id, token), translation.override(settings.LANGUAGE_CODE):
            data = daily_report_data(parlor=report.parlor, day=report.business_day)
            content = render(data, report.format)
            if hold_seconds > 0:
                time.sleep(hold_seconds)
    except BaseException as exc:
        _release(report_id, token, exc)
        raise
    return _finish(report_id, token, content)
