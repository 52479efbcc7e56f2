"""The three files: CSV (UTF-8 with BOM), XLSX (a sheet per section, numbers as numbers) and
PDF (Japanese text, long tables over several pages with their headings on every page)."""

from __future__ import annotations

import io
from datetime import date, datetime
from decimal import Decimal

import pytest
from django.utils import translation
from openpyxl import load_workbook

from parlor.reports.data import DailyReportData, Points, Section
from parlor.reports.render import render
from parlor.reports.report import daily_report_data
from tests.reports.day import DAY, DayOfGames, at
from tests.reports.files import JAPANESE_HEADINGS, csv_blocks, needs_pdf, pdf_text
from tests.reports.ledger import expected_for

pytestmark = pytest.mark.django_db


def japanese_report(d: DayOfGames) -> DailyReportData:
    with translation.override("ja"):
        return daily_report_data(parlor=d.parlor, day=DAY, now=at(5, 3, 12))


def test_the_csv_has_a_bom_and_parses_with_the_ledgers_totals(day_of_games: DayOfGames) -> None:
    blocks = csv_blocks(render(japanese_report(day_of_games), "csv"))
    expected = expected_for(day_of_games.parlor, DAY)
    assert list(blocks) == JAPANESE_HEADINGS[1:]
    fees = blocks["場代収入"]
    assert fees[0] == ["終了時刻", "卓", "料金方式", "ゲーム代 (円)", "トップ賞 (円)", "合計 (円)"]
    assert fees[-1][0] == "合計" and int(fees[-1][5]) == expected.fees_yen
    assert datetime.fromisoformat(fees[1][0]) == datetime(2026, 5, 1, 21, 0)
    summary = {row[0]: row[1] for row in blocks["概要"][1:]}
    assert int(summary["精算 入金 (円)"]) == expected.paid_in_yen
    assert int(summary["精算 出金 (円)"]) == expected.paid_out_yen
    results = blocks["対局成績"]
    assert Decimal(results[-1][5]) == 0  # the day's results add up to zero


def test_the_xlsx_has_a_sheet_per_section_with_numbers_as_numbers(
    day_of_games: DayOfGames,
) -> None:
    book = load_workbook(io.BytesIO(render(japanese_report(day_of_games), "xlsx")))
    expected = expected_for(day_of_games.parlor, DAY)
    assert book.sheetnames == JAPANESE_HEADINGS[1:]
    fees = book["場代収入"]
    assert [c.value for c in fees[1]] == [
        "終了時刻",
        "卓",
        "料金方式",
        "ゲーム代 (円)",
        "トップ賞 (円)",
        "合計 (円)",
    ]
    total = [c.value for c in fees[fees.max_row]]
    assert total[0] == "合計" and total[5] == expected.fees_yen and isinstance(total[5], int)
    assert fees["A2"].value == datetime(2026, 5, 1, 21, 0)  # the parlor's local time
    chips = {row[0]: row[3] for row in book["チップ"].iter_rows(min_row=2, values_only=True)}
    assert {k: v for k, v in chips.items() if k != "合計"} == expected.chips_by_player
    results = book["対局成績"]
    assert (
        isinstance(results["F2"].value, (int, float)) and results["F2"].number_format != "General"
    )
    summary = {row[0]: row[1] for row in book["概要"].iter_rows(min_row=2, values_only=True)}
    assert summary["場代収入 (円)"] == expected.fees_yen
    assert summary["本走 収支 (円)"] == expected.staff_play_yen
    assert summary["営業日"] == datetime(2026, 5, 1)


@needs_pdf
def test_the_pdf_is_japanese_text_with_every_heading(day_of_games: DayOfGames) -> None:
    content = render(japanese_report(day_of_games), "pdf")
    assert content.startswith(b"%PDF")
    text = "\n".join(pdf_text(content))
    for heading in JAPANESE_HEADINGS:
        assert heading in text, heading
    assert "点数の入力ミス" in text  # a correction's reason


@needs_pdf
def test_a_long_table_breaks_across_pages_with_its_headings_repeated() -> None:
    rows = tuple((f"プレイヤー{n:03d}", n, Points(n * 10 - 500)) for n in range(150))
    section = Section("players", "個人成績", ("名前", "対局数", "成績 (p)"), rows, None)
    data = DailyReportData(
        parlor_name="点棒クラブ",
        business_day=date(2026, 5, 1),
        starts_at=datetime(2026, 5, 1, 6),
        ends_at=datetime(2026, 5, 2, 6),
        generated_at=datetime(2026, 5, 2, 7),
        is_provisional=False,
        title="日報 2026-05-01",
        sections=(section,),
    )
    pages = pdf_text(render(data, "pdf"))
    assert len(pages) >= 3
    for page in pages:
        assert "名前 対局数 成績 (p)" in page
    assert "プレイヤー149" in pages[-1] and "プレイヤー000" in pages[0]
