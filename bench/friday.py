"""A parlor's Friday: 40 tablets recording hands, 160 phones on the live view, two TV boards and
the counter, on gunicorn with 2 sync workers, PostgreSQL and Redis; two checkouts side by side.

For each checkout given (`--repo`, this one by default; `--repo ../old --repo .` compares two
in one run), a database of its own (tenbo_bench_friday_<n>, dropped and made again) is
migrated and seeded by that checkout's own services: one parlor, `--tables` tables with four
players and a game in progress each, a staff member with an API token and a signed-in session.
Each checkout's gunicorn (`--workers` sync workers, DEBUG off, Celery eager, the cache on
Redis, database 13, a key prefix of its own) runs beside the other; the phases alternate
between them so both see the same machine:

1. polls, as fast as possible (the server's capacity for the live view): `--pollers` phones
   in `--client-processes` processes each ask for their table's live state again as soon as
   they have the answer, with the ETag they hold (a 304 when nothing changed; nothing is
   recorded meanwhile), each request bytes made once on a raw socket so the client, which
   shares the cores, costs as little as it can. Prints polls a second and their p50/p95.
2. Friday: every tablet records a hand (POST /api/games/{id}/hands/, as bench/api_load.py's
   tablets) and waits a human pause (uniform around `--hand-seconds`), a new game when one
   ends; four phones per table (`--phones-per-table`; 0 gives the hands' p95 without them)
   poll its live view every 3 s with their ETag; two TV boards
   fetch the public standings every 15 s (the least the TV allows); the counter's board polls
   the floor every 5 s with its ETag, as the page does. Prints each request kind's
   count, p50 and p95, and the polls a second the server carried.

Run from the repository root, with PostgreSQL and Redis on 127.0.0.1:

    python bench/friday.py [--repo ../old --repo .] [--seconds 90] [--max-seconds 20]

Prints the machine's load average before and after (`uptime`): the figures are noisy while
other work shares the cores.
"""

from __future__ import annotations

import argparse
import http.client
import importlib.util
import json
import multiprocessing
import os
import random
import secrets
import socket
import statistics
import subprocess
import sys
import threading
import time
import uuid
from collections import defaultdict
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(HERE))

from bench.load_client import Http, Kind, Tablet  # noqa: E402
from bench.tablet_taps import free_port, group_stop  # noqa: E402

HOST = "127.0.0.1"
PG = f"postgres://postgres@{HOST}:5432"
CACHE = f"redis://{HOST}:6379/13"
PHONE_SECONDS = 3.0  # parlor.public.live.LIVE_POLL_SECONDS
TV_SECONDS = 15.0  # the least refresh the TV page takes (public.views.TV_REFRESH_SECONDS)
COUNTER_SECONDS = 5.0  # static/tablet/floor-live.js
WARMUP_SECONDS = 3.0


def parse_args() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repo", action="append", type=Path, help="a checkout (repeatable)")
    parser.add_argument("--tables", type=int, default=40)
    parser.add_argument("--workers", type=int, default=2, help="gunicorn sync workers")
    parser.add_argument("--seconds", type=float, default=90, help="the Friday phase")
    parser.add_argument("--max-seconds", type=float, default=20, help="the polls-only phase")
    parser.add_argument("--pollers", type=int, default=32, help="phones in the polls-only phase")
    parser.add_argument("--client-processes", type=int, default=2)
    parser.add_argument("--hand-seconds", type=float, default=20, help="a tablet's mean pause")
    parser.add_argument(
        "--phones-per-table", type=int, default=4, help="on the Friday; 0: the hands' own p95"
    )
    parser.add_argument("--no-max", action="store_true", help="skip the polls-only phase")
    parser.add_argument("--rounds", type=int, default=1, help="phases per checkout, alternating")
    parser.add_argument("--seed-into", help=argparse.SUPPRESS)  # internal: seed this database
    return parser.parse_args()


# --- seeding, run by each checkout's own Python inside that checkout -----------------------


def _tables_seed() -> Any:
    """This checkout's bench/tables_seed.py, by its path: the checkout being seeded comes first
    on sys.path (its parlor is the one under test) and may have an older bench/."""
    spec = importlib.util.spec_from_file_location("tables_seed", HERE / "bench" / "tables_seed.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def seed_here(tables: int) -> dict[str, Any]:
    """The parlor of the benchmark, made through the services of the checkout that runs this."""
    import django

    django.setup()
    from django.conf import settings
    from django.contrib.auth import get_user_model
    from django.test import Client
    from rest_framework.authtoken.models import Token

    from parlor.models import MemberRole, Parlor, ParlorMember
    from parlor.selectors.live import live_token

    parlor = Parlor.objects.create(name="金曜の雀荘", slug="friday")
    staff = get_user_model().objects.create_user("friday-staff", password=secrets.token_hex(8))
    ParlorMember.objects.create(parlor=parlor, user=staff, role=MemberRole.STAFF)
    browser = Client()
    browser.force_login(staff)
    rows = [
        {
            "table": str(table.public_id),
            "players": [str(p.public_id) for p in players],
            "game": str(game.public_id),
            "live": live_token(game.seat_draw),
        }
        for table, players, game in _tables_seed().tables_with_games(
            parlor, staff, tables, "standard"
        )
    ]
    return {
        "token": Token.objects.create(user=staff).key,
        "session": (cookie := settings.SESSION_COOKIE_NAME, browser.cookies[cookie].value),
        "slug": parlor.slug,
        "tables": rows,
    }


# --- servers ---------------------------------------------------------------------------------


def server_env(repo: Path, database: str, secret: str, index: int) -> dict[str, str]:
    drop = {"DJANGO_SETTINGS_MODULE", "PYTHONPATH", "DJANGO_DEBUG", "CELERY_BROKER_URL"}
    return {
        **{k: v for k, v in os.environ.items() if k not in drop},
        "DATABASE_URL": f"{PG}/{database}",
        "SECRET_KEY": secret,  # the live links are signed with it: the seeding's and the server's
        "DJANGO_DEBUG": "0",
        "DJANGO_STATIC_HASHED": "0",  # no collectstatic: the TV page names the plain files
        "CACHE_URL": CACHE,
        "CACHE_KEY_PREFIX": f"friday-{index}-{secret[:8]}",
        "LOG_LEVEL": "WARNING",
        "PYTHONPATH": str(repo),
    }


def prepare(repo: Path, index: int, tables: int, secret: str) -> tuple[dict[str, str], Any]:
    """A fresh database for `repo`, migrated and seeded by its own code; (env, seed)."""
    import psycopg

    database = f"tenbo_bench_friday_{index}"
    with psycopg.connect(f"{PG}/postgres", autocommit=True) as admin:
        admin.execute(f'DROP DATABASE IF EXISTS "{database}" WITH (FORCE)')
        admin.execute(f'CREATE DATABASE "{database}"')
    env = server_env(repo, database, secret, index)
    python = str(repo / ".venv" / "bin" / "python")
    subprocess.run([python, "manage.py", "migrate", "--noinput", "-v", "0"], cwd=repo, env=env,
                   check=True)
    seeded = subprocess.run(
        [python, str(Path(__file__).resolve()), "--seed-into", database, "--tables", str(tables)],
        cwd=repo, env={**env, "DJANGO_SETTINGS_MODULE": "parlor.settings"}, check=True,
        capture_output=True, text=True,
    )
    return env, json.loads(seeded.stdout.strip().splitlines()[-1])


@contextmanager
def gunicorn(repo: Path, env: dict[str, str], workers: int) -> Iterator[int]:
    port = free_port()
    command = [str(repo / ".venv" / "bin" / "gunicorn"), "parlor.wsgi", f"--bind={HOST}:{port}",
               f"--workers={workers}", "--backlog=2048", "--log-level=warning"]
    server = subprocess.Popen(command, cwd=repo, env=env, start_new_session=True)
    try:
        deadline = time.monotonic() + 60
        while True:
            if server.poll() is not None or time.monotonic() > deadline:
                raise SystemExit(f"gunicorn of {repo} did not start")
            try:
                with socket.create_connection((HOST, port), timeout=0.5):
                    break
            except OSError:
                time.sleep(0.2)
        yield port
    finally:
        group_stop(server)


# --- the clients -----------------------------------------------------------------------------


class Recorder:
    def __init__(self) -> None:
        self.latencies: dict[str, list[float]] = defaultdict(list)
        self.errors: list[str] = []
        self.lock = threading.Lock()

    def add(self, kind: str, seconds: float) -> None:
        with self.lock:
            self.latencies[kind].append(seconds)

    def error(self, text: str) -> None:
        with self.lock:
            self.errors.append(text)


def get(port: int, path: str, headers: dict[str, str]) -> tuple[int, bytes, dict[str, str], float]:
    """One GET on a new connection (gunicorn's sync workers close it after every answer)."""
    connection = http.client.HTTPConnection(HOST, port, timeout=60)
    start = time.perf_counter()
    try:
        connection.request("GET", path, headers=headers)
        response = connection.getresponse()
        body = response.read()
        return response.status, body, dict(response.getheaders()), time.perf_counter() - start
    finally:
        connection.close()


def phone(
    port: int, token: str, until: float, every: float, record: Recorder, since: float = 0
) -> None:
    """A phone on a live view: polls with the ETag it holds, every `every` seconds (0: at once);
    the polls started before `since` are not counted (the warm-up)."""
    etag = ""
    due = time.perf_counter() + random.uniform(0, every)
    while True:
        if every:
            time.sleep(max(0.0, due - time.perf_counter()))
            due += every
        began = time.perf_counter()
        if began >= until:
            return
        headers = {"Accept": "application/json"} | ({"If-None-Match": etag} if etag else {})
        try:
            status, _, answer, seconds = get(port, f"/live/{token}/state/", headers)
        except (OSError, http.client.HTTPException) as exc:
            record.error(f"poll: {exc}")
            continue
        if status == 200:
            etag = answer.get("ETag", "")
        if began < since:
            continue
        if status in (200, 304):
            record.add(f"poll, {'changed' if status == 200 else 'unchanged'} ({status})", seconds)
        else:
            record.error(f"poll: {status}")


def raw_get(port: int, request: bytes) -> tuple[int, bytes]:
    """(status, head) of one GET sent as bytes made once: the polls-only phase's client, so
    the client's own parsing (http.client's) takes less of the cores the server shares."""
    with socket.create_connection((HOST, port), timeout=60) as connection:
        connection.sendall(request)
        chunks = []
        while chunk := connection.recv(65536):  # the sync worker closes after the answer
            chunks.append(chunk)
    answer = b"".join(chunks)
    return int(answer[9:12]), answer.split(b"\r\n\r\n", 1)[0]


def fast_phone(port: int, token: str, until: float, since: float, record: Recorder) -> None:
    """A phone polling back to back with the ETag of its first answer."""
    path = f"/live/{token}/state/"
    _, head = raw_get(port, f"GET {path} HTTP/1.1\r\nHost: {HOST}\r\n\r\n".encode())
    etag = next(line.split(b":", 1)[1].strip() for line in head.split(b"\r\n")
                if line.lower().startswith(b"etag:"))
    request = (f"GET {path} HTTP/1.1\r\nHost: {HOST}\r\nAccept: application/json\r\n"
               f"If-None-Match: {etag.decode()}\r\nConnection: close\r\n\r\n").encode()
    while (began := time.perf_counter()) < until:
        try:
            status, _ = raw_get(port, request)
        except OSError as exc:
            record.error(f"poll: {exc}")
            continue
        if began < since:
            continue
        if status in (200, 304):
            record.add(f"poll, {'changed' if status == 200 else 'unchanged'} ({status})",
                       time.perf_counter() - began)
        else:
            record.error(f"poll: {status}")


def poll_process(port: int, tokens: list[str], seconds: float) -> dict[str, Any]:
    """The polls-only phase in one client process: a thread per phone, polling back to back
    (WARMUP_SECONDS first, not counted)."""
    record = Recorder()
    since = time.perf_counter() + WARMUP_SECONDS
    until = since + seconds
    threads = [threading.Thread(target=fast_phone, args=(port, token, until, since, record))
               for token in tokens]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return {"latencies": dict(record.latencies), "errors": record.errors}


def polls_at_full_speed(port: int, seed: Any, args: argparse.Namespace) -> Recorder:
    tokens = [row["live"] for row in seed["tables"]]
    tokens = [tokens[i % len(tokens)] for i in range(args.pollers)]
    shares = [tokens[i :: args.client_processes] for i in range(args.client_processes)]
    with multiprocessing.get_context("fork").Pool(args.client_processes) as pool:
        parts = pool.starmap(poll_process, [(port, share, args.max_seconds) for share in shares])
    record = Recorder()
    for part in parts:
        for kind, values in part["latencies"].items():
            record.latencies[kind].extend(values)
        record.errors.extend(part["errors"])
    return record


class KeepingTablet(Tablet):
    """A tablet whose group plays on: the next game keeps the seat draw, so the phones' link
    follows it (a new draw would expire it, as at a real table)."""

    def start_game(self) -> None:
        status, content, _ = self.http.call(
            "POST",
            f"/api/tables/{self.table_id}/games/?phase=setup",
            {"players": [], "seating": "keep"},
            **{"Idempotency-Key": str(uuid.uuid4())},
        )
        if status != 201:
            raise RuntimeError(f"could not start a game: {status} {content[:300]!r}")
        self.game = json.loads(content)
        self.games_started += 1


def tablet(port: int, seed: Any, row: Any, until: float, pace: float, record: Recorder) -> None:
    http_ = Http(HOST, port, seed["token"])
    status, body, _ = http_.call("GET", f"/api/games/{row['game']}/")
    game = json.loads(body)
    if game["status"] != "in_progress":
        game = {"status": "over", "id": row["game"], "hand_count": 0, "scores": []}
    device = KeepingTablet(http_, row["table"], row["players"], game,
                           random.Random(row["game"]), minimal=True)
    if status != 200 or game["status"] != "in_progress":
        device.start_game()
    time.sleep(random.uniform(0, pace))
    while time.perf_counter() < until:
        _, latency, error, kind = device.record_hand("friday")
        if error:
            record.error(f"hand: {error[:120]}")
        else:
            record.add("record hand" if kind == Kind.HAND else "record last hand", latency)
        time.sleep(random.uniform(0.5 * pace, 1.5 * pace))


def every(port: int, path: str, headers: dict[str, str], seconds: float, until: float,
          kind: str, record: Recorder, *, etag: bool) -> None:
    held = ""
    due = time.perf_counter() + random.uniform(0, seconds)
    while True:
        time.sleep(max(0.0, due - time.perf_counter()))
        due += seconds
        if time.perf_counter() >= until:
            return
        sent = headers | ({"If-None-Match": held} if held else {})
        try:
            status, _, answer, latency = get(port, path, sent)
        except (OSError, http.client.HTTPException) as exc:
            record.error(f"{kind}: {exc}")
            continue
        if status not in (200, 304):
            record.error(f"{kind}: {status}")
            continue
        if etag and status == 200:
            held = answer.get("ETag", "")
        record.add(kind, latency)


def warm(port: int, seed: Any) -> None:
    """Every kind of request a few times in parallel, so each worker has loaded what it needs
    before anything is timed."""
    cookie = {"Cookie": f"{seed['session'][0]}={seed['session'][1]}"}
    token = {"Authorization": f"Token {seed['token']}"}
    paths = [
        (f"/live/{seed['tables'][0]['live']}/state/", {}),
        (f"/standings/{seed['slug']}/tv/", {}),
        ("/tablet/floor/live/board/", cookie),
        (f"/api/games/{seed['tables'][0]['game']}/", token),
    ]

    def each() -> None:
        for _ in range(3):
            for path, headers in paths:
                get(port, path, headers)

    threads = [threading.Thread(target=each) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()


def friday(port: int, seed: Any, args: argparse.Namespace) -> Recorder:
    record = Recorder()
    until = time.perf_counter() + args.seconds
    cookie = {"Cookie": f"{seed['session'][0]}={seed['session'][1]}"}
    threads = [threading.Thread(target=tablet, args=(port, seed, row, until, args.hand_seconds,
                                                     record)) for row in seed["tables"]]
    threads += [threading.Thread(target=phone, args=(port, row["live"], until, PHONE_SECONDS,
                                                     record))
                for row in seed["tables"] for _ in range(args.phones_per_table)]
    threads += [threading.Thread(target=every, args=(port, f"/standings/{seed['slug']}/tv/", {},
                                                     TV_SECONDS, until, "TV board", record),
                                 kwargs={"etag": False}) for _ in range(2)]
    threads.append(threading.Thread(target=every, args=(port, "/tablet/floor/live/board/",
                                                        cookie, COUNTER_SECONDS, until,
                                                        "counter's board", record),
                                    kwargs={"etag": True}))
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return record


# --- the report ------------------------------------------------------------------------------


def ms(values: list[float], q: int) -> str:
    if not values:
        return "-"
    if len(values) == 1:
        return f"{values[0] * 1000:.1f}"
    return f"{statistics.quantiles(values, n=100, method='inclusive')[q - 1] * 1000:.1f}"


def polls(record: Recorder) -> list[float]:
    return [v for kind, values in record.latencies.items() if kind.startswith("poll")
            for v in values]


def report(title: str, results: list[tuple[str, Recorder, float]]) -> None:
    print(f"\n## {title}\n")
    kinds = sorted({kind for _, record, _ in results for kind in record.latencies})
    print("| | " + " | ".join(name for name, _, _ in results) + " |")
    print("|---|" + "---|" * len(results))
    for kind in kinds:
        cells = [f"{len(r.latencies[kind])}: {ms(r.latencies[kind], 50)} / "
                 f"{ms(r.latencies[kind], 95)}" for _, r, _ in results]
        print(f"| {kind} (n: p50 / p95 ms) | " + " | ".join(cells) + " |")
    print("| **polls a second** | " + " | ".join(
        f"**{len(polls(r)) / seconds:.0f}**" for _, r, seconds in results) + " |")
    print("| errors | " + " | ".join(str(len(r.errors)) for _, r, _ in results) + " |")
    for name, record, _ in results:
        for text in sorted(set(record.errors))[:5]:
            print(f"  {name}: {text}")


def commit_of(repo: Path) -> str:
    git = ["git", "rev-parse", "--short", "HEAD"]
    return subprocess.run(git, cwd=repo, capture_output=True, text=True).stdout.strip()


def uptime() -> str:
    return subprocess.run(["uptime"], capture_output=True, text=True).stdout.strip()


def main() -> None:
    args = parse_args()
    if args.seed_into:
        sys.path.insert(0, os.getcwd())
        print(json.dumps(seed_here(args.tables)))
        return
    repos = [repo.resolve() for repo in (args.repo or [HERE])]
    names = [f"{repo.name}@{commit_of(repo)}" for repo in repos]
    secret = secrets.token_urlsafe(40)
    print(f"before: {uptime()}", flush=True)
    prepared = [prepare(repo, i, args.tables, secret) for i, repo in enumerate(repos)]
    capacity: dict[str, list[tuple[Recorder, float]]] = defaultdict(list)
    evenings: dict[str, list[tuple[Recorder, float]]] = defaultdict(list)
    with ExitStack() as stack:
        ports = [stack.enter_context(gunicorn(repo, env, args.workers))
                 for repo, (env, _) in zip(repos, prepared, strict=True)]
        for port, (_, seed) in zip(ports, prepared, strict=True):
            warm(port, seed)
        for _ in range(args.rounds):
            for name, port, (_, seed) in zip(names, ports, prepared, strict=True):
                if args.no_max:
                    break
                print(f"polls at full speed on {name}: {uptime()}", flush=True)
                capacity[name].append((polls_at_full_speed(port, seed, args), args.max_seconds))
            for name, port, (_, seed) in zip(names, ports, prepared, strict=True):
                print(f"Friday on {name}: {uptime()}", flush=True)
                evenings[name].append((friday(port, seed, args), args.seconds))
    print(f"after: {uptime()}")
    for title, runs in (("Polls at full speed", capacity), ("Friday", evenings)):
        if not runs:
            continue
        merged = []
        for name in names:
            record = Recorder()
            for part, _ in runs[name]:
                for kind, values in part.latencies.items():
                    record.latencies[kind].extend(values)
                record.errors.extend(part.errors)
            merged.append((name, record, sum(seconds for _, seconds in runs[name])))
        report(title, merged)


if __name__ == "__main__":
    main()
