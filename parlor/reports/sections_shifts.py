"""The daily report's staff shifts (シフト): each shift signed in in the day, with its time, its
本走 games, the floats and what it came to at sign-out (domain.shift_money); a totals row.

An open shift shows its float out and nothing settled. Its 本走 games are counted from the
day's finished games (the ledger), as the shift reads them: the staff member's seats in games
that overlap the shift.
"""

from __future__ import annotations

from django.utils.translation import pgettext

from parlor.models import Shift
from parlor.reports.data import CellValue, Section
from parlor.reports.sections import Local, total_row, who
from parlor.reports.selectors import DayLedger


def _staff_games(ledger: DayLedger, shift: Shift) -> int:
    count = 0
    for line in ledger.games:
        game = line.game
        if game.ended_at is None or game.ended_at < shift.signed_in_at:
            continue
        if shift.signed_out_at is not None and game.started_at > shift.signed_out_at:
            continue
        count += sum(
            1 for seat in line.seats if seat.is_staff_play and seat.player.user_id == shift.staff_id
        )
    return count


def _minutes(shift: Shift) -> int | None:
    if shift.signed_out_at is None:
        return None
    return int((shift.signed_out_at - shift.signed_in_at).total_seconds() // 60)


def _row(ledger: DayLedger, shift: Shift, local: Local) -> tuple[CellValue, ...]:
    player = getattr(shift.staff, "player", None)
    return (
        player.name if player is not None else who(shift.staff),
        local(shift.signed_in_at),
        local(shift.signed_out_at),
        _minutes(shift),
        _staff_games(ledger, shift),
        shift.float_out_yen,
        shift.float_back_yen,
        shift.fees_yen,
        shift.result_yen,
        shift.back_yen,
        shift.owed_yen,
    )


def shifts_section(ledger: DayLedger, local: Local) -> Section:
    """One row per shift of the day, earliest first."""
    rows = tuple(_row(ledger, shift, local) for shift in ledger.shifts)
    columns = (
        pgettext("daily report", "Staff"),
        pgettext("daily report", "Signed in at"),
        pgettext("daily report", "Signed out at"),
        pgettext("daily report", "On shift (minutes)"),
        pgettext("daily report", "Staff play games"),
        pgettext("daily report", "Float handed out (yen)"),
        pgettext("daily report", "Float returned (yen)"),
        pgettext("daily report", "Fees a guest would pay (yen)"),
        pgettext("daily report", "Staff play result (yen)"),
        pgettext("daily report", "Game back (yen)"),
        pgettext("daily report", "Owed by the staff member (yen)"),
    )
    return Section(
        "shifts",
        pgettext("daily report", "Staff shifts"),
        columns,
        rows,
        total=total_row(rows, len(columns), 3) if rows else None,
        note=pgettext(
            "daily report",
            "Owed = float not returned + fees − game back − result: + the staff member paid "
            "the parlor at sign-out, − the parlor paid them.",
        ),
    )
