"""The restore check: a backup restored into a scratch database, and proved.

PostgreSQL: `createdb` a scratch database beside the source (`<name>_restore_check`) and
`pg_restore` the dump into it. SQLite: a copy of the backup file in a temporary folder. Then,
connected to the scratch database under a second alias, it proves the backup: the file is the
one the manifest describes (sha256), every table has the rows the manifest counted, every
game (finished or in progress; not a voided one) replays to its stored outcomes, state and
results, and every closed receipt (精算) sums to its lines. The scratch database is dropped
after, unless asked to keep it.
"""

from __future__ import annotations

import copy
import json
import shutil
import tempfile
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import Any

from django.db import DEFAULT_DB_ALIAS, DatabaseError, connections
from django.db.utils import load_backend

from parlor.domain.backup_files import manifest_name
from parlor.models import Game, GameStatus, Settlement
from parlor.selectors.settlement_lines import lines_totals
from parlor.services.backups import (
    MANIFEST_FORMAT,
    BackupError,
    backup_latest,
    dump_suffix,
    file_sha256,
    is_postgresql,
    pg_env,
    pg_run,
    pg_tool,
    row_counts,
)
from parlor.services.verification import game_matches_replay

SCRATCH_ALIAS = "restore_check"
RECEIPT_FIELDS = ("points_yen", "chips_yen", "fees_yen", "adjustments_yen", "total_yen")


@dataclass
class RestoreReport:
    backup: Path
    taken_at: str
    scratch: str  # the scratch database (a file for SQLite)
    tables: int = 0
    rows: int = 0
    finished_games: int = 0
    games_in_progress: int = 0
    receipts: int = 0
    problems: list[str] = field(default_factory=list)

    @property
    def is_proved(self) -> bool:
        return not self.problems


def manifest_read(dump: Path) -> dict[str, Any]:
    path = dump.with_name(manifest_name(dump.name))
    try:
        manifest: dict[str, Any] = json.loads(path.read_text())
    except (OSError, ValueError) as exc:
        raise BackupError(f"cannot read the manifest {path}: {exc}") from exc
    if manifest.get("format") != MANIFEST_FORMAT or not isinstance(manifest.get("counts"), dict):
        raise BackupError(f"{path} is not a {MANIFEST_FORMAT} manifest")
    return manifest


def backup_restore_check(
    *, path: Path | None = None, alias: str = DEFAULT_DB_ALIAS, keep: bool = False
) -> RestoreReport:
    """Restores `path` (default: the latest backup) into a scratch database and proves it."""
    dump = path or backup_latest(alias=alias)
    if not dump.is_file():
        raise BackupError(f"no backup file {dump}")
    if dump.suffix != dump_suffix(connections[alias]):
        raise BackupError(
            f"{dump.name} is not a backup of this kind of database "
            f"({connections[alias].vendor} backups end in {dump_suffix(connections[alias])})"
        )
    manifest = manifest_read(dump)
    with scratch_database(dump, alias=alias, keep=keep) as (scratch, name):
        report = RestoreReport(dump, str(manifest.get("taken_at", "")), name)
        if file_sha256(dump) != manifest.get("sha256"):
            report.problems.append("the dump's sha256 differs from its manifest's")
        restored_prove(scratch, manifest, report)
    return report


def restored_prove(alias: str, manifest: dict[str, Any], report: RestoreReport) -> None:
    """Fills `report` with what the restored database `alias` proves, and every problem
    (a copy that cannot even be read is one, not a crash of the check)."""
    steps: list[tuple[str, Callable[[], None]]] = [
        ("count the restored tables", partial(counts_compare, alias, manifest["counts"], report)),
        ("read the restored games", partial(games_replay, alias, report)),
        ("read the restored receipts", partial(receipts_sum, alias, report)),
    ]
    for what, step in steps:
        try:
            step()
        except DatabaseError as exc:
            report.problems.append(f"cannot {what}: {exc}")


def counts_compare(alias: str, expected: dict[str, int], report: RestoreReport) -> None:
    restored = row_counts(connections[alias], sorted(expected))
    report.tables, report.rows = len(restored), sum(restored.values())
    for table, count in sorted(expected.items()):
        if restored[table] != count:
            report.problems.append(
                f"table {table}: {restored[table]} rows restored, {count} in the manifest"
            )


def games_replay(alias: str, report: RestoreReport) -> None:
    games = (
        Game.objects.using(alias)
        .exclude(status=GameStatus.VOIDED)
        .prefetch_related("results", "seats")
        .order_by("pk")
    )
    for game in games.iterator(chunk_size=200):
        try:
            matches = game_matches_replay(game)
        except Exception as exc:  # a restored game the engine cannot replay: a problem to name
            report.problems.append(f"game {game.public_id}: cannot be replayed: {exc!r}")
            continue
        if not matches:
            report.problems.append(
                f"game {game.public_id}: stored outcomes, state or results differ from the "
                "replay of its hands"
            )
        elif game.status == GameStatus.FINISHED:
            report.finished_games += 1
        else:
            report.games_in_progress += 1


def receipts_sum(alias: str, report: RestoreReport) -> None:
    receipts = Settlement.objects.using(alias).prefetch_related("lines").order_by("pk")
    for receipt in receipts.iterator(chunk_size=500):
        totals = lines_totals(list(receipt.lines.all()))
        differ = [name for name in RECEIPT_FIELDS if getattr(receipt, name) != totals[name]]
        if differ:
            report.problems.append(
                f"receipt {receipt.public_id} (visit {receipt.visit_id}): "
                f"{', '.join(differ)} differ from the sum of its lines"
            )
        else:
            report.receipts += 1


@contextmanager
def scratch_database(dump: Path, *, alias: str, keep: bool) -> Iterator[tuple[str, str]]:
    """The dump restored into a scratch database, open under SCRATCH_ALIAS: (alias, name)."""
    source = connections[alias].settings_dict
    if is_postgresql(connections[alias]):
        name = pg_scratch_restore(dump, source)
        folder = None
    else:
        folder = Path(tempfile.mkdtemp(prefix="tenbo-restore-check-"))
        name = str(folder / "restored.sqlite3")
        shutil.copyfile(dump, name)
    scratch = copy.deepcopy(source)
    scratch.update(NAME=name, CONN_MAX_AGE=0)
    # A connection made here and set under its own alias, not a new entry of DATABASES: the
    # ORM's `using(alias)` finds it, and no other code takes it for a database of the parlor.
    connections[SCRATCH_ALIAS] = load_backend(scratch["ENGINE"]).DatabaseWrapper(
        scratch, SCRATCH_ALIAS
    )
    try:
        yield SCRATCH_ALIAS, name
    finally:
        connections[SCRATCH_ALIAS].close()
        del connections[SCRATCH_ALIAS]
        if not keep:
            if folder is not None:
                shutil.rmtree(folder, ignore_errors=True)
            else:
                pg_scratch_drop(name, source)


def pg_scratch_name(source: dict[str, Any]) -> str:
    return f"{source['NAME']}_restore_check"[-63:]  # PostgreSQL's longest name


def pg_scratch_restore(dump: Path, source: dict[str, Any]) -> str:
    """Creates the scratch database (a leftover of an earlier check is dropped first) and
    restores `dump` into it; its owner and grants are the restoring user's."""
    name = pg_scratch_name(source)
    env = pg_env(source)
    pg_scratch_drop(name, source)
    pg_run([pg_tool("createdb"), "--template=template0", name], env=env, what="createdb")
    try:
        pg_run(
            [
                pg_tool("pg_restore"),
                "--no-owner",
                "--no-privileges",
                "--exit-on-error",
                "--single-transaction",
                f"--dbname={name}",
                str(dump),
            ],
            env=env,
            what="pg_restore",
        )
    except BackupError:
        pg_scratch_drop(name, source)
        raise
    return name


def pg_scratch_drop(name: str, source: dict[str, Any]) -> None:
    pg_run([pg_tool("dropdb"), "--if-exists", "--force", name], env=pg_env(source), what="dropdb")
