"""A player's statistics (成績), counted from the hand records of their finished games.

The counting is done once per game, when it finishes (services.seat_stats, GameSeatStats);
reading the statistics sums those rows.

Per game type, over the seats they played themselves (a staff seat, 本走, is not theirs):
- a hand counts where the seat was dealt in (not the hand a four-person seat sat out, 抜け番);
- a win (和了) is a hand in which the seat received a ron or tsumo payment (pao included);
  its value is what those payments came to, honba and riichi sticks left out (平均打点);
- a deal-in (放銃) is a ron off the seat's discard that was paid (an aborted triple ron is not);
- riichi counts the seat's riichi that stood (the record's `riichi`);
- tobi (飛び) is a game that ended by bust with the seat at or below the ruleset's line.

A point count's games (点, 白マティ) are counted apart from the game type's others: their win
values are 点, not points, and never averaged with points.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Count, Q, Sum

from parlor.domain.units import SettlementUnit
from parlor.models import GameSeatStats, Player
from parlor.models.games import result_unit_in_sql


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
    win_points: int = 0  # points; 点 where is_point_count
    is_point_count: bool = False  # a point count's games (点), apart from the type's others

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


def player_stats(player: Player) -> list[PlayerStats]:
    """The player's statistics per game type, four-player first, a point count's games after
    the others of their type (one query).

    Sums the per seat stats of their finished games (GameSeatStats) in the database.
    """
    rows = (
        GameSeatStats.objects.filter(player=player, is_staff_play=False)
        .annotate(unit=result_unit_in_sql("game__"))
        .values("player_count", "unit")
        .annotate(
            games=Count("id"),
            rank_sum=Sum("rank"),
            tops=Count("id", filter=Q(rank=1)),
            lasts=Count("id", filter=Q(is_last=True)),
            tobi=Count("id", filter=Q(is_tobi=True)),
            hands=Sum("hands"),
            wins=Sum("wins"),
            deal_ins=Sum("deal_ins"),
            riichi=Sum("riichi"),
            win_points=Sum("win_points"),
        )
        .order_by("-player_count")
    )
    by_kind: dict[tuple[int, bool], PlayerStats] = {}
    for row in rows:
        is_count = row["unit"] == SettlementUnit.TEN
        kind = (row["player_count"], is_count)
        stats = by_kind.setdefault(kind, PlayerStats(row["player_count"], is_point_count=is_count))
        for name, value in row.items():
            if name not in ("player_count", "unit"):
                setattr(stats, name, getattr(stats, name) + (value or 0))
    return [by_kind[kind] for kind in sorted(by_kind, key=lambda k: (-k[0], k[1]))]
