"""The daily report's floor figures (issue 25): guests' waiting times, tables' use by hour and
staff sit-in (本走), defined in docs/floor.md ("Figures for the manager").

Waits and tables' use come from the day's visits and games (selectors.floor_times); staff
sit-in from the day's finished games, the same seats as the staff play section.
"""

from __future__ import annotations

from collections import defaultdict
from datetime import datetime

from django.utils.translation import pgettext

from parlor.domain.floor_figures import HourUse, Wait, hourly_use, minutes_rounded, visit_waits
from parlor.reports.data import CellValue, Percent, Section
from parlor.reports.sections import Local, total_row
from parlor.reports.selectors import DayLedger
from parlor.selectors.floor_times import FloorTimes, floor_times


def floor_sections(ledger: DayLedger, local: Local, *, now: datetime) -> list[Section]:
    """The four floor sections of the ledger's day (four queries)."""
    times = floor_times(parlor=ledger.parlor, start=ledger.starts_at, end=ledger.ends_at, now=now)
    waits = day_waits(times, start=ledger.starts_at, end=ledger.ends_at)
    return [
        waiting_section(waits, local),
        waits_section(waits, local),
        table_use_section(times, ledger, local),
        staff_sit_in_section(ledger),
    ]


def day_waits(times: FloorTimes, *, start: datetime, end: datetime) -> list[Wait]:
    """The waits a game ended in the day, in the order the games started."""
    waits = [w for visit in times.visits for w in visit_waits(visit)]
    return sorted((w for w in waits if start <= w.seated_at < end), key=_wait_order)


def _wait_order(wait: Wait) -> tuple[datetime, datetime, str]:
    return (wait.seated_at, wait.since, wait.guest)


def waiting_section(waits: list[Wait], local: Local) -> Section:
    """How many waits, their mean and the longest, with whose it was and since when."""
    total = sum(w.seconds for w in waits)
    longest = max(waits, key=lambda w: (w.seconds, -w.since.timestamp()), default=None)
    rows: tuple[tuple[CellValue, ...], ...] = (
        (pgettext("daily report", "Waits counted"), len(waits)),
        (pgettext("daily report", "Total waiting (min)"), minutes_rounded(total)),
        (
            pgettext("daily report", "Mean wait (min)"),
            minutes_rounded(total // len(waits)) if waits else None,
        ),
        (
            pgettext("daily report", "Longest wait (min)"),
            minutes_rounded(longest.seconds) if longest else None,
        ),
        (pgettext("daily report", "Longest wait: guest"), longest.guest if longest else ""),
        (
            pgettext("daily report", "Longest wait: since"),
            local(longest.since) if longest else None,
        ),
    )
    return Section(
        "waiting_times",
        pgettext("daily report", "Waiting times"),
        (pgettext("daily report", "Item"), pgettext("daily report", "Value")),
        rows,
        note=pgettext(
            "daily report",
            "A wait runs from check-in, or from the end of the guest's game, to the start of "
            "their next game; it counts in the day its game starts. Voided games count in none.",
        ),
    )


def waits_section(waits: list[Wait], local: Local) -> Section:
    """One row per wait: the guest, since when and why, the game that ended it, minutes."""
    after_game = pgettext("daily report", "End of a game")
    check_in = pgettext("daily report", "Check-in")
    rows: tuple[tuple[CellValue, ...], ...] = tuple(
        (
            w.guest,
            local(w.since),
            after_game if w.is_after_game else check_in,
            local(w.seated_at),
            minutes_rounded(w.seconds),
        )
        for w in waits
    )
    columns = (
        pgettext("daily report", "Guest"),
        pgettext("daily report", "Waiting since"),
        pgettext("daily report", "Since"),
        pgettext("daily report", "Game started"),
        pgettext("daily report", "Minutes"),
    )
    return Section(
        "waits",
        pgettext("daily report", "Waits"),
        columns,
        rows,
        total_row(rows, len(columns), 4),
    )


def table_use_section(times: FloorTimes, ledger: DayLedger, local: Local) -> Section:
    hours = hourly_use(
        times.games,
        day_start=ledger.starts_at,
        day_end=ledger.ends_at,
        open_tables=times.open_tables,
    )
    rows: tuple[tuple[CellValue, ...], ...] = tuple(_hour_row(hour, local) for hour in hours)
    played = sum(hour.seconds_in_play for hour in hours)
    opened = sum(hour.seconds_open for hour in hours)
    total: tuple[CellValue, ...] = (
        pgettext("daily report", "Total"),
        None,
        sum(minutes_rounded(hour.seconds_in_play) for hour in hours),  # the rows' sum
        opened // 60,
        _use(played, opened),
    )
    columns = (
        pgettext("daily report", "Hour"),
        pgettext("daily report", "Tables open"),
        pgettext("daily report", "Table-minutes in play"),
        pgettext("daily report", "Table-minutes open"),
        pgettext("daily report", "Use (%)"),
    )
    note = pgettext(
        "daily report",
        "Use = table-minutes in play ÷ (tables open × 60). Tables open: those in use, and any "
        "other that played in the hour. Voided games count in none.",
    )
    return Section(
        "table_use", pgettext("daily report", "Tables' use by hour"), columns, rows, total, note
    )


def _hour_row(hour: HourUse, local: Local) -> tuple[CellValue, ...]:
    return (
        local(hour.starts_at),
        hour.tables,
        minutes_rounded(hour.seconds_in_play),
        hour.seconds_open // 60,
        _use(hour.seconds_in_play, hour.seconds_open),
    )


def _use(seconds_in_play: int, seconds_open: int) -> Percent | None:
    if not seconds_open:
        return None
    return Percent((seconds_in_play * 1000 + seconds_open // 2) // seconds_open)


def staff_sit_in_section(ledger: DayLedger) -> Section:
    """Per member of staff: the finished games of the day they sat in (本走), and for how long."""
    games: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    for line in ledger.games:
        game = line.game
        seconds = int((game.ended_at - game.started_at).total_seconds()) if game.ended_at else 0
        for seat in line.seats:
            if seat.is_staff_play:
                games[seat.player.name][0] += 1
                games[seat.player.name][1] += seconds
    rows: tuple[tuple[CellValue, ...], ...] = tuple(
        (name, count, minutes_rounded(seconds))
        for name, (count, seconds) in sorted(games.items())
    )
    columns = (
        pgettext("daily report", "Staff"),
        pgettext("daily report", "Games"),
        pgettext("daily report", "Minutes"),
    )
    return Section(
        "staff_sit_in",
        pgettext("daily report", "Staff sit-in"),
        columns,
        rows,
        total_row(rows, len(columns), 1),
        note=pgettext(
            "daily report",
            "Staff seats (本走) in the day's finished games, from each game's start to its end.",
        ),
    )

