"""The daily report's floor figures (issue 25): guests' waiting times, tables' use by hour and
staff sit-in, on the day of tests/reports/day.py, where every time is known to the minute."""

from __future__ import annotations

import doctest
from typing import Any

import pytest
from django.utils import translation

from parlor.domain import floor_figures
from parlor.reports.data import DailyReportData, Percent
from parlor.reports.render import render
from parlor.reports.report import daily_report_data
from parlor.reports.selectors import day_ledger
from tests.reports.day import DAY, DayOfGames, at

pytestmark = pytest.mark.django_db


def report(d: DayOfGames, language: str = "en") -> DailyReportData:
    with translation.override(language):
        return daily_report_data(parlor=d.parlor, day=DAY, now=at(5, 3, 12))


def items(data: DailyReportData, key: str) -> dict[str, Any]:
    return {str(row[0]): row[1] for row in data.section(key).rows}


def test_the_floor_figures_examples_hold() -> None:
    failed, tried = doctest.testmod(floor_figures, verbose=False)
    assert tried > 0 and failed == 0


def test_waits_run_from_check_in_or_a_games_end_to_the_next_game(
    day_of_games: DayOfGames,
) -> None:
    """19:00 five check in; g1 20-21 (山田 佐藤 高橋 田中); 23:00 a voided game, which counts in
    none; g2 23:30-00:30 (伊藤 佐藤 高橋 + staff); g3 01:00-02:00 (山田 佐藤 田中 伊藤); the
    06:10 game is the next day's, so the waits it ends are too; the 04:10 game the day before's."""
    data = report(day_of_games)
    rows = data.section("waits").rows
    waits = [(r[0], f"{r[1]:%H:%M}", r[2], f"{r[3]:%H:%M}", r[4]) for r in rows]
    assert sorted(waits) == sorted(
        [
            *[(n, "19:00", "Check-in", "20:00", 60) for n in ("山田", "佐藤", "高橋", "田中")],
            ("伊藤", "19:00", "Check-in", "23:30", 270),
            ("佐藤", "21:00", "End of a game", "23:30", 150),
            ("高橋", "21:00", "End of a game", "23:30", 150),
            ("伊藤", "00:30", "End of a game", "01:00", 30),
            ("佐藤", "00:30", "End of a game", "01:00", 30),
            ("山田", "21:00", "End of a game", "01:00", 240),
            ("田中", "21:00", "End of a game", "01:00", 240),
        ]
    )
    assert [f"{r[3]:%H:%M}" for r in data.section("waits").rows][-1] == "01:00"  # by game start
    assert data.section("waits").total[4] == 1350  # type: ignore[index]
    figures = items(data, "waiting_times")
    assert figures["Waits counted"] == 11 and figures["Total waiting (min)"] == 1350
    assert figures["Mean wait (min)"] == 123  # 1350 / 11 = 122.7
    assert figures["Longest wait (min)"] == 270 and figures["Longest wait: guest"] == "伊藤"
    assert f"{figures['Longest wait: since']:%m-%d %H:%M}" == "05-01 19:00"


def test_tables_use_by_hour_reconciles_with_the_days_games(day_of_games: DayOfGames) -> None:
    data = report(day_of_games)
    section = data.section("table_use")
    rows = [(f"{r[0]:%H}", r[1], r[2], r[3], r[4]) for r in section.rows]
    assert rows == [
        ("20", 2, 60, 120, Percent(500)),
        ("21", 2, 0, 120, Percent(0)),
        ("22", 2, 0, 120, Percent(0)),
        ("23", 2, 30, 120, Percent(250)),  # g2 from 23:30
        ("00", 2, 30, 120, Percent(250)),  # g2 until 00:30
        ("01", 2, 60, 120, Percent(500)),
    ]
    ledger = day_ledger(parlor=day_of_games.parlor, day=DAY)
    played = sum((line.game.ended_at - line.game.started_at).seconds // 60 for line in ledger.games)
    assert section.total == ("Total", None, played, 720, Percent(250)) and played == 180


def test_staff_sit_in_is_the_staff_seats_of_the_days_games(day_of_games: DayOfGames) -> None:
    data = report(day_of_games)
    assert data.section("staff_sit_in").rows == (("鈴木 (スタッフ)", 1, 60),)  # g2 only
    staff_seats = [r for r in data.section("staff_play").rows if r[2] == "Staff seat"]
    assert len(staff_seats) == data.section("staff_sit_in").total[1] == 1  # type: ignore[index]


def test_the_floor_figures_are_in_japanese_in_every_format(day_of_games: DayOfGames) -> None:
    data = report(day_of_games, "ja")
    assert data.section("waiting_times").title == "待ち時間"
    csv = render(data, "csv").decode("utf-8-sig")
    assert "[待ち時間]" in csv and "[卓稼働率 (時間帯別)]" in csv and "[本走時間]" in csv
    assert "伊藤,2026-05-01 19:00,チェックイン,2026-05-01 23:30,270" in csv
    from io import BytesIO

    from openpyxl import load_workbook

    book = load_workbook(BytesIO(render(data, "xlsx")))
    assert {"待ち時間", "待ち一覧", "卓稼働率 (時間帯別)", "本走時間"} <= set(book.sheetnames)
    assert book["本走時間"]["C2"].value == 60
    assert render(data, "pdf").startswith(b"%PDF")
