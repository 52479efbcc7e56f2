"""Money that reaches no player is the parlor's and has its own line in the summary, and the
day's cash reconciles to the yen: paid in − paid out = the parlor's lines (docs/reports.md)."""

from __future__ import annotations

import dataclasses
import logging
from datetime import timedelta

import pytest
import time_machine
from django.utils import translation
from rest_framework.test import APIClient

from parlor.domain.house_money import DayMoney, HouseLines
from parlor.domain.money import Terms
from parlor.models import Adjustment, GameResult, Settlement
from parlor.reports.day_money import day_money
from parlor.reports.report import daily_report_data, summary_section
from parlor.reports.sections import local_time
from parlor.reports.selectors import day_ledger
from parlor.selectors.visits import receipt_of
from parlor.services.hand_corrections import hand_correct
from parlor.services.settlements import adjustment_settle
from tests.reports.day import _thirty_to_forty_fu, at
from tests.reports.house_day import DAY, ChomboDay, day_end, play_chombo_day
from tests.reports.ledger import day_window

pytestmark = pytest.mark.django_db

POINT_5 = Terms(  # 点5, each player pays 500 yen a game
    rate_yen_per_p=50,
    chip_value_yen=0,
    fee_model="each",
    game_fee_yen=500,
    top_prize_yen=0,
    money_unit_yen=10,
)
POINT_3_TOP = Terms(  # 点3, 400 yen each and a 300 yen top prize, rounded to 100 yen
    rate_yen_per_p=30,
    chip_value_yen=0,
    fee_model="each_plus_top",
    game_fee_yen=400,
    top_prize_yen=300,
    money_unit_yen=100,
)


def summary(d: ChomboDay) -> dict[str, object]:
    with translation.override("en"):
        data = daily_report_data(parlor=d.parlor, day=DAY, now=day_end())
    return {str(row[0]): row[1] for row in data.section("summary").rows}


def test_an_mleague_chombo_is_a_1000_yen_penalty_line_and_the_day_reconciles():
    d = play_chombo_day("mleague", POINT_5)
    results = {r.seat: r for r in GameResult.objects.filter(game=d.game)}
    assert sum(r.total_tenths for r in results.values()) == -200  # −20p left the game
    assert (results[2].bonus_tenths, results[2].deduction_tenths) == (0, -200)  # 罰符, no bonus
    figures = summary(d)
    assert figures["Penalties kept by the parlor (yen)"] == 1000
    assert figures["Rounding kept by the parlor (yen)"] == 0
    assert figures["Game fees (yen)"] == 4 * 500
    assert figures["Parlor income (yen)"] == 4 * 500 + 1000
    assert figures["Not settled in the day (yen)"] == 0
    # The drawer: what the four receipts took in less what they paid out.
    totals = [s.total_yen for s in d.settlements]
    assert sum(totals) == -(4 * 500 + 1000)
    assert figures["Settlements paid in (yen)"] == -sum(t for t in totals if t < 0)
    assert figures["Settlements net (yen)"] == 4 * 500 + 1000
    assert figures["Check"] == "Balanced"


def test_the_check_reads_in_japanese():
    d = play_chombo_day("mleague", POINT_5)
    with translation.override("ja"):
        data = daily_report_data(parlor=d.parlor, day=DAY, now=day_end())
    rows = {str(row[0]): row[1] for row in data.section("summary").rows}
    assert rows["店に入った罰符・供託 (円)"] == 1000
    assert rows["照合"] == "一致"


@pytest.mark.parametrize(
    ("rate", "left_yen", "rounding_yen"),
    [
        pytest.param(30, 600, 0, id="ten-3-penalty-600-yen"),
        # −20p at 33 yen a p is 660 yen; the table's point money is rounded to 100 yen once,
        # so the table pays 700: 40 yen of rounding is the parlor's too.
        pytest.param(33, 660, 40, id="rate-33-rounding-40-yen"),
    ],
)
def test_under_ema_with_a_top_prize_the_penalty_and_rounding_are_the_parlors(
    rate, left_yen, rounding_yen
):
    d = play_chombo_day("ema", dataclasses.replace(POINT_3_TOP, rate_yen_per_p=rate))
    results = list(GameResult.objects.filter(game=d.game))
    assert -sum(r.total_tenths for r in results) == 200  # −20p left the game
    money = day_money(parlor=d.parlor, day=DAY)
    assert money.house.left_game_yen == left_yen
    assert money.house.rounding_yen == rounding_yen
    assert -sum(s.points_yen for s in d.settlements) == left_yen + rounding_yen
    assert money.house.top_prizes_yen == 300
    assert money.house.game_fees_yen == 4 * 400
    assert money.net_yen == -sum(s.total_yen for s in d.settlements)
    assert money.net_yen == 4 * 400 + 300 + left_yen + rounding_yen
    assert money.is_balanced
    figures = summary(d)
    assert figures["Top prizes (yen)"] == 300
    assert figures["Rounding kept by the parlor (yen)"] == rounding_yen
    assert figures["Check"] == "Balanced"


def test_a_visit_not_checked_out_is_its_own_line_and_the_day_still_reconciles():
    d = play_chombo_day("mleague", POINT_5, check_out=3)
    money = day_money(parlor=d.parlor, day=DAY)
    # What the open visit's provisional receipt says the fourth player owes (−) or is owed (+).
    still_open = receipt_of(d.visits[3]).totals["total_yen"]
    assert still_open != 0
    assert money.not_settled_yen == -still_open
    assert money.net_yen == money.house.income_yen + still_open
    assert money.is_balanced
    assert summary(d)["Not settled in the day (yen)"] == -still_open


def test_a_day_whose_cash_does_not_add_up_says_so_and_logs_it(caplog):
    d = play_chombo_day("mleague", POINT_5)
    ledger = day_ledger(parlor=d.parlor, day=DAY)
    # One receipt's cash left out of the day: what the lines say no longer matches the drawer.
    missing = ledger.settlements[0]
    tampered = dataclasses.replace(ledger, settlements=ledger.settlements[1:])
    corrections = daily_report_data(parlor=d.parlor, day=DAY, now=day_end()).section("corrections")
    with translation.override("en"), caplog.at_level(logging.ERROR):
        section = summary_section(tampered, corrections, local_time(d.parlor.time_zone), day_end())
    rows = {str(row[0]): row[1] for row in section.rows}
    difference = missing.total_yen  # the missing receipt's cash, from the player's side
    assert rows["Check"] == f"NOT balanced: the cash differs by {difference:+,} yen"
    assert section.note.startswith("NOT balanced")
    assert any("paid in − paid out" in r.getMessage() for r in caplog.records)


@pytest.mark.parametrize(
    ("paid_in", "paid_out", "balanced"),
    [
        pytest.param(4600, 1600, True, id="fees-and-penalty-in-the-drawer"),
        pytest.param(3600, 1600, False, id="penalty-missing-from-the-drawer"),
        pytest.param(4600, 600, False, id="a-payout-missing"),
    ],
)
def test_the_identity_catches_figures_that_do_not_add_up(paid_in, paid_out, balanced):
    day = DayMoney(
        HouseLines(game_fees_yen=2000, left_game_yen=1000),
        not_settled_yen=0,
        corrected_yen=0,
        earlier_games_yen=0,
        adjustments_yen=0,
        paid_in_yen=paid_in,
        paid_out_yen=paid_out,
    )
    assert day.is_balanced is balanced
    assert day.difference_yen == (paid_in - paid_out) - 3000


@pytest.mark.parametrize("offset", [-1, 0, 1], ids=["day-before", "the-day", "next-day"])
def test_every_day_of_a_busy_parlor_reconciles(day_of_games, offset):
    """tests/reports/day.py: staff play, a correction before the check-outs, visits that run
    past the cutoff and are checked out the next morning with the day's games on them."""
    day = day_of_games.day + timedelta(days=offset)
    money = day_money(parlor=day_of_games.parlor, day=day)
    settlements = Settlement.objects.filter(visit__parlor=day_of_games.parlor)
    start, end = day_window(day)
    totals = [s.total_yen for s in settlements if start <= s.closed_at < end]
    assert money.net_yen == -sum(totals)
    assert money.is_balanced, money


def test_games_checked_out_the_next_morning_are_not_settled_on_their_day(day_of_games):
    money = {
        offset: day_money(parlor=day_of_games.parlor, day=day_of_games.day + timedelta(offset))
        for offset in (0, 1)
    }
    assert money[0].not_settled_yen != 0  # three visits were checked out at 07:00 on May 2nd
    assert money[1].earlier_games_yen != 0  # ... with May 1st's games on their receipts
    assert money[0].house.staff_play_yen != 0


def test_a_correction_after_the_check_out_and_its_adjustment_paid_at_the_counter_reconcile():
    d = play_chombo_day("mleague", POINT_5)
    second = d.game.hands.get(sequence=2)
    with time_machine.travel(at(5, 1, 23), tick=False):
        hand_correct(
            game=d.game,
            sequence=2,
            entry=_thirty_to_forty_fu(second.entry),
            reason="30符→40符",
            by=d.staff,
        )
    owed = list(Adjustment.objects.filter(game=d.game))
    assert owed, "the correction changed the money of visits already checked out"
    money = day_money(parlor=d.parlor, day=DAY)
    assert money.corrected_yen == -sum(a.amount_yen for a in owed)  # owed to the players
    assert money.is_balanced
    with time_machine.travel(at(5, 1, 23, 30), tick=False):
        adjustment_settle(adjustment=owed[0], by=d.staff)
    money = day_money(parlor=d.parlor, day=DAY)
    assert money.adjustments_yen == -owed[0].amount_yen
    assert money.is_balanced


def test_the_store_net_counts_the_penalty_like_the_report():
    d = play_chombo_day("mleague", POINT_5)
    client = APIClient()
    client.force_authenticate(d.manager)
    net = client.get("/api/store-net/", {"day": DAY.isoformat()}).json()
    assert (net["fees_yen"], net["penalties_yen"], net["rounding_yen"]) == (2000, 1000, 0)
    assert net["net_yen"] == day_money(parlor=d.parlor, day=DAY).house.income_yen == 3000
