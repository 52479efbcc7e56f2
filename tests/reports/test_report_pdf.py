"""The PDF drawn on reportlab's canvas: every row once, long text wrapped inside its cell,
"page / pages" on every page, and a clear error when the font is missing."""

from __future__ import annotations

from collections import Counter
from datetime import date, datetime

import pytest
from django.utils import translation

from parlor.reports.data import DailyReportData, Points, Section
from parlor.reports.render import render
from parlor.reports.render.pdf_font import ReportFontError
from parlor.reports.render.text import display
from tests.reports.files import needs_pdf, pdf_text

CORRECTION_COLUMNS = ("時刻", "種類", "卓", "理由", "金額 (円)")


def report_of(*sections: Section) -> DailyReportData:
    return DailyReportData(
        parlor_name="点棒クラブ",
        business_day=date(2026, 5, 1),
        starts_at=datetime(2026, 5, 1, 6),
        ends_at=datetime(2026, 5, 2, 6),
        generated_at=datetime(2026, 5, 2, 7),
        is_provisional=False,
        title="日報 2026-05-01",
        sections=sections,
    )


def players(count: int) -> Section:
    rows = tuple((f"プレイヤー{n:04d}", n, Points(n * 10 - 500)) for n in range(count))
    return Section("players", "個人成績", ("名前", "対局数", "成績 (p)"), rows, None)


def correction(reason: str) -> Section:
    row = (datetime(2026, 5, 1, 22, 0), "局の訂正", "3", reason, 1200)
    return Section("corrections", "訂正履歴", CORRECTION_COLUMNS, (row,))


def lines_of(content: bytes) -> list[str]:
    return [line for page in pdf_text(content) for line in page.splitlines()]


@needs_pdf
def test_every_row_of_a_big_section_is_there_exactly_once() -> None:
    section = players(1000)
    lines = Counter(lines_of(render(report_of(section), "pdf")))
    for row in section.rows:
        assert lines[" ".join(display(cell) for cell in row)] == 1, row


@needs_pdf
def test_a_long_reason_wraps_inside_its_cell_and_is_all_there() -> None:
    reason = "".join(f"{n:02d}番目の理由、" for n in range(40)) + "以上。"
    lines = lines_of(render(report_of(correction(reason)), "pdf"))
    assert reason in "".join(lines)
    assert reason not in lines  # wrapped: over several lines of the same cell
    assert sum("番目の理由" in line for line in lines) >= 3


@needs_pdf
def test_a_reason_longer_than_a_page_continues_on_the_next_page() -> None:
    reason = "".join(f"{n:04d}番目の理由。" for n in range(1500))
    pages = pdf_text(render(report_of(correction(reason)), "pdf"))
    assert len(pages) >= 2
    lines = [line for page in pages for line in page.splitlines() if "番目の理由" in line]
    assert reason in "".join(lines)
    assert not any(line.startswith("。") for line in lines)  # 禁則: no line starts with 。


@needs_pdf
def test_every_page_says_which_page_of_how_many_it_is() -> None:
    pages = pdf_text(render(report_of(players(150)), "pdf"))
    assert len(pages) >= 3
    for number, page in enumerate(pages, start=1):
        assert f"{number} / {len(pages)}" in page.splitlines()
        assert "点棒クラブ" in page and "日報 2026-05-01" in page  # the running header


@needs_pdf
def test_an_empty_section_says_there_is_nothing_this_day() -> None:
    empty = Section("chips", "チップ", ("プレイヤー", "チップ"), ())
    with translation.override("ja"):
        text = "\n".join(pdf_text(render(report_of(players(3), empty), "pdf")))
    assert "チップ\nこの日はありません。" in text


def test_a_missing_font_names_the_debian_package(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("REPORT_PDF_FONT", "/nonexistent/ipagp.ttf")
    with pytest.raises(ReportFontError, match="fonts-ipafont-gothic"):
        render(report_of(players(3)), "pdf")
