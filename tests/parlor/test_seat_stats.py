"""The standings and statistics read per seat figures (GameSeatStats) written when a game's
results are written. Here they are checked against the computations they replaced, kept below
as they were (a walk over every result and every hand in Python), on varied data: chips, a
staff seat (本走), a correction after the game ended, a cancelled game, three-player games, a
bust, and a correction that reopens a finished game."""

from __future__ import annotations

from collections import defaultdict
from datetime import timedelta
from typing import Any

import pytest
import time_machine
from django.apps import apps
from django.db.models import Exists, OuterRef

from parlor.domain.business_days import month_range
from parlor.models import (
    GameResult,
    GameSeat,
    GameSeatStats,
    GameStatus,
    Hand,
    HandState,
    MoneySettings,
    Player,
    Table,
)
from parlor.services.games import game_start
from parlor.services.hand_corrections import hand_correct
from parlor.services.hands import hand_record
from parlor.services.seat_stats import is_bust
from parlor.services.seating import Seating
from parlor.services.standings import _ranked, _Tally, standings_between
from parlor.services.stats import PlayerStats, player_stats
from scoring import WIN_PAYMENTS
from tests.parlor.money_helpers import ron
from tests.parlor.test_query_counts_history import play_more
from tests.reports.day import DAY, at, play_day, play_game

pytestmark = pytest.mark.django_db
BUST = [ron(3, 1, han=5), ron(3, 2, han=5), ron(3, 0, han=5), ron(3, 1, han=5)]


def old_standings_between(parlor, start, end, *, min_games=0):
    """services.standings.standings_between before GameSeatStats."""
    staff_seat = GameSeat.objects.filter(
        game=OuterRef("game"), seat=OuterRef("seat"), is_staff_play=True
    )
    results = (
        GameResult.objects.filter(
            game__table__parlor=parlor,
            game__status=GameStatus.FINISHED,
            game__ended_at__gte=start,
            game__ended_at__lt=end,
        )
        .exclude(Exists(staff_seat))
        .select_related("player", "game")
    )
    tallies: dict[int, dict[int, _Tally]] = {}
    for result in results:
        count = int(result.game.ruleset_snapshot.get("player_count", 4))
        tally = tallies.setdefault(count, {}).setdefault(
            result.player_id, _Tally(result.player.name)
        )
        tally.games += 1
        tally.total_tenths += result.total_tenths
        tally.rank_sum += result.rank
        tally.tops += result.rank == 1
    return [_ranked(count, tallies[count], min_games) for count in sorted(tallies, reverse=True)]


def _old_count_hand(stats: PlayerStats, seat: int, entry: dict[str, Any], transfers) -> None:
    if entry.get("sit_out") == seat:
        return
    stats.hands += 1
    stats.riichi += seat in entry.get("riichi", [])
    won = [t["amount"] for t in transfers if t["to"] == seat and t["reason"] in WIN_PAYMENTS]
    if won:
        stats.wins += 1
        stats.win_points += sum(won)
    result = entry.get("result", {})
    if result.get("kind") == "ron" and result.get("loser") == seat:
        stats.deal_ins += any(t["reason"] in WIN_PAYMENTS for t in transfers)


def old_player_stats(player: Player) -> list[PlayerStats]:
    """services.stats.player_stats before GameSeatStats."""
    seats = {
        s.game_id: s
        for s in GameSeat.objects.filter(
            player=player, is_staff_play=False, game__status=GameStatus.FINISHED
        ).select_related("game")
    }
    results = list(GameResult.objects.filter(game_id__in=seats).only("game_id", "seat", "rank"))
    seat_count: dict[int, int] = defaultdict(int)
    for result in results:
        seat_count[result.game_id] += 1
    by_type: dict[int, PlayerStats] = {}
    for result in results:
        seat = seats[result.game_id]
        if result.seat != seat.seat:
            continue
        game = seat.game
        count = int(game.ruleset_snapshot.get("player_count", 4))
        stats = by_type.setdefault(count, PlayerStats(count))
        stats.games += 1
        stats.rank_sum += result.rank
        stats.tops += result.rank == 1
        stats.lasts += result.rank == seat_count[result.game_id]
        stats.tobi += game.end_reason == "tobi" and is_bust(
            game.scores[seat.seat], game.ruleset_snapshot
        )
    hands = Hand.objects.filter(game_id__in=seats, state=HandState.CURRENT).select_related(
        "outcome"
    )
    for hand in hands:
        game = seats[hand.game_id].game
        stats = by_type[int(game.ruleset_snapshot.get("player_count", 4))]
        _old_count_hand(stats, seats[hand.game_id].seat, hand.entry, hand.outcome.transfers)
    return [by_type[count] for count in sorted(by_type, reverse=True)]


def _play(table: Table, players: list[Player], hands: list[dict[str, Any]], by: Any):
    game = game_start(table=table, players=players, seating=Seating.GIVEN, by=by)
    for sequence, entry in enumerate(hands, start=1):
        hand_record(game=game, sequence=sequence, entry=entry, by=by)
    game.refresh_from_db()
    return game


@pytest.fixture
def varied():
    """play_day (chips, 本走, a correction after the end, a cancelled game, a tonpuu table),
    eight more games, three-player games, and a game that ends by a bust."""
    d = play_day()
    play_more(d, 8)
    a, b, c, e, f = d.members
    three = Table.objects.create(parlor=d.parlor, label="3", ruleset_key="seed-004")
    plain = Table.objects.create(parlor=d.parlor, label="4", ruleset_key="standard")
    with time_machine.travel(at(5, 1, 16), tick=False):
        # No money settings for three players: nobody needs to be checked in there.
        for n, seated in enumerate([[a, b, c], [c, e, f], [f, a, b]]):
            play_game(
                three,
                seated,
                start=at(5, 1, 12) + timedelta(minutes=40 * n),
                end=at(5, 1, 12, 30) + timedelta(minutes=40 * n),
                by=d.staff,
            )
    MoneySettings.objects.filter(parlor=d.parlor).delete()  # the bust table plays for points
    with time_machine.travel(at(5, 1, 17), tick=False):
        d.games["bust"] = _play(plain, [b, c, e, a], BUST, d.staff)
    assert d.games["bust"].end_reason == "tobi"
    return d


def _as_tuples(standings):
    return [(s.player_count, s.rows, s.below_minimum) for s in standings]


def test_the_rows_give_the_standings_the_old_walk_gave(varied):
    for start, end in [
        month_range(varied.parlor, DAY),
        (at(5, 1, 6), at(5, 2, 6)),
        (at(5, 1, 16), at(5, 1, 18)),
    ]:
        for min_games in (0, 3):
            new = standings_between(varied.parlor, start, end, min_games=min_games)
            old = old_standings_between(varied.parlor, start, end, min_games=min_games)
            assert _as_tuples(new) == _as_tuples(old)
            assert new  # there is something to compare


def test_the_rows_give_the_statistics_the_old_walk_gave(varied):
    for player in [*varied.members, varied.staff_player]:
        assert player_stats(player) == old_player_stats(player), player.name
    counted = player_stats(varied.members[0])
    assert {s.player_count for s in counted} == {3, 4}
    assert sum(s.tobi for s in counted) == 1  # seat 3 of the bust game


def test_a_correction_that_reopens_a_finished_game_takes_its_rows_away(varied):
    game = varied.games["bust"]
    assert GameSeatStats.objects.filter(game=game).count() == 4
    with time_machine.travel(at(5, 1, 17, 30), tick=False):
        hand_correct(
            game=game, sequence=4, entry=ron(3, 1, han=1, fu=30), reason="1翻でした", by=None
        )
    game.refresh_from_db()
    assert game.status == GameStatus.IN_PROGRESS
    assert not GameSeatStats.objects.filter(game=game).exists()
    for player in varied.members:
        assert player_stats(player) == old_player_stats(player)


def test_the_migration_fills_the_rows_a_finish_writes(varied):
    fields = [f.name for f in GameSeatStats._meta.fields if f.name != "id"]
    written = sorted(GameSeatStats.objects.values_list(*fields))
    assert len(written) > 40
    GameSeatStats.objects.all().delete()
    migration = __import__(
        "parlor.migrations.0004_game_seat_stats", fromlist=["fill_existing_games"]
    )
    migration.fill_existing_games(apps, None)
    assert sorted(GameSeatStats.objects.values_list(*fields)) == written
