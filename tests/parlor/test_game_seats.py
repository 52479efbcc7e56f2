"""A game's seats and next hand, built once from the game row (selectors.game_seats): the winds
are the engine's for the stored next hand, the seat sitting out (抜け番) has none, the 罰符 owed
so far are the engine state's, and a game that ended has no next hand, dealer or winds."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from parlor.models import Game
from parlor.selectors.answers import table_answer
from parlor.selectors.game_seats import game_seats
from parlor.selectors.games import table_state
from tests.parlor.factories import TableFactory
from tests.parlor.money_helpers import play, ron

pytestmark = pytest.mark.django_db
EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


def _row(game_id: str) -> Game:
    return Game.objects.get(public_id=game_id)


def test_the_dealer_passes_and_every_seat_has_the_wind_of_the_next_hand(staff, table, start_game):
    game = start_game(table)
    after = play(staff, game, [ron(2, 1, han=3, fu=30)])  # a child wins: seat 1 deals next
    at_table = game_seats(_row(game["id"]), player_count=4)
    assert at_table.next_hand is not None
    assert (at_table.next_hand.round_wind, at_table.next_hand.round_number) == ("E", 2)
    assert at_table.next_hand.dealer == 1 and at_table.next_hand.sit_out is None
    assert at_table.winds == ("N", "E", "S", "W")
    assert [seat.is_dealer for seat in at_table.seats] == [False, True, False, False]
    assert [seat.score for seat in at_table.seats] == after["scores"]
    assert [str(seat.player_id) for seat in at_table.seats] == [
        seat["player_id"] for seat in after["seats"]
    ]
    assert not any(seat.sits_out or seat.deduction for seat in at_table.seats)


def test_a_chombo_taken_at_the_end_is_owed_by_its_seat(parlor, staff, start_game):
    game = start_game(TableFactory(parlor=parlor, ruleset_key="mleague"))
    play(staff, game, [{"result": {"kind": "chombo", "offender": 2}}])
    at_table = game_seats(_row(game["id"]), player_count=4)
    assert [seat.deduction for seat in at_table.seats] == [0, 0, -20000, 0]
    assert [seat.score for seat in at_table.seats] == [25000] * 4  # nothing moved at the table


def test_the_seat_sitting_out_has_no_wind_and_the_table_state_gives_none(parlor, staff, start_game):
    table = TableFactory(parlor=parlor, label="3", ruleset_key="seed-003")
    game = start_game(table, count=4)
    first = json.loads((EXAMPLES / "seed-003.json").read_text())["hands"][0]
    after = play(staff, game, [first])
    row = _row(game["id"])
    at_table = game_seats(row, player_count=3)
    out = after["next"]["sit_out"]
    assert [seat.sits_out for seat in at_table.seats] == [seat == out for seat in range(4)]
    assert at_table.seats[out].wind is None
    assert sorted(seat.wind for seat in at_table.seats if seat.wind) == ["E", "S", "W"]
    assert at_table.winds is None
    assert table_state(row.table).at_table == at_table
    assert table_answer(table_state(row.table))["game"]["winds"] is None


def test_a_game_that_ended_has_no_next_hand_dealer_or_winds(staff, table, start_game):
    game = start_game(table)
    after = play(staff, game, [ron(2, 1, han=3, fu=30)], finish=True)
    at_table = game_seats(_row(game["id"]), player_count=4)
    assert at_table.next_hand is None and at_table.winds is None
    assert not any(seat.is_dealer or seat.wind for seat in at_table.seats)
    assert [seat.score for seat in at_table.seats] == after["scores"]
