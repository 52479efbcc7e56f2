"""The tablet's pages: who may open them, what they show, and starting a game from them."""

from __future__ import annotations

import json
import re

import pytest
from django.test import Client

from parlor.models import Game, GameStatus
from parlor.services.games import game_finish, game_start
from parlor.services.hands import hand_record
from parlor.services.seating import Seating
from tests.parlor.factories import TableFactory, UserFactory

pytestmark = pytest.mark.django_db
RON = {"result": {"kind": "ron", "loser": 0, "wins": [{"winner": 1, "han": 3, "fu": 30}]}}


@pytest.fixture
def game(table, players, staff_user) -> Game:
    return game_start(table=table, players=players[:4], seating=Seating.GIVEN, by=staff_user)


def test_a_signed_out_tablet_is_sent_to_the_tablet_login(client):
    response = client.get("/tablet/")
    assert response.status_code == 302
    assert response["Location"].startswith("/tablet/login/?next=/tablet/")


def test_the_login_page_signs_staff_in_and_opens_the_floor(client, staff_user):
    page = client.get("/tablet/login/")
    assert "ログイン" in page.content.decode()
    response = client.post("/tablet/login/", {"username": staff_user.username, "password": "pw"})
    assert response.status_code == 302 and response["Location"] == "/tablet/"


def test_a_player_account_cannot_open_the_tablet(parlor, players):
    user = UserFactory()
    players[0].user = user
    players[0].save(update_fields=["user"])
    client = Client()
    client.force_login(user)
    response = client.get("/tablet/")
    assert response.status_code == 403
    assert 'data-code="role_required"' in response.content.decode()


def test_the_floor_shows_every_table_with_round_sticks_and_scores(tablet, game, staff_user):
    hand_record(game=game, sequence=1, entry=RON, by=staff_user)
    TableFactory(parlor=game.table.parlor, label="2", ruleset_key="seed-004")
    page = tablet.get("/tablet/").content.decode()
    assert "1番卓" in page and "2番卓" in page
    assert "東2局" in page and "21,100" in page and "28,900" in page
    assert "空き卓" in page  # table 2 is free


def test_another_parlors_table_is_not_found(tablet, other_parlor):
    table = TableFactory(parlor=other_parlor, label="9")
    response = tablet.get(f"/tablet/tables/{table.public_id}/")
    assert response.status_code == 404


def test_a_free_table_opens_the_game_start(tablet, table, players):
    page = tablet.get(f"/tablet/tables/{table.public_id}/").content.decode()
    assert "対局開始" in page
    assert all(p.name in page for p in players)
    assert 'data-seating="keep"' not in page  # no seating yet: nothing to keep


def test_starting_a_game_seats_the_players_in_the_order_given(tablet, table, players):
    chosen = [players[2], players[0], players[3], players[1]]
    response = tablet.post(
        f"/tablet/tables/{table.public_id}/start/",
        {"players": [str(p.public_id) for p in chosen], "seating": "given"},
    )
    game = Game.objects.get(table=table)
    assert response.status_code == 302
    assert response["Location"] == f"/tablet/games/{game.public_id}/?seated=given"
    assert [s.player for s in game.seats.order_by("seat")] == chosen


def test_a_wrong_number_of_players_is_shown_on_the_start_page(tablet, table, players):
    response = tablet.post(
        f"/tablet/tables/{table.public_id}/start/",
        {"players": [str(p.public_id) for p in players[:3]], "seating": "draw"},
    )
    assert response.status_code == 400
    assert 'data-code="wrong_player_count"' in response.content.decode()
    assert not Game.objects.exists()


def test_an_open_table_goes_straight_to_its_game(tablet, game):
    response = tablet.get(f"/tablet/tables/{game.table.public_id}/")
    assert response.status_code == 302
    assert response["Location"] == f"/tablet/games/{game.public_id}/"


def test_the_game_screen_has_the_seats_winds_and_the_pad_for_the_ruleset(tablet, game):
    page = tablet.get(f"/tablet/games/{game.public_id}/").content.decode()
    assert "東1局" in page
    assert page.count('class="seat') >= 4 and "東" in page and "北" in page
    start = page.index('id="pad-config"')
    config = json.loads(page[page.index(">", start) + 1 : page.index("</script>", start)])
    assert config["grid"]["input"] == "han_fu" and config["max_winners"] == 3
    assert [row["han"] for row in config["grid"]["rows"]] == [1, 2, 3, 4]
    first = config["grid"]["rows"][0]["cells"]
    assert {c["fu"]: (c["ron"], c["tsumo"]) for c in first}[20] == (False, False)
    assert {a["code"] for a in config["abortive"]} >= {"nine_terminals", "triple_ron"}


def test_a_fixed_fu_ruleset_offers_han_only(tablet, parlor, players, staff_user):
    table = TableFactory(parlor=parlor, label="3p", ruleset_key="seed-004")
    game = game_start(table=table, players=players[:3], seating=Seating.GIVEN, by=staff_user)
    page = tablet.get(f"/tablet/games/{game.public_id}/").content.decode()
    assert 'data-fu="' not in page  # no fu anywhere: 40 fu is fixed
    assert 'data-kind="abortive"' not in page  # seed-004 has no abortive draws
    assert 'data-han="5"' in page  # 満貫 from 5 han


def test_the_seat_change_is_prompted_and_keep_is_not_offered(tablet, parlor, players, staff_user):
    table = TableFactory(parlor=parlor, label="回り親", ruleset_key="seed-004")
    three = players[:3]
    game = game_start(table=table, players=three, seating=Seating.GIVEN, by=staff_user)
    for _ in range(6):
        game_finish(game=game, by=staff_user)
        status = tablet.get(f"/tablet/tables/{table.public_id}/").content.decode()
        if "data-seat-change" in status:
            break
        game = game_start(table=table, players=three, seating=Seating.KEEP, by=staff_user)
    page = tablet.get(f"/tablet/tables/{table.public_id}/").content.decode()
    assert "場所替え" in page and 'data-seating="keep"' not in page
    result = tablet.get(f"/tablet/games/{game.public_id}/result/").content.decode()
    assert 'data-next-game="draw"' in result and 'data-next-game="keep"' not in result


def test_the_result_page_shows_the_settlement_and_starts_the_next_game(tablet, game, staff_user):
    hand_record(game=game, sequence=1, entry=RON, by=staff_user)
    tablet.post(f"/tablet/games/{game.public_id}/finish/")
    game.refresh_from_db()
    assert game.status == GameStatus.FINISHED
    page = tablet.get(f"/tablet/games/{game.public_id}/result/").content.decode()
    assert "最終結果" in page and "スタッフによる終了" in page
    assert 'data-next-game="keep"' in page
    seat_ids = [str(s.player.public_id) for s in game.seats.order_by("seat")]
    response = tablet.post(
        f"/tablet/tables/{game.table.public_id}/start/", {"players": seat_ids, "seating": "keep"}
    )
    assert response.status_code == 302
    assert Game.objects.filter(table=game.table, status=GameStatus.IN_PROGRESS).count() == 1


def test_undo_voids_the_last_hand_and_keeps_it_in_the_history(tablet, game, staff_user):
    hand_record(game=game, sequence=1, entry=RON, by=staff_user)
    response = tablet.post(
        f"/tablet/games/{game.public_id}/undo/", {"sequence": 1, "reason": "押し間違い"}
    )
    assert response.status_code == 302
    game.refresh_from_db()
    assert game.hand_count == 0 and game.scores == [25000] * 4
    history = tablet.get(f"/tablet/games/{game.public_id}/history/").content.decode()
    assert "取消済" in history and "押し間違い" in history


def test_the_history_shows_each_hands_change_and_the_running_scores(tablet, game, staff_user):
    hand_record(game=game, sequence=1, entry=RON, by=staff_user)
    hand_record(game=game, sequence=2, entry=RON, by=staff_user)
    page = tablet.get(f"/tablet/games/{game.public_id}/history/").content.decode()
    changes = re.findall(r"data-delta>([^<]+)<", page)
    running = re.findall(r"data-running>([^<]+)<", page)
    # Hand 2: the winner deals now, so 3 han 30 fu pays 5,800.
    assert changes == ["-3,900", "+3,900", "0", "0", "-5,800", "+5,800", "0", "0"]
    after_one = ["21,100", "28,900", "25,000", "25,000"]
    after_two = ["15,300", "34,700", "25,000", "25,000"]
    assert running == [*after_one, *after_two]


def test_a_cancelled_riichis_stick_reads_as_its_cancel_fee(tablet, parlor, players, staff_user):
    """seed-004: a riichi taken back leaves 1,000 on the table as its fee (リーチ取消料); a
    riichi that stood still puts down a riichi stick (リーチ棒)."""
    table = TableFactory(parlor=parlor, label="3p", ruleset_key="seed-004")
    game = game_start(table=table, players=players[:3], seating=Seating.GIVEN, by=staff_user)
    hand = {
        "riichi": [0, 1],
        "riichi_cancelled": [0],
        "result": {"kind": "draw", "tenpai": [1]},
    }
    response = tablet.post(
        f"/tablet/games/{game.public_id}/preview/", {"hand": hand}, content_type="application/json"
    )
    html = response.json()["html"]
    assert html.count("リーチ取消料") == 1 and html.count("リーチ棒") == 1
