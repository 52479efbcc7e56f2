"""Two tablets submitting at the same moment cannot both apply: one wins, the other gets 409.

Real transactions in two threads, so this runs on PostgreSQL only: SQLite has no row locks
(it locks the whole file), and the test database there lives in memory, per connection.
"""

from __future__ import annotations

import threading
import time
from typing import Any

import pytest
from django.db import connection, connections

from parlor.models import Game, GameStatus, Hand, HandOutcome
from parlor.services import hand_previews
from tests.parlor.conftest import RON_1_BY_0, TSUMO_2, client_for, ok

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(
        connection.vendor != "postgresql",
        reason="row locks need PostgreSQL (set DATABASE_URL=postgres://...)",
    ),
]


def _race(calls: list[Any]) -> list[Any]:
    """Runs each call in its own thread (and database connection), all released at once."""
    barrier = threading.Barrier(len(calls))
    results: list[Any] = [None] * len(calls)

    def run(index: int) -> None:
        try:
            barrier.wait()
            results[index] = calls[index]()
        finally:
            connections.close_all()

    threads = [threading.Thread(target=run, args=(i,)) for i in range(len(calls))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=30)
    return results


def test_two_tablets_posting_the_same_hand_one_wins_the_other_gets_409(
    table, start_game, personas, monkeypatch
):
    game = start_game(table)
    real_step = hand_previews.step

    def slow_step(*args: Any, **kwargs: Any) -> Any:
        time.sleep(0.3)  # hold the game lock long enough for the other tablet to arrive
        return real_step(*args, **kwargs)

    monkeypatch.setattr(hand_previews, "step", slow_step)
    clients = [personas["staff"], personas["manager"]]
    url = f"/api/games/{game['id']}/hands/"
    responses = _race(
        [
            lambda c=client, h=hand: c.post(url, {"sequence": 1, "hand": h}, format="json")
            for client, hand in zip(clients, [RON_1_BY_0, TSUMO_2], strict=True)
        ]
    )

    assert sorted(r.status_code for r in responses) == [201, 409]
    loser = next(r for r in responses if r.status_code == 409).json()["error"]
    assert loser["code"] == "hand_already_recorded"
    winner = next(r for r in responses if r.status_code == 201).json()
    assert Hand.objects.count() == 1 and HandOutcome.objects.count() == 1
    stored = Game.objects.get()
    assert stored.hand_count == 1
    assert stored.scores == winner["scores"]


def test_two_tablets_starting_a_game_at_one_table_start_one(table, players, personas):
    url = f"/api/tables/{table.public_id}/games/"
    body = {"players": [str(p.public_id) for p in players[:4]], "seating": "draw"}
    responses = _race(
        [
            lambda c=c: c.post(url, body, format="json")
            for c in (personas["staff"], personas["manager"])
        ]
    )
    assert sorted(r.status_code for r in responses) == [201, 409]
    assert Game.objects.filter(status=GameStatus.IN_PROGRESS).count() == 1


def test_a_retry_racing_its_first_request_gets_the_same_response(table, start_game, staff):
    game = start_game(table)
    url = f"/api/games/{game['id']}/hands/"
    token = staff._credentials["HTTP_AUTHORIZATION"]
    clients = [client_for(None), client_for(None)]
    for client in clients:
        client.credentials(HTTP_AUTHORIZATION=token)
    responses = _race(
        [
            lambda c=c: c.post(
                url,
                {"sequence": 1, "hand": RON_1_BY_0},
                format="json",
                headers={"Idempotency-Key": "same"},
            )
            for c in clients
        ]
    )
    assert [r.status_code for r in responses] == [201, 201]
    assert responses[0].json() == responses[1].json()
    assert Hand.objects.count() == 1
    ok(staff.get(f"/api/games/{game['id']}/"))
