"""The daily report's voided games (無効): listed apart from the games, with who and why."""

from __future__ import annotations

from django.utils.translation import pgettext

from parlor.models import AuditAction
from parlor.reports.data import CellValue, Section
from parlor.reports.sections import Local, who
from parlor.reports.selectors import DayLedger


def voided_section(ledger: DayLedger, local: Local) -> Section:
    """Every voided game that ended in the day, a finished one voided later included: when it
    was voided (from the audit log), whether it had finished, who voided it, the manager who
    confirmed and why. They count in no other section."""
    voided_at = {e.game_id: e.at for e in ledger.audit_events if e.action == AuditAction.GAME_VOID}
    rows: list[tuple[CellValue, ...]] = []
    for game in ledger.voided:
        finished = bool(game.end_reason)  # the record's end stays when a finished game is voided
        rows.append(
            (
                local(voided_at.get(game.pk, game.ended_at)),
                game.table.label,
                local(game.started_at),
                local(game.ended_at) if finished else None,
                game.hand_count,
                who(game.voided_by),
                who(game.void_confirmed_by),
                game.void_reason,
            )
        )
    columns = _voided_columns()
    return Section(
        "voided",
        pgettext("daily report", "Voided games"),
        columns,
        tuple(rows),
        note=pgettext(
            "daily report",
            "Voided games charge nothing and count in no other section; money already "
            "settled for one is reversed by adjustments.",
        ),
    )


def _voided_columns() -> tuple[str, ...]:
    return (
        pgettext("daily report", "Voided at"),
        pgettext("daily report", "Table"),
        pgettext("daily report", "Game started"),
        pgettext("daily report", "Finished at"),
        pgettext("daily report", "Hands"),
        pgettext("daily report", "Voided by"),
        pgettext("daily report", "Confirmed by (manager)"),
        pgettext("daily report", "Reason"),
    )
