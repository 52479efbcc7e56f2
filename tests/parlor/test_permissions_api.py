"""Every endpoint for every role. Nobody reads or writes another parlor's data."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth import get_user_model

from parlor.models import ParlorMember, Table
from tests.parlor.conftest import CALCULATOR_RON, RON_1_BY_0, TSUMO_2, ok
from tests.parlor.factories import PlayerFactory

pytestmark = pytest.mark.django_db

ROLES = ("manager", "staff", "player", "other_parlor", "no_role", "anonymous")
RANK = {"player": 0, "staff": 1, "manager": 2}
RECORD = {
    "format": "tenbo-game/1",
    "ruleset": "standard",
    "players": ["A", "B", "C", "D"],
    "finished": True,
    "hands": [RON_1_BY_0],
}

# (name, method, path, body, least role, success status); {game}, {table}, {free}, {player}
ENDPOINTS = [
    ("me", "get", "/api/me/", None, "player", 200),
    ("rulesets", "get", "/api/rulesets/", None, "staff", 200),
    (
        "ruleset-create",
        "post",
        "/api/rulesets/",
        {"key": "house", "title": "House", "definition": {"base": "standard"}},
        "manager",
        201,
    ),
    ("players", "get", "/api/players/", None, "staff", 200),
    ("player-create", "post", "/api/players/", {"name": "Guest"}, "staff", 201),
    ("player-games", "get", "/api/players/{player}/games/", None, "player", 200),
    ("tables", "get", "/api/tables/", None, "staff", 200),
    ("table", "get", "/api/tables/{table}/", None, "staff", 200),
    ("game-start", "post", "/api/tables/{free}/games/", {"players": "{four}"}, "staff", 201),
    ("game-import", "post", "/api/tables/{free}/games/import/", {"record": RECORD}, "manager", 201),
    ("game", "get", "/api/games/{game}/", None, "player", 200),
    ("game-export", "get", "/api/games/{game}/export/", None, "player", 200),
    ("game-finish", "post", "/api/games/{game}/finish/", None, "staff", 200),
    ("game-cancel", "post", "/api/games/{game}/cancel/", {"reason": "x"}, "manager", 200),
    (
        "hand-record",
        "post",
        "/api/games/{game}/hands/",
        {"sequence": 2, "hand": TSUMO_2},
        "staff",
        201,
    ),
    ("hand-preview", "post", "/api/games/{game}/hands/preview/", {"hand": TSUMO_2}, "staff", 200),
    ("hand-evaluate", "post", "/api/games/{game}/hands/evaluate/", CALCULATOR_RON, "staff", 200),
    (
        "hand-correct",
        "post",
        "/api/games/{game}/hands/1/corrections/",
        {"hand": TSUMO_2, "reason": "typo"},
        "staff",
        201,
    ),
    (
        "hand-correction-preview",
        "post",
        "/api/games/{game}/hands/1/corrections/preview/",
        {"hand": TSUMO_2},
        "staff",
        200,
    ),
    ("hand-void", "post", "/api/games/{game}/hands/1/void/", {}, "staff", 200),
]
# Lists answer with the caller's own parlor; everything else is not found there.
OWN_PARLOR_LISTS = {"me", "rulesets", "ruleset-create", "players", "player-create", "tables"}


def _expected(name: str, least: str, success: int, role: str) -> int:
    if role == "anonymous":
        return 401
    if role == "no_role":
        return 403
    if role == "other_parlor":
        return success if name in OWN_PARLOR_LISTS else 404
    return success if RANK[role] >= RANK[least] else 403


@pytest.fixture
def scene(parlor, players, personas, table, start_game, record_hand) -> dict[str, Any]:
    game = start_game(table)
    ok(record_hand(game, RON_1_BY_0, sequence=1), 201)
    free = Table.objects.create(parlor=parlor, label="free", ruleset_key="standard")
    four_free = PlayerFactory.create_batch(4, parlor=parlor)  # the others are playing
    return {
        "game": game["id"],
        "table": str(table.public_id),
        "free": str(free.public_id),
        "player": str(players[0].public_id),
        "four": [str(p.public_id) for p in four_free],
    }


def _fill(value: Any, scene: dict[str, Any]) -> Any:
    if isinstance(value, str):
        return scene[value[1:-1]] if value in ("{four}",) else value.format(**scene)
    if isinstance(value, dict):
        return {k: _fill(v, scene) for k, v in value.items()}
    return value


@pytest.mark.parametrize("role", ROLES)
@pytest.mark.parametrize(
    ("name", "method", "path", "body", "least", "success"), ENDPOINTS, ids=[e[0] for e in ENDPOINTS]
)
def test_every_endpoint_answers_each_role(
    scene, personas, role, name, method, path, body, least, success
):
    client = personas[role]
    url = _fill(path, scene)
    response = (
        client.get(url)
        if method == "get"
        else client.post(url, _fill(body, scene) or {}, format="json")
    )
    expected = _expected(name, least, success, role)
    assert response.status_code == expected, response.content.decode()
    if expected >= 400:
        error = response.json()["error"]
        assert error["message"] and error["code"]


def test_other_parlor_lists_show_none_of_our_data(scene, personas):
    tables = ok(personas["other_parlor"].get("/api/tables/"))
    players = ok(personas["other_parlor"].get("/api/players/"))
    assert scene["table"] not in [t["id"] for t in tables]
    assert scene["player"] not in [p["id"] for p in players]


def test_a_player_reads_only_their_own_games(scene, personas, players, parlor, start_game):
    other_table = Table.objects.create(parlor=parlor, label="other", ruleset_key="standard")
    other_players = PlayerFactory.create_batch(4, parlor=parlor)  # players[:4] are playing
    body = {"players": [str(p.public_id) for p in other_players], "seating": "given"}
    other_game = ok(
        personas["staff"].post(f"/api/tables/{other_table.public_id}/games/", body, format="json"),
        201,
    )
    player = personas["player"]
    assert player.get(f"/api/games/{other_game['id']}/").status_code == 403
    assert player.get(f"/api/players/{players[1].public_id}/games/").status_code == 403
    mine = ok(player.get(f"/api/players/{players[0].public_id}/games/"))
    assert [g["id"] for g in mine] == [scene["game"]]
    me = ok(player.get("/api/me/"))
    assert me["role"] == "player" and me["player"]["id"] == str(players[0].public_id)


def test_a_correction_of_another_parlors_hand_is_not_found(scene, personas):
    response = personas["other_parlor"].post(
        f"/api/games/{scene['game']}/hands/1/corrections/",
        {"hand": TSUMO_2, "reason": "x"},
        format="json",
    )
    assert response.status_code == 404
    assert "no game" in response.json()["error"]["message"]


def test_a_malformed_id_is_a_404_not_a_500(personas):
    assert personas["staff"].get("/api/games/not-a-uuid/").status_code == 404
    assert personas["staff"].get("/api/tables/123/").status_code == 404


def test_session_login_works_for_the_web(scene, parlor, client):
    user = get_user_model().objects.create_user("web", password="pw")
    ParlorMember.objects.create(parlor=parlor, user=user, role="staff")
    assert client.login(username="web", password="pw")
    assert client.get("/api/tables/").status_code == 200
