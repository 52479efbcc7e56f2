"""Starting games: seat draws, given seats, the seat change rule and the rotating first dealer."""

from __future__ import annotations

import pytest

from parlor.models import Game, GameStatus, RulesetDefinition, SeatDraw, Table
from rulesets.registry import PRESETS
from tests.parlor.conftest import RON_1_BY_0, ok
from tests.parlor.factories import PlayerFactory

pytestmark = pytest.mark.django_db


def _ids(players):
    return [str(p.public_id) for p in players]


def test_given_seats_keep_the_order_and_the_first_player_deals_first(table, players, staff):
    body = ok(
        staff.post(
            f"/api/tables/{table.public_id}/games/",
            {"players": _ids(players[:4]), "seating": "given"},
            format="json",
        ),
        201,
    )
    assert [s["player_id"] for s in body["seats"]] == _ids(players[:4])
    assert body["scores"] == [25000] * 4
    assert body["next"] == {"round_wind": "E", "round_number": 1, "dealer": 0, "honba": 0}
    assert body["ruleset"]["id"] == "standard" and body["schema_version"] == 2


def test_a_random_draw_is_recorded_and_seats_everyone_once(table, players, staff):
    body = ok(
        staff.post(
            f"/api/tables/{table.public_id}/games/", {"players": _ids(players[:4])}, format="json"
        ),
        201,
    )
    assert sorted(s["player_id"] for s in body["seats"]) == sorted(_ids(players[:4]))
    draw = SeatDraw.objects.get()
    assert draw.method == "random"
    order = [p.player.public_id for p in draw.positions.all()]
    game = Game.objects.get()
    assert str(order[game.first_dealer_position]) == body["seats"][0]["player_id"]


def test_the_wrong_number_of_players_is_a_400(table, players, staff):
    response = staff.post(
        f"/api/tables/{table.public_id}/games/", {"players": _ids(players[:3])}, format="json"
    )
    assert response.status_code == 400
    assert "got 3 players" in response.json()["error"]["message"]


def test_an_unknown_player_is_a_400(table, players, staff, other_parlor):
    stranger = PlayerFactory(parlor=other_parlor)
    response = staff.post(
        f"/api/tables/{table.public_id}/games/",
        {"players": _ids([*players[:3], stranger])},
        format="json",
    )
    assert response.status_code == 400
    assert response.json()["error"]["field"] == "players"


def test_a_table_has_one_open_game(table, start_game, staff, players):
    start_game(table)
    response = staff.post(
        f"/api/tables/{table.public_id}/games/", {"players": _ids(players[:4])}, format="json"
    )
    assert response.status_code == 409
    assert response.json()["error"]["code"] == "table_has_open_game"
    assert Game.objects.filter(status=GameStatus.IN_PROGRESS).count() == 1


def test_cancel_frees_the_table(table, start_game, personas):
    game = start_game(table)
    body = ok(
        personas["manager"].post(
            f"/api/games/{game['id']}/cancel/", {"reason": "players left"}, format="json"
        )
    )
    assert body["status"] == "cancelled" and body["cancel_reason"] == "players left"
    assert ok(personas["staff"].get(f"/api/tables/{table.public_id}/"))["game"] is None
    response = personas["manager"].post(
        f"/api/games/{game['id']}/cancel/", {"reason": "again"}, format="json"
    )
    assert response.status_code == 409


@pytest.fixture
def seat_change_table(parlor):
    RulesetDefinition.objects.create(
        parlor=parlor,
        key="house-rotating",
        title="回り親 2戦で場替え",
        definition={
            "base": "standard",
            "seat_change_interval_games": 2,
            "kicha_selection": "rotate_each_game",
        },
    )
    return Table.objects.create(parlor=parlor, label="R", ruleset_key="house-rotating")


def _play_and_finish(staff, game):
    ok(
        staff.post(
            f"/api/games/{game['id']}/hands/", {"sequence": 1, "hand": RON_1_BY_0}, format="json"
        ),
        201,
    )
    ok(staff.post(f"/api/games/{game['id']}/finish/"))


def test_the_seat_change_rule_requires_a_new_draw_and_the_api_says_so(
    seat_change_table, staff, start_game
):
    first = start_game(seat_change_table, seating="given")
    _play_and_finish(staff, first)
    second = start_game(seat_change_table, seating="keep")
    # 回り親: the next game's first dealer is the next seat in turn order.
    assert [s["player_id"] for s in second["seats"]] == [
        *[s["player_id"] for s in first["seats"]][1:],
        first["seats"][0]["player_id"],
    ]
    assert second["number_in_seating"] == 2
    _play_and_finish(staff, second)

    state = ok(staff.get(f"/api/tables/{seat_change_table.public_id}/"))["seating"]
    assert state["games_played"] == 2 and state["seat_change_interval_games"] == 2
    assert state["seat_draw_required"] is True
    response = staff.post(
        f"/api/tables/{seat_change_table.public_id}/games/", {"seating": "keep"}, format="json"
    )
    assert response.status_code == 409
    error = response.json()["error"]
    assert error["code"] == "seat_draw_required"
    assert "seats change every 2 games" in error["message"]
    redrawn = start_game(seat_change_table, seating="draw")
    assert redrawn["number_in_seating"] == 1


def test_keep_needs_a_previous_seating(seat_change_table, staff):
    response = staff.post(
        f"/api/tables/{seat_change_table.public_id}/games/", {"seating": "keep"}, format="json"
    )
    assert response.status_code == 409
    assert response.json()["error"]["code"] == "seat_draw_required"


@pytest.mark.skipif("seed-004" not in PRESETS, reason="the seed-004 preset is not in the registry")
def test_seed_004_rotates_the_first_dealer_and_redraws_seats_after_six_games(
    parlor, players, staff, start_game
):
    table = Table.objects.create(parlor=parlor, label="三麻", ruleset_key="seed-004")
    first_dealers = []
    for number in range(6):
        game = start_game(table, count=3, seating="draw" if number == 0 else "keep")
        assert game["number_in_seating"] == number + 1
        first_dealers.append(game["seats"][0]["player_id"])
        ok(
            staff.post(
                f"/api/games/{game['id']}/hands/",
                {
                    "sequence": 1,
                    "hand": {"result": {"kind": "tsumo", "win": {"winner": 1, "han": 2}}},
                },
                format="json",
            ),
            201,
        )
        if ok(staff.get(f"/api/games/{game['id']}/"))["status"] == "in_progress":
            ok(staff.post(f"/api/games/{game['id']}/finish/"))
    seating = ok(staff.get(f"/api/tables/{table.public_id}/"))["seating"]
    order = [p["id"] for p in seating["players"]]
    start = order.index(first_dealers[0])
    assert first_dealers == [order[(start + n) % 3] for n in range(6)]  # 回り親, twice each
    assert seating["seat_draw_required"] is True
    response = staff.post(
        f"/api/tables/{table.public_id}/games/", {"seating": "keep"}, format="json"
    )
    assert response.status_code == 409
    assert (
        "seats change every 6 games and 6 have been played" in response.json()["error"]["message"]
    )
