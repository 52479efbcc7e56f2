"""Who may do what with visits and money: staff and managers of the parlor; a player reads
their own visits; another parlor's visit is not found."""

from __future__ import annotations

import pytest

from tests.parlor.conftest import ok
from tests.parlor.money_helpers import check_in, money_settings, table

pytestmark = pytest.mark.django_db


@pytest.fixture
def visits(parlor, players, personas):
    money_settings(personas["manager"], 4, rate_yen_per_p=50)
    return [check_in(personas["staff"], p) for p in players[:2]]  # players[0] is the player's


def test_signed_out_and_roleless_users_get_nothing(personas, visits):
    assert personas["anonymous"].get("/api/visits/").status_code == 401
    assert personas["no_role"].get("/api/visits/").status_code == 403
    assert personas["no_role"].get(f"/api/visits/{visits[0]['visit']['id']}/").status_code == 403


def test_a_player_reads_only_their_own_visits(personas, players, visits):
    player = personas["player"]
    mine, theirs = (v["visit"]["id"] for v in visits)
    assert ok(player.get(f"/api/visits/{mine}/"))["visit"]["player"]["name"] == players[0].name
    denied = player.get(f"/api/visits/{theirs}/")
    assert denied.status_code == 403 and denied.json()["error"]["code"] == "not_your_visit"
    assert len(ok(player.get(f"/api/players/{players[0].public_id}/visits/"))) == 1
    assert player.get(f"/api/players/{players[1].public_id}/visits/").status_code == 403


def test_a_player_cannot_check_in_call_the_last_game_or_check_out(personas, players, visits):
    player, mine = personas["player"], visits[0]["visit"]["id"]
    body = {"player": str(players[2].public_id)}
    assert player.post("/api/visits/", body, format="json").status_code == 403
    assert player.post(f"/api/visits/{mine}/last-game/", {}, format="json").status_code == 403
    assert player.post(f"/api/visits/{mine}/check-out/").status_code == 403
    assert player.get("/api/visits/").status_code == 403


def test_another_parlor_sees_no_visit_and_cannot_check_our_players_in(personas, players, visits):
    other = personas["other_parlor"]
    response = other.get(f"/api/visits/{visits[0]['visit']['id']}/")
    assert response.status_code == 404 and response.json()["error"]["code"] == "visit_not_found"
    refused = other.post("/api/visits/", {"player": str(players[3].public_id)}, format="json")
    assert refused.status_code == 400 and refused.json()["error"]["code"] == "unknown_player"
    assert other.post(f"/api/visits/{visits[0]['visit']['id']}/check-out/").status_code == 404


def test_only_a_manager_sets_money(personas):
    body = {"player_count": 4, "rate_yen_per_p": 100}
    assert personas["staff"].put("/api/money-settings/", body, format="json").status_code == 403
    assert personas["player"].get("/api/money-settings/").status_code == 403
    assert (
        ok(personas["manager"].put("/api/money-settings/", body, format="json"))["rate_yen_per_p"]
        == 100
    )


@pytest.mark.parametrize(
    ("body", "field"),
    [
        pytest.param(
            {"player_count": 4, "rate_yen_per_p": 50, "top_prize_yen": 200},
            "top_prize_yen",
            id="top-prize-needs-each-plus-top",
        ),
        pytest.param(
            {"player_count": 4, "rate_yen_per_p": 50, "money_unit_yen": 5},
            "money_unit_yen",
            id="money-unit-is-1-10-or-100",
        ),
        pytest.param(
            {"player_count": 5, "rate_yen_per_p": 50},
            "player_count",
            id="game-type-is-3-or-4-players",
        ),
        pytest.param(
            {"player_count": 4, "rate_yen_per_p": -50}, "rate_yen_per_p", id="rate-is-not-negative"
        ),
        pytest.param(
            {"player_count": 4, "rate_yen_per_p": 999_999_999},
            "rate_yen_per_p",
            id="rate-has-a-sane-maximum",
        ),
        pytest.param(
            {"player_count": 4, "rate_yen_per_p": 50, "game_fee_yen": 2_000_000},
            "game_fee_yen",
            id="fee-has-a-sane-maximum",
        ),
    ],
)
def test_money_settings_are_checked(personas, body, field):
    response = personas["manager"].put("/api/money-settings/", body, format="json")
    assert response.status_code == 400, response.content
    assert response.json()["error"]["field"] == field, response.json()


def test_a_tables_own_terms_match_its_game_type(parlor, personas):
    three = table(parlor, "3", "seed-004")
    response = personas["manager"].put(
        "/api/money-settings/",
        {"player_count": 4, "table": str(three.public_id), "rate_yen_per_p": 50},
        format="json",
    )
    assert response.status_code == 400 and response.json()["error"]["field"] == "player_count"
