"""The day's game results in the daily report: per game and seat, and per player."""

from __future__ import annotations

from typing import Any

from django.utils.translation import pgettext

from parlor.domain.units import rate_basis_of
from parlor.reports.data import CellValue, Points, Section, result_cell
from parlor.reports.game_lines import GameLine, SeatLine
from parlor.reports.sections import Local, total_row, who
from parlor.reports.selectors import DayLedger
from parlor.units_text import rate_text


def _play_note(seat: SeatLine) -> str:
    if seat.is_staff_play:
        return pgettext("daily report", "Staff seat")
    if seat.stand_in_by is not None:
        return pgettext("daily report", "Stand-in: %(name)s") % {"name": who(seat.stand_in_by)}
    return ""


def _rate(line: GameLine) -> str:
    """The rate the game was paid at, with what it is per: 50 円/1,000点, 30 円/点."""
    if line.terms is None:
        return pgettext("daily report", "No money settings")
    return rate_text(line.terms.rate_yen_per_p, rate_basis_of(line.game.result_unit))


def _game_rows(line: GameLine, local: Local) -> list[tuple[CellValue, ...]]:
    """A game's rows, one per seat by rank: what the game's seats share is worked out once."""
    ended_at, rate = local(line.game.ended_at), _rate(line)
    return [
        (
            ended_at,
            line.game.table.label,
            line.ruleset_title,
            seat.rank,
            seat.player.name,
            result_cell(seat.result),
            seat.chips,
            seat.points_yen,
            seat.chips_yen,
            seat.fee_yen,
            seat.game_money_yen,
            _play_note(seat),
            rate,
        )
        for seat in sorted(line.seats, key=lambda s: s.rank)
    ]


def games_section(ledger: DayLedger, local: Local) -> Section:
    rows = tuple(row for line in ledger.games for row in _game_rows(line, local))
    columns = _game_columns()
    total = total_row(rows, len(columns), 5)
    return Section(
        "games",
        pgettext("daily report", "Game results"),
        columns,
        rows,
        total,
        note=pgettext(
            "daily report",
            "Results in points are shown in p (1,000 points = 1p); a point count's 点 is never "
            "added to p.",
        ),
    )


def _game_columns() -> tuple[str, ...]:
    return (
        pgettext("daily report", "Ended at"),
        pgettext("daily report", "Table"),
        pgettext("daily report", "Ruleset"),
        pgettext("daily report", "Rank"),
        pgettext("daily report", "Player"),
        pgettext("daily report", "Result (p or 点)"),
        pgettext("daily report", "Chips"),
        pgettext("daily report", "Points (yen)"),
        pgettext("daily report", "Chips (yen)"),
        pgettext("daily report", "Fee (yen)"),
        pgettext("daily report", "Game money (yen)"),
        pgettext("daily report", "Note"),
        pgettext("daily report", "Rate"),
    )


def players_section(ledger: DayLedger) -> Section:
    rows = tuple(
        (*entry[:7], Points(entry[7]), Points(entry[8], is_count=True), *entry[9:])
        for entry in sorted(_player_sums(ledger), key=lambda e: (-e[7], -e[8], e[0]))
    )
    columns = _player_columns()
    return Section(
        "players",
        pgettext("daily report", "Player results"),
        columns,
        rows,
        total_row(rows, len(columns), 2),
        note=pgettext(
            "daily report",
            "Results in p and in points are added in p (1,000 points = 1p); a point count's 点 "
            "has its own column.",
        ),
    )


def _player_sums(ledger: DayLedger) -> list[list[Any]]:
    """Per player: name, member number, games, 1st-4th, p, 点, chips and the yen columns."""
    by_player: dict[int, list[Any]] = {}
    for line in ledger.games:
        for seat in line.seats:
            if seat.is_staff_play:
                continue  # 本走 plays for the parlor and never counts as a player's result
            entry = by_player.setdefault(
                seat.player.pk,
                [seat.player.name, seat.player.member_number, 0, 0, 0, 0, 0] + [0] * 7,
            )
            entry[2] += 1
            entry[2 + min(seat.rank, 4)] += 1
            if seat.result.converts_to_p:
                entry[7] += seat.result.in_p_tenths()
            else:
                entry[8] += seat.result.tenths
            entry[9] += seat.chips
            entry[10] += seat.points_yen
            entry[11] += seat.chips_yen
            entry[12] += seat.fee_yen
            entry[13] += seat.game_money_yen
    return list(by_player.values())


def _player_columns() -> tuple[str, ...]:
    return (
        pgettext("daily report", "Player"),
        pgettext("daily report", "Member number"),
        pgettext("daily report", "Games"),
        pgettext("daily report", "1st"),
        pgettext("daily report", "2nd"),
        pgettext("daily report", "3rd"),
        pgettext("daily report", "4th"),
        pgettext("daily report", "Result (p)"),
        pgettext("daily report", "Result (点, point count)"),
        pgettext("daily report", "Chips"),
        pgettext("daily report", "Points (yen)"),
        pgettext("daily report", "Chips (yen)"),
        pgettext("daily report", "Fees (yen)"),
        pgettext("daily report", "Game money (yen)"),
    )
