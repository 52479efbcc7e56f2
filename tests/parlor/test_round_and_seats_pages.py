"""The round and the seats each tablet page draws, from the game's stored next hand and from a
recorded hand's outcome (both passed on as one typed value, the engine's scoring.NextHand)."""

from __future__ import annotations

import re

import pytest

from parlor.models import Game
from parlor.services.games import game_start
from parlor.services.hands import hand_record
from parlor.services.seating import Seating

pytestmark = pytest.mark.django_db
# Seat 1 wins off seat 0: seat 1 deals the next hand; when it wins again it keeps the deal.
RON = {"result": {"kind": "ron", "loser": 0, "wins": [{"winner": 1, "han": 3, "fu": 30}]}}


@pytest.fixture
def game(table, players, staff_user) -> Game:
    """Two hands played: 東1局 (seat 0 deals), then 東2局 (seat 1 deals, and keeps the deal)."""
    game = game_start(table=table, players=players[:4], seating=Seating.GIVEN, by=staff_user)
    for sequence in (1, 2):
        hand_record(game=game, sequence=sequence, entry=RON, by=staff_user)
    return game


def _rounds(page: str) -> list[str]:
    return re.findall(r'class="round-label"[^>]*>([^<]+)<', page)


def _dealer_and_winds(page: str) -> tuple[list[str], list[str]]:
    dealers = re.findall(r'class="seat is-dealer[^"]*" data-seat="(\d)"', page)
    winds = re.findall(r'<span class="wind">([^<]*)</span>', page)
    return dealers, winds


def test_the_game_screen_names_the_next_hand_with_its_honba_and_dealer(tablet, game):
    page = tablet.get(f"/tablet/games/{game.public_id}/state/").content.decode()
    assert _rounds(page) == ["東2局 1本場"]
    assert _dealer_and_winds(page) == (["1"], ["北", "東", "南", "西"])


def test_the_history_names_the_round_each_hand_was_played_in(tablet, game):
    page = tablet.get(f"/tablet/games/{game.public_id}/history/").content.decode()
    assert re.findall(r"<td>(東[^<]*)</td>", page) == ["東1局", "東2局"]


def test_the_correction_draws_the_table_as_the_corrected_hand_began(tablet, game):
    page = tablet.get(f"/tablet/games/{game.public_id}/hands/2/correct/").content.decode()
    assert _rounds(page) == ["東2局"]
    assert _dealer_and_winds(page) == (["1"], ["北", "東", "南", "西"])
    first = tablet.get(f"/tablet/games/{game.public_id}/hands/1/correct/").content.decode()
    assert _rounds(first) == ["東1局"]
    assert _dealer_and_winds(first) == (["0"], ["東", "南", "西", "北"])


def test_the_floor_card_names_the_next_hand(tablet, game):
    page = tablet.get("/tablet/").content.decode()
    assert "東2局 1本場" in _rounds(page)
