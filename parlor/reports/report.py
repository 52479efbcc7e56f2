"""A parlor's daily report (日報) as data: the day's ledger turned into its sections."""

from __future__ import annotations

import logging
from datetime import date, datetime

from django.utils import timezone
from django.utils.translation import pgettext

from parlor.domain.house_money import DayMoney
from parlor.models import Parlor
from parlor.reports.data import CellValue, DailyReportData, Section
from parlor.reports.day_money import day_money_of
from parlor.reports.sections import (
    Local,
    chips_section,
    fees_section,
    local_time,
    rulesets_section,
    tables_section,
    top_prizes_section,
)
from parlor.reports.sections_cash import (
    settlements_section,
    staff_play_section,
)
from parlor.reports.sections_close import day_close_section
from parlor.reports.sections_corrections import corrections_section
from parlor.reports.sections_floor import floor_sections
from parlor.reports.sections_results import games_section, players_section
from parlor.reports.sections_shifts import shifts_section
from parlor.reports.sections_void import voided_section
from parlor.reports.sections_yaku import win_styles_section, yaku_section
from parlor.reports.selectors import DayLedger, day_ledger
from parlor.selectors.day_close import day_closes_of

log = logging.getLogger(__name__)


def check_text(money: DayMoney) -> str:
    """照合: 一致, or the difference that the day's lines do not explain."""
    if money.is_balanced:
        return pgettext("daily report", "Balanced")
    return pgettext("daily report", "NOT balanced: the cash differs by %(yen)s yen") % {
        "yen": f"{money.difference_yen:+,}"
    }


def money_rows(money: DayMoney) -> tuple[tuple[CellValue, ...], ...]:
    """The summary's money: the parlor's lines, the cash, and the check between them."""
    house = money.house
    return (
        (pgettext("daily report", "Game fees (yen)"), house.game_fees_yen),
        (pgettext("daily report", "Top prizes (yen)"), house.top_prizes_yen),
        (pgettext("daily report", "Fee revenue (yen)"), house.fee_income_yen),
        (pgettext("daily report", "Penalties kept by the parlor (yen)"), house.left_game_yen),
        (pgettext("daily report", "Rounding kept by the parlor (yen)"), house.rounding_yen),
        (pgettext("daily report", "Staff play net (yen)"), house.staff_play_yen),
        (pgettext("daily report", "Parlor income (yen)"), house.income_yen),
        (pgettext("daily report", "Not settled in the day (yen)"), money.not_settled_yen),
        (pgettext("daily report", "Changed since a check-out (yen)"), money.corrected_yen),
        (pgettext("daily report", "Earlier days' games settled (yen)"), money.earlier_games_yen),
        (pgettext("daily report", "Adjustments paid (yen)"), money.adjustments_yen),
        (pgettext("daily report", "Staff shifts settled (yen)"), money.shifts_yen),
        (pgettext("daily report", "Expected cash net (yen)"), money.expected_net_yen),
        (pgettext("daily report", "Settlements paid in (yen)"), money.paid_in_yen),
        (pgettext("daily report", "Settlements paid out (yen)"), money.paid_out_yen),
        (pgettext("daily report", "Settlements net (yen)"), money.net_yen),
        (pgettext("daily report", "Check"), check_text(money)),
    )


def summary_section(
    ledger: DayLedger, corrections: Section, local: Local, generated_at: datetime
) -> Section:
    seats = [seat for line in ledger.games for seat in line.seats]
    money = day_money_of(ledger)
    if not money.is_balanced:
        log.error(
            "daily report %s %s: paid in − paid out is %s yen, the day's lines say %s (%+d)",
            ledger.parlor.slug,
            ledger.day,
            money.net_yen,
            money.expected_net_yen,
            money.difference_yen,
        )
    rows: tuple[tuple[CellValue, ...], ...] = (
        (pgettext("daily report", "Parlor"), ledger.parlor.name),
        (pgettext("daily report", "Business day"), ledger.day),
        (pgettext("daily report", "From"), local(ledger.starts_at)),
        (pgettext("daily report", "Until"), local(ledger.ends_at)),
        (pgettext("daily report", "Generated at"), local(generated_at)),
        (pgettext("daily report", "Games finished"), len(ledger.games)),
        (pgettext("daily report", "Games voided"), len(ledger.voided)),
        *money_rows(money),
        (pgettext("daily report", "Chips moved"), sum(max(s.chips, 0) for s in seats)),
        (
            pgettext("daily report", "Chip money moved (yen)"),
            sum(max(s.chips_yen, 0) for s in seats),
        ),
        (pgettext("daily report", "Corrections"), len(corrections.rows)),
        (pgettext("daily report", "Wins"), ledger.yaku.paid_wins),
        (pgettext("daily report", "Wins with yaku recorded"), ledger.yaku.yaku_wins),
    )
    return Section(
        "summary",
        pgettext("daily report", "Summary"),
        (pgettext("daily report", "Item"), pgettext("daily report", "Value")),
        rows,
        note=summary_note(money),
    )


def summary_note(money: DayMoney) -> str:
    identity = pgettext(
        "daily report",
        "Check: paid in − paid out = the parlor's income − not settled in the day − changed "
        "since a check-out + earlier days' games settled + adjustments paid + staff shifts "
        "settled (+: the parlor receives).",
    )
    if money.is_balanced:
        return identity
    return f"{check_text(money)}. {identity}"


def daily_report_data(*, parlor: Parlor, day: date, now: datetime | None = None) -> DailyReportData:
    """The report of business day `day`, in the active language (queries the whole day)."""
    now = now or timezone.now()
    ledger = day_ledger(parlor=parlor, day=day)
    local = local_time(parlor.time_zone)
    built = [
        tables_section(ledger),
        rulesets_section(ledger),
        fees_section(ledger, local),
        top_prizes_section(ledger, local),
        chips_section(ledger),
        settlements_section(ledger, local),
        day_close_section(day_closes_of(parlor, day), local),
        staff_play_section(ledger, local),
        *floor_sections(ledger, local, now=now),
        shifts_section(ledger, local),
        players_section(ledger),
        win_styles_section(ledger.yaku),
        yaku_section(ledger.yaku),
        games_section(ledger, local),
        voided_section(ledger, local),
        corrections_section(ledger, local),
    ]
    summary = summary_section(ledger, built[-1], local, now)
    provisional = now < ledger.ends_at
    if provisional:
        summary = _provisional(summary)
    return DailyReportData(
        parlor_name=parlor.name,
        business_day=day,
        starts_at=local(ledger.starts_at),  # type: ignore[arg-type]
        ends_at=local(ledger.ends_at),  # type: ignore[arg-type]
        generated_at=local(now),  # type: ignore[arg-type]
        is_provisional=provisional,
        title=pgettext("daily report", "Daily report %(day)s") % {"day": f"{day:%Y-%m-%d}"},
        sections=(summary, *built),
    )


def _provisional(summary: Section) -> Section:
    """The summary of a report built before its day ended, saying so."""
    note = pgettext(
        "daily report", "Generated before the business day ended: the figures are provisional."
    )
    return Section(
        summary.key, summary.title, summary.columns, summary.rows, note=f"{note} {summary.note}"
    )


__all__ = ["daily_report_data"]
