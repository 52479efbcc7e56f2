"""The daily report's corrections: hands corrected or voided, other audited changes, and the
adjustments owed after a settlement or a shift closed."""

from __future__ import annotations

from django.utils.translation import pgettext

from parlor.reports.data import CellValue, Section
from parlor.reports.sections import Local, hand_label, who
from parlor.reports.selectors import DayLedger
from parlor.selectors.audit_text import adjustment_reason_text, correction_words, event_text

Row = tuple[CellValue, ...]


def corrections_section(ledger: DayLedger, local: Local) -> Section:
    """Every correction made in the day, and those made later to the day's games."""
    rows = [
        *_hand_rows(ledger, local),
        *_event_rows(ledger, local),
        *_adjustment_rows(ledger, local),
    ]
    rows.sort(key=lambda row: row[0])  # type: ignore[arg-type, return-value]
    columns = (
        pgettext("daily report", "Time"),
        pgettext("daily report", "Kind"),
        pgettext("daily report", "Table"),
        pgettext("daily report", "Game started"),
        pgettext("daily report", "Hand"),
        pgettext("daily report", "Player"),
        pgettext("daily report", "By"),
        pgettext("daily report", "Reason"),
        pgettext("daily report", "Amount (yen)"),
    )
    return Section(
        "corrections",
        pgettext("daily report", "Corrections"),
        columns,
        tuple(rows),
        note=pgettext("daily report", "Adjustments are owed to (+) or by (−) the player."),
    )


def _hand_rows(ledger: DayLedger, local: Local) -> list[Row]:
    corrected: list[Row] = [
        (
            local(h.entered_at),
            pgettext("daily report", "Hand corrected"),
            h.game.table.label,
            local(h.game.started_at),
            pgettext("daily report", "%(hand)s, %(correction)s")
            % {"hand": hand_label(h), "correction": correction_words(h.version)},
            "",
            who(h.entered_by),
            h.reason,
            None,
        )
        for h in ledger.corrections
    ]
    voided: list[Row] = [
        (
            local(h.voided_at),
            pgettext("daily report", "Hand undone"),
            h.game.table.label,
            local(h.game.started_at),
            hand_label(h),
            "",
            who(h.voided_by),
            h.void_reason,
            None,
        )
        for h in ledger.voids
    ]
    return corrected + voided


def _event_rows(ledger: DayLedger, local: Local) -> list[Row]:
    """Audit events about anything else than hands and games (the hand rows cover those)."""
    return [
        (
            local(e.at),
            str(e.get_action_display()),
            e.game.table.label if e.game else "",
            local(e.game.started_at) if e.game else None,
            event_text(e),
            "",
            e.actor_name,
            e.reason,
            None,
        )
        for e in ledger.audit_events
        if e.subject_type not in ("hand", "game")
    ]


def _adjustment_rows(ledger: DayLedger, local: Local) -> list[Row]:
    return [
        (
            local(a.created_at),
            pgettext("daily report", "Shift adjustment")
            if a.corrects_shift_id is not None  # a 本走 game's, after the sign-out
            else pgettext("daily report", "Settlement adjustment"),
            a.game.table.label if a.game else "",
            local(a.game.started_at) if a.game else None,
            "",
            a.player.name,
            who(a.created_by),
            adjustment_reason_text(a.reason),
            a.amount_yen,
        )
        for a in ledger.correction_adjustments
    ]
