"""Building a daily report reads a fixed number of queries, however many games the day has:
asserted with the day of tests/reports/day.py and with that day and eight more games, so a
query per game (or per seat, per visit) fails here."""

from __future__ import annotations

import pytest
from django.conf import settings
from django.utils import translation

from parlor.reports.render import render
from parlor.reports.report import daily_report_data
from tests.parlor.test_query_counts_history import play_more
from tests.reports.day import DAY, DayOfGames, play_day

pytestmark = pytest.mark.django_db
REPORT_QUERIES = 20  # the day's games, seats, results, money, stand-ins, cash, corrections,
# the yaku recorded on its wins (the hands, read by the rulesets of the games already read),
# the game lines of the day's receipts (the summary's check), the day's closes (締め),
# its staff shifts (one query) and the floor figures' visits, their seats, the games in play
# and the tables in use


@pytest.fixture(params=[0, 8], ids=["few-games", "many-games"])
def day(request: pytest.FixtureRequest) -> tuple[DayOfGames, int]:
    d = play_day()
    play_more(d, request.param)
    return d, 3 + request.param  # play_day's three games of the day, and the morning's


@pytest.mark.parametrize("fmt", ["csv", "xlsx"])
def test_a_daily_report_reads_a_fixed_number_of_queries(day, fmt, django_assert_max_num_queries):
    d, games = day
    with (
        translation.override(settings.LANGUAGE_CODE),
        django_assert_max_num_queries(REPORT_QUERIES),
    ):
        data = daily_report_data(parlor=d.parlor, day=DAY)
        content = render(data, fmt)
    assert content
    assert len({row[0] for row in data.section("fees").rows}) == games  # one row per game
