"""A player's statistics (成績), computed from the hand records of their finished games.

Per game type, over the seats they played themselves (a staff seat, 本走, is not theirs):
- a hand counts where the seat was dealt in (not the hand a four-person seat sat out, 抜け番);
- a win (和了) is a hand in which the seat received a ron or tsumo payment (pao included);
  its value is what those payments came to, honba and riichi sticks left out (平均打点);
- a deal-in (放銃) is a ron off the seat's discard that was paid (an aborted triple ron is not);
- riichi counts the seat's riichi that stood (the record's `riichi`);
- tobi (飛び) is a game that ended by bust with the seat at or below the ruleset's line.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from typing import Any

from parlor.models import GameResult, GameSeat, GameStatus, Hand, HandState, Player

WIN_REASONS = ("ron", "tsumo", "pao")


@dataclass
class PlayerStats:
    player_count: int  # the game type
    games: int = 0
    rank_sum: int = 0
    tops: int = 0
    lasts: int = 0
    tobi: int = 0
    hands: int = 0
    wins: int = 0
    deal_ins: int = 0
    riichi: int = 0
    win_points: int = 0

    def _rate(self, count: int, total: int) -> float | None:
        return round(count / total, 4) if total else None

    @property
    def average_rank(self) -> float | None:
        return round(self.rank_sum / self.games, 2) if self.games else None

    @property
    def top_rate(self) -> float | None:
        return self._rate(self.tops, self.games)

    @property
    def last_rate(self) -> float | None:
        return self._rate(self.lasts, self.games)

    @property
    def tobi_rate(self) -> float | None:
        return self._rate(self.tobi, self.games)

    @property
    def win_rate(self) -> float | None:
        return self._rate(self.wins, self.hands)

    @property
    def deal_in_rate(self) -> float | None:
        return self._rate(self.deal_ins, self.hands)

    @property
    def riichi_rate(self) -> float | None:
        return self._rate(self.riichi, self.hands)

    @property
    def average_win_points(self) -> int | None:
        return round(self.win_points / self.wins) if self.wins else None


def _is_bust(score: int, tobi_rule: Any) -> bool:
    return score < 0 or (score == 0 and tobi_rule == "at_or_below_zero")


def _count_hand(stats: PlayerStats, seat: int, entry: dict[str, Any], transfers: list[Any]) -> None:
    if entry.get("sit_out") == seat:
        return
    stats.hands += 1
    stats.riichi += seat in entry.get("riichi", [])
    won = [t["amount"] for t in transfers if t["to"] == seat and t["reason"] in WIN_REASONS]
    if won:
        stats.wins += 1
        stats.win_points += sum(won)
    result = entry.get("result", {})
    if result.get("kind") == "ron" and result.get("loser") == seat:
        stats.deal_ins += any(t["reason"] in WIN_REASONS for t in transfers)


def player_stats(player: Player) -> list[PlayerStats]:
    """The player's statistics per game type, four-player first (three queries)."""
    seats = {
        s.game_id: s
        for s in GameSeat.objects.filter(
            player=player, is_staff_play=False, game__status=GameStatus.FINISHED
        ).select_related("game")
    }
    results = list(GameResult.objects.filter(game_id__in=seats).only("game_id", "seat", "rank"))
    seat_count: dict[int, int] = defaultdict(int)  # the last place is the number of results
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
        tobi_rule = game.ruleset_snapshot.get("tobi")
        stats.tobi += game.end_reason == "tobi" and _is_bust(game.scores[seat.seat], tobi_rule)
    hands = Hand.objects.filter(game_id__in=seats, state=HandState.CURRENT).select_related(
        "outcome"
    )
    for hand in hands:
        game = seats[hand.game_id].game
        stats = by_type[int(game.ruleset_snapshot.get("player_count", 4))]
        _count_hand(stats, seats[hand.game_id].seat, hand.entry, hand.outcome.transfers)
    return [by_type[count] for count in sorted(by_type, reverse=True)]
