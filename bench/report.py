"""How long the daily report of a busy business day takes, per format, and how many queries.

Seeds (bench/seed.py) one parlor per day size, by default a day of 1,000 games (40 tables × 25
games) and one of 10,000 (400 tables × 25), then builds each format as the Celery task does
(daily_report_data + render, in the report's language) and prints, per format, the time of the
day's data, of the file, the total and the number of SQL queries.

Targets (issue 9): under 3 s for each format of 1,000 games; queries that do not grow with the
number of games.

Run from the repository root:

    .venv/bin/python bench/report.py                      # creates tenbo_bench_report
    .venv/bin/python bench/report.py --reuse              # the same database, seeded already
    .venv/bin/python bench/report.py --games 1000 --formats csv,xlsx
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from datetime import date
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import seed  # bench/seed.py, next to this file

DAY = date(2026, 5, 15)
GAMES_PER_TABLE = 25


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--database", default="tenbo_bench_report")
    parser.add_argument("--reuse", action="store_true", help="keep an already seeded database")
    parser.add_argument(
        "--games", default="1000,10000", help="day sizes, comma-separated (multiples of 25)"
    )
    parser.add_argument("--formats", default="csv,xlsx,pdf")
    parser.add_argument("--runs", type=int, default=1, help="builds per format (the median)")
    args = parser.parse_args()
    sizes = [int(n) for n in args.games.split(",")]
    formats = args.formats.split(",")

    seed.database_prepare(args.database, reuse=args.reuse)
    from django.conf import settings
    from django.db import connection
    from django.test.utils import CaptureQueriesContext
    from django.utils import translation

    from parlor.models import Game, Parlor
    from parlor.reports.render import render
    from parlor.reports.report import daily_report_data

    print(f"daily report benchmark on {seed.machine()}; database {args.database}")
    seeder = None
    for size in sizes:
        slug = f"report-{size}"
        if Parlor.objects.filter(slug=slug).exists():
            if not Game.objects.filter(table__parlor__slug=slug).exists():
                sys.exit(
                    f"{slug} exists without games (a seeding that failed): run without --reuse"
                )
            continue
        seeder = seeder or seed.Seeder()
        before = seeder.seeded.seconds
        tables = max(1, size // GAMES_PER_TABLE)
        seeder.one_day(slug=slug, tables=tables, games_per_table=GAMES_PER_TABLE, day=DAY)
        print(
            f"seeded {slug}: {tables} tables × {GAMES_PER_TABLE} games on {DAY} in "
            f"{seeder.seeded.seconds - before:.1f} s (distinct games replayed by the engine "
            f"in {seeder.template_seconds:.1f} s, once)"
        )

    print(
        f"{'games':>7} {'format':>6} {'data s':>7} {'file s':>7} {'total s':>8} "
        f"{'queries':>8} {'bytes':>11}"
    )
    for size in sizes:
        parlor = Parlor.objects.get(slug=f"report-{size}")
        for fmt in formats:
            data_times, file_times, queries, length = [], [], 0, 0
            for _ in range(args.runs):
                with (
                    translation.override(settings.LANGUAGE_CODE),
                    CaptureQueriesContext(connection) as captured,
                ):
                    started = time.perf_counter()
                    data = daily_report_data(parlor=parlor, day=DAY)
                    built = time.perf_counter()
                    content = render(data, fmt)
                    done = time.perf_counter()
                data_times.append(built - started)
                file_times.append(done - built)
                queries, length = len(captured), len(content)
            data_s, file_s = statistics.median(data_times), statistics.median(file_times)
            games = len(data.section("games").rows) // 4 if fmt else 0
            print(
                f"{size:>7} {fmt:>6} {data_s:>7.2f} {file_s:>7.2f} {data_s + file_s:>8.2f} "
                f"{queries:>8} {length:>11,}  (~{games} games in the day's table)"
            )


if __name__ == "__main__":
    main()
