"""The hand calculator on the tablet: the keyboard for the game's ruleset, a tapped hand valued
under the game's ruleset and house yaku table, its errors beside the part of the panel, and a
win recorded with the calculator's yaku."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client

from parlor.models import Game, Hand, MemberRole, RulesetDefinition
from parlor.services.calculator import seat_wind
from parlor.services.games import game_start
from parlor.services.hands import hand_record
from parlor.services.seating import Seating
from rulesets.registry import PRESETS
from scoring.hand_value import Meld, MeldKind, WinFlags, WinningHand, evaluate_hand
from scoring.hand_value.yaku_files import load_yaku_tables
from tests.parlor.factories import MemberFactory, PlayerFactory, TableFactory

pytestmark = pytest.mark.django_db

# Seat 1 wins by ron on seat 0's discard in East 1 (seat 0 deals): a South-seat hand.
RON_TILES = ["2m", "3m", "4m", "3p", "4p", "5p", "6p", "7p", "8p", "3s", "4s", "6s", "6s", "5s"]
RON = {"winner": 1, "tsumo": False, "flags": {"riichi": True},
       "tiles": {"hand": RON_TILES, "win_tile": "5s", "dora_indicators": ["5p"]}}
# Seed 004: seat 1 draws the white pocchi after riichi, with two flowers set aside.
POCCHI_TILES = ["1p", "2p", "3p", "4p", "5p", "6p", "7s", "8s", "9s", "9m", "9m", "2s", "3s", "*"]
POCCHI = {"winner": 1, "tsumo": True, "flags": {"riichi": True},
          "tiles": {"hand": POCCHI_TILES, "win_tile": "*", "flowers": 2}}


def game_at(parlor: Any, staff_user: Any, *, ruleset_key: str, seats: int) -> Game:
    """A game in progress at a table of its own, with players of its own."""
    table = TableFactory(parlor=parlor, label=f"T-{ruleset_key}", ruleset_key=ruleset_key)
    return game_start(table=table, players=PlayerFactory.create_batch(seats, parlor=parlor),
                      seating=Seating.GIVEN, by=staff_user)


@pytest.fixture
def game(parlor, staff_user) -> Game:
    return game_at(parlor, staff_user, ruleset_key="standard", seats=4)


@pytest.fixture
def seed_004(parlor, staff_user) -> Game:
    return game_at(parlor, staff_user, ruleset_key="seed-004", seats=3)


def evaluate(client: Client, game: Game, body: dict[str, Any]):
    return client.post(f"/tablet/games/{game.public_id}/evaluate/", body,
                       content_type="application/json")


def test_a_standard_ron_is_valued_as_the_engine_values_it_for_the_south_seat(tablet, game):
    response = evaluate(tablet, game, RON)
    assert response.status_code == 200
    data = response.json()
    expected = evaluate_hand(
        WinningHand(concealed=tuple(RON_TILES), win_tile="5s", is_tsumo=False, seat_wind="S",
                    round_wind="E", flags=WinFlags(riichi=True), dora_indicators=("5p",)),
        ruleset=PRESETS["standard"])
    value = data["value"]
    assert [(y["key"], y["han"]) for y in value["yaku"]] == [
        (y.key, y.han) for y in expected.yaku]
    assert (value["han"], value["fu"], value["points"]) == (
        expected.han, expected.fu, expected.points)
    assert value["win"] == {
        "han": expected.han, "fu": expected.fu,
        "dora": sum(y.han for y in expected.yaku if y.key == "dora"),
        "yaku": [{"key": y.key, "han": y.han} for y in expected.yaku], "open": False}
    assert 'data-yaku="riichi"' in data["html"] and "data-fu-part" in data["html"]
    assert not Hand.objects.exists()


def test_the_computed_win_is_recorded_with_its_yaku(tablet, game):
    win = evaluate(tablet, game, RON).json()["value"]["win"]
    entry = {"riichi": [1], "result": {"kind": "ron", "loser": 0,
                                       "wins": [{"winner": 1, **win}]}}
    response = tablet.post(f"/tablet/games/{game.public_id}/hands/",
                           {"sequence": 1, "hand": entry}, content_type="application/json",
                           headers={"Idempotency-Key": "calc-1"})
    assert response.status_code == 201
    stored = Hand.objects.get(game=game).entry["result"]["wins"][0]
    assert stored["yaku"] == win["yaku"] and stored["han"] == win["han"]
    assert stored["open"] is False  # 門前: the statistics count it closed


def test_the_seed_004_table_values_flowers_and_the_white_pocchi(tablet, seed_004):
    data = evaluate(tablet, seed_004, POCCHI).json()
    expected = evaluate_hand(
        WinningHand(concealed=tuple(POCCHI_TILES), win_tile="*", is_tsumo=True, seat_wind="S",
                    flags=WinFlags(riichi=True), flowers=2, player_count=3),
        ruleset=PRESETS["seed-004"], yaku_table=load_yaku_tables()["seed-004"])
    value = data["value"]
    assert {y["key"]: y["han"] for y in value["yaku"]} == {y.key: y.han for y in expected.yaku}
    assert "flower" in {y["key"] for y in value["yaku"]}
    assert value["points"] == expected.points and value["joker_faces"]
    assert "fu" not in value["win"]  # seed 004 fixes fu at 40: the win leaves it out


def test_a_parlor_ruleset_plays_the_yaku_table_of_its_base_preset(
        tablet, parlor, staff_user):
    RulesetDefinition.objects.create(parlor=parlor, key="house-004", title="House 004",
                                     definition={"base": "seed-004", "id": "house-004"})
    game = game_at(parlor, staff_user, ruleset_key="house-004", seats=3)
    value = evaluate(tablet, game, POCCHI).json()["value"]
    assert "flower" in {y["key"] for y in value["yaku"]}


def test_the_keyboard_offers_flowers_and_the_pocchi_only_where_the_ruleset_has_them(
        tablet, game, seed_004):
    standard = tablet.get(f"/tablet/games/{game.public_id}/calculator/").content.decode()
    house = tablet.get(f"/tablet/games/{seed_004.public_id}/calculator/").content.decode()
    assert 'data-tile="*"' not in standard and "data-calc-flowers" not in standard
    assert 'data-tile="5m"' in standard and 'data-tile="0m"' in standard
    assert 'data-tile="*"' in house and 'data-calc-flowers="4"' in house
    assert 'data-tile="5m"' not in house and 'data-tile="9m"' in house


@pytest.mark.parametrize(("change", "code", "area"), [
    pytest.param({"hand": ["1x", *RON_TILES[1:]]}, "unknown_tile", "hand", id="unknown-tile"),
    pytest.param({"hand": RON_TILES[:-1]}, "wrong_tile_count", "hand", id="thirteen-tiles"),
    pytest.param({"hand": [*RON_TILES[:-1], "9s"], "win_tile": "9s"}, "not_a_win", "hand",
                 id="not-a-win"),
])
def test_a_hand_that_is_no_win_is_refused_in_words_beside_its_part(tablet, game, change, code,
                                                                   area):
    body = {**RON, "tiles": {**RON["tiles"], **change}}
    response = evaluate(tablet, game, body)
    error = response.json()["error"]
    assert response.status_code == 400
    assert (error["code"], error["area"]) == (code, area)
    assert error["message"] and error["detail"]  # Japanese sentence, the engine's English


def test_a_seed_003_hand_is_counted_in_points_with_the_white_as_a_joker(
        tablet, parlor, staff_user):
    game = game_at(parlor, staff_user, ruleset_key="seed-003", seats=3)
    tiles = ["2p", "3p", "P", "6p", "7p", "P", "3s", "4s", "5s", "6s", "7s", "8s", "2s", "2s"]
    response = evaluate(tablet, game, {"winner": 1, "tsumo": False,
                                       "tiles": {"hand": tiles, "win_tile": "5s",
                                                 "gari": ["1m"]}})
    assert response.status_code == 200
    data = response.json()["value"]
    expected = evaluate_hand(
        WinningHand(concealed=tuple(tiles), win_tile="5s", is_tsumo=False, seat_wind="S",
                    gari=("1m",), player_count=3),
        ruleset=PRESETS["seed-003"], yaku_table=load_yaku_tables()["seed-003"])
    assert data["win"]["points"] == expected.win.points and "han" not in data["win"]
    assert data["points"] == expected.points and sorted(data["joker_faces"]) == ["4p", "5p"]
    panel = tablet.get(f"/tablet/games/{game.public_id}/calculator/").content.decode()
    assert "data-calc-unsupported" not in panel and 'data-tile="*"' not in panel


def test_staff_of_another_parlor_cannot_value_a_hand_of_this_game(game, other_parlor):
    other = Client()
    other.force_login(MemberFactory(parlor=other_parlor, role=MemberRole.STAFF).user)
    assert evaluate(other, game, RON).status_code == 404


def test_the_yaku_are_named_in_the_staffs_language(tablet, game):
    japanese = evaluate(tablet, game, RON).json()["html"]
    tablet.cookies["django_language"] = "en"
    english = evaluate(tablet, game, RON).json()["html"]
    assert "立直" in japanese and "Riichi" not in japanese
    assert "Riichi" in english and "立直" not in english


@pytest.mark.parametrize(("winner", "dealer", "sit_out", "seats", "players", "wind"), [
    pytest.param(1, 0, None, 4, 4, "S", id="right-of-the-dealer-is-south"),
    pytest.param(0, 1, None, 4, 4, "N", id="left-of-the-dealer-is-north"),
    pytest.param(2, 1, None, 3, 3, "S", id="three-players"),
    pytest.param(3, 1, 2, 4, 3, "S", id="the-seat-sitting-out-is-skipped"),
    pytest.param(0, 3, 2, 4, 3, "S", id="sit-out-with-the-turn-wrapping-round"),
])
def test_the_winners_wind_follows_the_dealer_over_the_seats_that_play(
        winner, dealer, sit_out, seats, players, wind):
    assert seat_wind(winner=winner, dealer=dealer, sit_out=sit_out, seats=seats,
                     player_count=players) == wind


def test_an_open_pon_of_white_dragons_is_valued_with_its_meld(tablet, game):
    concealed = ["2m", "3m", "4m", "6p", "7p", "8p", "3s", "4s", "5s", "9s", "9s"]
    body = {"winner": 1, "tsumo": False,
            "tiles": {"hand": concealed, "win_tile": "9s",
                      "melds": [{"type": "pon", "tiles": ["P", "P", "P"]}]}}
    value = evaluate(tablet, game, body).json()["value"]
    expected = evaluate_hand(
        WinningHand(concealed=tuple(concealed), win_tile="9s", is_tsumo=False, seat_wind="S",
                    round_wind="E", melds=(Meld(MeldKind.PON, ("P", "P", "P")),)),
        ruleset=PRESETS["standard"])
    assert [y["key"] for y in value["yaku"]] == [y.key for y in expected.yaku]
    assert (value["han"], value["fu"]) == (expected.han, expected.fu)
    assert {"reason": "open_triplet", "fu": 4, "tile": "P"} in value["fu_parts"]
    assert value["win"]["open"] is True  # 副露


def test_a_closed_kan_keeps_the_win_closed(tablet, game):
    concealed = ["3p", "4p", "5p", "6p", "7p", "8p", "3s", "4s", "6s", "6s", "5s"]
    body = {"winner": 1, "tsumo": False, "flags": {"riichi": True},
            "tiles": {"hand": concealed, "win_tile": "5s",
                      "melds": [{"type": "ankan", "tiles": ["9m", "9m", "9m", "9m"]}]}}
    response = evaluate(tablet, game, body)
    assert response.status_code == 200, response.content
    assert response.json()["value"]["win"]["open"] is False  # 暗槓 is no open meld


def test_the_correction_screen_values_the_hand_in_its_own_round(tablet, game, staff_user):
    # Seat 1 wins hand 1 (East 1, dealt by seat 0), so seat 1 deals the next hand, East 2.
    hand_record(game=game, sequence=1, by=staff_user, entry={"result": {
        "kind": "ron", "loser": 0, "wins": [{"winner": 1, "han": 3, "fu": 30}]}})
    now = evaluate(tablet, game, RON).json()["value"]
    then = evaluate(tablet, game, {**RON, "correct": 1}).json()["value"]
    # Seat 1 is the dealer now (East: 1.5× the points), and was South in hand 1.
    assert now["points"] > then["points"]
    assert evaluate(tablet, game, {**RON, "correct": 9}).status_code == 404


def test_a_posted_sit_out_counts_and_a_left_out_one_is_the_hands(tablet, game):
    # Nobody sits out the next hand of a four-seat standard game: left out or null, the same.
    left_out = evaluate(tablet, game, RON)
    assert left_out.status_code == 200
    assert evaluate(tablet, game, {**RON, "sit_out": None}).json() == left_out.json()
    # Posted, it is the seat that sits out: the winner cannot be it.
    refused = evaluate(tablet, game, {**RON, "sit_out": 1})
    assert refused.status_code == 400
    assert (refused.json()["error"]["code"], refused.json()["error"]["field"]) == (
        "invalid_value", "winner")
