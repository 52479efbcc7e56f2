"""The floor figures of a day still going on: a game in progress is in play until the report
is made, and it ends the waits of its players."""

from __future__ import annotations

from datetime import datetime, timedelta

import pytest
import time_machine
from django.utils import translation

from parlor.domain.business_days import business_day_of
from parlor.models import MoneySettings
from parlor.reports.data import Percent
from parlor.reports.report import daily_report_data
from parlor.services.games import game_start
from parlor.services.seating import Seating
from parlor.services.visits import visit_check_in

pytestmark = pytest.mark.django_db


def test_a_game_in_progress_counts_until_the_report_is_made(parlor, table, players, staff_user):
    MoneySettings.objects.create(parlor=parlor, player_count=4, rate_yen_per_p=50)
    table.parlor.tables.create(label="2", ruleset_key="standard", is_active=False)
    evening = datetime.fromisoformat("2026-05-01T20:00:00+09:00")
    with time_machine.travel(evening, tick=False):
        for player in players[:4]:
            visit_check_in(player=player, by=staff_user)
    with time_machine.travel(evening + timedelta(minutes=25), tick=False):
        game_start(table=table, players=players[:4], seating=Seating.GIVEN, by=staff_user)
    now = evening + timedelta(hours=1, minutes=10)
    with translation.override("en"):
        data = daily_report_data(parlor=parlor, day=business_day_of(parlor, now), now=now)
    hours = [(row[0].hour, row[1], row[2], row[4]) for row in data.section("table_use").rows]
    # Table 2 is not in use: one table open. 20:25-21:00, then 21:00-21:10 (the report's time).
    assert [(h - hours[0][0], *rest) for h, *rest in hours] == [
        (0, 1, 35, Percent(583)),
        (1, 1, 10, Percent(167)),
    ]
    waits = {row[0]: row[4] for row in data.section("waits").rows}
    assert waits == {player.name: 25 for player in players[:4]}
    assert data.section("staff_sit_in").rows == ()  # no staff, and no finished game yet
