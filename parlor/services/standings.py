"""Standings (ランキング): results per player over a period, per game type. Results only.

Only finished games count, by the time they ended, and never a seat filled by staff (本走).
A standing never carries money: the public page is built from these rows alone.

Results of different units are never added: results in points (われポン) are converted to p
(1,000 points = 1p) and ranked with the p results of their game type; results of a point count
(点) have no p and are ranked apart, in a standing of their own.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date, datetime

from django.db import transaction
from django.db.models import Count, Q, Sum

from parlor.domain.business_days import business_day_of, day_range, month_range
from parlor.domain.units import Result, SettlementUnit
from parlor.errors import InvalidInput
from parlor.models import GameSeatStats, Parlor, StandingsSettings
from parlor.models.games import result_unit_in_sql
from parlor.models.users import Actor
from parlor.services.audit_log import audit_standings_settings

DEFAULT_MONTHLY_MIN_GAMES = 10
MAX_MONTHLY_MIN_GAMES = 500  # 月間ランキングの規定数 at most


@dataclass(frozen=True, slots=True)
class StandingRow:
    position: int
    name: str
    games: int
    total_tenths: int  # 成績 summed, in tenths of p (of 点 in a point count's standing)
    average_rank: float
    tops: int
    is_point_count: bool = False  # a point count's 点, ranked apart from p
    # The Player row's (None: a row built by hand); not part of what a row says.
    player_id: int | None = field(default=None, compare=False)

    @property
    def total(self) -> Result:
        unit = SettlementUnit.TEN if self.is_point_count else SettlementUnit.P_1000
        return Result(self.total_tenths, unit)


@dataclass(frozen=True, slots=True)
class Standings:
    player_count: int  # the game type
    rows: list[StandingRow]
    below_minimum: list[StandingRow] = field(default_factory=list)  # not enough games yet
    is_point_count: bool = False  # results in a point count's 点, ranked apart from p


@dataclass
class _Tally:
    name: str
    player_id: int | None = None
    games: int = 0
    total_tenths: int = 0
    rank_sum: int = 0
    tops: int = 0


@dataclass(frozen=True, slots=True)
class TableKind:
    """Which games a ranking counts (卓の種類); None: any."""

    player_count: int | None = None  # 3 or 4 (三麻・四麻)
    ruleset_key: str = ""  # ルール; empty: any
    rate_yen_per_p: int | None = None  # レート, of the game's money terms

    def games(self) -> Q:
        """The seat stats of the games of this kind."""
        where = Q()
        if self.player_count is not None:
            where &= Q(player_count=self.player_count)
        if self.ruleset_key:
            where &= Q(game__ruleset_key=self.ruleset_key)
        if self.rate_yen_per_p is not None:
            where &= Q(game__money__rate_yen_per_p=self.rate_yen_per_p)
        return where


ANY_TABLE = TableKind()


def standings_between(
    parlor: Parlor,
    start: datetime,
    end: datetime,
    *,
    min_games: int = 0,
    kind: TableKind = ANY_TABLE,
) -> list[Standings]:
    """Per game type, the players ranked by their summed results in [start, end) (one query).

    Sums the games' per seat stats (GameSeatStats) in the database, by game type, result unit
    and player; a player's results in points join their p (1,000 points = 1p, rounded once on
    the sum), and a point count's results form a standing of their own, after the p ones.
    """
    rows = (
        GameSeatStats.objects.filter(
            kind.games(), parlor=parlor, ended_at__gte=start, ended_at__lt=end, is_staff_play=False
        )
        .values("player_count", "player_id", "player__name")
        .annotate(
            unit=result_unit_in_sql("game__"),
            games=Count("id"),
            total_tenths=Sum("total_tenths"),
            rank_sum=Sum("rank"),
            tops=Count("id", filter=Q(rank=1)),
        )
        .order_by()
    )
    tallies: dict[tuple[int, bool], dict[int, _Tally]] = {}  # by (game type, point count)
    for row in rows:
        result = Result(row["total_tenths"], SettlementUnit(row["unit"] or "p_1000"))
        group = (row["player_count"], not result.converts_to_p)
        tally = tallies.setdefault(group, {}).setdefault(
            row["player_id"], _Tally(row["player__name"], row["player_id"])
        )
        tally.games += row["games"]
        tally.total_tenths += result.tenths if group[1] else result.in_p_tenths()
        tally.rank_sum += row["rank_sum"]
        tally.tops += row["tops"]
    order = sorted(tallies, key=lambda group: (-group[0], group[1]))
    return [
        _ranked(count, tallies[(count, is_count)], min_games, is_point_count=is_count)
        for count, is_count in order
    ]


def _ranked(
    count: int, tallies: dict[int, _Tally], min_games: int, *, is_point_count: bool = False
) -> Standings:
    ordered = sorted(
        tallies.values(), key=lambda t: (-t.total_tenths, t.rank_sum / t.games, -t.games, t.name)
    )
    rows: list[StandingRow] = []
    below: list[StandingRow] = []
    for tally in ordered:
        qualified = tally.games >= min_games
        target = rows if qualified else below
        target.append(
            StandingRow(
                position=len(target) + 1,
                name=tally.name,
                games=tally.games,
                total_tenths=tally.total_tenths,
                average_rank=round(tally.rank_sum / tally.games, 2),
                tops=tally.tops,
                is_point_count=is_point_count,
                player_id=tally.player_id,
            )
        )
    return Standings(count, rows, below, is_point_count=is_point_count)


@dataclass(frozen=True, slots=True)
class ParlorStandings:
    day: date
    today: list[Standings]
    month: list[Standings]
    monthly_min_games: int


def parlor_standings(parlor: Parlor, *, at: datetime | None = None) -> ParlorStandings:
    """Today's and this month's standings, by the parlor's business day."""
    day = business_day_of(parlor, at)
    rule = StandingsSettings.objects.filter(parlor=parlor).first()
    min_games = rule.monthly_min_games if rule else DEFAULT_MONTHLY_MIN_GAMES
    return ParlorStandings(
        day=day,
        today=standings_between(parlor, *day_range(parlor, day)),
        month=standings_between(parlor, *month_range(parlor, day), min_games=min_games),
        monthly_min_games=min_games,
    )


def standings_are_public(parlor: Parlor) -> bool:
    rule = StandingsSettings.objects.filter(parlor=parlor).first()
    return rule.is_public if rule else True


@transaction.atomic
def standings_settings_set(
    *,
    parlor: Parlor,
    is_public: bool,
    monthly_min_games: int,
    by: Actor = None,
) -> StandingsSettings:
    """Whether the parlor publishes its standings, and the monthly minimum of games (audited)."""
    if not 0 <= monthly_min_games <= MAX_MONTHLY_MIN_GAMES:
        raise InvalidInput(
            f"the monthly minimum is 0 to {MAX_MONTHLY_MIN_GAMES} games",
            code="invalid",
            field="monthly_min_games",
        )
    row = StandingsSettings.objects.select_for_update().filter(parlor=parlor).first()
    before = None
    if row is None:
        row = StandingsSettings(parlor=parlor)
    else:
        before = {"is_public": row.is_public, "monthly_min_games": row.monthly_min_games}
    row.is_public, row.monthly_min_games = is_public, monthly_min_games
    row.save()
    audit_standings_settings(row, by=by, before=before)
    return row
