"""A real Celery worker, in its own process, on Redis at 127.0.0.1:6379, builds a day's reports.

Each test has a broker of its own (a dedicated Redis database, a key prefix and a queue named
after the run), so parallel runs never take each other's messages. The worker reads the
test's database: the tests are transactional (their data is committed) and the worker gets
the test database's address in DATABASE_URL (on SQLite, conftest.py puts it in a file).
"""

from __future__ import annotations

import io
import json
import os
import signal
import socket
import subprocess
import sys
import time
import uuid
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
import redis
from django.conf import settings
from django.db import connection
from openpyxl import load_workbook

from parlor.celery import app
from parlor.reports import conf
from parlor.reports.models import DailyReport, ReportStatus
from parlor.reports.services import daily_report_request
from tests.reports.day import DAY, DayOfGames
from tests.reports.files import JAPANESE_HEADINGS, csv_blocks, needs_pdf, pdf_text
from tests.reports.ledger import expected_for, points_of_each_game

ROOT = Path(__file__).resolve().parents[2]
REDIS_HOST, REDIS_PORT = "127.0.0.1", 6379
REDIS_DB = int(os.environ.get("TENBO_TEST_REDIS_DB", "11"))  # away from the default 0
VISIBILITY_TIMEOUT = 4  # seconds before a dead worker's unacknowledged message comes back
REDIS_VISIBILITY_TIMEOUT = 3600  # Redis's own: a dead worker's message is back in an hour
LEASE_SECONDS = 3  # seconds before a dead worker's claim on a report can be taken over

pytestmark = [pytest.mark.django_db(transaction=True), needs_pdf]


def redis_is_up() -> bool:
    try:
        with socket.create_connection((REDIS_HOST, REDIS_PORT), timeout=1) as sock:
            sock.sendall(b"PING\r\n")
            return sock.recv(16).startswith(b"+PONG")
    except OSError:
        return False


@dataclass(frozen=True)
class Broker:
    url: str
    queue: str
    options: dict[str, Any]


@pytest.fixture
def broker(monkeypatch: pytest.MonkeyPatch, request: pytest.FixtureRequest) -> Iterator[Broker]:
    """This test's own Redis broker; this process publishes the report tasks to it. Its
    visibility timeout is VISIBILITY_TIMEOUT, or the test's parameter (indirect)."""
    if not redis_is_up():
        pytest.skip(f"no Redis at {REDIS_HOST}:{REDIS_PORT} (.ci/run starts one)")
    run = uuid.uuid4().hex[:10]
    found = Broker(
        url=f"redis://{REDIS_HOST}:{REDIS_PORT}/{REDIS_DB}",
        queue=f"tenbo-reports-test-{run}",
        options={
            "global_keyprefix": f"tenbo-test-{run}:",
            "visibility_timeout": getattr(request, "param", VISIBILITY_TIMEOUT),
            "unacked_restore_interval": 1,
            "unacked_restore_throttle": 1,
        },
    )
    monkeypatch.setitem(app.conf, "broker_url", found.url)
    monkeypatch.setitem(app.conf, "broker_transport_options", found.options)
    monkeypatch.setitem(app.conf, "task_always_eager", False)
    monkeypatch.setenv("REPORTS_QUEUE", found.queue)
    saved = app._pool, app.amqp._producer_pool
    app._pool = app.amqp._producer_pool = None  # publish through a pool on this broker
    try:
        yield found
    finally:
        if app._pool is not None:
            app._pool.force_close_all()
        app._pool, app.amqp._producer_pool = saved
        _forget_keys(found)


def _forget_keys(found: Broker) -> None:
    client = redis.Redis.from_url(found.url)
    keys = list(client.scan_iter(match=f"{found.options['global_keyprefix']}*", count=500))
    if keys:
        client.delete(*keys)
    client.close()


def database_url() -> str:
    """The test database, as the worker's DATABASE_URL."""
    settings = connection.settings_dict
    if settings["ENGINE"].endswith("sqlite3"):
        name = str(settings["NAME"])
        assert name != ":memory:" and "mode=memory" not in name, "conftest.py puts it in a file"
        return f"sqlite:///{name}"
    user = settings["USER"] + (f":{settings['PASSWORD']}" if settings["PASSWORD"] else "")
    host = f"{settings['HOST'] or 'localhost'}:{settings['PORT'] or 5432}"
    return f"postgres://{user}@{host}/{settings['NAME']}"


class Worker:
    """`celery worker` in a session of its own, so that it can be killed whole; or, with
    `beat`, `celery beat`. `lease`: REPORTS_LEASE_SECONDS, None for the default."""

    def __init__(
        self,
        found: Broker,
        log: Path,
        *,
        delay: float = 0.0,
        lease: int | None = LEASE_SECONDS,
        beat: bool = False,
    ) -> None:
        env = {
            **os.environ,
            "DATABASE_URL": database_url(),
            "DB_CONN_MAX_AGE": "0",
            "SECRET_KEY": "worker-test-secret",
            "CELERY_BROKER_URL": found.url,
            "CELERY_TASK_ALWAYS_EAGER": "0",
            "REPORTS_QUEUE": found.queue,
            "REPORTS_TEST_DELAY_SECONDS": str(delay),
            "TENBO_TEST_BROKER_OPTIONS": json.dumps(found.options),
        }
        env.pop("REPORTS_LEASE_SECONDS", None)
        env.pop("REPORTS_SWEEP_SECONDS", None)
        if lease is not None:
            env["REPORTS_LEASE_SECONDS"] = str(lease)
        celery = [sys.executable, "-m", "celery", "-A", "tests.reports.worker_app"]
        beat_command = [*celery, "beat", "--schedule", str(log.with_suffix(".schedule"))]
        worker_command = [
            *celery,
            "worker",
            "--pool",
            "solo",
            "--queues",
            found.queue,
            "--hostname",
            f"{found.queue}-{log.stem}@%h",
            "--without-heartbeat",
            "--without-gossip",
            "--without-mingle",
        ]
        command = [*(beat_command if beat else worker_command), "--loglevel", "INFO"]
        self.log = log
        with log.open("ab") as out:
            self.process = subprocess.Popen(
                command,
                cwd=ROOT,
                env=env,
                stdout=out,
                stderr=subprocess.STDOUT,
                start_new_session=True,
            )

    def kill(self) -> None:
        """SIGKILL, as when the machine under the worker dies: nothing is acknowledged."""
        if self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGKILL)
        self.process.wait(timeout=10)

    def stop(self) -> None:
        if self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGTERM)  # warm shutdown
            try:
                self.process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self.kill()

    def tail(self) -> str:
        return self.log.read_text(errors="replace")[-4000:]


@pytest.fixture
def workers(broker: Broker, tmp_path: Path) -> Iterator[Callable[..., Worker]]:
    started: list[Worker] = []

    def start(
        *, delay: float = 0.0, lease: int | None = LEASE_SECONDS, beat: bool = False
    ) -> Worker:
        log = tmp_path / f"{'beat' if beat else 'worker'}-{len(started) + 1}.log"
        worker = Worker(broker, log, delay=delay, lease=lease, beat=beat)
        started.append(worker)
        return worker

    yield start
    for worker in started:
        worker.stop()


def wait_for(condition: Callable[[], bool], *, seconds: float, why: Callable[[], str]) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if condition():
            return
        time.sleep(0.2)
    raise AssertionError(f"gave up after {seconds}s waiting for {why()}")


def statuses() -> dict[str, str]:
    return dict(DailyReport.objects.filter(business_day=DAY).values_list("format", "status"))


def all_done() -> bool:
    rows = statuses()
    return len(rows) == 3 and set(rows.values()) == {ReportStatus.DONE}


def check_files(d: DayOfGames) -> None:
    """The three files are there, and their totals are the ledger's, read from the database."""
    files = {r.format: bytes(r.content) for r in DailyReport.objects.all()}
    expected = expected_for(d.parlor, DAY)
    assert set(points_of_each_game(expected.games).values()) == {0}
    blocks = csv_blocks(files["csv"])
    summary = {row[0]: row[1] for row in blocks["概要"][1:]}
    assert int(summary["場代収入 (円)"]) == expected.fees_yen
    assert int(summary["精算 入金 (円)"]) == expected.paid_in_yen
    assert int(summary["精算 出金 (円)"]) == expected.paid_out_yen
    book = load_workbook(io.BytesIO(files["xlsx"]))
    fees = book["場代収入"]
    assert fees.cell(row=fees.max_row, column=6).value == expected.fees_yen
    chips = {row[0]: row[3] for row in book["チップ"].iter_rows(min_row=2, values_only=True)}
    assert chips.pop("合計") == 0 and chips == expected.chips_by_player
    staff = {row[0]: row[1] for row in book["概要"].iter_rows(min_row=2, values_only=True)}
    assert staff["本走 収支 (円)"] == expected.staff_play_yen
    text = "\n".join(pdf_text(files["pdf"]))
    assert all(heading in text for heading in JAPANESE_HEADINGS)


def test_a_worker_on_redis_builds_the_three_files(
    live_day_of_games: DayOfGames, workers: Callable[..., Worker]
) -> None:
    worker = workers()
    d = live_day_of_games
    daily_report_request(parlor=d.parlor, day=DAY, by=d.manager)  # queued on commit
    wait_for(all_done, seconds=60, why=lambda: f"the reports: {statuses()}\n{worker.tail()}")
    assert list(DailyReport.objects.values_list("builds", flat=True)) == [1, 1, 1]
    check_files(d)


@pytest.mark.parametrize("broker", [REDIS_VISIBILITY_TIMEOUT], indirect=True)
def test_a_report_whose_worker_is_killed_is_built_again_within_a_minute_once(
    live_day_of_games: DayOfGames, workers: Callable[..., Worker], capsys: pytest.CaptureFixture
) -> None:
    """As deployed: the default lease, beat's sweep, and Redis's own visibility timeout (the
    killed worker's message is not back for an hour). Another worker and beat are running."""
    d = live_day_of_games
    first = workers(delay=60, lease=None)  # holds each claimed report for a minute
    daily_report_request(parlor=d.parlor, day=DAY, by=d.manager)
    wait_for(
        lambda: ReportStatus.RUNNING in statuses().values(),
        seconds=60,
        why=lambda: f"a report being built: {statuses()}\n{first.tail()}",
    )
    second, beat = workers(lease=None), workers(beat=True)
    wait_for(
        lambda: list(statuses().values()).count(ReportStatus.DONE) == 2,
        seconds=60,
        why=lambda: f"the other two reports: {statuses()}\n{second.tail()}",
    )
    caught = DailyReport.objects.get(status=ReportStatus.RUNNING)
    first.kill()
    killed_at = time.monotonic()
    assert (caught.claims, caught.builds, caught.has_file) == (1, 0, False)

    wait_for(
        lambda: DailyReport.objects.get(pk=caught.pk).claims == 2,
        seconds=60,
        why=lambda: f"the report claimed again: {statuses()}\n{second.tail()}\n{beat.tail()}",
    )
    claimed_again = time.monotonic() - killed_at
    wait_for(all_done, seconds=60, why=lambda: f"the reports: {statuses()}\n{second.tail()}")
    built_again = time.monotonic() - killed_at
    with capsys.disabled():
        print(
            f"\nworker killed mid-report: claimed again after {claimed_again:.1f} s, built "
            f"after {built_again:.1f} s (default lease {conf.lease_seconds()} s, sweep every "
            f"{settings.CELERY_BEAT_SCHEDULE['daily-reports-sweep']['schedule']})"
        )
    rows = {r.format: r for r in DailyReport.objects.filter(business_day=DAY)}
    assert {fmt: r.builds for fmt, r in rows.items()} == {"csv": 1, "xlsx": 1, "pdf": 1}
    assert rows[caught.format].claims == 2  # the dead worker's claim, then the one that built
    assert all(r.status == ReportStatus.DONE and not r.is_stale for r in rows.values())
    check_files(d)

