"""Garbage from a tablet gets a 400 with a message, never a 500."""

from __future__ import annotations

import pytest

from parlor.models import Hand
from tests.parlor.factories import TableFactory

pytestmark = pytest.mark.django_db

GARBAGE = [
    {},
    {"result": "ron"},
    {"result": {"kind": "sanma"}},
    {"result": {"kind": "ron", "loser": "a", "wins": "x"}},
    {"result": {"kind": "ron", "loser": 0, "wins": [{"winner": 1, "han": "3", "fu": 30}]}},
    {"result": {"kind": "ron", "loser": 0, "wins": [{"winner": 1, "han": 1, "fu": 25}]}},
    {"result": {"kind": "tsumo", "win": {"winner": 1, "han": -1}}},
    {"result": {"kind": "tsumo", "win": {"winner": True, "han": 3, "fu": 30}}},
    {"riichi": "1", "result": {"kind": "draw", "tenpai": []}},
    {"riichi": [0, 0], "result": {"kind": "draw", "tenpai": [0]}},
    {"result": {"kind": "draw", "tenpai": [5]}},
    {"result": {"kind": "abortive", "reason": "bored"}},
    {"result": {"kind": "chombo", "offender": None}},
    {"unknown_field": 1, "result": {"kind": "draw", "tenpai": []}},
]


@pytest.mark.parametrize("hand", GARBAGE, ids=[str(i) for i in range(len(GARBAGE))])
def test_garbage_hands_are_400s_with_a_message(table, start_game, record_hand, hand):
    game = start_game(table)
    response = record_hand(game, hand, sequence=1)
    assert response.status_code == 400, response.content.decode()
    assert response.json()["error"]["message"]
    assert not Hand.objects.exists()


@pytest.mark.parametrize(
    "body", [[], "x", {"sequence": "one", "hand": {}}, {"sequence": 1, "hand": []}]
)
def test_malformed_bodies_are_400s(table, start_game, staff, body):
    game = start_game(table)
    response = staff.post(f"/api/games/{game['id']}/hands/", body, format="json")
    assert response.status_code == 400, response.content.decode()
    assert response.json()["error"]["message"]


@pytest.mark.parametrize(
    "reason",
    [None, 0, [], {}, "", "   ", "wrong\x00han", "\x1b[2J", "x" * 501],
    ids=["null", "zero", "list", "object", "empty", "blank", "nul", "escape", "501-chars"],
)
def test_a_correction_without_a_reason_a_person_typed_is_a_400_on_the_reason(
    table, start_game, record_hand, staff, reason
):
    game = start_game(table)
    ron = {"result": {"kind": "ron", "loser": 0, "wins": [{"winner": 1, "han": 3, "fu": 30}]}}
    assert record_hand(game, ron, sequence=1).status_code == 201
    response = staff.post(
        f"/api/games/{game['id']}/hands/1/corrections/",
        {"hand": ron, "reason": reason},
        format="json",
    )
    assert response.status_code == 400, response.content.decode()
    assert response.json()["error"]["field"] == "reason"
    assert Hand.objects.count() == 1


def test_a_nagashi_under_a_ruleset_without_it_is_a_400_naming_the_field(
    parlor, start_game, record_hand
):
    # EMA 2016: "Nagashi Mangan is not allowed." The API refuses the draw and stores nothing.
    table = TableFactory(parlor=parlor, label="ema", ruleset_key="ema")
    game = start_game(table)
    draw = {"result": {"kind": "draw", "tenpai": [1], "nagashi": [2]}}
    response = record_hand(game, draw, sequence=1)
    assert response.status_code == 400, response.content.decode()
    error = response.json()["error"]
    assert error["code"] == "nagashi_not_allowed"
    assert error["field"] == "hands[0].result.nagashi"
    assert not Hand.objects.exists()
