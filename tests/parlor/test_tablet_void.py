"""The tablet's void (対局を無効にする): a reason, a manager's confirmation when the game has
hands, errors next to their field, and back to the floor with a message."""

from __future__ import annotations

import re

import pytest
from django.test import Client

from parlor.models import Adjustment, AdjustmentKind, Game, GameStatus, MemberRole, Visit
from parlor.services.games import game_finish, game_start
from parlor.services.hands import hand_record
from parlor.services.money import money_settings_set
from parlor.services.seating import Seating
from parlor.services.visits import visit_check_in, visit_check_out
from tests.parlor.factories import MemberFactory
from tests.parlor.test_tablet_counter import POINT_5

pytestmark = pytest.mark.django_db
RON = {"result": {"kind": "ron", "loser": 0, "wins": [{"winner": 1, "han": 3, "fu": 30}]}}


@pytest.fixture
def game(table, players, staff_user) -> Game:
    return game_start(table=table, players=players[:4], seating=Seating.GIVEN, by=staff_user)


@pytest.fixture
def manager(parlor):
    return MemberFactory(parlor=parlor, role=MemberRole.MANAGER).user


def _void(client: Client, game: Game, **fields: str):
    return client.post(f"/tablet/games/{game.public_id}/void/", fields)


def _confirmed_void(tablet: Client, game: Game, staff_user, manager, *, password: str):
    """A game with a hand, voided with the manager's username and `password`."""
    hand_record(game=game, sequence=1, entry=RON, by=staff_user)
    return _void(
        tablet,
        game,
        reason="卓を間違えた",
        manager_username=manager.username,
        manager_password=password,
    )


def _error_for(page: str, field: str) -> str:
    found = re.search(rf'data-error-for="{field}">([^<]*)<', page)
    assert found, f"no error next to {field}"
    return found.group(1)


def test_the_game_screen_offers_the_void_with_a_reason_only_before_any_hand(tablet, game):
    page = tablet.get(f"/tablet/games/{game.public_id}/").content.decode()
    assert "対局を無効にする" in page and 'name="reason"' in page
    assert 'name="manager_password"' not in page


def test_staff_void_a_game_started_by_mistake_and_see_it_on_the_floor(tablet, game, staff_user):
    response = _void(tablet, game, reason="卓を間違えた")
    assert response.status_code == 302 and response["Location"] == "/tablet/"
    floor = tablet.get("/tablet/").content.decode()
    assert "1卓の対局を無効にしました" in floor
    game.refresh_from_db()
    assert (game.status, game.voided_by, game.void_reason) == (
        GameStatus.VOIDED,
        staff_user,
        "卓を間違えた",
    )
    # The voided game's screen is its result page, saying so.
    result = tablet.get(f"/tablet/games/{game.public_id}/", follow=True).content.decode()
    assert "この対局は無効です" in result and "対局を無効にする" not in result


def test_a_missing_reason_is_shown_next_to_the_reason(tablet, game):
    response = _void(tablet, game, reason="  ")
    assert response.status_code == 400
    assert _error_for(response.content.decode(), "reason") == "無効にする理由を入力してください。"
    game.refresh_from_db()
    assert game.status == GameStatus.IN_PROGRESS


def test_a_game_with_hands_asks_for_a_manager_next_to_the_username(tablet, game, staff_user):
    hand_record(game=game, sequence=1, entry=RON, by=staff_user)
    page = tablet.get(f"/tablet/games/{game.public_id}/").content.decode()
    assert 'name="manager_username"' in page and 'name="manager_password"' in page
    response = _void(tablet, game, reason="卓を間違えた")
    assert response.status_code == 403
    assert "店長の承認が必要" in _error_for(response.content.decode(), "manager_username")
    game.refresh_from_db()
    assert game.status == GameStatus.IN_PROGRESS


def test_a_wrong_manager_password_is_shown_next_to_the_password_and_keeps_the_reason(
    tablet, game, staff_user, manager
):
    response = _confirmed_void(tablet, game, staff_user, manager, password="wrong")
    assert response.status_code == 400
    page = response.content.decode()
    assert "パスワードが違う" in _error_for(page, "manager_password")
    assert 'value="卓を間違えた"' in page and f'value="{manager.username}"' in page


def test_a_manager_confirms_at_the_table_and_the_tablet_stays_signed_in_as_staff(
    tablet, game, staff_user, manager
):
    response = _confirmed_void(tablet, game, staff_user, manager, password="pw")
    assert response.status_code == 302
    game.refresh_from_db()
    assert (game.voided_by, game.void_confirmed_by) == (staff_user, manager)
    assert int(tablet.session["_auth_user_id"]) == staff_user.pk


def test_a_signed_in_manager_voids_a_finished_game_from_its_result_page(game, staff_user, manager):
    hand_record(game=game, sequence=1, entry=RON, by=staff_user)
    game_finish(game=game, by=staff_user)
    client = Client()
    client.force_login(manager)
    result = client.get(f"/tablet/games/{game.public_id}/result/").content.decode()
    assert "対局を無効にする" in result and "店長だけ" in result
    assert _void(client, game, reason="別の卓の記録").status_code == 302
    game.refresh_from_db()
    assert game.status == GameStatus.VOIDED and game.void_confirmed_by == manager


def test_voiding_a_game_already_settled_says_who_is_owed_what_at_the_counter(
    table, players, staff_user, manager
):
    """The floor's message says the money of the players already checked out moved to open
    adjustments: not only "it charges nothing"."""
    for player in players[:4]:
        visit_check_in(player=player, by=staff_user)
    money_settings_set(parlor=table.parlor, player_count=4, terms=POINT_5)
    game = game_start(table=table, players=players[:4], seating=Seating.GIVEN, by=staff_user)
    hand_record(game=game, sequence=1, entry=RON, by=staff_user)
    game_finish(game=game, by=staff_user)
    visit_check_out(visit=Visit.objects.get(player=players[1]), by=staff_user)  # the winner
    earlier = {"kind": AdjustmentKind.CORRECTION, "reason": "符の入力ミス", "game": game}
    Adjustment.objects.create(parlor=table.parlor, player=players[1], amount_yen=70, **earlier)
    client = Client()
    client.force_login(manager)
    floor = client.get(_void(client, game, reason="別の卓の記録")["Location"]).content.decode()
    owed = Adjustment.objects.get(game=game, reason__startswith="game voided")
    assert "+70" not in floor  # an older correction's adjustment is not the void's
    assert owed.player == players[1] and owed.amount_yen < 0
    assert players[1].name in floor and f"−{-owed.amount_yen:,}" in floor
    assert "未精算の調整" in floor
