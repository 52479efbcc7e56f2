"""The daily report's sections, built from one day's ledger in the active language.

Each builder returns a Section whose totals row adds up its own rows; the summary repeats
those totals, so every format shows one set of figures.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Iterable
from datetime import datetime
from typing import Any
from zoneinfo import ZoneInfo

from django.utils.translation import pgettext

from parlor.models import FeeModel, Hand
from parlor.natural_sort import natural_key
from parlor.reports.data import CellValue, Points, Section
from parlor.reports.game_lines import GameLine
from parlor.reports.selectors import DayLedger

Local = Callable[[datetime | None], datetime | None]


def local_time(zone: str) -> Local:
    tz = ZoneInfo(zone)
    return lambda at: at.astimezone(tz) if at is not None else None


def who(user: Any) -> str:
    if user is None:
        return ""
    return str(user.get_full_name() or user.get_username())


def _sums(rows: Iterable[tuple[CellValue, ...]], width: int, skip: int) -> list[CellValue]:
    """Column sums of the numeric columns from index `skip` on (ints and Points)."""
    rows = list(rows)
    totals: list[CellValue] = [None] * width
    for index in range(skip, width):
        values = [row[index] for row in rows if row[index] is not None]
        points = [v for v in values if isinstance(v, Points)]
        ints = [v for v in values if isinstance(v, int)]
        if values and len(points) == len(values):
            counts = {v.is_count for v in points}  # p and 点 are never added together
            if len(counts) == 1:
                totals[index] = Points(sum(v.tenths for v in points), is_count=counts.pop())
        elif values and len(ints) == len(values):
            totals[index] = sum(ints)
    return totals


def total_row(
    rows: Iterable[tuple[CellValue, ...]], width: int, skip: int
) -> tuple[CellValue, ...]:
    totals = _sums(rows, width, skip)
    totals[0] = pgettext("daily report", "Total")
    return tuple(totals)


def fee_model_name(game: GameLine) -> str:
    if game.terms is None:
        return pgettext("daily report", "No money settings")
    names = {
        FeeModel.EACH: pgettext("daily report", "Each player"),
        FeeModel.EACH_PLUS_TOP: pgettext("daily report", "Each player + top prize"),
        FeeModel.TOP_ONLY: pgettext("daily report", "Top only"),
    }
    return names.get(FeeModel(game.terms.fee_model), game.terms.fee_model)


def tables_section(ledger: DayLedger) -> Section:
    by_table: dict[str, list[int]] = defaultdict(lambda: [0, 0, 0, 0])
    for line in ledger.games:
        counts = by_table[line.game.table.label]
        counts[0] += 1
        counts[2] += line.game.hand_count
        counts[3] += line.fee_yen
    for game in ledger.voided:
        by_table[game.table.label][1] += 1
    rows: tuple[tuple[CellValue, ...], ...] = tuple(
        (label, *counts)
        for label, counts in sorted(by_table.items(), key=lambda item: natural_key(item[0]))
    )
    columns = (
        pgettext("daily report", "Table"),
        pgettext("daily report", "Games"),
        pgettext("daily report", "Voided"),
        pgettext("daily report", "Hands"),
        pgettext("daily report", "Fees (yen)"),
    )
    return Section(
        "tables",
        pgettext("daily report", "Games per table"),
        columns,
        rows,
        total_row(rows, len(columns), 1),
    )


def rulesets_section(ledger: DayLedger) -> Section:
    by_key: dict[str, list[Any]] = {}
    for line in ledger.games:
        entry = by_key.setdefault(line.game.ruleset_key, [line.ruleset_title, 0, 0, 0])
        entry[1] += 1
        entry[2] += line.game.hand_count
        entry[3] += line.fee_yen
    rows = tuple((key, *entry) for key, entry in sorted(by_key.items()))
    columns = (
        pgettext("daily report", "Ruleset"),
        pgettext("daily report", "Name"),
        pgettext("daily report", "Games"),
        pgettext("daily report", "Hands"),
        pgettext("daily report", "Fees (yen)"),
    )
    return Section(
        "rulesets",
        pgettext("daily report", "Games per ruleset"),
        columns,
        rows,
        total_row(rows, len(columns), 2),
    )


def fees_section(ledger: DayLedger, local: Local) -> Section:
    rows = tuple(
        (
            local(line.game.ended_at),
            line.game.table.label,
            fee_model_name(line),
            line.fee_yen - line.top_prize_yen,
            line.top_prize_yen,
            line.fee_yen,
        )
        for line in ledger.games
    )
    columns = (
        pgettext("daily report", "Ended at"),
        pgettext("daily report", "Table"),
        pgettext("daily report", "Fee model"),
        pgettext("daily report", "Game fees (yen)"),
        pgettext("daily report", "Top prize (yen)"),
        pgettext("daily report", "Total (yen)"),
    )
    return Section(
        "fees",
        pgettext("daily report", "Fee revenue"),
        columns,
        rows,
        total_row(rows, len(columns), 3),
    )


def top_prizes_section(ledger: DayLedger, local: Local) -> Section:
    rows = tuple(
        (local(line.game.ended_at), line.game.table.label, seat.player.name, seat.top_prize_yen)
        for line in ledger.games
        for seat in line.seats
        if seat.top_prize_yen
    )
    columns = (
        pgettext("daily report", "Ended at"),
        pgettext("daily report", "Table"),
        pgettext("daily report", "Top"),
        pgettext("daily report", "Top prize (yen)"),
    )
    return Section(
        "top_prizes", pgettext("daily report", "Top prizes"), columns, rows, total_row(rows, 4, 3)
    )


def chips_section(ledger: DayLedger) -> Section:
    by_player: dict[int, list[Any]] = {}
    for line in ledger.games:
        for seat in line.seats:
            entry = by_player.setdefault(
                seat.player.pk, [seat.player.name, seat.player.member_number, 0, 0, 0]
            )
            entry[2] += 1
            entry[3] += seat.chips
            entry[4] += seat.chips_yen
    rows = tuple(tuple(entry) for entry in sorted(by_player.values(), key=lambda e: e[0]))
    columns = (
        pgettext("daily report", "Player"),
        pgettext("daily report", "Member number"),
        pgettext("daily report", "Games"),
        pgettext("daily report", "Chips"),
        pgettext("daily report", "Chips (yen)"),
    )
    return Section(
        "chips",
        pgettext("daily report", "Chips"),
        columns,
        rows,
        total_row(rows, len(columns), 2),
        note=pgettext(
            "daily report", "Chips are paid between players: each game's chips add up to zero."
        ),
    )


def hand_label(hand: Hand) -> str:
    """局 3 (東2局 1本場): the hand's sequence and, where it was replayed, its round."""
    outcome = getattr(hand, "outcome", None)
    if outcome is None:
        return str(hand.sequence)
    winds = {
        "E": pgettext("round wind", "East"),
        "S": pgettext("round wind", "South"),
        "W": pgettext("round wind", "West"),
        "N": pgettext("round wind", "North"),
    }
    label = pgettext("daily report", "%(wind)s %(number)s, %(honba)s honba") % {
        "wind": winds.get(outcome.round_wind, outcome.round_wind),
        "number": outcome.round_number,
        "honba": outcome.honba,
    }
    return f"{hand.sequence} ({label})"
