"""The services that change a reported day say so (reports.staleness.report_days_changed): a
check-out, an adjustment paid, a game closed by staff. A change on another business day leaves
the day's reports as they are. (A void is in test_report_voided.py, an adjustment made and a
hand corrected in test_report_task.py.)"""

from __future__ import annotations

from datetime import datetime
from typing import Any

import pytest
import time_machine

from parlor.models import Adjustment, Visit
from parlor.reports.models import DailyReport
from parlor.reports.services import daily_report_request
from parlor.services.games import game_finish, game_start
from parlor.services.hands import hand_record
from parlor.services.seating import Seating
from parlor.services.settlements import adjustment_create, adjustment_settle
from parlor.services.visits import visit_check_in, visit_check_out
from tests.reports.day import DAY, DayOfGames, at

pytestmark = pytest.mark.django_db

ALL_TENPAI = {"result": {"kind": "draw", "tenpai": [0, 1, 2, 3]}}


@pytest.fixture
def reported(day_of_games: DayOfGames, django_capture_on_commit_callbacks: Any) -> DayOfGames:
    """The day of games with its CSV report built (no PDF: no fonts needed)."""
    with django_capture_on_commit_callbacks(execute=True):
        daily_report_request(parlor=day_of_games.parlor, day=DAY, formats=["csv"])
    assert not DailyReport.objects.get().is_stale
    return day_of_games


def is_stale() -> bool:
    return DailyReport.objects.get(business_day=DAY).is_stale


def check_in_and_out(d: DayOfGames, *, arrives: datetime, leaves: datetime) -> Visit:
    player = d.members[0]  # checked out at 02:30 on May 2nd
    with time_machine.travel(arrives, tick=False):
        visit = visit_check_in(player=player, by=d.staff)
    with time_machine.travel(leaves, tick=False):
        visit_check_out(visit=visit, by=d.staff)
    return visit


def test_a_check_out_in_the_day_marks_its_report_stale(
    reported: DayOfGames, django_capture_on_commit_callbacks: Any
) -> None:
    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        check_in_and_out(reported, arrives=at(5, 2, 3), leaves=at(5, 2, 4))  # still May 1st
    assert is_stale()
    assert len(callbacks) >= 1  # the build, queued for after the commit


def test_a_check_out_on_another_day_leaves_the_report_current(
    reported: DayOfGames, django_capture_on_commit_callbacks: Any
) -> None:
    with django_capture_on_commit_callbacks(execute=False):
        check_in_and_out(reported, arrives=at(5, 3, 12), leaves=at(5, 3, 13))
    assert not is_stale()


def test_paying_an_adjustment_made_in_the_day_marks_its_report_stale(
    day_of_games: DayOfGames, django_capture_on_commit_callbacks: Any
) -> None:
    d = day_of_games
    with time_machine.travel(at(5, 1, 22), tick=False):
        owed = adjustment_create(player=d.members[4], amount_yen=-500, reason="飲み物代", by=None)
    with django_capture_on_commit_callbacks(execute=True):
        daily_report_request(parlor=d.parlor, day=DAY, formats=["csv"])
    assert not is_stale()
    with (
        time_machine.travel(at(5, 3, 10), tick=False),
        django_capture_on_commit_callbacks(execute=False),
    ):
        adjustment_settle(adjustment=owed, by=d.staff)
    assert Adjustment.objects.get(pk=owed.pk).settled_at is not None
    assert is_stale()  # the day it was made, though it was paid two days later


def test_a_game_closed_by_staff_marks_the_day_it_ended_stale(
    reported: DayOfGames, django_capture_on_commit_callbacks: Any
) -> None:
    d = reported
    players = [*d.members[:3], d.staff_player]
    with time_machine.travel(at(5, 2, 3), tick=False):
        for player in players[:3]:
            visit_check_in(player=player, by=d.staff)
        game = game_start(table=d.tables["2"], players=players, seating=Seating.GIVEN, by=d.staff)
        hand_record(game=game, sequence=1, entry=ALL_TENPAI, by=d.staff)
    assert not is_stale()  # a hand that leaves the game going changes no report
    with (
        time_machine.travel(at(5, 2, 3, 30), tick=False),
        django_capture_on_commit_callbacks(execute=False),
    ):
        game_finish(game=game, by=d.staff)
    assert is_stale()
