"""Export any game as tenbo-game/1; import one (validated completely before anything is written)."""

from __future__ import annotations

import pytest

from parlor.models import Game, Hand, Player, Table
from rulesets.registry import PRESETS
from scoring.replay import replay_record
from tests.parlor.conftest import DRAW, RON_1_BY_0, TSUMO_2, ok

pytestmark = pytest.mark.django_db


@pytest.fixture
def manager(personas):
    return personas["manager"]


def _import(client, table, record, **extra):
    return client.post(
        f"/api/tables/{table.public_id}/games/import/", {"record": record, **extra}, format="json"
    )


def test_an_exported_game_imports_as_an_equal_game(table, start_game, record_hand, manager, parlor):
    game = start_game(table)
    for sequence, hand in enumerate([RON_1_BY_0, TSUMO_2, DRAW], start=1):
        ok(record_hand(game, hand, sequence=sequence), 201)
    ok(manager.post(f"/api/games/{game['id']}/finish/"))
    exported = ok(manager.get(f"/api/games/{game['id']}/export/"))
    assert exported["players"] == [s["name"] for s in game["seats"]]
    assert exported["finished"] is True

    other = Table.objects.create(parlor=parlor, label="2", ruleset_key="standard")
    imported = ok(_import(manager, other, exported), 201)
    assert imported["status"] == "finished"
    assert [s["player_id"] for s in imported["seats"]] == [s["player_id"] for s in game["seats"]]
    assert ok(manager.get(f"/api/games/{imported['id']}/export/")) == exported
    original = ok(manager.get(f"/api/games/{game['id']}/"))
    assert [r["total"] for r in imported["results"]] == [r["total"] for r in original["results"]]


def test_an_unfinished_record_with_a_preset_id_becomes_the_tables_open_game(table, manager):
    record = {
        "format": "tenbo-game/1",
        "ruleset": "tenhou-4p-hanchan",
        "players": ["New A", "New B", "New C", "New D"],
        "hands": [RON_1_BY_0, TSUMO_2],
    }
    body = ok(_import(manager, table, record), 201)
    assert body["status"] == "in_progress" and body["hand_count"] == 2
    assert body["ruleset"] == PRESETS["tenhou-4p-hanchan"].to_dict()
    expected = replay_record(record, presets=PRESETS)
    assert body["scores"] == expected["hands"][-1]["scores_after"]
    assert Player.objects.filter(name__startswith="New ", kind="guest").count() == 4
    assert ok(manager.get(f"/api/tables/{table.public_id}/"))["game"]["id"] == body["id"]


def test_an_invalid_record_is_a_400_and_writes_nothing(table, manager):
    record = {
        "format": "tenbo-game/1",
        "ruleset": "standard",
        "players": ["A", "B", "C", "D"],
        "hands": [
            RON_1_BY_0,
            {"result": {"kind": "ron", "loser": 9, "wins": [{"winner": 1, "han": 2, "fu": 30}]}},
        ],
    }
    response = _import(manager, table, record)
    assert response.status_code == 400
    error = response.json()["error"]
    assert error["hand"] == 1 and "loser" in error["field"]
    assert not Game.objects.exists() and not Hand.objects.exists()
    assert not Player.objects.filter(name="A").exists()


@pytest.mark.parametrize(
    ("record", "field"),
    [
        pytest.param({"format": "tenbo-game/2"}, "format", id="wrong-format"),
        pytest.param(
            {"format": "tenbo-game/1", "ruleset": "nope", "players": [], "hands": []},
            "ruleset",
            id="unknown-preset",
        ),
        pytest.param(
            {
                "format": "tenbo-game/1",
                "ruleset": {"base": "standard", "uma": [1]},
                "players": ["A", "B", "C", "D"],
                "hands": [],
            },
            "uma",
            id="invalid-ruleset",
        ),
    ],
)
def test_a_broken_record_names_the_field(table, manager, record, field):
    response = _import(manager, table, record)
    assert response.status_code == 400
    assert field in response.json()["error"]["field"]


def test_an_unfinished_record_cannot_go_to_a_busy_table(table, start_game, manager):
    start_game(table)
    record = {
        "format": "tenbo-game/1",
        "ruleset": "standard",
        "players": ["A", "B", "C", "D"],
        "hands": [RON_1_BY_0],
    }
    response = _import(manager, table, record)
    assert response.status_code == 409
    assert Game.objects.count() == 1
