"""Backup files (バックアップ): their names and which of them retention keeps.

A backup is two files in the backup folder: the dump (`tenbo-<UTC time>.dump` from pg_dump,
`.sqlite3` from SQLite's online backup) and its manifest (`<dump name>.json`, the row counts
at the moment of the dump). Names sort in the order they were taken, so the newest is the
last. A file being written has the `.partial` suffix and is never taken for a backup.
"""

from __future__ import annotations

from datetime import datetime

PREFIX = "tenbo-"
PARTIAL = ".partial"
MANIFEST = ".json"
DUMP_SUFFIXES = (".dump", ".sqlite3")  # PostgreSQL's custom format, SQLite's database file


def backup_name(taken_at: datetime, *, suffix: str) -> str:
    """The dump's file name: sortable, UTC, to the microsecond.

    >>> from datetime import UTC, datetime
    >>> backup_name(datetime(2026, 11, 28, 20, 45, 0, 12, tzinfo=UTC), suffix=".dump")
    'tenbo-2026-11-28T20-45-00.000012Z.dump'
    """
    if suffix not in DUMP_SUFFIXES:
        raise ValueError(f"unknown backup suffix {suffix!r}")
    return f"{PREFIX}{taken_at.strftime('%Y-%m-%dT%H-%M-%S.%fZ')}{suffix}"


def manifest_name(dump_name: str) -> str:
    return dump_name + MANIFEST


def is_dump(name: str) -> bool:
    """A finished dump's name (not a manifest, not a file still being written)."""
    return name.startswith(PREFIX) and name.endswith(DUMP_SUFFIXES)


def complete_backups(names: list[str], *, suffix: str) -> list[str]:
    """The dumps with `suffix` that have their manifest beside them, oldest first.

    >>> complete_backups(
    ...     ["tenbo-2.dump", "tenbo-1.dump.json", "tenbo-1.dump", "tenbo-3.dump.partial",
    ...      "tenbo-2.dump.json", "tenbo-4.dump"],
    ...     suffix=".dump",
    ... )
    ['tenbo-1.dump', 'tenbo-2.dump']
    """
    present = set(names)
    return sorted(
        name
        for name in names
        if is_dump(name) and name.endswith(suffix) and manifest_name(name) in present
    )


def backups_to_prune(complete: list[str], *, keep: int) -> list[str]:
    """The backups retention removes: all but the newest `keep` (at least one is kept).

    >>> backups_to_prune(["tenbo-1.dump", "tenbo-2.dump", "tenbo-3.dump"], keep=2)
    ['tenbo-1.dump']
    """
    keep = max(keep, 1)
    ordered = sorted(complete)
    return ordered[: max(len(ordered) - keep, 0)]
