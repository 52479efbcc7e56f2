"""Whom the game start picks before staff tap anyone (issue 25): the table's last players when
every one of them can sit down again, else nobody; and the reasons its seat buttons carry."""

from __future__ import annotations

import re

import pytest

from parlor.domain.money import Terms
from parlor.models import FeeModel, Game
from parlor.services.games import game_finish, game_start
from parlor.services.hands import hand_record
from parlor.services.money import money_settings_set
from parlor.services.seating import Seating
from parlor.services.visits import visit_check_in, visit_check_out, visit_last_game_call
from tests.parlor.factories import TableFactory

pytestmark = pytest.mark.django_db
RON = {"result": {"kind": "ron", "loser": 0, "wins": [{"winner": 1, "han": 3, "fu": 30}]}}
POINT_5 = Terms(
    rate_yen_per_p=50,
    chip_value_yen=0,
    fee_model=FeeModel.EACH,
    game_fee_yen=500,
    top_prize_yen=0,
    money_unit_yen=10,
)


@pytest.fixture
def money(parlor):
    return money_settings_set(parlor=parlor, player_count=4, terms=POINT_5)


def _play_a_game(table, players, by) -> Game:
    game = game_start(table=table, players=players, seating=Seating.GIVEN, by=by)
    hand_record(game=game, sequence=1, entry=RON, by=by)
    return game_finish(game=game, by=by)


def _picked(tablet, table) -> list[str]:
    """The public ids the start page picks, in their order."""
    page = tablet.get(f"/tablet/tables/{table.public_id}/").content.decode()
    found = re.findall(r'value="([0-9a-f-]{36})" data-seated="(\d+)"', page)
    return [pid for pid, _ in sorted(found, key=lambda item: int(item[1]))]


def _ids(players) -> list[str]:
    return [str(p.public_id) for p in players]


def test_the_last_four_still_checked_in_are_picked_in_their_seats(
    tablet, table, players, staff_user, money
):
    for player in players[:4]:
        visit_check_in(player=player, by=staff_user)
    _play_a_game(table, players[:4], staff_user)
    assert _picked(tablet, table) == _ids(players[:4])


def test_nobody_is_picked_when_one_of_the_last_four_checked_out(
    tablet, table, players, staff_user, money
):
    visits = [visit_check_in(player=player, by=staff_user) for player in players[:4]]
    _play_a_game(table, players[:4], staff_user)
    visit_check_out(visit=visits[2], by=staff_user)
    assert _picked(tablet, table) == []


def test_nobody_is_picked_when_one_of_the_last_four_has_played_their_last_game(
    tablet, table, players, staff_user, money
):
    visits = [visit_check_in(player=player, by=staff_user) for player in players[:4]]
    visit_last_game_call(visit=visits[0], by=staff_user)  # ラス半, then the game is over
    _play_a_game(table, players[:4], staff_user)
    assert _picked(tablet, table) == []


def test_nobody_is_picked_when_one_of_the_last_four_plays_at_another_table(
    tablet, table, parlor, players, staff_user, money
):
    for player in players:
        visit_check_in(player=player, by=staff_user)
    _play_a_game(table, players[:4], staff_user)
    other = TableFactory(parlor=parlor, label="2", ruleset_key="standard")
    game_start(table=other, players=players[1:5], seating=Seating.GIVEN, by=staff_user)
    assert _picked(tablet, table) == []


def test_a_table_without_money_settings_picks_its_last_four_without_visits(
    tablet, table, players, staff_user
):
    _play_a_game(table, players[:4], staff_user)
    assert _picked(tablet, table) == _ids(players[:4])


def test_a_table_without_money_settings_picks_nobody_once_one_of_them_checked_out(
    tablet, table, players, staff_user
):
    _play_a_game(table, players[:4], staff_user)
    visit = visit_check_in(player=players[3], by=staff_user)
    # Checked in, the player cannot be settled at this table: not picked either.
    assert _picked(tablet, table) == []
    visit_check_out(visit=visit, by=staff_user)
    assert _picked(tablet, table) == []


def test_the_seat_buttons_carry_their_reasons_in_japanese(tablet, table):
    page = tablet.get(f"/tablet/tables/{table.public_id}/").content.decode()
    assert 'data-player-counts="4"' in page
    reason = page.split('id="start-reason"')[1].split("</p>")[0]
    assert 'data-more-one="あと1人選んでください"' in reason
    assert 'data-more="あと%(more)s人選んでください"' in reason
    assert 'data-too-many="%(most)s人選んでください（いま%(picked)s人）"' in reason
    assert 'data-not-in="先にチェックインしてください: %(names)s"' in reason


def test_a_three_player_table_with_a_sitting_out_player_takes_three_or_four(tablet, parlor):
    table = TableFactory(parlor=parlor, label="3", ruleset_key="seed-003")
    page = tablet.get(f"/tablet/tables/{table.public_id}/").content.decode()
    assert 'data-player-counts="3,4"' in page


def test_the_seat_buttons_carry_their_reasons_in_english_when_chosen(tablet, table):
    tablet.cookies["django_language"] = "en"
    page = tablet.get(f"/tablet/tables/{table.public_id}/").content.decode()
    reason = page.split('id="start-reason"')[1].split("</p>")[0]
    assert 'data-more-one="Choose 1 more player"' in reason
    assert 'data-more="Choose %(more)s more players"' in reason
    assert 'data-too-many="Choose %(most)s players (%(picked)s picked now)"' in reason
    assert 'data-not-in="Check in first: %(names)s"' in reason
