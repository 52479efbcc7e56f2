"""A report's claim is a short lease that the building worker renews while it builds: a long
build keeps its claim, and a dead worker's claim runs out within a lease, after which beat's
sweep queues the report again, so a report interrupted by a worker's death is built again
within a minute (the real worker kill: test_report_worker.py)."""

from __future__ import annotations

import threading
import time
import uuid
from datetime import date, timedelta
from typing import Any

import pytest
from django.conf import settings
from django.db import connections
from django.utils import timezone

from parlor.celery import app
from parlor.reports import conf
from parlor.reports.build import BuildOutcome, BuildState, daily_report_build, lease_renew
from parlor.reports.models import DailyReport, ReportStatus
from parlor.reports.tasks import daily_reports_sweep_task
from tests.parlor.factories import ParlorFactory

pytestmark = pytest.mark.django_db(transaction=True)  # the builder thread reads committed rows

DAY = date(2026, 5, 1)


@pytest.fixture
def report() -> DailyReport:
    return DailyReport.objects.create(parlor=ParlorFactory(), business_day=DAY, format="csv")


def _claimed_as_a_dead_worker_left_it(report: DailyReport, *, lease_left: float) -> uuid.UUID:
    token = uuid.uuid4()
    DailyReport.objects.filter(pk=report.pk).update(
        status=ReportStatus.RUNNING,
        claim_token=token,
        claimed_revision=report.revision,
        claims=1,
        lease_until=timezone.now() + timedelta(seconds=lease_left),
    )
    return token


def test_a_build_longer_than_its_lease_keeps_its_claim(
    report: DailyReport, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("REPORTS_LEASE_SECONDS", "1")
    outcomes: dict[str, BuildOutcome] = {}

    def build_slowly() -> None:
        try:
            outcomes["slow"] = daily_report_build(report_id=report.pk, hold_seconds=3)
        finally:
            connections.close_all()

    builder = threading.Thread(target=build_slowly)
    builder.start()
    deadline = time.monotonic() + 10
    while DailyReport.objects.get(pk=report.pk).status != ReportStatus.RUNNING:
        assert time.monotonic() < deadline, "the build never claimed the report"
        time.sleep(0.05)
    time.sleep(2)  # twice the lease: without renewals the claim would have run out
    second = daily_report_build(report_id=report.pk)
    builder.join(timeout=30)
    assert second.state == BuildState.BUSY and second.retry_in <= 2.0
    assert outcomes["slow"].state == BuildState.BUILT
    report.refresh_from_db()
    assert (report.status, report.claims, report.builds) == ("done", 1, 1)


def test_a_renewal_moves_the_lease_only_for_the_claim_that_holds_it(report: DailyReport) -> None:
    token = _claimed_as_a_dead_worker_left_it(report, lease_left=1)
    assert not lease_renew(report.pk, uuid.uuid4())
    assert lease_renew(report.pk, token)
    report.refresh_from_db()
    assert report.lease_until > timezone.now() + timedelta(seconds=conf.lease_seconds() - 2)


def test_the_sweep_builds_again_a_report_whose_worker_died(report: DailyReport) -> None:
    other = DailyReport.objects.create(parlor=report.parlor, business_day=DAY, format="xlsx")
    _claimed_as_a_dead_worker_left_it(report, lease_left=-1)  # its lease has run out
    live = _claimed_as_a_dead_worker_left_it(other, lease_left=60)  # a live build's
    assert daily_reports_sweep_task.apply().get() == 1  # queued and built (eagerly here)
    report.refresh_from_db()
    other.refresh_from_db()
    assert (report.status, report.claims, report.builds) == ("done", 2, 1)
    assert (other.status, other.claim_token, other.builds) == ("running", live, 0)


def test_beat_sweeps_often_enough_to_build_a_dead_workers_report_within_a_minute() -> None:
    entry: dict[str, Any] = settings.CELERY_BEAT_SCHEDULE["daily-reports-sweep"]
    assert entry["task"] == "parlor.reports.tasks.daily_reports_sweep_task"
    assert entry["task"] in app.tasks
    sweep = entry["schedule"].total_seconds()
    # The lease runs out, then the next sweep queues the report: both inside the minute.
    assert conf.lease_seconds() + sweep < 60
    assert conf.renew_every_seconds() < conf.lease_seconds() / 2
