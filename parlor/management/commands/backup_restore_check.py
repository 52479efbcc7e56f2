"""`manage.py backup_restore_check`: restores the latest backup (or a given one) into a
scratch database and proves it; exits non-zero on any problem."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from parlor.services.backups import BackupError
from parlor.services.restore_check import backup_restore_check


class Command(BaseCommand):
    help = (
        "Restores the latest backup in BACKUP_DIR (or the file given) into a scratch database "
        "and checks it: the row counts of its manifest, every game replayed to its stored "
        "results, every closed receipt summed to its lines. Exit status 1 on any problem."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("backup", nargs="?", type=Path, help="a .dump or .sqlite3 file")
        parser.add_argument(
            "--keep", action="store_true", help="leave the scratch database to look into"
        )

    def handle(self, *args: Any, **options: Any) -> None:
        try:
            report = backup_restore_check(path=options["backup"], keep=options["keep"])
        except BackupError as exc:
            raise CommandError(f"Restore check not done: {exc}") from exc
        self.stdout.write(f"Backup {report.backup} (taken {report.taken_at})")
        self.stdout.write(
            f"Restored into {report.scratch}" + (" (kept)" if options["keep"] else "")
        )
        self.stdout.write(f"  rows: {report.rows:,} in {report.tables} tables")
        self.stdout.write(f"  finished games replayed to their results: {report.finished_games}")
        self.stdout.write(
            f"  games in progress replayed to their state: {report.games_in_progress}"
        )
        self.stdout.write(f"  closed receipts that sum to their lines: {report.receipts}")
        if not report.is_proved:
            for problem in report.problems:
                self.stderr.write(f"  PROBLEM: {problem}")
            raise CommandError(f"The backup is not proved: {len(report.problems)} problem(s)")
        self.stdout.write(self.style.SUCCESS("The backup restores and is proved."))
