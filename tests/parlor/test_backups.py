"""Backups that restore: a backup of the demo parlor (finished games, closed receipts, games in
progress) is restored into a scratch database and proved; a changed result, a receipt that no
longer sums to its lines or a manifest that counts otherwise fails the proof; retention keeps
the newest N. PostgreSQL (pg_dump / pg_restore) and SQLite (its online backup) alike."""

from __future__ import annotations

import json
import os
import stat
from pathlib import Path

import pytest
from django.conf import settings as django_settings
from django.core.management import CommandError, call_command
from django.db import connection, connections

from parlor.domain.backup_files import PARTIAL, manifest_name
from parlor.models import Game, GameResult, GameStatus, Hand, Settlement
from parlor.services.backups import BackupError, backup_latest, backup_take
from parlor.services.demo import demo_load
from parlor.services.restore_check import (
    RestoreReport,
    backup_restore_check,
    manifest_read,
    pg_scratch_name,
    restored_prove,
    scratch_database,
)
from parlor.tasks import backup_take_task

# Real transactions: pg_dump and SQLite's backup read what was committed.
pytestmark = pytest.mark.django_db(transaction=True)

on_postgresql = pytest.mark.skipif(
    connection.vendor != "postgresql",
    reason="pg_dump and pg_restore need PostgreSQL (set DATABASE_URL=postgres://...)",
)
on_sqlite = pytest.mark.skipif(
    connection.vendor != "sqlite", reason="SQLite's online backup: run without DATABASE_URL"
)


@pytest.fixture
def folder(settings, tmp_path: Path) -> Path:
    settings.BACKUP_DIR = tmp_path / "backups"
    return settings.BACKUP_DIR


@pytest.fixture
def demo(folder: Path) -> None:
    demo_load()


def scratch_exists(name: str) -> bool:
    with connection.cursor() as cursor:
        cursor.execute("SELECT 1 FROM pg_database WHERE datname = %s", [name])
        return cursor.fetchone() is not None


def prove_with(dump: Path, change: str) -> RestoreReport:
    """Restores `dump`, runs `change` (SQL) on the scratch copy, and proves what is left."""
    with scratch_database(dump, alias="default", keep=False) as (alias, name):
        with connections[alias].cursor() as cursor:
            # Receipts are immutable by trigger: switched off in the scratch copy only.
            if connections[alias].vendor == "postgresql":
                cursor.execute("SET session_replication_role = replica")  # the superuser's
            else:
                cursor.execute(
                    "SELECT name FROM sqlite_master WHERE type = 'trigger' "
                    "AND tbl_name = 'parlor_settlementline'"
                )
                for (trigger,) in cursor.fetchall():
                    cursor.execute(f'DROP TRIGGER "{trigger}"')
            cursor.execute(change)
        report = RestoreReport(dump, "", name)
        restored_prove(alias, manifest_read(dump), report)
    return report


def finished_with_receipt() -> Game:
    return Game.objects.filter(
        status=GameStatus.FINISHED, pk__in=Settlement.objects.values("lines__game")
    ).first()


def test_a_backup_restores_into_a_scratch_database_and_proves_itself(demo, folder, capsys):
    backup = backup_take()
    assert backup.path.parent == folder and backup.path.is_file()
    assert sorted(p.name for p in folder.iterdir()) == [
        backup.path.name,
        manifest_name(backup.path.name),
    ]
    counts = json.loads(folder.joinpath(manifest_name(backup.path.name)).read_text())["counts"]
    assert counts["parlor_hand"] == Hand.objects.count() > 0
    assert counts["parlor_settlement"] == Settlement.objects.count() > 0

    call_command("backup_restore_check")

    out = capsys.readouterr().out
    finished = Game.objects.filter(status=GameStatus.FINISHED).count()
    in_progress = Game.objects.filter(status=GameStatus.IN_PROGRESS).count()
    assert f"finished games replayed to their results: {finished}" in out
    assert f"games in progress replayed to their state: {in_progress}" in out
    assert f"closed receipts that sum to their lines: {Settlement.objects.count()}" in out
    assert "The backup restores and is proved." in out
    if connection.vendor == "postgresql":
        assert not scratch_exists(pg_scratch_name(connection.settings_dict)), "not dropped"


def test_a_changed_result_a_receipt_off_its_lines_or_other_counts_fail_the_proof(demo, folder):
    dump = backup_take().path
    game = finished_with_receipt()
    result = GameResult.objects.filter(game=game).first()
    receipt = Settlement.objects.filter(lines__game=game).first()

    changed_result = prove_with(
        dump, f"UPDATE parlor_gameresult SET total_tenths = total_tenths + 1 WHERE id = {result.pk}"
    )
    assert changed_result.problems == [
        f"game {game.public_id}: stored outcomes, state or results differ from the replay of "
        "its hands"
    ]

    off_its_lines = prove_with(
        dump,
        "UPDATE parlor_settlementline SET points_yen = points_yen + 100, "
        f"amount_yen = amount_yen + 100 WHERE settlement_id = {receipt.pk} AND kind = 'game'",
    )
    assert off_its_lines.problems == [
        f"receipt {receipt.public_id} (visit {receipt.visit_id}): points_yen, total_yen "
        "differ from the sum of its lines"
    ]

    manifest_path = dump.with_name(manifest_name(dump.name))
    manifest = json.loads(manifest_path.read_text())
    manifest["counts"]["parlor_hand"] += 1
    manifest_path.write_text(json.dumps(manifest))
    other_counts = backup_restore_check()
    with pytest.raises(CommandError, match="not proved: 1 problem"):
        call_command("backup_restore_check", str(dump))
    assert other_counts.problems == [
        f"table parlor_hand: {Hand.objects.count()} rows restored, "
        f"{Hand.objects.count() + 1} in the manifest"
    ]


def test_a_dump_that_differs_from_its_manifest_fails_the_check(folder):
    dump = backup_take().path
    with dump.open("ab") as handle:
        handle.write(b"\0")  # a copy damaged on its way to the backup disk

    report = backup_restore_check()

    assert "the dump's sha256 differs from its manifest's" in report.problems


def test_a_dump_that_does_not_restore_fails_the_check_and_leaves_no_scratch_database(demo, folder):
    dump = backup_take().path
    dump.write_bytes(dump.read_bytes()[: dump.stat().st_size // 2])  # cut off, as by a full disk

    with pytest.raises(CommandError) as failure:
        call_command("backup_restore_check")

    if connection.vendor == "postgresql":
        assert "Restore check not done: pg_restore failed" in str(failure.value)
        assert not scratch_exists(pg_scratch_name(connection.settings_dict))
    else:
        assert "The backup is not proved" in str(failure.value)


def test_retention_keeps_the_newest_backups(folder, settings):
    settings.BACKUP_KEEP = 2
    taken = [backup_take() for _ in range(4)]

    names = sorted(p.name for p in folder.iterdir())
    kept = [b.path.name for b in taken[2:]]
    assert names == sorted([*kept, *(manifest_name(n) for n in kept)])
    assert taken[3].pruned == (taken[1].path.name,)
    assert backup_latest() == taken[3].path


def test_a_half_written_backup_is_never_the_latest(folder):
    backup = backup_take()
    newer = backup.path.name.replace("tenbo-2", "tenbo-3")
    folder.joinpath(newer + PARTIAL).write_bytes(b"half")  # a dump still being written
    folder.joinpath(newer).write_bytes(b"no manifest yet")  # renamed, its manifest lost

    assert backup_latest() == backup.path


def test_the_scheduled_task_takes_a_backup(folder):
    assert django_settings.CELERY_BEAT_SCHEDULE["backup"]["task"] == backup_take_task.name

    path = Path(backup_take_task.delay().get())

    assert path.parent == folder and path.is_file()


def test_a_backup_is_readable_by_its_owner_only(folder, tmp_path: Path):
    """A backup holds password hashes and money: its files are 0600 whatever the umask, and
    the folder the backup creates is 0700; a folder that was there keeps its mode."""
    old_umask = os.umask(0o022)
    try:
        backup = backup_take()
        given = tmp_path / "given"
        given.mkdir(mode=0o755)
        in_given = backup_take(folder=given)
    finally:
        os.umask(old_umask)

    assert stat.S_IMODE(folder.stat().st_mode) == 0o700
    assert stat.S_IMODE(given.stat().st_mode) == 0o755
    for dump in (backup.path, in_given.path):
        for path in (dump, dump.parent / manifest_name(dump.name)):
            assert stat.S_IMODE(path.stat().st_mode) == 0o600, path


def test_it_refuses_a_folder_it_cannot_write(tmp_path: Path):
    a_file = tmp_path / "not-a-folder"
    a_file.write_text("")

    with pytest.raises(CommandError, match=r"No backup taken: cannot create the backup folder"):
        call_command("backup", folder=a_file / "backups")


def test_it_refuses_a_restore_check_without_a_backup(folder):
    with pytest.raises(CommandError, match=r"no complete .* backup in .*manage.py backup"):
        call_command("backup_restore_check")


@on_postgresql
def test_it_refuses_clearly_when_pg_dump_is_missing(folder, settings, tmp_path: Path):
    settings.BACKUP_PG_BIN = str(tmp_path / "empty")

    with pytest.raises(BackupError, match=r"pg_dump not found .*apt-get install postgresql-client"):
        backup_take()

    assert list(folder.iterdir()) == []  # nothing half-written left behind


@on_sqlite
def test_sqlite_backs_up_with_its_online_backup(demo, folder):
    dump = backup_take().path

    assert dump.suffix == ".sqlite3"
    assert dump.read_bytes().startswith(b"SQLite format 3\0")
    assert backup_restore_check(path=dump).is_proved
