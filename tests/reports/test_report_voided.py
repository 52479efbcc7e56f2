"""The daily report lists voided games (無効) apart, with who voided them, the manager who
confirmed and why; a finished game voided later leaves its day's figures and marks that day's
reports stale."""

from __future__ import annotations

from typing import Any

import pytest
import time_machine
from django.utils import translation

from parlor.reports.data import DailyReportData
from parlor.reports.models import DailyReport
from parlor.reports.report import daily_report_data
from parlor.reports.selectors import day_ledger
from parlor.reports.services import daily_report_request
from parlor.services.games import game_void
from tests.reports.day import DAY, DayOfGames, at

pytestmark = pytest.mark.django_db


def report(d: DayOfGames) -> DailyReportData:
    with translation.override("en"):
        return daily_report_data(parlor=d.parlor, day=DAY, now=at(5, 3, 12))


def summary(data: DailyReportData) -> dict[str, Any]:
    return {str(row[0]): row[1] for row in data.section("summary").rows}


def test_a_game_voided_at_the_table_is_listed_apart_with_who_and_why(
    day_of_games: DayOfGames,
) -> None:
    data = report(day_of_games)
    (row,) = data.section("voided").rows
    assert f"{row[0]:%m-%d %H:%M}" == "05-01 23:00"
    assert row[1] == "2" and row[3] is None and row[4] == 0  # never finished, no hands
    assert row[5:] == ("suzuki", "", "卓の入力間違い")
    assert summary(data)["Games voided"] == 1
    assert day_of_games.games["cancelled"].pk not in [line.game.pk for line in _games(day_of_games)]


def _games(d: DayOfGames) -> list[Any]:
    return list(day_ledger(parlor=d.parlor, day=DAY).games)


def test_a_finished_game_voided_the_next_day_leaves_its_days_figures(
    day_of_games: DayOfGames, django_capture_on_commit_callbacks: Any
) -> None:
    d = day_of_games
    before = report(d)
    fees_before = summary(before)["Fee revenue (yen)"]
    with django_capture_on_commit_callbacks(execute=True):
        daily_report_request(parlor=d.parlor, day=DAY, by=d.manager)
    g1 = d.games["g1"]
    g1_fees = next(line.fee_yen for line in _games(d) if line.game.pk == g1.pk)
    with (
        time_machine.travel(at(5, 3, 10), tick=False),
        django_capture_on_commit_callbacks(execute=False),
    ):
        game_void(game=g1, reason="別の卓の記録だった", by=d.manager)
    for stale in DailyReport.objects.filter(business_day=DAY):
        assert stale.is_stale and stale.status == "pending"
    after = report(d)
    figures = summary(after)
    assert figures["Games finished"] == summary(before)["Games finished"] - 1
    assert figures["Games voided"] == 2
    assert figures["Fee revenue (yen)"] == fees_before - g1_fees > 0
    assert g1.pk not in [line.game.pk for line in _games(d)]
    voided = {row[1]: row for row in after.section("voided").rows if row[3] is not None}
    (row,) = voided.values()
    assert f"{row[0]:%m-%d %H:%M}" == "05-03 10:00"  # when it was voided
    assert f"{row[3]:%m-%d %H:%M}" == "05-01 21:00"  # when it had finished
    assert row[5:] == ("tencho", "tencho", "別の卓の記録だった")
