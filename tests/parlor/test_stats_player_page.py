"""A player's statistics, checked against counts made here directly from the hand records
(each current hand's entry and the transfers of its outcome), and the player's page."""

from __future__ import annotations

import re

import pytest
from django.test import Client

from parlor.models import Game, GameResult, GameSeat, Hand, HandState
from parlor.services.stats import player_stats
from tests.parlor.conftest import ok
from tests.parlor.money_helpers import (
    FOUR_PLAYER_EXAMPLE,
    example_setup,
    play,
    play_out,
    ron,
    start,
)

pytestmark = pytest.mark.django_db
# Seat 3 deals into seat 1 until it busts: a tobi for whoever sits in seat 3.
BUST = [ron(3, 1, han=5), ron(3, 2, han=5), ron(3, 0, han=5), ron(3, 1, han=5)]


@pytest.fixture
def history(parlor, players, personas):
    """players[0] (who has a login) plays seven games in several seats."""
    staff, four, three, _ = example_setup(parlor, players, personas)
    p = players
    for shift, seated in enumerate([p[:4], [p[1], p[0], p[2], p[3]], [p[2], p[3], p[0], p[1]]]):
        play_out(staff, start(staff, four, seated), base="standard", shift=shift)
    play(staff, start(staff, four, [p[1], p[2], p[4], p[0]]), BUST)
    play(staff, start(staff, four, p[:4]), FOUR_PLAYER_EXAMPLE)
    for shift, seated in enumerate([[p[0], p[4], p[2]], [p[3], p[0], p[1]]]):
        play_out(staff, start(staff, three, seated), base="seed-004", shift=shift)
    return players[0]


def counted_from_the_hand_records(player, player_count):
    """Every number of the statistics, counted straight from the stored hands."""
    counts = dict(
        games=0,
        rank_sum=0,
        tops=0,
        lasts=0,
        tobi=0,
        hands=0,
        wins=0,
        deal_ins=0,
        riichi=0,
        win_points=0,
    )
    for seat in GameSeat.objects.filter(player=player, game__status="finished"):
        game = Game.objects.get(pk=seat.game_id)
        if game.ruleset_snapshot["player_count"] != player_count:
            continue
        results = list(GameResult.objects.filter(game=game))
        mine = next(r for r in results if r.seat == seat.seat)
        counts["games"] += 1
        counts["rank_sum"] += mine.rank
        counts["tops"] += mine.rank == 1
        counts["lasts"] += mine.rank == len(results)
        counts["tobi"] += game.end_reason == "tobi" and game.scores[seat.seat] < 0
        for hand in Hand.objects.filter(game=game, state=HandState.CURRENT):
            counts["hands"] += 1
            counts["riichi"] += seat.seat in hand.entry.get("riichi", [])
            got = [
                t["amount"]
                for t in hand.outcome.transfers
                if t["to"] == seat.seat and t["reason"] in ("ron", "tsumo")
            ]
            counts["wins"] += bool(got)
            counts["win_points"] += sum(got)
            paid = [
                t for t in hand.outcome.transfers if t["from"] == seat.seat and t["reason"] == "ron"
            ]
            counts["deal_ins"] += bool(paid)
    return counts


@pytest.mark.parametrize("player_count", [4, 3])
def test_the_statistics_equal_the_counts_from_the_hand_records(history, player_count):
    expected = counted_from_the_hand_records(history, player_count)
    [stats] = [s for s in player_stats(history) if s.player_count == player_count]
    assert {key: getattr(stats, key) for key in expected} == expected
    assert expected["games"] >= 2 and expected["hands"] > expected["games"]
    if player_count == 4:
        # The history has all of it: wins, deal-ins, riichi, a top, a last and a bust.
        assert (
            min(
                expected["wins"],
                expected["deal_ins"],
                expected["riichi"],
                expected["tops"],
                expected["lasts"],
                expected["tobi"],
            )
            >= 1
        )
    assert stats.win_rate == round(expected["wins"] / expected["hands"], 4)
    assert stats.average_rank == round(expected["rank_sum"] / expected["games"], 2)
    if expected["wins"]:
        assert stats.average_win_points == round(expected["win_points"] / expected["wins"])


def test_the_player_page_shows_history_and_statistics(history, players):
    client = Client()
    client.force_login(history.user)
    html = client.get("/me/").content.decode()
    expected = counted_from_the_hand_records(history, 4)
    block = html.split('data-player-count="4"', 1)[1].split("</table>", 1)[0]
    shown = dict(re.findall(r'data-stat="(\w+)">([^<]*)<', block))
    assert shown["games"] == str(expected["games"])
    assert shown["hands"] == str(expected["hands"])
    assert shown["win_rate"] == f"{expected['wins'] / expected['hands'] * 100:.1f}%"
    assert shown["tobi_rate"] == f"{expected['tobi'] / expected['games'] * 100:.1f}%"
    # The history of four-player games, under the title the parlor gave the ruleset, not its id.
    assert html.count("<td>standard 祝儀あり</td>") == 5
    assert "<td>standard-chips</td>" not in html


def test_the_player_page_needs_a_login(db):
    response = Client().get("/me/")
    assert response.status_code == 302 and "/me/login/" in response["Location"]


def test_the_api_gives_the_same_statistics_to_the_player_only(history, players, personas):
    expected = counted_from_the_hand_records(history, 4)
    rows = ok(personas["player"].get(f"/api/players/{history.public_id}/stats/"))
    four = next(r for r in rows if r["player_count"] == 4)
    assert (four["games"], four["hands"]) == (expected["games"], expected["hands"])
    assert four["riichi_rate"] == round(expected["riichi"] / expected["hands"], 4)
    other = personas["player"].get(f"/api/players/{players[1].public_id}/stats/")
    assert other.status_code == 403
