"""Text a person typed (a player's name, a reason) never runs as a spreadsheet formula in the
CSV or the XLSX; numbers stay numbers (OWASP: CSV injection)."""

from __future__ import annotations

import csv
import io
from datetime import date, datetime

import pytest
from openpyxl import load_workbook

from parlor.models import GameSeat, Player
from parlor.reports.data import DailyReportData, Points, Section
from parlor.reports.render import render
from parlor.reports.report import daily_report_data
from tests.reports.day import DAY, DayOfGames, at

FORMULAS = [
    '=HYPERLINK("http://evil.example","x")',
    "+SUM(1,2)",
    "-2+3",
    "@cmd",
    "\t=1+1",
    "＝1+1",  # a full-width equals sign: Excel reads it as "=" too
]


def report_with(names: list[str]) -> DailyReportData:
    rows = tuple((name, -1200, Points(-52), datetime(2026, 5, 1, 21, 0)) for name in names)
    section = Section("players", "成績", ("名前", "円", "成績", "時刻"), rows)
    return DailyReportData(
        parlor_name="=1+1",
        business_day=date(2026, 5, 1),
        starts_at=datetime(2026, 5, 1, 6),
        ends_at=datetime(2026, 5, 2, 6),
        generated_at=datetime(2026, 5, 2, 6, 1),
        is_provisional=False,
        title="日報",
        sections=(section,),
    )


def test_the_csv_puts_an_apostrophe_before_a_formula_and_leaves_numbers_alone():
    rows = list(csv.reader(io.StringIO(render(report_with(FORMULAS), "csv").decode("utf-8-sig"))))
    assert rows[0] == ["日報", "'=1+1"]
    body = rows[-len(FORMULAS) :]
    assert [row[0] for row in body] == ["'" + name for name in FORMULAS]
    assert {(row[1], row[2]) for row in body} == {("-1200", "-5.2")}  # still numbers


def test_the_xlsx_stores_a_formula_looking_name_as_quoted_text():
    book = load_workbook(io.BytesIO(render(report_with([*FORMULAS, "青木"]), "xlsx")))
    sheet = book.worksheets[0]
    names = [sheet.cell(row=r, column=1) for r in range(2, len(FORMULAS) + 3)]
    assert [c.value for c in names] == [*FORMULAS, "青木"]  # shown exactly as typed
    assert {c.data_type for c in names} == {"s"}  # text, never a formula ("f")
    assert all(c.quotePrefix for c in names[: len(FORMULAS)])
    assert not names[-1].quotePrefix
    amount = sheet.cell(row=2, column=2)
    assert amount.value == -1200 and amount.data_type == "n"


@pytest.mark.django_db
def test_a_player_named_like_a_formula_is_inert_in_the_days_files(day_of_games: DayOfGames):
    evil = '=HYPERLINK("http://evil.example","x")'
    player = Player.objects.get(parlor=day_of_games.parlor, name="山田")
    Player.objects.filter(pk=player.pk).update(name=evil)
    GameSeat.objects.filter(player=player).update(name=evil)
    data = daily_report_data(parlor=day_of_games.parlor, day=DAY, now=at(5, 3, 12))
    text = render(data, "csv").decode("utf-8-sig")
    cells = [cell for row in csv.reader(io.StringIO(text)) for cell in row]
    assert "'" + evil in cells and evil not in cells
    book = load_workbook(io.BytesIO(render(data, "xlsx")))
    found = [c for sheet in book for row in sheet.iter_rows() for c in row if c.value == evil]
    assert found and all(c.data_type == "s" and c.quotePrefix for c in found)
