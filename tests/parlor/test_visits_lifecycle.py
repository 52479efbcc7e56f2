"""Visits: check-in, games attached while checked in, ラス半, 代走 and check-out."""

from __future__ import annotations

import pytest

from parlor.models import GameMoney, Settlement, SettlementLine, Visit, VisitGame
from tests.parlor.conftest import ok
from tests.parlor.money_helpers import (
    FOUR_PLAYER_EXAMPLE,
    check_in,
    check_out,
    chip_ruleset,
    money_settings,
    play,
    start,
    table,
)

pytestmark = pytest.mark.django_db
RON = {"result": {"kind": "ron", "loser": 3, "wins": [{"winner": 1, "han": 2, "fu": 30}]}}


@pytest.fixture
def parlor_with_money(parlor, players, personas):
    manager = personas["manager"]
    money_settings(manager, 4, rate_yen_per_p=50, fee_model="each", game_fee_yen=400)
    key = chip_ruleset(manager, "standard")  # chips are paid, at 0 yen: money from points only
    return personas["staff"], table(parlor, "1", key), table(parlor, "2", key)


def _visit(visit):
    return visit["visit"]["id"]


def test_a_player_checks_in_once(parlor_with_money, players):
    staff, _, _ = parlor_with_money
    visit = check_in(staff, players[0])
    assert visit["visit"]["status"] == "open" and visit["lines"] == []
    again = staff.post("/api/visits/", {"player": str(players[0].public_id)}, format="json")
    assert again.status_code == 409 and again.json()["error"]["code"] == "visit_already_open"
    assert [v["visit"]["id"] for v in ok(staff.get("/api/visits/"))] == [_visit(visit)]


def test_a_game_joins_the_visits_of_its_players_and_keeps_its_terms(
    parlor_with_money, players, personas
):
    staff, first, _ = parlor_with_money
    visits = [check_in(staff, p) for p in players[:4]]
    game = start(staff, first, players[:4])
    assert VisitGame.objects.filter(game__public_id=game["id"]).count() == 4
    # The manager raises the rate: the game in progress keeps 50 yen per 1p.
    money_settings(personas["manager"], 4, rate_yen_per_p=100, fee_model="each", game_fee_yen=400)
    play(staff, game, FOUR_PLAYER_EXAMPLE)
    assert GameMoney.objects.get(game__public_id=game["id"]).rate_yen_per_p == 50
    receipt = ok(staff.get(f"/api/visits/{_visit(visits[1])}/"))
    assert receipt["is_closed"] is False
    assert receipt["lines"][0]["rate_yen_per_p"] == 50
    assert receipt["lines"][0]["points_yen"] == 2600


def test_check_out_waits_for_the_game_in_progress(parlor_with_money, players):
    staff, first, _ = parlor_with_money
    visits = [check_in(staff, p) for p in players[:4]]
    game = start(staff, first, players[:4])
    response = staff.post(f"/api/visits/{_visit(visits[0])}/check-out/")
    assert response.status_code == 409
    assert response.json()["error"]["code"] == "visit_game_in_progress"
    play(staff, game, FOUR_PLAYER_EXAMPLE)
    assert check_out(staff, visits[0])["totals"]["total_yen"] == 350 - 400


def test_the_last_game_call_ends_the_visit_after_the_game_in_progress(parlor_with_money, players):
    staff, first, second = parlor_with_money
    visits = [check_in(staff, p) for p in players[:5]]
    game = start(staff, first, players[:4])
    called = ok(staff.post(f"/api/visits/{_visit(visits[0])}/last-game/", {}, format="json"))
    assert called["visit"]["last_game_id"] == game["id"] and called["visit"]["is_over"] is False
    play(staff, game, FOUR_PLAYER_EXAMPLE)
    assert ok(staff.get(f"/api/visits/{_visit(visits[0])}/"))["visit"]["is_over"] is True

    body = {"players": [str(p.public_id) for p in players[:4]], "seating": "given"}
    refused = staff.post(f"/api/tables/{second.public_id}/games/", body, format="json")
    assert refused.status_code == 409 and refused.json()["error"]["code"] == "visit_over"
    assert check_out(staff, visits[0])["totals"]["total_yen"] == -50
    # Checked out, the player's seat goes to someone else and the others play on.
    start(staff, second, players[1:5])


def test_a_last_game_call_between_games_makes_the_next_game_the_last(parlor_with_money, players):
    staff, first, _ = parlor_with_money
    visits = [check_in(staff, p) for p in players[:4]]
    ok(staff.post(f"/api/visits/{_visit(visits[2])}/last-game/", {}, format="json"))
    game = start(staff, first, players[:4])
    assert Visit.objects.get(public_id=_visit(visits[2])).last_game.public_id.hex == (
        game["id"].replace("-", "")
    )
    taken_back = ok(
        staff.post(f"/api/visits/{_visit(visits[2])}/last-game/", {"called": False}, format="json")
    )
    assert taken_back["visit"]["last_game_called_at"] is None


def test_a_stand_in_keeps_the_result_on_the_player(parlor_with_money, players):
    staff, first, _ = parlor_with_money
    visits = [check_in(staff, p) for p in players[:4]]
    game = start(staff, first, players[:4])
    ok(
        staff.post(
            f"/api/visits/{_visit(visits[1])}/stand-in/",
            {"game": game["id"], "note": "電話で離席 (東3局〜東4局)"},
            format="json",
        )
    )
    play(staff, game, FOUR_PLAYER_EXAMPLE)
    receipt = check_out(staff, visits[1])
    assert receipt["lines"][0]["stand_in"] is True
    assert receipt["lines"][0]["amount_yen"] == 2600 - 400  # the top's money stays the player's


def test_a_cancelled_game_counts_for_nothing(parlor_with_money, players, personas):
    staff, first, second = parlor_with_money
    visits = [check_in(staff, p) for p in players[:4]]
    cancelled = start(staff, first, players[:4])
    ok(
        personas["manager"].post(
            f"/api/games/{cancelled['id']}/cancel/", {"reason": "停電"}, format="json"
        )
    )
    play(staff, start(staff, second, players[:4]), FOUR_PLAYER_EXAMPLE)
    receipt = check_out(staff, visits[0])
    assert [line["table_label"] for line in receipt["lines"]] == ["2"]


def test_a_closed_settlement_is_immutable(parlor_with_money, players):
    staff, first, _ = parlor_with_money
    visits = [check_in(staff, p) for p in players[:4]]
    play(staff, start(staff, first, players[:4]), FOUR_PLAYER_EXAMPLE)
    check_out(staff, visits[0])
    second = staff.post(f"/api/visits/{_visit(visits[0])}/check-out/")
    assert second.status_code == 409 and second.json()["error"]["code"] == "visit_closed"
    settlement = Settlement.objects.get()
    settlement.total_yen = 1_000_000
    with pytest.raises(ValueError, match="immutable"):
        settlement.save()
    line = SettlementLine.objects.get()
    with pytest.raises(ValueError, match="immutable"):
        line.save()


def test_a_table_without_money_settings_takes_no_checked_in_player(parlor, players, personas):
    staff = personas["staff"]
    three = table(parlor, "3", "seed-004")  # the parlor has four-player settings only
    money_settings(personas["manager"], 4, rate_yen_per_p=50)
    check_in(staff, players[0])
    body = {"players": [str(p.public_id) for p in players[:3]], "seating": "given"}
    refused = staff.post(f"/api/tables/{three.public_id}/games/", body, format="json")
    assert refused.status_code == 409
    assert refused.json()["error"]["code"] == "no_money_settings"


def test_a_table_may_carry_its_own_rate(parlor_with_money, players, personas):
    staff, _, second = parlor_with_money
    ok(
        personas["manager"].put(
            "/api/money-settings/",
            {
                "player_count": 4,
                "table": str(second.public_id),
                "rate_yen_per_p": 100,
                "fee_model": "each",
                "game_fee_yen": 600,
            },
            format="json",
        )
    )
    visits = [check_in(staff, p) for p in players[:4]]
    play(staff, start(staff, second, players[:4]), FOUR_PLAYER_EXAMPLE)
    line = check_out(staff, visits[0])["lines"][0]
    assert (line["rate_yen_per_p"], line["points_yen"], line["fee_yen"]) == (100, 700, 600)
    rows = ok(staff.get("/api/money-settings/"))
    assert sorted((r["table_label"] or "", r["rate_yen_per_p"]) for r in rows) == [
        ("", 50),
        ("2", 100),
    ]


def test_the_result_page_offers_no_same_seats_game_when_a_last_game_is_over(
    parlor_with_money, players, tablet
):
    """A seated player's ラス半 is over: the next game with the same players is refused
    (visit_over), so the result page says so and sends to the counter instead."""
    staff, first, _ = parlor_with_money
    visits = [check_in(staff, p) for p in players[:4]]
    game = start(staff, first, players[:4])
    ok(staff.post(f"/api/visits/{_visit(visits[0])}/last-game/", {}, format="json"))
    play(staff, game, FOUR_PLAYER_EXAMPLE)
    page = tablet.get(f"/tablet/games/{game['id']}/result/").content.decode()
    assert "data-next-game" not in page
    assert f"ラス半終了：{players[0].name}。受付で精算するか" in page
    assert 'href="/tablet/counter/"' in page
