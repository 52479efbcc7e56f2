"""Reads of money: the terms a table plays under, and a game's money per seat.

The arithmetic is domain.money's; these functions read the stored terms and results it needs.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace

from django.db.models import Q

from parlor.domain.house_money import SeatPenalty, left_game_by_seat
from parlor.domain.money import SeatMoney, SeatResult, Terms, game_money_compute
from parlor.domain.units import Result
from parlor.models import Game, GameMoney, GameResult, GameSeat, MoneySettings, Table


def game_money_of(game: Game) -> dict[int, SeatMoney]:
    """A finished game's money per seat, from its stored terms and results (three queries).

    Empty when the game has no money terms or no results (in progress, cancelled).
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


def money_settings_for(table: Table, *, player_count: int) -> MoneySettings | None:
    """The table's own settings, else the parlor's default for the game type (one query)."""
    rows = MoneySettings.objects.filter(
        Q(table__isnull=True, parlor_id=table.parlor_id) | Q(table=table),
        player_count=player_count,
    )
    by_table = {row.table_id is not None: row for row in rows}
    return by_table.get(True) or by_table.get(False)
