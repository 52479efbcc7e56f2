"""The hand calculator through the API: the tablet's service and input, the API's errors and
access; nothing is stored."""

from __future__ import annotations

from typing import Any

import pytest

from parlor.models import Hand
from rulesets.registry import PRESETS
from scoring.hand_value import WinFlags, WinningHand, evaluate_hand
from tests.parlor.conftest import CALCULATOR_RON as RON
from tests.parlor.conftest import CALCULATOR_TILES as RON_TILES
from tests.parlor.conftest import RON_1_BY_0, ok

pytestmark = pytest.mark.django_db


def evaluate(client: Any, game: dict[str, Any], body: dict[str, Any]) -> Any:
    return client.post(f"/api/games/{game['id']}/hands/evaluate/", body, format="json")


def test_a_ron_is_valued_as_the_engine_values_it_for_the_winner_s_seat(staff, table,
                                                                       start_game):
    game = start_game(table)
    value = ok(evaluate(staff, game, RON))
    expected = evaluate_hand(
        WinningHand(concealed=tuple(RON_TILES), win_tile="5s", is_tsumo=False, seat_wind="S",
                    flags=WinFlags(riichi=True), dora_indicators=("5p",)),
        ruleset=PRESETS["standard"])
    assert [(y["key"], y["han"]) for y in value["yaku"]] == [
        (y.key, y.han) for y in expected.yaku]
    assert (value["han"], value["fu"], value["points"]) == (
        expected.han, expected.fu, expected.points)
    assert value["payers"] == [{"payer": "discarder", "points": expected.points}]
    assert value["win"]["han"] == expected.han and value["win"]["open"] is False
    assert not Hand.objects.exists()


def points_as(seat_wind: str) -> int:
    return evaluate_hand(
        WinningHand(concealed=tuple(RON_TILES), win_tile="5s", is_tsumo=False,
                    seat_wind=seat_wind, flags=WinFlags(riichi=True), dora_indicators=("5p",)),
        ruleset=PRESETS["standard"]).points


def test_the_winner_s_wind_follows_the_game_s_dealer(staff, table, start_game, record_hand):
    game = start_game(table)
    as_dealer = ok(evaluate(staff, game, {**RON, "winner": 0}))["points"]
    ok(record_hand(game, RON_1_BY_0), 201)  # seat 1 takes the deal: seat 0 sits North
    as_north = ok(evaluate(staff, game, {**RON, "winner": 0}))["points"]
    assert (as_dealer, as_north) == (points_as("E"), points_as("N"))
    assert as_dealer > as_north
    # Correcting hand 1 values the hand with hand 1's winds.
    assert ok(evaluate(staff, game, {**RON, "winner": 0, "correct": 1}))["points"] == as_dealer


def test_a_hand_that_is_not_a_win_gets_400_naming_the_field(staff, table, start_game):
    game = start_game(table)
    body = {**RON, "tiles": {**RON["tiles"], "hand": [*RON_TILES[:-1], "9s"]}}
    response = evaluate(staff, game, body)
    assert response.status_code == 400
    error = response.json()["error"]
    assert (error["code"], error["field"]) == ("win_tile_not_in_hand", "win_tile")
    too_many = evaluate(staff, game, {**RON, "tiles": {**RON["tiles"], "hand": ["1m"] * 21}})
    assert too_many.status_code == 400
    assert (too_many.json()["error"]["code"], too_many.json()["error"]["field"]) == (
        "wrong_tile_count", "concealed")
    assert "at most 14" in too_many.json()["error"]["message"]


@pytest.mark.parametrize("persona, status", [("player", 403), ("other_parlor", 404),
                                             ("anonymous", 401)])
def test_only_the_game_s_staff_may_evaluate(personas, table, start_game, persona, status):
    game = start_game(table)
    assert evaluate(personas[persona], game, RON).status_code == status
