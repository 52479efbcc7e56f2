"""A PostgreSQL restart during load (a fast restart, then a crash-like immediate one): the
service serves again by itself, without a restart, and no acknowledged hand is missing."""

from __future__ import annotations

import time

from tests.faults.conftest import GAMES_PER_TEST, Service
from tests.faults.harness import Figures, check_nothing_lost, play_hands, request, threads

HANDS_PER_GAME = 12
RESTARTS = ("fast", "immediate")


def restart_database(service: Service, figures: Figures, done: list[str]) -> None:
    for mode in RESTARTS:
        target = len(figures.acknowledged) + 8  # let some hands through between restarts
        while len(figures.acknowledged) < target:
            time.sleep(0.05)
        service.cluster.restart(mode)
        done.append(mode)


def test_the_service_survives_a_database_restart(service: Service, capsys):
    games = service.take_games(GAMES_PER_TEST)
    workers_before = sorted(service.gunicorn.workers())
    figures, errors, restarts = Figures(), [], []
    deadline = time.monotonic() + 120
    base, token = service.gunicorn.base, service.token
    with threads(
        [
            (
                play_hands,
                (base, token, g, HANDS_PER_GAME),
                {"figures": figures, "deadline": deadline, "errors": errors},
            )
            for g in games
        ]
        + [(restart_database, (service, figures, restarts), {})]
    ):
        pass
    after = request(base, "GET", f"/api/games/{games[0]}/", token=token)
    outcome = check_nothing_lost(service.cluster, games, figures)
    with capsys.disabled():
        print(
            f"\nfault test, PostgreSQL restarts ({', '.join(restarts)}): "
            f"{figures.requests} requests sent, {len(restarts)} faults injected, "
            f"{figures.server_errors} 5xx and {figures.connection_errors} connection errors "
            f"retried, {figures.replays} replayed once, "
            f"{len(figures.acknowledged)} hands acknowledged, {outcome['stored']} stored, "
            f"hands lost: {outcome['lost']}, doubled: {outcome['duplicates']}, "
            f"partial: {outcome['partial']}"
        )
    assert not errors, errors
    assert restarts == list(RESTARTS)
    assert after.status == 200 and after.body["hand_count"] == HANDS_PER_GAME
    assert sorted(service.gunicorn.workers()) == workers_before, "workers were restarted"
    assert len(figures.acknowledged) == GAMES_PER_TEST * HANDS_PER_GAME
    assert outcome["lost"] == outcome["duplicates"] == outcome["partial"] == 0, outcome
    assert outcome["unacknowledged"] == 0, outcome
