"""How long the monthly standings and a heavy regular's player page take on a long history.

Seeds (bench/seed.py) 100,000 games (about a million hands) over six months at four parlors
of ten tables, then times, at the evening of the last seeded day:

- the public standings page /standings/<slug>/ (today's and this month's ranking) and its
  service parlor_standings, at the busiest parlor;
- the player page /me/ of the regular with the most games, and its service player_stats;
- the TV board /standings/<slug>/tv/.

Each figure is the median of --runs requests after one warm-up, with the number of SQL queries.
Target (issue 9): under 100 ms each.

Run from the repository root:

    .venv/bin/python bench/standings.py                   # creates tenbo_bench_history
    .venv/bin/python bench/standings.py --reuse           # the same database, seeded already
    .venv/bin/python bench/standings.py --games 2000      # a quick run
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Callable
from datetime import date, datetime, timedelta
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

sys.path.insert(0, str(Path(__file__).resolve().parent))

import seed  # bench/seed.py, next to this file


def last_day_of_previous_month(today: date) -> date:
    return today.replace(day=1) - timedelta(days=1)


def timed(call: Callable[[], Any], runs: int) -> tuple[float, int]:
    """(median milliseconds, queries of one call) after a warm-up call."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    call()
    times = []
    queries = 0
    for _ in range(runs):
        with CaptureQueriesContext(connection) as captured:
            started = time.perf_counter()
            call()
            times.append((time.perf_counter() - started) * 1000)
        queries = len(captured)
    return statistics.median(times), queries


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--database", default="tenbo_bench_history")
    parser.add_argument("--reuse", action="store_true", help="keep an already seeded database")
    parser.add_argument("--games", type=int, default=100_000)
    parser.add_argument("--parlors", type=int, default=4)
    parser.add_argument("--tables", type=int, default=10)
    parser.add_argument("--days", type=int, default=182)
    parser.add_argument("--players", type=int, default=300, help="members per parlor")
    parser.add_argument("--runs", type=int, default=7)
    args = parser.parse_args()
    last_day = last_day_of_previous_month(date.today())

    seeded_already = seed.database_prepare(args.database, reuse=args.reuse)
    import time_machine
    from django.db.models import Count
    from django.test import Client

    from parlor.models import Game, GameSeatStats, Hand, Parlor, Player
    from parlor.services.standings import parlor_standings
    from parlor.services.stats import player_stats

    print(f"standings benchmark on {seed.machine()}; database {args.database}")
    if not seeded_already:
        seeder = seed.Seeder()
        done = seeder.history(
            parlors=args.parlors,
            tables=args.tables,
            days=args.days,
            games=args.games,
            players=args.players,
            last_day=last_day,
        )
        print(
            f"seeded {done.games:,} games, {done.hands:,} hands, {done.rows:,} rows in "
            f"{done.seconds:.0f} s ({seeder.template_seconds:.1f} s of it replaying the "
            f"distinct games with the engine)"
        )
    else:
        last = Game.objects.order_by("-ended_at").values_list("ended_at", flat=True).first()
        last_day = (last - timedelta(hours=seed.CUTOFF_HOUR)).astimezone(ZoneInfo(seed.TZ)).date()
    print(
        f"history: {Game.objects.count():,} games, {Hand.objects.count():,} hand versions, "
        f"{Parlor.objects.count()} parlors, last business day {last_day}"
    )

    busiest = (
        GameSeatStats.objects.values("parlor_id")
        .annotate(n=Count("id"))
        .order_by("-n")
        .values_list("parlor_id", flat=True)
        .first()
    )
    parlor = Parlor.objects.get(pk=busiest)
    regular_id = (
        GameSeatStats.objects.filter(is_staff_play=False, player__user__isnull=False)
        .values("player_id")
        .annotate(n=Count("id"))
        .order_by("-n")
        .values_list("player_id", flat=True)
        .first()
    )
    regular = Player.objects.select_related("user").get(pk=regular_id)
    at = datetime(last_day.year, last_day.month, last_day.day, 23, 0, tzinfo=ZoneInfo(seed.TZ))
    month = parlor_standings(parlor, at=at)
    month_games = sum(r.games for s in month.month for r in s.rows + s.below_minimum)
    regular_games = sum(s.games for s in player_stats(regular))
    print(
        f"at {at:%Y-%m-%d %H:%M} ({parlor.slug}): this month {month_games:,} player-games; "
        f"regular {regular.name}: {regular_games:,} games"
    )

    client = Client()
    player_client = Client()
    player_client.force_login(regular.user)

    def page(c: Client, path: str) -> Callable[[], Any]:
        def get() -> None:
            response = c.get(path)
            assert response.status_code == 200, (path, response.status_code)

        return get

    figures = []
    with time_machine.travel(at, tick=True):
        figures.append(
            ("parlor_standings (service)", *timed(lambda: parlor_standings(parlor), args.runs))
        )
        slug = parlor.slug
        figures.append(
            (f"GET /standings/{slug}/", *timed(page(client, f"/standings/{slug}/"), args.runs))
        )
        figures.append(
            (
                f"GET /standings/{slug}/tv/",
                *timed(page(client, f"/standings/{slug}/tv/"), args.runs),
            )
        )
        figures.append(("player_stats (service)", *timed(lambda: player_stats(regular), args.runs)))
        figures.append(("GET /me/ (the regular)", *timed(page(player_client, "/me/"), args.runs)))
    print(f"{'what':<40} {'median ms':>10} {'queries':>8}")
    for name, ms, queries in figures:
        flag = "" if ms < 100 else "  (over the 100 ms target)"
        print(f"{name:<40} {ms:>10.1f} {queries:>8}{flag}")


if __name__ == "__main__":
    main()
