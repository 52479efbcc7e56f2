"""Recording, previewing and voiding hands through the API, and the errors staff see."""

from __future__ import annotations

import pytest

from parlor.models import Hand, HandOutcome, HandState
from tests.parlor.conftest import DRAW, RON_1_BY_0, TSUMO_2, ok

pytestmark = pytest.mark.django_db


def test_it_records_a_hand_and_returns_the_engines_ledger(table, start_game, record_hand):
    game = start_game(table)
    body = ok(record_hand(game, RON_1_BY_0, sequence=1), 201)
    hand = body["hands"][0]
    assert (hand["sequence"], hand["version"], hand["state"]) == (1, 1, "current")
    assert hand["outcome"]["transfers"] == [{"from": 0, "to": 1, "amount": 3900, "reason": "ron"}]
    assert body["scores"] == [21100, 28900, 25000, 25000]
    assert body["next"] == {"round_wind": "E", "round_number": 2, "dealer": 1, "honba": 0}


def test_table_state_shows_round_honba_sticks_scores_and_winds(
    table, start_game, record_hand, staff
):
    game = start_game(table)
    ok(record_hand(game, RON_1_BY_0), 201)
    ok(record_hand(game, {"riichi": [3], "result": {"kind": "draw", "tenpai": [1, 3]}}), 201)
    state = ok(staff.get(f"/api/tables/{table.public_id}/"))["game"]
    assert state["next"] == {"round_wind": "E", "round_number": 2, "dealer": 1, "honba": 1}
    assert state["sticks"] == 1
    assert state["winds"] == ["N", "E", "S", "W"]
    assert sum(state["scores"]) + 1000 * state["sticks"] == 100000


@pytest.mark.parametrize(
    ("hand", "field", "words"),
    [
        pytest.param(
            {"result": {"kind": "ron", "loser": 0, "wins": [{"winner": 7, "han": 3, "fu": 30}]}},
            "winner",
            "seat",
            id="unknown-seat",
        ),
        pytest.param(
            {"result": {"kind": "ron", "loser": 0, "wins": [{"winner": 1, "han": 0, "fu": 30}]}},
            "han",
            "han",
            id="han-0",
        ),
        pytest.param(
            {"result": {"kind": "ron", "wins": [{"winner": 1, "han": 3, "fu": 30}]}},
            "loser",
            "loser",
            id="ron-without-loser",
        ),
    ],
)
def test_it_rejects_bad_hands_with_a_message_staff_can_act_on(
    table, start_game, record_hand, hand, field, words
):
    game = start_game(table)
    response = record_hand(game, hand, sequence=1)
    assert response.status_code == 400, response.content
    error = response.json()["error"]
    assert field in error["field"]
    assert words in error["message"].lower()
    assert error["hand"] == 0
    assert not Hand.objects.exists()


def test_it_rejects_a_request_without_a_hand(table, start_game, staff):
    game = start_game(table)
    response = staff.post(f"/api/games/{game['id']}/hands/", {"sequence": 1}, format="json")
    assert response.status_code == 400
    assert response.json()["error"]["field"] == "hand"
    assert "required" in response.json()["error"]["message"]


def test_a_stale_tablet_gets_409_and_no_second_hand(table, start_game, record_hand):
    game = start_game(table)
    ok(record_hand(game, RON_1_BY_0, sequence=1), 201)
    response = record_hand(game, TSUMO_2, sequence=1)
    assert response.status_code == 409
    assert response.json()["error"]["code"] == "hand_already_recorded"
    assert "the next hand is 2" in response.json()["error"]["message"]
    assert Hand.objects.count() == 1


def test_a_hand_out_of_order_gets_409(table, start_game, record_hand):
    game = start_game(table)
    response = record_hand(game, RON_1_BY_0, sequence=3)
    assert response.status_code == 409
    assert response.json()["error"]["code"] == "hand_out_of_order"


def test_preview_computes_the_hand_and_stores_nothing(table, start_game, staff):
    game = start_game(table)
    body = ok(
        staff.post(f"/api/games/{game['id']}/hands/preview/", {"hand": TSUMO_2}, format="json")
    )
    assert body["hand"]["deltas"] == [-1000, -500, 2000, -500]
    assert body["end"] is None
    assert not Hand.objects.exists() and not HandOutcome.objects.exists()
    assert ok(staff.get(f"/api/games/{game['id']}/"))["hand_count"] == 0


def test_preview_of_a_bad_hand_is_a_400(table, start_game, staff):
    game = start_game(table)
    response = staff.post(
        f"/api/games/{game['id']}/hands/preview/",
        {"hand": {"result": {"kind": "tsumo"}}},
        format="json",
    )
    assert response.status_code == 400
    assert response.json()["error"]["message"]


def test_voiding_the_last_hand_keeps_it_in_the_log_and_restores_the_state(
    table, start_game, record_hand, staff
):
    game = start_game(table)
    ok(record_hand(game, RON_1_BY_0), 201)
    ok(record_hand(game, TSUMO_2), 201)
    body = ok(
        staff.post(
            f"/api/games/{game['id']}/hands/2/void/", {"reason": "wrong table"}, format="json"
        )
    )
    assert body["hand_count"] == 1
    assert body["scores"] == [21100, 28900, 25000, 25000]
    assert [(h["sequence"], h["state"]) for h in body["hands"]] == [(1, "current"), (2, "voided")]
    assert body["hands"][1]["void_reason"] == "wrong table"
    ok(record_hand(game, DRAW, sequence=2), 201)
    assert Hand.objects.filter(sequence=2).count() == 2


def test_only_the_last_hand_can_be_voided(table, start_game, record_hand, staff):
    game = start_game(table)
    ok(record_hand(game, RON_1_BY_0), 201)
    ok(record_hand(game, TSUMO_2), 201)
    response = staff.post(f"/api/games/{game['id']}/hands/1/void/", {}, format="json")
    assert response.status_code == 409
    assert "only the last hand (2)" in response.json()["error"]["message"]
    assert Hand.objects.filter(state=HandState.CURRENT).count() == 2


def test_a_hand_after_the_game_ended_gets_409(table, start_game, record_hand, staff):
    game = start_game(table)
    ok(record_hand(game, RON_1_BY_0), 201)
    ok(staff.post(f"/api/games/{game['id']}/finish/"), 200)
    response = record_hand(game, TSUMO_2, sequence=2)
    assert response.status_code == 409
    assert response.json()["error"]["code"] == "game_finished"
    assert "correct a hand instead" in response.json()["error"]["message"]
