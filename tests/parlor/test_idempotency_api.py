"""A POST retried with the same Idempotency-Key returns the first response and creates nothing."""

from __future__ import annotations

import pytest

from parlor.models import Game, Hand, IdempotencyRecord, Table
from tests.parlor.conftest import RON_1_BY_0, TSUMO_2, ok
from tests.parlor.factories import PlayerFactory

pytestmark = pytest.mark.django_db


def test_a_retried_hand_returns_the_first_response_and_records_one_hand(
    table, start_game, record_hand
):
    game = start_game(table)
    first = record_hand(game, RON_1_BY_0, sequence=1, **{"Idempotency-Key": "tablet-1-0001"})
    retry = record_hand(game, RON_1_BY_0, sequence=1, **{"Idempotency-Key": "tablet-1-0001"})
    assert first.status_code == retry.status_code == 201
    assert retry.json() == first.json()
    assert retry["Idempotent-Replayed"] == "true"
    assert Hand.objects.count() == 1
    assert Hand.objects.get().idempotency_key == "tablet-1-0001"


def test_a_key_reused_for_another_request_is_a_409(table, start_game, record_hand):
    game = start_game(table)
    ok(record_hand(game, RON_1_BY_0, sequence=1, **{"Idempotency-Key": "k1"}), 201)
    response = record_hand(game, TSUMO_2, sequence=2, **{"Idempotency-Key": "k1"})
    assert response.status_code == 409
    assert response.json()["error"]["code"] == "idempotency_key_reused"
    assert Hand.objects.count() == 1


def test_a_failed_request_is_not_remembered(table, start_game, record_hand):
    game = start_game(table)
    bad = {"result": {"kind": "ron", "wins": [{"winner": 1, "han": 3, "fu": 30}]}}
    assert record_hand(game, bad, sequence=1, **{"Idempotency-Key": "k2"}).status_code == 400
    assert not IdempotencyRecord.objects.exists()


def test_a_retried_game_start_creates_one_game(table, players, staff):
    body = {"players": [str(p.public_id) for p in players[:4]], "seating": "draw"}
    url = f"/api/tables/{table.public_id}/games/"
    first = staff.post(url, body, format="json", headers={"Idempotency-Key": "start-1"})
    retry = staff.post(url, body, format="json", headers={"Idempotency-Key": "start-1"})
    assert first.status_code == retry.status_code == 201
    assert retry.json()["id"] == first.json()["id"]
    assert retry.json()["seats"] == first.json()["seats"]
    assert Game.objects.count() == 1


def test_keys_are_per_table(parlor, players, staff):
    tables = [
        Table.objects.create(parlor=parlor, label=f"K{i}", ruleset_key="standard") for i in range(2)
    ]
    # Four players at each table: a person sits in one open game at a time.
    seated = [players[:4], PlayerFactory.create_batch(4, parlor=parlor)]
    for table, four in zip(tables, seated):
        body = {"players": [str(p.public_id) for p in four], "seating": "given"}
        ok(
            staff.post(
                f"/api/tables/{table.public_id}/games/",
                body,
                format="json",
                headers={"Idempotency-Key": "same-key"},
            ),
            201,
        )
    assert Game.objects.count() == 2


def _minimal(staff, game, hand, sequence, key):
    return staff.post(
        f"/api/games/{game['id']}/hands/",
        {"sequence": sequence, "hand": hand},
        format="json",
        headers={"Idempotency-Key": key, "Prefer": "return=minimal"},
    )


def test_a_retried_minimal_answer_is_built_again_from_the_hand_it_recorded(
    table, start_game, staff
):
    """The short answer is of the hand alone, so the hand is the key's record: a retry, even
    after another hand was recorded, gets the same answer, and nothing is stored twice."""
    game = start_game(table)
    first = _minimal(staff, game, RON_1_BY_0, 1, "m-1")
    ok(_minimal(staff, game, TSUMO_2, 2, "m-2"), 201)
    retry = _minimal(staff, game, RON_1_BY_0, 1, "m-1")
    assert first.status_code == retry.status_code == 201
    assert retry.json() == first.json() and retry["Idempotent-Replayed"] == "true"
    assert Hand.objects.count() == 2 and not IdempotencyRecord.objects.exists()
    reused = _minimal(staff, game, TSUMO_2, 3, "m-1")
    assert reused.status_code == 409
    assert reused.json()["error"]["code"] == "idempotency_key_reused"


def test_a_retry_of_a_voided_hand_gets_its_first_answer_not_a_second_hand(
    table, start_game, staff
):
    game = start_game(table)
    first = ok(_minimal(staff, game, RON_1_BY_0, 1, "v-1"), 201)
    ok(staff.post(f"/api/games/{game['id']}/hands/1/void/", {"reason": "wrong table"},
                  format="json"))
    retry = _minimal(staff, game, RON_1_BY_0, 1, "v-1")
    # The same hand, as it stands: voided since.
    assert retry.status_code == 201 and retry["Idempotent-Replayed"] == "true"
    assert retry.json()["hand"]["id"] == first["hand"]["id"]
    assert retry.json()["hand"]["state"] == "voided" and retry.json()["game"] == first["game"]
    assert Hand.objects.count() == 1 and Game.objects.get().hand_count == 0
    again = ok(_minimal(staff, game, RON_1_BY_0, 1, "v-2"), 201)
    assert again["hand"]["version"] == 2


def test_a_retried_full_answer_is_the_game_as_it_stands_and_records_nothing(
    table, start_game, record_hand
):
    """The hand is the key's record for the full answer too: a retry that arrives after the
    next hand was recorded gets the game as it stands (both hands), replayed, and no key is
    kept anywhere else."""
    game = start_game(table)
    first = ok(record_hand(game, RON_1_BY_0, sequence=1, **{"Idempotency-Key": "f-1"}), 201)
    second = ok(record_hand(game, TSUMO_2, sequence=2, **{"Idempotency-Key": "f-2"}), 201)
    retry = record_hand(game, RON_1_BY_0, sequence=1, **{"Idempotency-Key": "f-1"})
    assert retry.status_code == 201 and retry["Idempotent-Replayed"] == "true"
    assert retry.json() == second and retry.json()["hands"][0] == first["hands"][0]
    assert Hand.objects.count() == 2 and not IdempotencyRecord.objects.exists()
