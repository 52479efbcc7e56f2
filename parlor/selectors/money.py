"""Reads of money: the terms a table plays under, and a game's money per seat.

The arithmetic is domain.money's; these functions read the stored terms and results it needs.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace

from django.db.models import Q

from parlor.domain.house_money import SeatPenalty, left_game_by_seat
from parlor.domain.money import SeatMoney, SeatResult, Terms, game_money_compute
from parlor.domain.own_terms import OwnTerms
from parlor.domain.units import RateBasis, Result, SettlementUnit, rate_basis_of
from parlor.models import Game, GameMoney, GameResult, GameSeat, MoneySettings, Parlor, Table
from parlor.selectors.rulesets import rulesets_resolve
from scoring import Ruleset


def game_money_of(game: Game) -> dict[int, SeatMoney]:
    """A finished game's money per seat, from its stored terms and results (three queries).

    Empty when the game has no money terms or no results (in progress, voided).
    """
    terms_row = GameMoney.objects.filter(game=game).first()
    if terms_row is None:
        return {}
    terms_row.game = game
    return games_money({game.pk: terms_row})[game.pk]


def games_money(terms: Mapping[int, GameMoney]) -> dict[int, dict[int, SeatMoney]]:
    """The money per seat of each game in `terms` (game id -> its stored terms), from its
    results: two queries whatever the number of games. A game without results gets {}."""
    staff = set(
        GameSeat.objects.filter(game_id__in=terms, is_staff_play=True).values_list(
            "game_id", "seat"
        )
    )
    rows: dict[int, list[SeatResult]] = {game_id: [] for game_id in terms}
    penalties: dict[int, list[SeatPenalty]] = {game_id: [] for game_id in terms}
    units = {game_id: row.game.result_unit for game_id, row in terms.items()}
    for r in GameResult.objects.filter(game_id__in=terms).order_by("game_id", "seat"):
        is_staff = (r.game_id, r.seat) in staff
        result = Result(r.total_tenths, units[r.game_id])
        rows[r.game_id].append(SeatResult(r.seat, r.rank, result, r.chips, is_staff_play=is_staff))
        penalties[r.game_id].append(
            SeatPenalty(r.seat, r.total_tenths, r.bonus_tenths + r.deduction_tenths)
        )
    money: dict[int, dict[int, SeatMoney]] = {}
    for game_id, seats in rows.items():
        left = left_game_by_seat(penalties[game_id])
        money[game_id] = {
            m.seat: replace(m, left_game_tenths=left.get(m.seat, 0))
            for m in game_money_compute(Terms.of(terms[game_id]), seats)
        }
    return money


@dataclass(frozen=True, slots=True)
class TableTerms:
    """The terms a table's games start under, and the settings row they come from (the
    table's own row where it has one, else the parlor's default)."""

    terms: Terms
    settings: MoneySettings


def money_settings_for(table: Table, *, player_count: int) -> TableTerms | None:
    """The table's terms: its own where it sets them, the parlor's default for the game type
    for the rest (one query). None when the game type has no terms."""
    rows = MoneySettings.objects.filter(
        Q(table__isnull=True, parlor_id=table.parlor_id) | Q(table=table),
        player_count=player_count,
    )
    by_table = {row.table_id is not None: row for row in rows}
    default, own = by_table.get(False), by_table.get(True)
    if own is None:
        return None if default is None else TableTerms(Terms.of(default), default)
    terms = OwnTerms.of(own.terms_dict()).over(Terms.of(default) if default else None)
    return None if terms is None else TableTerms(terms, own)


@dataclass(frozen=True, slots=True)
class TablePlay:
    """What a table plays: its game type, and the unit its results (and its rate) are in."""

    player_count: int
    unit: SettlementUnit


def tables_play(parlor_id: int, tables: Iterable[Table]) -> dict[int, TablePlay]:
    """Each table's game type and settlement unit, from its ruleset (one query for all). A
    table whose ruleset is broken shows as a four-player table in p: saving its terms names
    the problem."""
    tables = list(tables)
    resolved = rulesets_resolve(parlor_id=parlor_id, keys={t.ruleset_key for t in tables})
    plays = {}
    for table in tables:
        ruleset = resolved[table.ruleset_key]
        if isinstance(ruleset, Ruleset):
            plays[table.pk] = TablePlay(ruleset.player_count, ruleset.settlement_unit)
        else:
            plays[table.pk] = TablePlay(4, SettlementUnit.P_1000)
    return plays


def table_rate_basis(parlor: Parlor, table: Table) -> RateBasis:
    """What the table's rate is per: yen per 1,000 points, or per 点 for a point count."""
    return rate_basis_of(tables_play(parlor.pk, [table])[table.pk].unit)


def default_rate_basis(plays: Iterable[TablePlay], *, player_count: int) -> RateBasis:
    """What a game type's default rate is per: per 点 when every table of that type is a
    point count, else per 1,000 points.

    >>> ten, p = TablePlay(3, SettlementUnit.TEN), TablePlay(3, SettlementUnit.P_1000)
    >>> [default_rate_basis(plays, player_count=3).value for plays in ([ten], [ten, p])]
    ['per_ten', 'per_1000_points']
    """
    units = {play.unit for play in plays if play.player_count == player_count}
    return RateBasis.PER_TEN if units == {SettlementUnit.TEN} else RateBasis.PER_1000_POINTS
