"""Sections about the parlor's cash: visit settlements paid in and out, and staff play.

A settlement's total is signed from the player's side (settlement.md): + is paid to the
player (the parlor pays out), − is paid by the player (the parlor takes in).
"""

from __future__ import annotations

from django.utils.translation import pgettext

from parlor.domain.cash_drawer import paid_in_out
from parlor.reports.data import CellValue, Section, result_cell
from parlor.reports.sections import Local, total_row, who
from parlor.reports.selectors import DayLedger


def settlements_section(ledger: DayLedger, local: Local) -> Section:
    rows = _settlement_rows(ledger, local)
    rows.sort(key=lambda row: row[0])  # type: ignore[arg-type, return-value]
    columns = _settlements_columns()
    total = [*total_row(rows, len(columns) - 1, 4), None]
    return Section(
        "settlements",
        pgettext("daily report", "Visit settlements"),
        columns,
        tuple(rows),
        tuple(total),
        note=pgettext(
            "daily report",
            "Total: + paid to the player (paid out), − paid by the player (paid in).",
        ),
    )


def _settlement_rows(ledger: DayLedger, local: Local) -> list[tuple[CellValue, ...]]:
    """The day's check-outs and the adjustments paid at the counter."""
    rows: list[tuple[CellValue, ...]] = []
    for s in ledger.settlements:
        rows.append(
            (
                local(s.closed_at),
                pgettext("daily report", "Check-out"),
                s.visit.player.name,
                s.visit.player.member_number,
                s.points_yen,
                s.chips_yen,
                s.fees_yen,
                s.adjustments_yen,
                s.total_yen,
                *paid_in_out(s.total_yen),
                who(s.closed_by),
            )
        )
    for a in ledger.counter_adjustments:
        rows.append(
            (
                local(a.settled_at),
                pgettext("daily report", "Adjustment paid at the counter"),
                a.player.name,
                a.player.member_number,
                0,
                0,
                0,
                a.amount_yen,
                a.amount_yen,
                *paid_in_out(a.amount_yen),
                who(a.settled_by),
            )
        )
    return rows


def _settlements_columns() -> tuple[str, ...]:
    return (
        pgettext("daily report", "Time"),
        pgettext("daily report", "Kind"),
        pgettext("daily report", "Player"),
        pgettext("daily report", "Member number"),
        pgettext("daily report", "Points (yen)"),
        pgettext("daily report", "Chips (yen)"),
        pgettext("daily report", "Fees (yen)"),
        pgettext("daily report", "Adjustments (yen)"),
        pgettext("daily report", "Total (yen)"),
        pgettext("daily report", "Paid in (yen)"),
        pgettext("daily report", "Paid out (yen)"),
        pgettext("daily report", "By"),
    )


def staff_play_section(ledger: DayLedger, local: Local) -> Section:
    rows = _staff_play_rows(ledger, local)
    columns = _staff_play_columns()
    total: list[CellValue] = [pgettext("daily report", "Total")] + [None] * (len(columns) - 1)
    total[-1] = sum(row[-1] for row in rows if isinstance(row[-1], int))
    return Section(
        "staff_play",
        pgettext("daily report", "Staff play"),
        columns,
        tuple(rows),
        tuple(total),
        note=pgettext(
            "daily report",
            "Staff seat: the parlor's own money, no fee. Stand-in: the result stays the player's.",
        ),
    )


def _staff_play_rows(ledger: DayLedger, local: Local) -> list[tuple[CellValue, ...]]:
    """Seats played by staff: for the parlor (本走, with its net) or for a player (代走)."""
    rows: list[tuple[CellValue, ...]] = []
    for line in ledger.games:
        for seat in line.seats:
            net: int | None = None
            if seat.is_staff_play:
                kind, staff, net = (
                    pgettext("daily report", "Staff seat"),
                    seat.player.name,
                    seat.points_yen + seat.chips_yen,
                )
            elif seat.stand_in_by is not None:
                kind, staff = pgettext("daily report", "Stand-in"), who(seat.stand_in_by)
            else:
                continue
            rows.append(
                (
                    local(line.game.ended_at),
                    line.game.table.label,
                    kind,
                    staff,
                    seat.player.name,
                    seat.rank,
                    result_cell(seat.result),
                    seat.points_yen,
                    seat.chips_yen,
                    net,
                )
            )
    return rows


def _staff_play_columns() -> tuple[str, ...]:
    return (
        pgettext("daily report", "Ended at"),
        pgettext("daily report", "Table"),
        pgettext("daily report", "Kind"),
        pgettext("daily report", "Staff"),
        pgettext("daily report", "Player"),
        pgettext("daily report", "Rank"),
        pgettext("daily report", "Result (p or 点)"),
        pgettext("daily report", "Points (yen)"),
        pgettext("daily report", "Chips (yen)"),
        pgettext("daily report", "Net (yen)"),
    )
