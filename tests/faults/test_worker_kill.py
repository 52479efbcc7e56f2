"""kill -9 of a gunicorn worker during a burst of hand submissions: every acknowledged hand
is stored, none partially, and each retried submission is applied once."""

from __future__ import annotations

import os
import signal
import time

from tests.faults.conftest import GAMES_PER_TEST, Service
from tests.faults.harness import Figures, check_nothing_lost, play_hands, threads

HANDS_PER_GAME = 10
KILLS = 3


def kill_workers(service: Service, figures: Figures, killed: list[int], stop_at: float) -> None:
    """SIGKILLs a worker in the middle of a request, up to KILLS times, while submissions
    run. Only workers of the gunicorn this test started: children of its master."""
    total = GAMES_PER_TEST * HANDS_PER_GAME
    while len(killed) < KILLS and time.monotonic() < stop_at:
        if len(figures.acknowledged) >= total:
            return
        busy = service.gunicorn.workers_in_a_request(service.cluster.port)
        if busy and len(figures.acknowledged) >= 2 * len(killed) + 2:
            os.kill(busy[0], signal.SIGKILL)
            killed.append(busy[0])
            time.sleep(0.3)  # let the master replace the worker before the next kill
        else:
            time.sleep(0.05)


def test_a_killed_worker_loses_and_doubles_no_hand(service: Service, capsys):
    games = service.take_games(GAMES_PER_TEST)
    figures, errors, killed = Figures(), [], []
    deadline = time.monotonic() + 120
    base, token = service.gunicorn.base, service.token
    with threads(
        [
            (
                play_hands,
                (base, token, game, HANDS_PER_GAME),
                {"figures": figures, "deadline": deadline, "errors": errors},
            )
            for game in games
        ]
        + [(kill_workers, (service, figures, killed, deadline), {})]
    ):
        pass
    outcome = check_nothing_lost(service.cluster, games, figures)
    with capsys.disabled():
        print(
            f"\nfault test, kill -9 of a gunicorn worker mid-request: {figures.requests} "
            f"requests sent, {len(killed)} faults injected, {figures.connection_errors} "
            f"connection errors retried, {figures.replays} retries answered from the first "
            f"response, {len(figures.acknowledged)} hands acknowledged, {outcome['stored']} "
            f"stored, hands lost: {outcome['lost']}, doubled: {outcome['duplicates']}, "
            f"partial: {outcome['partial']}"
        )
    assert not errors, errors
    # How many kills land depends on how fast this machine plays the burst; one that
    # interrupted a request (checked below) is the fault under test.
    assert 1 <= len(killed) <= KILLS, "no worker was killed during the burst"
    assert figures.connection_errors >= 1, "no kill interrupted a request"
    assert len(figures.acknowledged) == GAMES_PER_TEST * HANDS_PER_GAME
    assert outcome["lost"] == outcome["duplicates"] == outcome["partial"] == 0, outcome
    assert outcome["unacknowledged"] == 0, outcome
    assert service.gunicorn.proc.poll() is None, "the gunicorn master died"
