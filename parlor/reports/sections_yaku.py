"""The daily report's yaku (役) sections: how often each yaku was won with in the day's finished
games, and how many of those wins were riichi, dama or open (selectors.yaku_stats).

Both count only the wins that recorded their yaku; the summary gives that number beside all
the day's paid wins, so a reader knows how much of the day the figures cover.
"""

from __future__ import annotations

from django.utils.translation import pgettext

from parlor.reports.data import CellValue, Percent, Section
from parlor.reports.sections import total_row
from parlor.selectors.yaku_stats import YakuStats, win_style_label


def _percent(tenths: int | None) -> Percent | None:
    return None if tenths is None else Percent(tenths)


def _coverage(stats: YakuStats) -> str:
    """Of how many wins the figures are, and why not all of the day's: the summary's 和了数
    counts every paid win, these tables only the ones valued with the calculator."""
    counts = {"with_yaku": stats.yaku_wins, "wins": stats.paid_wins}
    sentences = [
        pgettext(
            "daily report",
            "Of the %(with_yaku)s wins that recorded their yaku (%(wins)s wins in all).",
        ) % counts,
        pgettext(
            "daily report",
            "Only wins valued with the calculator record their yaku: a win entered by han and "
            "fu alone counts in the day's wins, not here.",
        ),
    ]
    if stats.paid_wins and not stats.yaku_wins:
        sentences.append(
            pgettext(
                "daily report",
                "None of the day's %(wins)s wins was valued with the calculator, so this table "
                "counts none.",
            ) % counts
        )
    return " ".join(sentences)


def yaku_section(stats: YakuStats) -> Section:
    """One row per yaku, most frequent first; no totals row, since a win has several yaku."""
    rows: tuple[tuple[CellValue, ...], ...] = tuple(
        (row.name_ja, row.name, row.wins, _percent(row.share_tenths)) for row in stats.yaku
    )
    columns = (
        pgettext("daily report", "Yaku"),
        pgettext("daily report", "Yaku (English)"),
        pgettext("daily report", "Wins"),
        pgettext("daily report", "Share of wins with yaku (%)"),
    )
    note = _coverage(stats) + " " + pgettext(
        "daily report", "A win counts once for each of its yaku."
    )
    return Section("yaku", pgettext("daily report", "Yaku"), columns, rows, note=note)


def win_styles_section(stats: YakuStats) -> Section:
    """Riichi, dama, open and unknown wins: the rows add up to the wins with yaku."""
    rows: tuple[tuple[CellValue, ...], ...] = tuple(
        (win_style_label(row.style), row.wins, _percent(row.share_tenths))
        for row in stats.styles
    )
    columns = (
        pgettext("daily report", "Win"),
        pgettext("daily report", "Wins"),
        pgettext("daily report", "Share of wins with yaku (%)"),
    )
    note = _coverage(stats) + " " + pgettext(
        "daily report",
        "Closed or open is as the win recorded it (the calculator records it), else read from "
        "the yaku: a win that tells neither is unknown.",
    )
    return Section(
        "win_styles",
        pgettext("daily report", "Riichi, dama and open wins"),
        columns,
        rows,
        total_row(rows, len(columns), 1),
        note=note,
    )
