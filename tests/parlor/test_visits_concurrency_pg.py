"""Check-out racing a correction, and two check-outs racing: whatever the order, the player
is paid exactly what the corrected game is worth, once. PostgreSQL only (row locks)."""

from __future__ import annotations

import time
from typing import Any

import pytest
from django.db import connection

from parlor.models import Adjustment, Settlement, SettlementLine
from parlor.services import hand_corrections
from tests.parlor.money_helpers import FOUR_PLAYER_EXAMPLE, example_setup, play, ron, start
from tests.parlor.test_concurrency_pg import _race

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(
        connection.vendor != "postgresql",
        reason="row locks need PostgreSQL (set DATABASE_URL=postgres://...)",
    ),
]


@pytest.fixture
def played(parlor, players, personas):
    staff, four, _, visits = example_setup(parlor, players, personas)
    game = play(staff, start(staff, four, players[:4]), FOUR_PLAYER_EXAMPLE)
    return staff, game, visits[players[1].pk]["visit"]["id"]  # players[1] tops the game


def test_a_check_out_racing_a_correction_pays_the_corrected_money_once(
    played, personas, players, monkeypatch
):
    staff, game, visit_id = played
    real_replay = hand_corrections.engine.replay_game

    def slow_replay(record: dict) -> Any:
        time.sleep(0.3)  # hold the game's lock while the check-out arrives
        return real_replay(record)

    monkeypatch.setattr(hand_corrections.engine, "replay_game", slow_replay)
    manager = personas["manager"]
    correction = {"hand": ron(3, 1, chips=2, han=6), "reason": "跳満の申告漏れ"}
    responses = _race(
        [
            lambda: manager.post(
                f"/api/games/{game['id']}/hands/1/corrections/", correction, format="json"
            ),
            lambda: staff.post(f"/api/visits/{visit_id}/check-out/"),
        ]
    )
    assert sorted(r.status_code for r in responses) == [201, 201]
    line = SettlementLine.objects.get(settlement__visit__public_id=visit_id)
    adjusted = sum(
        Adjustment.objects.filter(player=players[1]).values_list("amount_yen", flat=True)
    )
    assert line.amount_yen + adjusted == 2500  # the haneman game: 2,800 + 300 − 600


def test_two_check_outs_of_one_visit_settle_it_once(played, personas):
    staff, _, visit_id = played
    url = f"/api/visits/{visit_id}/check-out/"
    responses = _race([lambda: staff.post(url), lambda: personas["manager"].post(url)])
    assert sorted(r.status_code for r in responses) == [201, 409]
    assert Settlement.objects.filter(visit__public_id=visit_id).count() == 1


def test_two_payouts_of_one_players_adjustments_pay_once(parlor, players, personas):
    staff, manager = personas["staff"], personas["manager"]
    for amount in (300, -120):
        body = {"player": str(players[1].public_id), "amount_yen": amount, "reason": "返金"}
        assert manager.post("/api/adjustments/", body, format="json").status_code == 201
    url = f"/api/players/{players[1].public_id}/pay-out/"
    responses = _race([lambda: staff.post(url), lambda: manager.post(url)])
    assert sorted(r.status_code for r in responses) == [201, 409]
    paid = Settlement.objects.get(visit__player=players[1])
    assert paid.total_yen == 180 and paid.lines.count() == 2
    assert not Adjustment.objects.filter(player=players[1], settled_at__isnull=True).exists()
