"""One throwaway PostgreSQL cluster and one gunicorn (2 workers) for the fault tests, on
127.0.0.1 only. Independent of DATABASE_URL: the suite may run on SQLite or on the shared
PostgreSQL; these tests use neither."""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import pytest

from tests.faults.harness import (
    ROOT,
    Gunicorn,
    PgCluster,
    cannot_run_postgres,
    postgres_bindir,
    service_env,
    watchdog,
)

GAMES_PER_TEST = 6  # one tablet (thread) per game; more tablets than workers keeps both busy


@dataclass
class Service:
    cluster: PgCluster
    gunicorn: Gunicorn
    token: str
    games: list[str]

    def take_games(self, count: int) -> list[str]:
        taken, self.games = self.games[:count], self.games[count:]
        return taken


@pytest.fixture(scope="package")
def service() -> Iterator[Service]:
    problem = cannot_run_postgres()
    if problem:
        pytest.skip(problem)
    cluster = PgCluster(postgres_bindir())  # type: ignore[arg-type]
    guard = watchdog(cluster)
    gunicorn = None
    try:
        cluster.init()
        env = service_env(cluster.url)
        scene: dict[str, Any] = json.loads(
            subprocess.run(
                [sys.executable, "-m", "tests.faults.scene", str(3 * GAMES_PER_TEST)],
                cwd=ROOT,
                env=env,
                capture_output=True,
                text=True,
                timeout=120,
                check=True,
            ).stdout
        )
        gunicorn = Gunicorn(env, cluster.dir)
        gunicorn.wait_ready(scene["token"])
        yield Service(cluster, gunicorn, scene["token"], scene["games"])
    finally:
        if gunicorn is not None:
            gunicorn.stop()
        cluster.stop()
        guard.terminate()
        guard.wait(timeout=10)
