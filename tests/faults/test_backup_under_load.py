"""A backup taken while tablets record hands through gunicorn: the backup restores and proves
itself (`manage.py backup_restore_check`), every hand acknowledged before the backup began is
in it, and nothing is in it that the tablets were not told was stored."""

from __future__ import annotations

import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

from tests.faults.conftest import GAMES_PER_TEST, Service
from tests.faults.harness import (
    ROOT,
    Figures,
    check_nothing_lost,
    play_hands,
    service_env,
    threads,
)

HANDS_PER_GAME = 40
HANDS_BEFORE_THE_BACKUP = 30


def manage(service: Service, folder: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = service_env(service.cluster.url)
    env.update(BACKUP_DIR=str(folder), BACKUP_PG_BIN=str(service.cluster.bindir))
    return subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )


def on_database(service: Service, name: str, sql: str, *params: object) -> list[tuple[object, ...]]:
    """Runs `sql` on database `name` of the test's cluster (autocommit: DROP DATABASE too)."""
    import psycopg

    url = service.cluster.url.rsplit("/", 1)[0].replace("postgres://", "postgresql://")
    with psycopg.connect(f"{url}/{name}", autocommit=True) as conn:
        cursor = conn.execute(sql, params)
        return list(cursor.fetchall()) if cursor.description else []


def restored_hands(service: Service, scratch: str, games: list[str]) -> set[str]:
    """The Idempotency-Keys of the games' hands in the restored scratch database."""
    rows = on_database(
        service,
        scratch,
        "SELECT h.idempotency_key FROM parlor_hand h JOIN parlor_game g ON g.id = h.game_id "
        "WHERE g.public_id::text = ANY(%s)",
        games,
    )
    return {str(row[0]) for row in rows}


@dataclass
class BackupRun:
    before: set[str] = field(default_factory=set)  # hands acknowledged before it began
    during: int = 0  # hands acknowledged while it ran
    done: subprocess.CompletedProcess[str] | None = None


def backup_under_load(service: Service, folder: Path, figures: Figures, run: BackupRun) -> None:
    """Once some hands are in, takes a backup while the tablets go on recording."""
    while len(figures.acknowledged) < HANDS_BEFORE_THE_BACKUP:
        time.sleep(0.02)
    with figures.lock:
        run.before = set(figures.acknowledged)
    run.done = manage(service, folder, "backup")
    with figures.lock:
        run.during = len(figures.acknowledged) - len(run.before)


def test_a_backup_taken_under_load_keeps_every_acknowledged_hand(service: Service, capsys):
    games = service.take_games(GAMES_PER_TEST)
    folder = service.cluster.dir / "backups"
    figures, errors, run = Figures(), [], BackupRun()
    deadline = time.monotonic() + 180
    base, token = service.gunicorn.base, service.token
    with threads(
        [
            (
                play_hands,
                (base, token, g, HANDS_PER_GAME),
                {"figures": figures, "deadline": deadline, "errors": errors},
            )
            for g in games
        ]
        + [(backup_under_load, (service, folder, figures, run), {})]
    ):
        pass
    assert run.done is not None and run.done.returncode == 0, run.done
    check = manage(service, folder, "backup_restore_check", "--keep")
    assert check.returncode == 0, check.stdout + check.stderr
    scratch = f"{service.cluster.url.rsplit('/', 1)[1]}_restore_check"
    try:
        restored_keys = restored_hands(service, scratch, games)
    finally:
        on_database(service, "tenbo", f'DROP DATABASE IF EXISTS "{scratch}"')
    outcome = check_nothing_lost(service.cluster, games, figures)
    before = run.before
    with capsys.disabled():
        print(
            f"\nfault test, a backup under load: {figures.requests} requests sent, "
            f"{len(before)} hands acknowledged before the backup began, {run.during} "
            f"while it ran, {len(restored_keys)} in the backup, "
            f"{len(figures.acknowledged) - len(restored_keys)} recorded after its snapshot; "
            f"acknowledged before it began and missing from it: {len(before - restored_keys)}; "
            f"{len(figures.acknowledged)} acknowledged in all, hands lost: {outcome['lost']}"
        )
    assert not errors, errors
    assert run.during > 0, "no hand was recorded while the backup ran"
    assert before <= restored_keys, sorted(before - restored_keys)[:5]
    assert restored_keys <= set(figures.acknowledged), "the backup holds a hand never stored"
    assert "The backup restores and is proved." in check.stdout
    assert outcome["lost"] == outcome["duplicates"] == outcome["partial"] == 0, outcome
