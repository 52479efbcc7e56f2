"""The daily report's close of the day (締め): the drawer expected and counted, the difference,
who closed and why, and every reopening. One column per close, the current one last."""

from __future__ import annotations

from collections.abc import Sequence

from django.utils.translation import pgettext

from parlor.domain.cash_drawer import DENOMINATIONS_YEN
from parlor.models import DayClose
from parlor.reports.data import CellValue, Section
from parlor.reports.sections import Local, who


def _status(close: DayClose) -> str:
    if close.is_current:
        return pgettext("daily report", "Closed")
    return pgettext("daily report", "Reopened (superseded)")


def _items() -> list[str]:
    return [
        pgettext("daily report", "Status"),
        pgettext("daily report", "Closed at"),
        pgettext("daily report", "Closed by"),
        pgettext("daily report", "Confirmed by (manager)"),
        pgettext("daily report", "Opening float (yen)"),
        pgettext("daily report", "Paid in (yen)"),
        pgettext("daily report", "Paid out (yen)"),
        pgettext("daily report", "Expected in the drawer (yen)"),
        *(
            pgettext("daily report", "%(yen)s yen (count)") % {"yen": f"{yen:,}"}
            for yen in DENOMINATIONS_YEN
        ),
        pgettext("daily report", "Counted (yen)"),
        pgettext("daily report", "Difference (yen)"),
        pgettext("daily report", "Reason"),
        pgettext("daily report", "Reopened at"),
        pgettext("daily report", "Reopened by"),
        pgettext("daily report", "Reason for reopening"),
    ]


def _values(close: DayClose, local: Local) -> list[CellValue]:
    counts = close.counts_by_denomination()
    return [
        _status(close),
        local(close.closed_at),
        who(close.closed_by),
        who(close.confirmed_by),
        close.float_yen,
        close.paid_in_yen,
        close.paid_out_yen,
        close.expected_yen,
        *(counts.get(yen, 0) for yen in DENOMINATIONS_YEN),
        close.counted_yen,
        close.difference_yen,
        close.reason,
        local(close.reopened_at),
        who(close.reopened_by),
        close.reopen_reason,
    ]


def day_close_section(closes: Sequence[DayClose], local: Local) -> Section:
    """`closes`: the day's closes, oldest first (selectors.day_close.day_closes_of)."""
    title = pgettext("daily report", "Close of the day")
    if not closes:
        return Section(
            "day_close",
            title,
            (pgettext("daily report", "Item"), pgettext("daily report", "Value")),
            (),
            note=pgettext("daily report", "The business day has not been closed."),
        )
    columns = [pgettext("daily report", "Item")]
    columns += [
        pgettext("daily report", "Close %(n)s") % {"n": n} for n in range(1, len(closes) + 1)
    ]
    values = [_values(close, local) for close in closes]
    rows = tuple(
        (item, *(column[index] for column in values)) for index, item in enumerate(_items())
    )
    return Section(
        "day_close",
        title,
        tuple(columns),
        rows,
        note=pgettext(
            "daily report",
            "Expected = float + paid in − paid out (the check-outs and the adjustments paid at "
            "the counter); difference = counted − expected (+ over, − short).",
        ),
    )
