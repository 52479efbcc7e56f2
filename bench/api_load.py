"""How fast the API records hands under 32 tablets, against a bare one-INSERT endpoint.

Starts gunicorn (2 sync workers by default) serving the real project, bench/settings.py (the
product's settings plus POST /bench/bare/, which only authenticates and INSERTs one row), on a
database of its own (dropped and created again: tenbo_bench_api) with one parlor of 32 tables,
a game in progress on each. Then, in the same run:

1. record hand, saturated: every tablet records hands on its own table through
   POST /api/games/{id}/hands/ (an Idempotency-Key each; ron, tsumo, draws, riichi; a game
   that ends is followed by a new one, not timed), each tablet posting again as soon as it
   has its answer;
2. bare insert, saturated: the same tablets POST a body like a hand's to /bench/bare/;
3. record hand, paced: the tablets post together at half the rate phase 1 reached (an open
   loop: a late answer does not delay the next request's schedule, and the latency counts
   from the scheduled time), which shows the time of one request when the server is busy
   but not queueing;
4. to 6. the floors, saturated (bench/floor.py; --no-floor skips them): the reads and
   writes a recorded hand cannot do without (the game with the user's role, the key, the
   hands; the hand, its outcome, the game row, the audit event, the key's record), in the
   fewest round trips, with no engine and no answer: in a transaction with the game locked,
   and optimistic (a compare-and-set on the game row, no transaction); and the transactional
   one's writes through the plain ORM (the product's look-up, create and save), which is
   what Django costs by itself. Their throughput against the bare insert bounds the ratio
   any implementation of the request can reach; they run last, as the hands they write are
   not the tablets' (the database is left as it is for inspection).

With every tablet posting back to back (phases 1 and 2) the queue in front of the two
workers sets the latency (Little's law: mean latency = tablets / throughput), so those
figures are throughput figures; "server" columns are gunicorn's own time per request (from
its access log), which leaves the queue out.

Prints requests, throughput, p50/p95/p99 of each phase, and the ratio of record-hand to bare
throughput. Targets: ratio >= 0.6, record-hand p95 < 30 ms (paced). The paced phase is also
split into the hands that leave the game going and the hand that ends it.

Celery runs as in production (--celery worker, the default): one worker process on a Redis
broker (127.0.0.1:6379, database 12) checks every finished game against its log after the
request that finished it. With --celery eager that check runs inside that request, as in the
embedded default, and no Redis is needed.

Run from the repository root, with PostgreSQL and Redis on 127.0.0.1:

    python bench/api_load.py [--seconds 15] [--tablets 32] [--workers 2] [--celery eager]

gunicorn is stopped on exit, Ctrl-C included; the database is left for inspection.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import secrets
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

REPO_ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO_ROOT))

from bench.load_client import (  # noqa: E402
    Http,
    Kind,
    Result,
    Tablet,
    Timings,
    bare_insert,
    floor_record,
)

HOST = "127.0.0.1"
FLOOR_LABELS = {
    "tx": "floor, transactional",
    "optimistic": "floor, optimistic",
    "orm": "floor, plain ORM",
}


def parse_args() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=15, help="measured time of each phase")
    parser.add_argument("--warmup", type=float, default=3, help="untimed start of each phase")
    parser.add_argument("--tablets", type=int, default=32, help="tables, one tablet each")
    parser.add_argument("--workers", type=int, default=2, help="gunicorn workers")
    parser.add_argument(
        "--worker-class", default="sync", choices=("sync", "gthread"), help="gunicorn workers"
    )
    parser.add_argument("--threads", type=int, default=4, help="threads per gthread worker")
    parser.add_argument(
        "--paced", type=float, default=0.5, help="phase 3's rate, a fraction of phase 1's; 0 skips"
    )
    parser.add_argument(
        "--paced-rate",
        type=float,
        default=0,
        help="phase 3's rate in requests per second instead (the same load for two versions)",
    )
    parser.add_argument(
        "--celery",
        default="worker",
        choices=("worker", "eager"),
        help="worker: as in production, a Celery worker on a Redis broker checks each finished "
        "game after its request; eager: the check runs inside the request that ends the game",
    )
    parser.add_argument("--broker", default=f"redis://{HOST}:6379/12", help="for --celery worker")
    parser.add_argument("--ruleset", default="standard", help="the tables' preset (han and fu)")
    parser.add_argument(
        "--no-floor",
        action="store_true",
        help="skip the two floor phases (bench/floor.py: the statements a hand needs, no more)",
    )
    parser.add_argument(
        "--answer",
        default="minimal",
        choices=("minimal", "full"),
        help="the record-hand answer the tablets ask for: minimal (Prefer: return=minimal, the "
        "new hand and the game's live state) or full (the game with every hand version)",
    )
    parser.add_argument("--port", type=int, default=0, help="0 picks a free port")
    parser.add_argument("--postgres", default=f"postgres://postgres@{HOST}:5432")
    parser.add_argument("--database", default="tenbo_bench_api")
    return parser.parse_args()


def environment(args: argparse.Namespace) -> dict[str, str]:
    return {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "bench.settings",
        "DATABASE_URL": f"{args.postgres}/{args.database}",
        "SECRET_KEY": secrets.token_urlsafe(40),
        "DJANGO_DEBUG": "0",  # DEBUG keeps every query in memory: never in a benchmark
        "LOG_LEVEL": "WARNING",
        "PYTHONPATH": str(REPO_ROOT),
        "CELERY_BROKER_URL": args.broker if args.celery == "worker" else "memory://localhost/",
    }


def celery_start(args: argparse.Namespace, env: dict[str, str]) -> subprocess.Popen[bytes] | None:
    """A Celery worker (one process) as production runs it, or None with --celery eager.
    It starts with an empty queue (--purge) and shares the machine's cores with the rest."""
    if args.celery != "worker":
        return None
    command = [
        str(Path(sys.executable).with_name("celery")),
        "-A",
        "parlor",
        "worker",
        "--concurrency=1",
        "--purge",
        "--without-gossip",
        "--without-mingle",
        "--loglevel=WARNING",
    ]
    return subprocess.Popen(command, cwd=REPO_ROOT, env=env, start_new_session=True)


def games_checked(env: dict[str, str]) -> tuple[int, int]:
    """(finished games, of which the worker has checked), once the queue has drained."""
    import psycopg

    url = env["DATABASE_URL"]
    deadline = time.monotonic() + 30
    with psycopg.connect(url, autocommit=True) as db:
        while True:
            finished, checked = db.execute(
                "SELECT count(*), count(verified_at) FROM parlor_game WHERE status = 'finished'"
            ).fetchone()
            if checked == finished or time.monotonic() > deadline:
                return finished, checked
            time.sleep(0.5)


def database_create(args: argparse.Namespace, env: dict[str, str]) -> None:
    import psycopg

    with psycopg.connect(f"{args.postgres}/postgres", autocommit=True) as admin:
        admin.execute(f'DROP DATABASE IF EXISTS "{args.database}" WITH (FORCE)')
        admin.execute(f'CREATE DATABASE "{args.database}"')
    subprocess.run(
        [sys.executable, "manage.py", "migrate", "--noinput", "-v", "0"],
        cwd=REPO_ROOT,
        env=env,
        check=True,
    )


def seed(args: argparse.Namespace, env: dict[str, str]) -> tuple[str, list[dict[str, Any]]]:
    """One parlor, a staff user with a token, `tablets` tables with four players and a game
    each. Returns the token and, per table, its id, players and game id."""
    os.environ.update(env)
    import django

    django.setup()
    from django.contrib.auth import get_user_model
    from django.db import connection, connections
    from rest_framework.authtoken.models import Token

    from bench.bare import CREATE_BARE_TABLE
    from bench.tables_seed import tables_with_games
    from parlor.models import MemberRole, Parlor, ParlorMember
    from rulesets.registry import PRESETS
    from scoring.ruleset import ValueInput

    ruleset = PRESETS[args.ruleset]
    if ruleset.value_input != ValueInput.HAN_FU or ruleset.player_count != 4:
        raise SystemExit(f"--ruleset {args.ruleset}: the tablets play four-player han and fu")
    with connection.cursor() as cursor:
        cursor.execute(CREATE_BARE_TABLE)
    parlor = Parlor.objects.create(name="ベンチ雀荘", slug="bench")
    staff = get_user_model().objects.create_user("bench-staff", password=secrets.token_hex(8))
    ParlorMember.objects.create(parlor=parlor, user=staff, role=MemberRole.STAFF)
    token = Token.objects.create(user=staff).key
    tables = [
        {
            "table": str(table.public_id),
            "players": [str(p.public_id) for p in players],
            "game": str(game.public_id),
        }
        for table, players, game in tables_with_games(parlor, staff, args.tablets, args.ruleset)
    ]
    connections.close_all()
    return token, tables


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind((HOST, 0))
        return int(sock.getsockname()[1])


def gunicorn_start(
    args: argparse.Namespace, env: dict[str, str], port: int, log: Path
) -> subprocess.Popen[bytes]:
    command = [
        str(Path(sys.executable).with_name("gunicorn")),
        "parlor.wsgi",
        f"--bind={HOST}:{port}",
        f"--workers={args.workers}",
        f"--worker-class={args.worker_class}",
        f"--threads={args.threads if args.worker_class == 'gthread' else 1}",
        "--backlog=2048",
        f"--access-logfile={log}",
        # path, query (the phase), status, microseconds in the worker
        "--access-logformat=%(U)s %(q)s %(s)s %(D)s",
        "--log-level=warning",
    ]
    # A session of its own: Ctrl-C reaches this script only, which then stops gunicorn.
    server = subprocess.Popen(command, cwd=REPO_ROOT, env=env, start_new_session=True)
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        if server.poll() is not None:
            raise SystemExit(f"gunicorn exited with {server.returncode}")
        try:
            with socket.create_connection((HOST, port), timeout=0.5):
                return server
        except OSError:
            time.sleep(0.1)
    gunicorn_stop(server)
    raise SystemExit("gunicorn did not start within 30 s")


def gunicorn_stop(server: subprocess.Popen[bytes]) -> None:
    """SIGTERM to the master (it stops its workers), SIGKILL if it lingers."""
    if server.poll() is not None:
        return
    server.send_signal(signal.SIGTERM)
    try:
        server.wait(timeout=15)
    except subprocess.TimeoutExpired:
        server.kill()
        server.wait()


Request = Callable[[str], Result]


def run_phase(
    name: str, requests: list[Request], *, seconds: float, warmup: float, rate: float = 0
) -> tuple[Timings, float]:
    """Runs every request function in its own thread for warm-up + `seconds`. With `rate`
    (requests per second over all threads) each thread keeps a fixed schedule and latency
    counts from the scheduled start. Returns the timings of the measured window."""
    timings = Timings()
    start = time.perf_counter() + 0.2
    window = (start + warmup, start + warmup + seconds)
    stop = threading.Event()

    def loop(request: Request, index: int) -> None:
        interval = len(requests) / rate if rate else 0.0
        due = start + (index / len(requests)) * interval
        while not stop.is_set():
            if rate:
                pause = due - time.perf_counter()
                if pause > 0:
                    time.sleep(pause)
            began, latency, error, kind = request(name)
            if rate:
                latency += began - due  # the time this request waited behind its schedule
                began, due = due, due + interval
            if window[0] <= began < window[1]:
                if error is None:
                    timings.add(began, latency, kind)
                else:
                    timings.error(error)
            if time.perf_counter() >= window[1]:
                break

    threads = [
        threading.Thread(target=loop, args=(request, index), daemon=True)
        for index, request in enumerate(requests)
    ]
    for thread in threads:
        thread.start()
    try:
        for thread in threads:
            thread.join()
    finally:
        stop.set()
    return timings, seconds


def percentile(values: list[float], fraction: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def server_times(log: Path) -> dict[tuple[str, str], list[float]]:
    """gunicorn's time per request (seconds) by (kind, phase) from the access log."""
    times: dict[tuple[str, str], list[float]] = {}
    for line in log.read_text().splitlines():
        parts = line.split()
        if len(parts) != 4 or not parts[1].startswith("phase="):
            continue
        path, query, status, micros = parts
        kind = (
            "floor"
            if path.startswith("/bench/floor/")
            else "bare"
            if path.startswith("/bench/")
            else "hand"
            if path.endswith("/hands/")
            else ""
        )
        if kind and status in ("200", "201"):
            times.setdefault((kind, query.removeprefix("phase=")), []).append(int(micros) / 1e6)
    return times


def row(label: str, timings: Timings, seconds: float, server: list[float]) -> str:
    ms = [latency * 1000 for latency in timings.latencies]
    server_ms = [value * 1000 for value in server]
    return (
        f"{label:<24}{len(ms):>8}{len(ms) / seconds:>9.1f}"
        f"{percentile(ms, 0.50):>8.1f}{percentile(ms, 0.95):>8.1f}{percentile(ms, 0.99):>8.1f}"
        f"{percentile(server_ms, 0.50):>9.1f}{percentile(server_ms, 0.95):>8.1f}"
        f"{len(timings.errors):>8}"
    )


def bare_request(http: Http, seed: int) -> Request:
    rng = random.Random(seed)
    return lambda phase: bare_insert(http, rng, phase)


def floor_request(tablet: Tablet, design: str, seed: int) -> Request:
    rng = random.Random(seed)
    return lambda phase: floor_record(tablet.http, tablet.game["id"], design, rng, phase)


def main() -> None:
    args = parse_args()
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))  # run the finally blocks
    env = environment(args)
    print(f"database {args.database}: create, migrate, seed {args.tablets} tables …", flush=True)
    database_create(args, env)
    token, tables = seed(args, env)
    port = args.port or free_port()
    log = Path(f"/tmp/tenbo-bench-api-{os.getpid()}.log")
    server = gunicorn_start(args, env, port, log)
    worker = celery_start(args, env)
    connections: list[Http] = []
    try:
        threads = f", {args.threads} threads each" if args.worker_class == "gthread" else ""
        celery = "a Celery worker on " + args.broker if worker else "Celery eager"
        print(
            f"gunicorn {args.workers} {args.worker_class} workers{threads} on {HOST}:{port}, "
            f"{celery}; {args.tablets} tablets; {args.seconds:g} s per phase after "
            f"{args.warmup:g} s warm-up",
            flush=True,
        )
        tablets = []
        for index, table in enumerate(tables):
            http = Http(HOST, port, token)
            connections.append(http)
            status, content, _ = http.call("GET", f"/api/games/{table['game']}/?phase=setup")
            if status != 200:
                raise SystemExit(f"GET game: {status} {content[:300]!r}")
            tablets.append(
                Tablet(
                    http,
                    table["table"],
                    table["players"],
                    json.loads(content),
                    random.Random(index),
                    minimal=args.answer == "minimal",
                )
            )
        phases: list[tuple[str, str, Timings, float]] = []
        hands, seconds = run_phase(
            "saturated",
            [tablet.record_hand for tablet in tablets],
            seconds=args.seconds,
            warmup=args.warmup,
        )
        phases.append(("hand", "record hand, saturated", hands, seconds))
        bare, seconds = run_phase(
            "bare",
            [bare_request(tablet.http, index) for index, tablet in enumerate(tablets)],
            seconds=args.seconds,
            warmup=args.warmup,
        )
        phases.append(("bare", "bare insert, saturated", bare, seconds))
        hand_rate = len(hands.latencies) / args.seconds
        paced_rate = args.paced_rate or hand_rate * args.paced
        if paced_rate > 0:
            paced, seconds = run_phase(
                "paced",
                [tablet.record_hand for tablet in tablets],
                seconds=args.seconds,
                warmup=args.warmup,
                rate=paced_rate,
            )
            phases.append(("hand", f"record hand at {paced_rate:.0f}/s", paced, seconds))
        # Last: the floors write hands the tablets do not know of (their games' own counts).
        for design in () if args.no_floor else FLOOR_LABELS:
            floor, seconds = run_phase(
                f"floor-{design}",
                [floor_request(t, design, i) for i, t in enumerate(tablets)],
                seconds=args.seconds,
                warmup=args.warmup,
            )
            phases.append(("floor", FLOOR_LABELS[design], floor, seconds))
    finally:
        for http in connections:
            http.close()
        gunicorn_stop(server)
        checked = games_checked(env) if worker is not None else None
        if worker is not None:
            gunicorn_stop(worker)  # the same: SIGTERM, then SIGKILL
    report(args, phases, server_times(log), tablets)
    if checked is not None:
        print(f"finished games {checked[0]}, checked by the Celery worker {checked[1]}")
    log.unlink(missing_ok=True)


def report(
    args: argparse.Namespace,
    phases: list[tuple[str, str, Timings, float]],
    server: dict[tuple[str, str], list[float]],
    tablets: list[Tablet],
) -> None:
    phase_names = {
        "record hand, saturated": "saturated",
        "bare insert, saturated": "bare",
        **{label: f"floor-{design}" for design, label in FLOOR_LABELS.items()},
    }
    print()
    print(
        f"{'':<24}{'requests':>8}{'req/s':>9}{'p50':>8}{'p95':>8}{'p99':>8}"
        f"{'srv p50':>9}{'srv p95':>8}{'errors':>8}   (ms)"
    )
    results = {}
    for kind, label, timings, seconds in phases:
        phase = phase_names.get(label, "paced")
        print(row(label, timings, seconds, server.get((kind, phase), [])))
        results[phase] = timings
    hand_rate = len(results["saturated"].latencies) / args.seconds
    bare_rate = len(results["bare"].latencies) / args.seconds
    ratio = hand_rate / bare_rate if bare_rate else float("nan")
    print()
    verdict = "met" if ratio >= 0.6 else "NOT met"
    print(f"record-hand / bare throughput: {ratio:.2f} (target >= 0.6: {verdict})")
    for design in FLOOR_LABELS:
        floor = results.get(f"floor-{design}")
        if floor is not None and bare_rate:
            floor_rate = len(floor.latencies) / args.seconds
            print(
                f"  floor ({design}) / bare: {floor_rate / bare_rate:.2f}, "
                f"record-hand / floor: {hand_rate / floor_rate:.2f}"
            )
    if "floor-tx" in results and "floor-orm" in results:
        tx_rate, orm_rate = (
            len(results[f"floor-{d}"].latencies) / args.seconds for d in ("tx", "orm")
        )
        verdict = "met" if hand_rate >= 0.6 * tx_rate else "NOT met"
        print(
            f"record-hand / floor (tx): {hand_rate / tx_rate:.2f} (target >= 0.6: {verdict}); "
            f"the same writes in plain Django, floor (orm) / floor (tx): {orm_rate / tx_rate:.2f}"
        )
    if "paced" in results:
        paced = results["paced"]
        p95 = percentile([x * 1000 for x in paced.latencies], 0.95)
        verdict = "met" if p95 < 30 else "NOT met"
        print(f"record-hand p95, paced: {p95:.1f} ms (target < 30 ms: {verdict})")
        for kind in (Kind.HAND, Kind.LAST_HAND):
            ms = [x * 1000 for x in paced.of_kind(kind)]
            print(
                f"  paced, {kind}: {len(ms)} requests, p50 {percentile(ms, 0.5):.1f} ms, "
                f"p95 {percentile(ms, 0.95):.1f} ms"
            )
    games = sum(t.games_started for t in tablets)
    hands = sum(t.hands_recorded for t in tablets)
    print(f"hands recorded {hands}, games ended and started again {games}")
    errors = [e for _, _, timings, _ in phases for e in timings.errors]
    for error in errors[:5]:
        print(f"  error: {error}")
    print(
        f"({os.cpu_count()} CPUs here; load average {os.getloadavg()[0]:.1f}: figures from a busy "
        "machine are noisy)"
    )


if __name__ == "__main__":
    main()
