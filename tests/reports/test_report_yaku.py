"""The daily report's yaku sections: each yaku's count over the paid wins of the day's finished
games, and the riichi, dama and open wins, both of the wins that recorded their yaku, with the
coverage in the summary; in every format, and again after a correction changes the yaku."""

from __future__ import annotations

import io
from datetime import datetime
from decimal import Decimal
from typing import Any
from zoneinfo import ZoneInfo

import pytest
import time_machine
from django.utils import translation
from openpyxl import load_workbook

from parlor.domain.business_days import business_day_of
from parlor.models import Game
from parlor.reports.data import DailyReportData, Percent
from parlor.reports.models import DailyReport
from parlor.reports.render import render
from parlor.reports.report import daily_report_data
from parlor.reports.services import daily_report_request
from parlor.services.hand_corrections import hand_correct
from tests.parlor.factories import MemberFactory, ParlorFactory, PlayerFactory
from tests.parlor.test_yaku_counts import play
from tests.parlor.test_yaku_stats import HANDS, y
from tests.reports.files import csv_blocks, needs_pdf, pdf_text

pytestmark = pytest.mark.django_db
TOKYO = ZoneInfo("Asia/Tokyo")
EVENING = datetime(2026, 5, 1, 20, tzinfo=TOKYO)
OPEN_HONITSU = 3  # HANDS[2]: honitsu at its open han (2), an open win


@pytest.fixture
def played() -> dict[str, Any]:
    """HANDS played at a parlor one evening (seven wins with yaku, one without), and a game
    with a riichi win left unfinished: it is no part of the day's report."""
    parlor = ParlorFactory(time_zone="Asia/Tokyo")
    staff = MemberFactory(parlor=parlor).user
    with time_machine.travel(EVENING, tick=False):
        game = play(parlor, staff, PlayerFactory.create_batch(4, parlor=parlor), HANDS)
        play(parlor, staff, PlayerFactory.create_batch(4, parlor=parlor), HANDS[:1],
             label="U", finish=False)
    return {"parlor": parlor, "staff": staff, "game": game,
            "day": business_day_of(parlor, game.ended_at)}


def english(p: dict[str, Any]) -> DailyReportData:
    with translation.override("en"):
        return daily_report_data(parlor=p["parlor"], day=p["day"])


def test_the_report_counts_riichi_dama_and_open_of_the_wins_with_yaku(played) -> None:
    data = english(played)
    styles = data.section("win_styles")
    # Of seven wins with yaku: three riichi (one a double riichi), two dama, one open, one that
    # the yaku do not tell; the win entered by han and fu alone is in no row.
    assert styles.rows == (("Riichi", 3, Percent(429)), ("Dama", 2, Percent(286)),
                           ("Open", 1, Percent(143)), ("Unknown", 1, Percent(143)))
    assert styles.total == ("Total", 7, None)
    summary = {row[0]: row[1] for row in data.section("summary").rows}
    assert (summary["Wins"], summary["Wins with yaku recorded"]) == (8, 7)


def test_the_report_counts_each_yaku_once_per_win_most_frequent_first(played) -> None:
    rows = english(played).section("yaku").rows
    assert rows[0] == ("ドラ", "Dora", 3, Percent(429))
    counts = {row[1]: row[2] for row in rows}
    assert counts == {"Dora": 3, "Riichi": 2, "Honitsu": 2, "Double Riichi": 1, "Ippatsu": 1,
                      "Pinfu": 1, "Menzen Tsumo": 1, "Tanyao": 2, "Haku": 1}
    assert [row[2] for row in rows] == sorted((row[2] for row in rows), reverse=True)


def test_a_day_without_wins_says_so_without_a_share(played) -> None:
    with translation.override("en"):
        data = daily_report_data(parlor=played["parlor"], day=played["day"].replace(day=2))
    assert data.section("yaku").rows == ()
    assert [row[1:] for row in data.section("win_styles").rows] == [(0, None)] * 4


def test_the_csv_and_the_workbook_carry_the_shares_as_numbers(played) -> None:
    with translation.override("ja"):
        data = daily_report_data(parlor=played["parlor"], day=played["day"])
    blocks = csv_blocks(render(data, "csv"))
    assert blocks["リーチ・ダマ・副露"][:2] == [
        ["和了の形", "和了数", "役の記録がある和了に占める割合 (%)"],
        ["リーチ", "3", "42.9"],
    ]
    assert blocks["リーチ・ダマ・副露"][-1] == ["合計", "7", ""]
    assert blocks["役"][1] == ["ドラ", "Dora", "3", "42.9"]
    book = load_workbook(io.BytesIO(render(data, "xlsx")))
    riichi = book["リーチ・ダマ・副露"]["C2"]
    assert (Decimal(str(riichi.value)), riichi.number_format) == (Decimal("0.429"), "0.0%")


@needs_pdf
def test_the_pdf_shows_the_shares_as_percentages(played) -> None:
    with translation.override("ja"):
        data = daily_report_data(parlor=played["parlor"], day=played["day"])
    text = "\n".join(pdf_text(render(data, "pdf")))
    assert "リーチ・ダマ・副露" in text and "42.9%" in text
    assert "役の記録がある和了7回のうち (和了は全部で8回)。" in text


def test_a_correction_of_the_yaku_marks_the_report_stale_and_the_rebuild_counts_it(
    played, django_capture_on_commit_callbacks: Any
) -> None:
    with django_capture_on_commit_callbacks(execute=True):
        daily_report_request(parlor=played["parlor"], day=played["day"], formats=["csv"])
    game: Game = played["game"]
    entry = game.hands.get(sequence=OPEN_HONITSU, state="current").entry
    entry["result"]["wins"][0]["yaku"] = [y("honitsu", 3), y("haku", 1)]  # it was closed
    entry["result"]["wins"][0]["han"] = 4
    with (
        django_capture_on_commit_callbacks(execute=False),
        time_machine.travel(EVENING.replace(hour=23), tick=False),
    ):
        hand_correct(game=game, sequence=OPEN_HONITSU, entry=entry, reason="門前の混一色",
                     by=played["staff"])
    assert DailyReport.objects.get().is_stale
    with django_capture_on_commit_callbacks(execute=True):
        daily_report_request(parlor=played["parlor"], day=played["day"], formats=["csv"])
    report = DailyReport.objects.get()
    assert not report.is_stale
    styles = csv_blocks(bytes(report.content))["リーチ・ダマ・副露"]
    assert [row[:2] for row in styles[1:]] == [["リーチ", "3"], ["ダマ", "3"], ["副露", "0"],
                                               ["不明", "1"], ["合計", "7"]]


def test_the_yaku_tables_say_they_count_only_the_calculators_wins(played) -> None:
    """和了数 counts every paid win; the yaku tables only those valued with the calculator: each
    table's note says so, and says it plainly on a day when none was."""
    with translation.override("ja"):
        data = daily_report_data(parlor=played["parlor"], day=played["day"])
    scope = "電卓で点数を計算した和了のみ"
    summary = {row[0]: row[1] for row in data.section("summary").rows}
    assert (summary["和了数"], data.section("win_styles").total[1]) == (8, 7)
    for key in ("win_styles", "yaku"):
        note = data.section(key).note
        assert scope in note and "この表は0件" not in note

    parlor = ParlorFactory(time_zone="Asia/Tokyo")
    staff = MemberFactory(parlor=parlor).user
    hand_and_fu_only = [hand for hand in HANDS if "yaku" not in str(hand)]
    with time_machine.travel(EVENING, tick=False):
        game = play(parlor, staff, PlayerFactory.create_batch(4, parlor=parlor), hand_and_fu_only)
    with translation.override("ja"):
        data = daily_report_data(parlor=parlor, day=business_day_of(parlor, game.ended_at))
    summary = {row[0]: row[1] for row in data.section("summary").rows}
    assert summary["和了数"] == len(hand_and_fu_only) and data.section("win_styles").total[1] == 0
    note = data.section("win_styles").note
    none_valued = f"この日の和了{len(hand_and_fu_only)}回はどれも電卓で計算されていない"
    assert scope in note and none_valued in note
