"""Backups (バックアップ): a copy of the whole database in the backup folder, with a manifest of
its row counts, and retention. `restore_check.py` restores one and proves it.

PostgreSQL: `pg_dump --format=custom` of the default database, run on a snapshot exported by
a REPEATABLE READ transaction in which the row counts are taken, so the manifest counts
exactly the rows of the dump while the parlor keeps recording hands. SQLite: the online
backup API (`sqlite3.Connection.backup`), inside one transaction with the counts.

A backup is written under a `.partial` name, flushed to disk and renamed: a half-written
file is never taken for the latest backup.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import sqlite3
import subprocess
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any

from django.apps import apps
from django.conf import settings
from django.db import DEFAULT_DB_ALIAS, connections, transaction
from django.db.backends.base.base import BaseDatabaseWrapper
from django.utils import timezone

from parlor.domain.backup_files import (
    PARTIAL,
    backup_name,
    backups_to_prune,
    complete_backups,
    manifest_name,
)

MANIFEST_FORMAT = "tenbo-backup/1"
PRIVATE_FILE = 0o600  # a backup and its manifest
PRIVATE_FOLDER = 0o700  # the backup folder, where the backup creates it


class BackupError(Exception):
    """A backup or a restore check that cannot be done, with what to do about it."""


@dataclass(frozen=True)
class Backup:
    path: Path  # the dump
    manifest: dict[str, Any]
    pruned: tuple[str, ...] = ()  # older backups that retention removed


def backup_folder() -> Path:
    return Path(settings.BACKUP_DIR)


def is_postgresql(connection: BaseDatabaseWrapper) -> bool:
    return connection.vendor == "postgresql"


def dump_suffix(connection: BaseDatabaseWrapper) -> str:
    return ".dump" if is_postgresql(connection) else ".sqlite3"


def counted_tables() -> list[str]:
    """Every table of the project's models (many-to-many tables included), sorted."""
    return sorted(
        {
            model._meta.db_table
            for model in apps.get_models(include_auto_created=True)
            if model._meta.managed and not model._meta.proxy
        }
    )


def row_counts(connection: BaseDatabaseWrapper, tables: list[str]) -> dict[str, int]:
    """Rows per table, read on `connection` (in its current transaction). One query."""
    quote = connection.ops.quote_name
    counts = ", ".join(f"(SELECT COUNT(*) FROM {quote(table)})" for table in tables)
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT {counts}")  # table names of our own models
        row = cursor.fetchone()
    return {table: int(count) for table, count in zip(tables, row, strict=True)}


def pg_tool(name: str) -> str:
    """The path of a PostgreSQL client program (pg_dump, pg_restore, createdb, dropdb)."""
    folder = settings.BACKUP_PG_BIN
    found = str(Path(folder) / name) if folder else shutil.which(name)
    if not found or not os.access(found, os.X_OK):
        where = f"in BACKUP_PG_BIN={folder}" if folder else "on the PATH"
        raise BackupError(
            f"{name} not found {where}: install the PostgreSQL client of the server's major "
            "version (Debian: apt-get install postgresql-client), or set BACKUP_PG_BIN to the "
            "folder that holds it"
        )
    return found


def pg_env(settings_dict: dict[str, Any]) -> dict[str, str]:
    """The environment that points libpq's programs at the database of `settings_dict`
    (the password in PGPASSWORD, never on a command line)."""
    env = dict(os.environ)
    for variable, key in (
        ("PGHOST", "HOST"),
        ("PGPORT", "PORT"),
        ("PGUSER", "USER"),
        ("PGPASSWORD", "PASSWORD"),
        ("PGDATABASE", "NAME"),
    ):
        if settings_dict.get(key):
            env[variable] = str(settings_dict[key])
    sslmode = settings_dict.get("OPTIONS", {}).get("sslmode")
    if sslmode:
        env["PGSSLMODE"] = str(sslmode)
    return env


def pg_run(args: list[str], *, env: dict[str, str], what: str) -> None:
    done = subprocess.run(args, env=env, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        raise BackupError(f"{what} failed (exit {done.returncode}): {done.stderr.strip()}")


def writable_folder(folder: Path) -> Path:
    """The backup folder, created if missing; refused if it cannot take a file."""
    try:
        created = not folder.exists()  # ours: only its owner reads what goes in
        folder.mkdir(parents=True, exist_ok=True, mode=PRIVATE_FOLDER)
        if created:
            folder.chmod(PRIVATE_FOLDER)  # whatever the umask
    except OSError as exc:
        raise BackupError(f"cannot create the backup folder {folder}: {exc.strerror}") from exc
    probe = folder / f".write-test-{os.getpid()}{PARTIAL}"
    try:
        probe.write_bytes(b"")
        probe.unlink()
    except OSError as exc:
        raise BackupError(
            f"the backup folder {folder} is not writable: {exc.strerror} (set BACKUP_DIR to a "
            "folder this user may write, or give it the rights)"
        ) from exc
    return folder


def private_file(path: Path) -> Path:
    """`path` created empty, readable and writable by its owner only (0600, whatever the
    umask), before pg_dump, SQLite or the manifest write into it: a backup holds password
    hashes and money."""
    os.close(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, PRIVATE_FILE))
    path.chmod(PRIVATE_FILE)
    return path


def file_sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as handle:
        for block in iter(lambda: handle.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def durable_rename(source: Path, target: Path) -> None:
    """Flushes `source` to disk and renames it to `target` (atomic in one folder)."""
    with source.open("rb") as handle:
        os.fsync(handle.fileno())
    os.replace(source, target)


@contextmanager
def pg_snapshot(alias: str) -> Iterator[tuple[BaseDatabaseWrapper, str]]:
    """A connection of its own in a REPEATABLE READ transaction, and the id of its exported
    snapshot: pg_dump --snapshot dumps what this transaction sees, while it stays open."""
    connection = connections.create_connection(alias)
    try:
        connection.set_autocommit(True)
        with connection.cursor() as cursor:
            cursor.execute("BEGIN ISOLATION LEVEL REPEATABLE READ, READ ONLY")
            cursor.execute("SELECT pg_export_snapshot()")
            snapshot = cursor.fetchone()[0]
        yield connection, snapshot
    finally:
        connection.close()  # ends the transaction (a rollback: it only read)


def dump_postgresql(alias: str, target: Path) -> dict[str, int]:
    """pg_dump into `target`; the row counts of the same snapshot."""
    pg_dump = pg_tool("pg_dump")
    with pg_snapshot(alias) as (connection, snapshot):
        counts = row_counts(connection, counted_tables())
        pg_run(
            [pg_dump, "--format=custom", f"--snapshot={snapshot}", f"--file={target}"],
            env=pg_env(connection.settings_dict),
            what="pg_dump",
        )
    return counts


def dump_sqlite(alias: str, target: Path) -> dict[str, int]:
    """SQLite's online backup into `target`; the counts in the same transaction, which holds
    the read lock, so no write lands between them."""
    connection = connections[alias]
    with transaction.atomic(using=alias):
        counts = row_counts(connection, counted_tables())
        copy = sqlite3.connect(target)
        try:
            connection.connection.backup(copy)
        finally:
            copy.close()
    return counts


def backup_take(*, alias: str = DEFAULT_DB_ALIAS, folder: Path | None = None) -> Backup:
    """Takes a backup of the database into the backup folder, then applies retention
    (the newest BACKUP_KEEP backups stay)."""
    connection = connections[alias]
    folder = writable_folder(folder or backup_folder())
    taken_at = timezone.now()
    name = backup_name(taken_at, suffix=dump_suffix(connection))
    dump, partial = folder / name, folder / (name + PARTIAL)
    try:
        if is_postgresql(connection):
            counts = dump_postgresql(alias, private_file(partial))
        else:
            counts = dump_sqlite(alias, private_file(partial))
        manifest = manifest_build(name, taken_at, connection=connection, counts=counts)
        manifest["sha256"] = file_sha256(partial)
        manifest_partial = private_file(folder / (manifest_name(name) + PARTIAL))
        manifest_partial.write_text(json.dumps(manifest, indent=2, sort_keys=True))
        durable_rename(manifest_partial, folder / manifest_name(name))
        durable_rename(partial, dump)  # last: the dump's name says the backup is complete
    finally:
        for leftover in (partial, folder / (manifest_name(name) + PARTIAL)):
            leftover.unlink(missing_ok=True)
    pruned = backups_prune(folder, suffix=dump.suffix, keep=settings.BACKUP_KEEP)
    return Backup(dump, manifest, pruned)


def manifest_build(
    name: str, taken_at: datetime, *, connection: BaseDatabaseWrapper, counts: dict[str, int]
) -> dict[str, Any]:
    return {
        "format": MANIFEST_FORMAT,
        "dump": name,
        "taken_at": taken_at.isoformat(),
        "database": connection.vendor,
        "counts": counts,
    }


def backups_prune(folder: Path, *, suffix: str, keep: int) -> tuple[str, ...]:
    """Removes all but the newest `keep` complete backups (dump and manifest)."""
    names = [path.name for path in folder.iterdir()]
    pruned = backups_to_prune(complete_backups(names, suffix=suffix), keep=keep)
    for name in pruned:
        (folder / name).unlink(missing_ok=True)
        (folder / manifest_name(name)).unlink(missing_ok=True)
    return tuple(pruned)


def backup_latest(*, alias: str = DEFAULT_DB_ALIAS, folder: Path | None = None) -> Path:
    """The newest complete backup of this kind of database in the folder."""
    folder = folder or backup_folder()
    suffix = dump_suffix(connections[alias])
    names = [path.name for path in folder.iterdir()] if folder.is_dir() else []
    complete = complete_backups(names, suffix=suffix)
    if not complete:
        raise BackupError(f"no complete {suffix} backup in {folder} (take one: manage.py backup)")
    return folder / complete[-1]
