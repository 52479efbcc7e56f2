"""The report task (eager here, as in the embedded default): idempotent per parlor, day and
format; claimed with a conditional update; retried on failure; built again when its day
changes; scheduled every night for every parlor."""

from __future__ import annotations

import io
import uuid
from collections.abc import Callable
from datetime import date, datetime, timedelta
from typing import Any
from zoneinfo import ZoneInfo

import pytest
import time_machine
from django.conf import settings
from django.core.management import call_command
from django.utils import timezone

from parlor.celery import app
from parlor.models import Parlor
from parlor.reports import build
from parlor.reports.build import BuildState, daily_report_build
from parlor.reports.models import DailyReport, ReportStatus
from parlor.reports.schedule import daily_reports_schedule
from parlor.reports.services import daily_report_request, daily_reports_mark_stale
from parlor.reports.tasks import daily_report_task
from parlor.services.hand_corrections import hand_correct
from parlor.services.settlements import adjustment_create
from tests.reports.day import DAY, DayOfGames, at
from tests.reports.files import needs_pdf

pytestmark = [pytest.mark.django_db, needs_pdf]  # the reports built here include a PDF


@pytest.fixture
def built(day_of_games: DayOfGames, django_capture_on_commit_callbacks: Any) -> list[DailyReport]:
    """The day's three reports, asked for and built (eagerly, after the commit)."""
    with django_capture_on_commit_callbacks(execute=True):
        daily_report_request(parlor=day_of_games.parlor, day=DAY, by=day_of_games.manager)
    return list(DailyReport.objects.order_by("format"))


def test_asking_for_a_day_builds_its_three_files_once(built: list[DailyReport]) -> None:
    assert [(r.format, r.status, r.builds, r.claims) for r in built] == [
        ("csv", "done", 1, 1),
        ("pdf", "done", 1, 1),
        ("xlsx", "done", 1, 1),
    ]
    assert all(r.size_bytes == len(bytes(r.content)) > 0 and not r.is_stale for r in built)


def test_asking_again_changes_nothing(
    built: list[DailyReport], day_of_games: DayOfGames, django_capture_on_commit_callbacks: Any
) -> None:
    with django_capture_on_commit_callbacks(execute=True) as callbacks:
        daily_report_request(parlor=day_of_games.parlor, day=DAY)
    assert callbacks == []
    assert [r.builds for r in DailyReport.objects.all()] == [1, 1, 1]


def test_a_duplicate_delivery_of_the_task_does_nothing(built: list[DailyReport]) -> None:
    assert daily_report_task.apply(args=[built[0].pk]).get() == BuildState.CURRENT
    assert DailyReport.objects.get(pk=built[0].pk).builds == 1


def test_a_report_claimed_by_a_live_worker_is_left_to_it(day_of_games: DayOfGames) -> None:
    report = DailyReport.objects.create(
        parlor=day_of_games.parlor,
        business_day=DAY,
        format="csv",
        status=ReportStatus.RUNNING,
        claim_token=uuid.uuid4(),
        lease_until=timezone.now() + timedelta(seconds=60),
    )
    outcome = daily_report_build(report_id=report.pk)
    assert outcome.state == BuildState.BUSY and 55 < outcome.retry_in <= 61
    assert DailyReport.objects.get(pk=report.pk).builds == 0


def test_a_claim_whose_lease_ran_out_is_taken_over_and_its_worker_cannot_write(
    day_of_games: DayOfGames,
) -> None:
    dead = uuid.uuid4()
    report = DailyReport.objects.create(
        parlor=day_of_games.parlor,
        business_day=DAY,
        format="csv",
        status=ReportStatus.RUNNING,
        claim_token=dead,
        claimed_revision=1,
        lease_until=timezone.now() - timedelta(seconds=1),
    )
    assert daily_report_build(report_id=report.pk).state == BuildState.BUILT
    # The worker that held the expired claim wakes up and tries to write: it is refused.
    assert build._finish(report.pk, dead, b"stale bytes").state == BuildState.LOST
    report.refresh_from_db()
    assert (report.builds, report.claims, report.status) == (1, 1, "done")
    assert bytes(report.content).startswith(b"\xef\xbb\xbf")


def failing_render(times: int) -> Callable[..., bytes]:
    calls = {"n": 0}
    real = build.render

    def render(data: Any, fmt: str) -> bytes:
        calls["n"] += 1
        if calls["n"] <= times:
            raise RuntimeError("font cache locked")
        return real(data, fmt)

    return render


@pytest.fixture
def eager_retries(monkeypatch: Any) -> None:
    """Eagerly, a retry runs at once, unless the eager run propagates the first exception."""
    monkeypatch.setitem(app.conf, "task_eager_propagates", False)


@pytest.mark.usefixtures("eager_retries")
def test_a_failed_build_is_retried(day_of_games: DayOfGames, monkeypatch: Any) -> None:
    monkeypatch.setattr(build, "render", failing_render(times=2))
    report = DailyReport.objects.create(parlor=day_of_games.parlor, business_day=DAY, format="csv")
    daily_report_task.apply(args=[report.pk])
    report.refresh_from_db()
    assert (report.status, report.claims, report.builds, report.error) == ("done", 3, 1, "")


@pytest.mark.usefixtures("eager_retries")
def test_a_build_that_keeps_failing_is_left_failed_with_its_error(
    day_of_games: DayOfGames, monkeypatch: Any
) -> None:
    monkeypatch.setattr(build, "render", failing_render(times=99))
    report = DailyReport.objects.create(parlor=day_of_games.parlor, business_day=DAY, format="pdf")
    assert daily_report_task.apply(args=[report.pk]).state == "FAILURE"
    report.refresh_from_db()
    assert report.status == "failed" and "font cache locked" in report.error
    assert report.claims == 1 + daily_report_task.max_retries
    assert not report.has_file


def test_the_task_survives_a_worker_that_dies() -> None:
    assert daily_report_task.acks_late is True
    assert daily_report_task.reject_on_worker_lost is True
    assert daily_report_task.max_retries and daily_report_task.retry_backoff


def correct_first_hand(d: DayOfGames, *, when: datetime, reason: str = "符の訂正") -> None:
    game = d.games["g1"]
    hand = game.hands.get(sequence=1, state="current")
    with time_machine.travel(when, tick=False):
        hand_correct(game=game, sequence=1, entry=hand.entry, reason=reason, by=d.staff)


def test_a_correction_to_a_reported_day_marks_its_reports_stale(
    built: list[DailyReport], day_of_games: DayOfGames, django_capture_on_commit_callbacks: Any
) -> None:
    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        correct_first_hand(day_of_games, when=at(5, 3, 10))
    assert len(callbacks) >= 3  # a build of each report, queued for after the commit
    for report in DailyReport.objects.all():
        assert report.is_stale and report.status == "pending"
        assert report.has_file  # the old file stays downloadable meanwhile


def test_and_builds_them_again_after_the_commit(
    built: list[DailyReport], day_of_games: DayOfGames, django_capture_on_commit_callbacks: Any
) -> None:
    with django_capture_on_commit_callbacks(execute=True):
        correct_first_hand(day_of_games, when=at(5, 3, 10), reason="牌譜と照合して訂正")
    for report in DailyReport.objects.all():
        assert (report.status, report.is_stale, report.builds) == ("done", False, 2)
    csv_report = DailyReport.objects.get(format="csv")
    assert "牌譜と照合して訂正" in bytes(csv_report.content).decode("utf-8-sig")


def test_a_correction_reports_no_day_that_was_never_reported(
    day_of_games: DayOfGames, django_capture_on_commit_callbacks: Any
) -> None:
    with django_capture_on_commit_callbacks(execute=True):
        correct_first_hand(day_of_games, when=at(5, 3, 10))
    assert not DailyReport.objects.exists()


def test_a_change_while_the_report_is_being_built_builds_it_once_more(
    day_of_games: DayOfGames, monkeypatch: Any, django_capture_on_commit_callbacks: Any
) -> None:
    real = build.render

    def render_while_a_correction_lands(data: Any, fmt: str) -> bytes:
        if DailyReport.objects.get(format=fmt).builds == 0:
            daily_reports_mark_stale(parlor_id=day_of_games.parlor.pk, days=[DAY])
        return real(data, fmt)

    monkeypatch.setattr(build, "render", render_while_a_correction_lands)
    with django_capture_on_commit_callbacks(execute=True):
        daily_report_request(parlor=day_of_games.parlor, day=DAY, formats=["csv"])
    report = DailyReport.objects.get()
    assert (report.status, report.revision, report.built_revision, report.builds) == (
        "done",
        2,
        2,
        2,
    )


def test_the_nightly_run_asks_for_every_parlors_last_closed_day(
    django_capture_on_commit_callbacks: Any,
) -> None:
    with time_machine.travel(datetime(2026, 4, 1, tzinfo=ZoneInfo("UTC")), tick=False):
        tokyo = Parlor.objects.create(name="東京店", slug="tokyo", time_zone="Asia/Tokyo")
        paris = Parlor.objects.create(
            name="Paris", slug="paris", time_zone="Europe/Paris", business_day_cutoff_hour=5
        )
    now = datetime(2026, 5, 2, 3, 15, tzinfo=ZoneInfo("UTC"))  # 12:15 in Tokyo, 05:15 in Paris
    ids = daily_reports_schedule(now=now)
    days = {(r.parlor.slug, r.business_day) for r in DailyReport.objects.select_related("parlor")}
    assert days == {
        ("tokyo", date(2026, 5, 1)),
        ("tokyo", date(2026, 4, 30)),
        ("paris", date(2026, 5, 1)),
        ("paris", date(2026, 4, 30)),
    }
    assert len(ids) == 12
    assert daily_reports_schedule(now=now + timedelta(hours=1)) == []  # idempotent
    del tokyo, paris


def test_the_nightly_run_builds_again_a_report_made_before_its_day_ended(
    built: list[DailyReport], day_of_games: DayOfGames
) -> None:
    DailyReport.objects.update(built_at=at(5, 1, 23))  # asked for during the evening
    with time_machine.travel(at(5, 2, 6, 15), tick=False):
        due = daily_reports_schedule(now=timezone.now())
    assert sorted(due) >= sorted(r.pk for r in built)
    assert all(r.is_stale for r in DailyReport.objects.filter(pk__in=[r.pk for r in built]))


def test_beat_runs_the_nightly_task_every_hour() -> None:
    entry = settings.CELERY_BEAT_SCHEDULE["daily-reports"]
    assert entry["task"] == "parlor.reports.tasks.daily_reports_nightly_task"
    assert entry["task"] in app.tasks
    assert entry["schedule"].minute == {15}


def test_money_paid_at_the_counter_on_a_reported_day_makes_it_stale(
    built: list[DailyReport], day_of_games: DayOfGames, django_capture_on_commit_callbacks: Any
) -> None:
    with time_machine.travel(at(5, 2, 5), tick=False), django_capture_on_commit_callbacks():
        adjustment_create(
            player=day_of_games.members[0], amount_yen=-500, reason="飲み物代", by=None
        )
    assert all(r.is_stale for r in DailyReport.objects.all())


def test_the_command_asks_for_a_day(
    day_of_games: DayOfGames, django_capture_on_commit_callbacks: Any
) -> None:
    out = io.StringIO()
    with django_capture_on_commit_callbacks(execute=True):
        call_command(
            "daily_report",
            "--parlor",
            "tenbo-honten",
            "--day",
            "2026-05-01",
            "--format",
            "csv",
            stdout=out,
        )
    assert DailyReport.objects.get().status == "done"
    assert "2026-05-01 csv" in out.getvalue()
