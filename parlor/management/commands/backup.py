"""`manage.py backup`: a backup of the database now, into BACKUP_DIR (or --folder)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from parlor.services.backups import BackupError, backup_take


class Command(BaseCommand):
    help = (
        "Takes a backup of the database now (PostgreSQL: pg_dump --format=custom; SQLite: its "
        "online backup) with a manifest of its row counts, then keeps the newest BACKUP_KEEP."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--folder", type=Path, help="instead of BACKUP_DIR")

    def handle(self, *args: Any, **options: Any) -> None:
        try:
            backup = backup_take(folder=options["folder"])
        except BackupError as exc:
            raise CommandError(f"No backup taken: {exc}") from exc
        counts = backup.manifest["counts"]
        self.stdout.write(
            f"Backup taken: {backup.path} ({backup.path.stat().st_size:,} bytes, "
            f"{sum(counts.values()):,} rows in {len(counts)} tables)"
        )
        for name in backup.pruned:
            self.stdout.write(f"Removed by retention: {name}")
