"""A throwaway PostgreSQL cluster and a gunicorn serving the parlor on it, on 127.0.0.1 only,
and a small HTTP client that retries like a tablet. Used by the fault tests."""

from __future__ import annotations

import contextlib
import http.client
import json
import os
import pwd
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
HOST = "127.0.0.1"


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind((HOST, 0))
        return int(sock.getsockname()[1])


def postgres_bindir() -> Path | None:
    """PostgreSQL's server binaries: TENBO_PG_BIN, or the newest /usr/lib/postgresql/*/bin."""
    wanted = os.environ.get("TENBO_PG_BIN")
    candidates = (
        [Path(wanted)]
        if wanted
        else sorted(
            Path("/usr/lib/postgresql").glob("*/bin"),
            key=lambda p: int(p.parent.name),
            reverse=True,
        )
        if Path("/usr/lib/postgresql").is_dir()
        else []
    )
    for path in candidates:
        if (path / "initdb").exists() and (path / "pg_ctl").exists():
            return path
    return None


def cannot_run_postgres() -> str:
    """Why this machine cannot run a throwaway cluster, or "" if it can."""
    if postgres_bindir() is None:
        return (
            "PostgreSQL server binaries (initdb, pg_ctl) not found: apt-get install "
            "postgresql, or set TENBO_PG_BIN"
        )
    if os.geteuid() == 0:
        try:
            pwd.getpwnam("postgres")
        except KeyError:
            return "running as root without a postgres user to run PostgreSQL as"
        if shutil.which("runuser") is None:
            return "running as root without runuser to run PostgreSQL as postgres"
    return ""


class PgCluster:
    """initdb + pg_ctl in a temporary directory; never touches any other server.

    As root, PostgreSQL refuses to run, so its commands run as the `postgres` user in a
    directory that user owns.
    """

    def __init__(self, bindir: Path) -> None:
        self.bindir = bindir
        self.port = free_port()
        self.dir = Path(tempfile.mkdtemp(prefix="tenbo-fault-pg-"))
        self.data = self.dir / "data"
        self.log = self.dir / "postgres.log"
        self.as_user: list[str] = []
        if os.geteuid() == 0:
            user = pwd.getpwnam("postgres")
            os.chown(self.dir, user.pw_uid, user.pw_gid)
            self.as_user = ["runuser", "-u", "postgres", "--"]

    @property
    def url(self) -> str:
        return f"postgres://postgres@{HOST}:{self.port}/tenbo"

    def _run(self, *args: str, timeout: float = 60) -> None:
        done = subprocess.run(
            [*self.as_user, str(self.bindir / args[0]), *args[1:]],
            capture_output=True,
            text=True,
            timeout=timeout,
            cwd=self.dir,
        )
        if done.returncode != 0:
            raise RuntimeError(f"{args[0]} failed: {done.stdout}{done.stderr}{self._log_tail()}")

    def _log_tail(self) -> str:
        with contextlib.suppress(OSError):
            return "\n" + self.log.read_text()[-2000:]
        return ""

    def init(self) -> None:
        self._run(
            "initdb",
            "-D",
            str(self.data),
            "-U",
            "postgres",
            "--auth=trust",
            "-E",
            "UTF8",
            "--locale=C",
            "--no-sync",
        )
        options = f"-p {self.port} -k {self.dir} -c listen_addresses={HOST}"
        with (self.data / "postgresql.conf").open("a") as conf:
            conf.write(f"\n# tenbo fault tests\nport = {self.port}\n")
        self.options = options
        self.start()
        self._run("createdb", "-h", HOST, "-p", str(self.port), "-U", "postgres", "tenbo")

    def start(self) -> None:
        self._run(
            "pg_ctl",
            "-D",
            str(self.data),
            "-l",
            str(self.log),
            "-w",
            "-t",
            "60",
            "-o",
            self.options,
            "start",
        )

    def restart(self, mode: str) -> None:
        """`fast` rolls back open transactions and checkpoints; `immediate` is a crash."""
        self._run(
            "pg_ctl",
            "-D",
            str(self.data),
            "-l",
            str(self.log),
            "-w",
            "-t",
            "60",
            "-m",
            mode,
            "-o",
            self.options,
            "restart",
        )

    def stop(self) -> None:
        with contextlib.suppress(Exception):
            self._run("pg_ctl", "-D", str(self.data), "-w", "-m", "immediate", "stop")
        shutil.rmtree(self.dir, ignore_errors=True)

    def query(self, sql: str, *params: Any) -> list[tuple[Any, ...]]:
        import psycopg

        with psycopg.connect(self.url.replace("postgres://", "postgresql://")) as conn:
            return list(conn.execute(sql, params).fetchall())


def service_env(database_url: str) -> dict[str, str]:
    """The production-like environment of the service under test (plain HTTP, loopback)."""
    env = {
        k: v
        for k, v in os.environ.items()
        if not k.startswith(("DJANGO_", "PYTEST", "CACHE_", "REDIS_", "CELERY_"))
    }
    env.update(
        {
            "DATABASE_URL": database_url,
            "SECRET_KEY": "fault-tests-" + "k" * 60,
            "ALLOWED_HOSTS": HOST,
            "LOG_LEVEL": "WARNING",
            "PYTHONPATH": str(ROOT),
        }
    )
    return env


class Gunicorn:
    def __init__(self, env: dict[str, str], logdir: Path, workers: int = 2) -> None:
        self.port = free_port()
        self.log = open(logdir / "gunicorn.log", "w")  # noqa: SIM115 (closed in stop)
        self.proc = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "gunicorn",
                "parlor.wsgi",
                "--bind",
                f"{HOST}:{self.port}",
                "--workers",
                str(workers),
                "--timeout",
                "30",
                "--graceful-timeout",
                "5",
            ],
            cwd=ROOT,
            env=env,
            stdout=self.log,
            stderr=subprocess.STDOUT,
        )
        (logdir / "gunicorn.pid").write_text(str(self.proc.pid))  # for the watchdog

    @property
    def base(self) -> tuple[str, int]:
        return HOST, self.port

    def workers(self) -> list[int]:
        """The master's live children (its workers)."""
        path = Path(f"/proc/{self.proc.pid}/task/{self.proc.pid}/children")
        with contextlib.suppress(OSError):
            return [int(pid) for pid in path.read_text().split()]
        return []

    def workers_in_a_request(self, database_port: int) -> list[int]:
        """Workers holding a connection to the database: they have served requests and, under
        load, are most likely in one now (a fresh worker still importing Django has none)."""
        established = set()
        with contextlib.suppress(OSError):
            for line in Path("/proc/net/tcp").read_text().splitlines()[1:]:
                fields = line.split()
                remote_port = int(fields[2].split(":")[1], 16)
                if remote_port == database_port and fields[3] == "01":  # ESTABLISHED
                    established.add(f"socket:[{fields[9]}]")
        busy = []
        for pid in self.workers():
            with contextlib.suppress(OSError):
                fds = Path(f"/proc/{pid}/fd")
                if any(os.readlink(fd) in established for fd in fds.iterdir()):
                    busy.append(pid)
        return busy

    def wait_ready(self, token: str, timeout: float = 60) -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"gunicorn exited: {self.log_tail()}")
            with contextlib.suppress(OSError, http.client.HTTPException):
                if request(self.base, "GET", "/api/me/", token=token).status == 200:
                    return
            time.sleep(0.2)
        raise RuntimeError(f"gunicorn did not answer in {timeout} s: {self.log_tail()}")

    def log_tail(self) -> str:
        self.log.flush()
        return (Path(self.log.name).read_text())[-3000:]

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGINT)  # quick shutdown: the tests are over
            try:
                self.proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(timeout=10)
        self.log.close()


WATCHDOG = """
import os, pathlib, signal, subprocess, sys, time, shutil
parent, pg_ctl, data, directory, runner = int(sys.argv[1]), *sys.argv[2:5], sys.argv[5:]
while True:
    try:
        os.kill(parent, 0)
    except ProcessLookupError:
        break
    time.sleep(0.5)
try:
    os.kill(int(pathlib.Path(directory, "gunicorn.pid").read_text()), signal.SIGINT)
except (OSError, ValueError):
    pass
subprocess.run([*runner, pg_ctl, "-D", data, "-m", "immediate", "stop"], capture_output=True)
shutil.rmtree(directory, ignore_errors=True)
"""


def watchdog(cluster: PgCluster) -> subprocess.Popen[bytes]:
    """A process in its own session that, should the test process die without its teardown
    (killed, timed out), stops our gunicorn (its pid file in the cluster's directory) and the
    cluster, and removes it: nothing the fault tests start outlives them. The fixture
    terminates it after its own cleanup."""
    return subprocess.Popen(
        [
            sys.executable,
            "-c",
            WATCHDOG,
            str(os.getpid()),
            str(cluster.bindir / "pg_ctl"),
            str(cluster.data),
            str(cluster.dir),
            *cluster.as_user,
        ],
        start_new_session=True,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )


@dataclass
class Reply:
    status: int
    body: Any
    headers: dict[str, str]


def request(
    base: tuple[str, int],
    method: str,
    path: str,
    *,
    token: str,
    body: Any = None,
    headers: dict[str, str] | None = None,
    timeout: float = 30,
) -> Reply:
    """One HTTP request on a new connection (gunicorn's sync workers close them anyway)."""
    conn = http.client.HTTPConnection(*base, timeout=timeout)
    try:
        payload = json.dumps(body).encode() if body is not None else None
        conn.request(
            method,
            path,
            body=payload,
            headers={
                "Authorization": f"Token {token}",
                "Content-Type": "application/json",
                **(headers or {}),
            },
        )
        response = conn.getresponse()
        raw = response.read()
        try:
            data = json.loads(raw) if raw else None
        except ValueError:
            data = raw.decode(errors="replace")
        return Reply(response.status, data, {k.lower(): v for k, v in response.getheaders()})
    finally:
        conn.close()


RETRIED_STATUSES = {500, 502, 503, 504}


@dataclass
class Figures:
    """What a fault test prints: every request sent, retries, faults, what was lost."""

    requests: int = 0
    connection_errors: int = 0
    server_errors: int = 0
    replays: int = 0
    acknowledged: dict[str, int] = field(default_factory=dict)  # Idempotency-Key -> sequence
    lock: threading.Lock = field(default_factory=threading.Lock)

    def count(self, **deltas: int) -> None:
        with self.lock:
            for name, delta in deltas.items():
                setattr(self, name, getattr(self, name) + delta)


def submit_with_retries(
    base: tuple[str, int],
    token: str,
    path: str,
    body: Any,
    *,
    key: str,
    figures: Figures,
    deadline: float,
) -> Reply:
    """POSTs like a tablet: the same Idempotency-Key again after a connection error or a
    5xx, until an answer or the deadline."""
    pause = 0.05
    while True:
        figures.count(requests=1)
        try:
            reply = request(
                base, "POST", path, token=token, body=body, headers={"Idempotency-Key": key}
            )
        except (OSError, http.client.HTTPException):
            figures.count(connection_errors=1)
        else:
            if reply.status not in RETRIED_STATUSES:
                if reply.headers.get("idempotent-replayed") == "true":
                    figures.count(replays=1)
                return reply
            figures.count(server_errors=1)
        if time.monotonic() > deadline:
            raise TimeoutError(f"no answer for {key} before the deadline")
        time.sleep(pause)
        pause = min(pause * 2, 1.0)


def hand_for(sequence: int) -> dict[str, Any]:
    """A draw with the dealer (seat 0) tenpai, so the game goes on for as long as we like
    (honba grows by one each hand); one other seat tenpai, in turn, so the scores move."""
    return {"result": {"kind": "draw", "tenpai": [0, 1 + sequence % 3]}}


def play_hands(
    base: tuple[str, int],
    token: str,
    game_id: str,
    count: int,
    *,
    figures: Figures,
    deadline: float,
    errors: list[str],
) -> None:
    """Records hands 1..count of one game, each retried until acknowledged."""
    try:
        for sequence in range(1, count + 1):
            key = f"{game_id}:{sequence}"
            reply = submit_with_retries(
                base,
                token,
                f"/api/games/{game_id}/hands/",
                {"sequence": sequence, "hand": hand_for(sequence)},
                key=key,
                figures=figures,
                deadline=deadline,
            )
            if reply.status != 201:
                errors.append(f"{key}: {reply.status} {reply.body}")
                return
            with figures.lock:
                figures.acknowledged[key] = sequence
            if sequence % 5 == 0:
                # A tablet that never saw the answer sends the same hand again.
                again = submit_with_retries(
                    base,
                    token,
                    f"/api/games/{game_id}/hands/",
                    {"sequence": sequence, "hand": hand_for(sequence)},
                    key=key,
                    figures=figures,
                    deadline=deadline,
                )
                if again.status != 201 or again.headers.get("idempotent-replayed") != "true":
                    errors.append(f"{key}: the resent hand was not replayed: {again.status}")
    except Exception as exc:  # reported by the test, with the thread's game
        errors.append(f"{game_id}: {type(exc).__name__}: {exc}")


def check_nothing_lost(cluster: PgCluster, games: list[str], figures: Figures) -> dict[str, int]:
    """Every acknowledged hand is in the database once, complete (outcome, game state, audit
    event), and nothing is there that was not acknowledged."""
    rows = cluster.query(
        "SELECT g.public_id::text, h.sequence, h.version, h.state, h.idempotency_key, "
        "       o.id IS NOT NULL "
        "FROM parlor_hand h JOIN parlor_game g ON g.id = h.game_id "
        "LEFT JOIN parlor_handoutcome o ON o.hand_id = h.id "
        "WHERE g.public_id::text = ANY(%s)",
        games,
    )
    stored = [row[4] for row in rows]
    duplicates = len(stored) - len(set(stored))
    missing = sorted(set(figures.acknowledged) - set(stored))
    unacknowledged = sorted(set(stored) - set(figures.acknowledged))
    partial = [row for row in rows if row[3] != "current" or row[2] != 1 or not row[5]]
    state = cluster.query(
        "SELECT g.public_id::text, g.hand_count, g.scores, "
        "  (SELECT o.scores_after FROM parlor_hand h JOIN parlor_handoutcome o ON o.hand_id = h.id"
        "    WHERE h.game_id = g.id AND h.state = 'current' ORDER BY h.sequence DESC LIMIT 1), "
        "  (SELECT count(*) FROM parlor_auditevent a WHERE a.game_id = g.id "
        "    AND a.subject_type = 'hand' AND a.action = 'create') "
        "FROM parlor_game g WHERE g.public_id::text = ANY(%s)",
        games,
    )
    for game_id, hand_count, scores, last_scores, audited in state:
        sequences = sorted(r[1] for r in rows if r[0] == game_id)
        if sequences != list(range(1, hand_count + 1)) or scores != last_scores:
            partial.append((game_id, "game state differs from its hands", hand_count, sequences))
        if audited != hand_count:
            partial.append((game_id, "audit events differ from hands", audited, hand_count))
    return {
        "stored": len(stored),
        "lost": len(missing),
        "duplicates": duplicates,
        "unacknowledged": len(unacknowledged),
        "partial": len(partial),
        "details": missing[:5] + unacknowledged[:5] + partial[:5],  # type: ignore[dict-item]
    }


@contextlib.contextmanager
def threads(targets: list[tuple[Any, tuple[Any, ...], dict[str, Any]]]) -> Iterator[None]:
    running = [threading.Thread(target=t, args=a, kwargs=k, daemon=True) for t, a, k in targets]
    for thread in running:
        thread.start()
    try:
        yield
    finally:
        for thread in running:
            thread.join(timeout=120)
