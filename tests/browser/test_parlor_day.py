"""A whole parlor day from the demo, in the browser, as staff, players and the manager meet it.

The demo opens with four tables mid-game under four rulesets, players waiting and a ラス半
called. During the day: a walk-in is registered at the counter and found by kana at the game
start; a game started at the wrong table is voided with a manager's confirmation; a double
seating is refused; hands are recorded at four tables under four rulesets; a player follows her
table on her phone and the TV board shows the standings; hands are corrected before and after a
check-out; ラス半 ends in a check-out with an 80 mm receipt, and the adjustment the late
correction made is paid out with its receipt. At the end the manager signs in and downloads the
day's report, which must equal the receipts and adjustments to the yen, while the voided game
charged nothing and counts nowhere.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterator
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.db.models import Sum

from parlor.domain.business_days import business_day_of, day_range
from parlor.models import (
    Adjustment,
    AdjustmentKind,
    AuditEvent,
    Game,
    GameResult,
    GameSeatStats,
    GameStatus,
    LineKind,
    Settlement,
    SettlementLine,
    Visit,
    VisitStatus,
)
from parlor.services.demo import demo_load
from parlor.services.games import game_finish
from parlor.services.visits import visit_check_out
from tests.browser.conftest import signed_in_context
from tests.browser.tablet import SCREENSHOTS, Tablet

pytestmark = pytest.mark.django_db(transaction=True)

RON = {"result": {"kind": "ron", "loser": 0, "wins": [{"winner": 1, "han": 3, "fu": 30}]}}
RON_HAN_ONLY = {"result": {"kind": "ron", "loser": 0, "wins": [{"winner": 1, "han": 3}]}}
MANAGER = ("manager", "tenbo-manager-demo")  # the demo's logins (parlor/services/demo.py)
PHONE = {"width": 375, "height": 740}


@pytest.fixture
def demo(transactional_db: None) -> Any:
    return demo_load().parlor


def watch(page: Any) -> list[str]:
    """Script errors and content-security-policy violations on the page."""
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(f"{error} at {page.url}"))
    page.on(
        "console",
        lambda m: errors.append(m.text) if "Content Security Policy" in m.text else None,
    )
    return errors


@pytest.fixture
def staff_tablet(browser: Any, live_server: Any, demo: Any) -> Iterator[Tablet]:
    staff = get_user_model().objects.get(username="staff")
    context = signed_in_context(browser, live_server, staff)
    page = context.new_page()
    errors = watch(page)
    yield Tablet(page, live_server.url, prefix="parlor-day")
    context.close()
    assert errors == []


def open_table(tablet: Tablet, label: str) -> None:
    tablet.goto("/tablet/")
    tablet.page.click(f'a.table-card[data-table="{label}"]')
    tablet.page.wait_for_selector("body[data-screen='start'], body[data-screen='game']")
    tablet.wait_ready()


def pick(tablet: Tablet, *names: str) -> None:
    for name in names:
        tablet.page.click(f'.player-pick[data-player="{name}"]')


def open_game(label: str) -> Game:
    return Game.objects.get(table__label=label, status=GameStatus.IN_PROGRESS)


def open_correction(tablet: Tablet, game: Game, sequence: int, win: dict[str, int]) -> None:
    """From the finished game's history: hand `sequence`'s winner gets a new value."""
    page = tablet.page
    tablet.goto(f"/tablet/games/{game.public_id}/history/")
    page.click(f'[data-correct="{sequence}"]')
    page.wait_for_selector("body[data-screen='correct']")
    tablet.wait_ready()
    page.wait_for_selector("[data-preview]")
    page.click(".winner-chip")
    tablet.value(win)
    page.wait_for_selector("#confirm:not([disabled])")


def walk_in_registered_and_found_by_kana(tablet: Tablet) -> None:
    page = tablet.page
    tablet.goto("/tablet/counter/")
    tablet.wait_ready()
    page.click("#walk-in summary")
    page.fill('#walk-in input[name="name"]', "大和")
    page.fill('#walk-in input[name="kana"]', "ヤマト")
    page.click("[data-walk-in-submit]")
    page.wait_for_selector('.counter-row[data-player="大和"][data-state="in"]')
    tablet.shot("counter-walk-in")

    open_table(tablet, "11")  # tenhou-4p-tonpuu: the wrong table, as it turns out
    page.fill("#player-q", "やまと")  # typed in hiragana, registered in katakana
    page.wait_for_selector('#players[data-searched="やまと"]')
    assert page.is_visible('.player-pick[data-player="大和"]')
    pick(tablet, "大和")
    page.fill("#player-q", "")
    page.wait_for_selector('#players[data-searched=""]')
    pick(tablet, "久保", "森", "田中")
    page.click('[data-seating="given"]')
    page.wait_for_selector("body[data-screen='game']")
    tablet.wait_ready()


def mistaken_game_voided(tablet: Tablet) -> Game:
    """A hand is recorded before anyone notices the table is wrong: a manager confirms the void
    at the table, with the username and password, and the tablet stays signed in as staff."""
    page = tablet.page
    tablet.enter(RON)
    tablet.confirm()
    mistaken = open_game("11")
    page.click('[data-action="void"]')
    page.wait_for_selector('.void-form input[name="reason"]', state="visible")
    page.fill('.void-form input[name="reason"]', "卓を間違えて開始")
    page.click('[data-confirm="void"]')  # staff alone: the game has a hand
    page.wait_for_selector('[data-error-for="manager_username"]')
    tablet.shot("void-needs-manager")
    page.fill('.void-form input[name="manager_username"]', MANAGER[0])
    page.fill('.void-form input[name="manager_password"]', MANAGER[1])
    page.click('[data-confirm="void"]')
    page.wait_for_selector("body[data-screen='floor']")
    assert "11卓の対局を無効にしました" in page.inner_text(".messages")
    mistaken.refresh_from_db()
    assert mistaken.status == GameStatus.VOIDED
    assert mistaken.void_confirmed_by.username == "manager"
    return mistaken


def double_seating_refused_then_started(tablet: Tablet) -> None:
    """馬場 plays at table 7: seating him at table 4 too is refused, naming table 7."""
    page = tablet.page
    open_table(tablet, "4")  # seed-002 (雀バト)
    pick(tablet, "久保", "森", "田中", "馬場")
    page.click('[data-seating="given"]')
    page.wait_for_selector('.error[data-code="player_in_open_game"]')
    # One language: the name and the table in the Japanese sentence, no English beside it.
    assert "馬場さんは別の卓で対局中です（7番卓）" in page.inner_text(".error")
    assert "playing" not in page.inner_text(".error")
    tablet.shot("double-seating-refused")
    assert not Game.objects.filter(table__label="4", status=GameStatus.IN_PROGRESS).exists()
    open_table(tablet, "4")
    pick(tablet, "久保", "森", "田中", "大和")
    page.click('[data-seating="given"]')
    page.wait_for_selector("body[data-screen='game']")
    tablet.wait_ready()


def phone_follows_the_table(tablet: Tablet, browser: Any) -> None:
    """A player scans the tablet's QR code; her phone shows the next hand without a reload."""
    page = tablet.page
    page.click('[data-action="live-qr"]')
    page.wait_for_selector("dialog#live-qr[open] svg")
    url = page.get_attribute("[data-live-url]", "data-live-url")
    page.click('dialog#live-qr button[type="submit"]')
    phone_context = browser.new_context(viewport=PHONE, has_touch=True)
    phone = phone_context.new_page()
    errors = watch(phone)
    phone.goto(url)
    phone.wait_for_selector("#live .seat")
    phone.evaluate("window.stillTheSamePage = true")
    tablet.enter(RON)
    tablet.confirm()
    phone.wait_for_function(
        "() => document.querySelector('#live').dataset.hands === '1'", timeout=15_000
    )
    assert phone.evaluate("window.stillTheSamePage") is True
    shown = phone.eval_on_selector_all(".seat [data-score]", "s => s.map(e => e.dataset.score)")
    assert sorted(int(s) for s in shown) == sorted(tablet.scores())
    phone.screenshot(path=str(SCREENSHOTS / "parlor-day-phone.png"), full_page=True)
    phone_context.close()
    assert errors == []


def hands_at_the_other_tables(tablet: Tablet) -> None:
    """The demo's tables 2 (seed-001) and 6 (seed-004, three players) go on."""
    for label, entry in (("2", RON), ("6", RON_HAN_ONLY)):
        open_table(tablet, label)
        before = open_game(label).hand_count
        tablet.enter(entry)
        tablet.confirm()
        assert open_game(label).hand_count == before + 1


def tv_board_fits(browser: Any, live_server: Any) -> None:
    tv_context = browser.new_context(viewport={"width": 1920, "height": 1080})
    tv = tv_context.new_page()
    errors = watch(tv)
    tv.goto(f"{live_server.url}/standings/demo/tv/")
    tv.wait_for_selector('[data-column="today"][data-pages]')
    assert tv.evaluate("document.documentElement.scrollHeight") <= 1080
    tv.screenshot(path=str(SCREENSHOTS / "parlor-day-tv.png"))
    tv_context.close()
    assert errors == []


def last_game_then_check_out_with_a_roll_receipt(tablet: Tablet) -> tuple[Game, Settlement]:
    """Table 7's game, 藤田's ラス半, ends; a hand is corrected before anyone leaves (no money
    warning), then 藤田 checks out and takes an 80 mm receipt."""
    page = tablet.page
    open_table(tablet, "7")  # standard
    tablet.enter(RON)
    tablet.confirm()
    game = open_game("7")
    tablet.close_game()
    open_correction(tablet, game, 1, {"han": 4, "fu": 30})
    assert not tablet.page.query_selector("[data-settled-money]")  # nobody has left yet
    page.fill("#reason", "符の数え間違い")
    page.click("#confirm")
    page.wait_for_selector("body[data-screen='history']")
    assert not Adjustment.objects.exists()  # nobody had checked out: the game money moves

    tablet.goto("/tablet/counter/")
    tablet.wait_ready()
    assert "藤田さんのラス半が終わりました" in page.inner_text('[data-last-over="藤田"]')
    tablet.shot("counter-last-game-over")
    page.click('[data-last-over="藤田"] [data-last-over-check-out]')
    page.wait_for_selector("body[data-screen='counter-check-out']")
    page.click("[data-confirm-check-out]")
    page.wait_for_selector("body[data-screen='counter-receipt']")
    receipt = Settlement.objects.get(visit__player__name="藤田")
    page.click('[data-receipt-print="80"]')
    page.wait_for_load_state()
    words = "お支払い" if receipt.total_yen < 0 else "お受け取り"
    assert f"{words} ¥{abs(receipt.total_yen):,}" in " ".join(page.inner_text("body").split())
    tablet.shot("receipt-80mm")
    return game, receipt


def correction_after_check_out_paid_out(tablet: Tablet, game: Game) -> Adjustment:
    """Hand 2 of table 7 was worth more: the correction screen says what it owes 藤田, who left,
    before 確定; the counter pays it out with a receipt."""
    page = tablet.page
    open_correction(tablet, game, 2, {"han": 3, "fu": 30})
    warning = page.wait_for_selector('[data-settled-player="藤田"]')
    warned = int(warning.get_attribute("data-amount-yen"))
    assert "藤田さんは精算済み" in page.inner_text("[data-settled-money]")
    page.fill("#reason", "ツモの翻数訂正")
    page.click("#confirm")
    page.wait_for_selector("body[data-screen='history']")
    owed = Adjustment.objects.get(player__name="藤田", settled_at__isnull=True)
    assert owed.amount_yen == warned != 0

    tablet.goto("/tablet/counter/")
    tablet.wait_ready()
    page.click('[data-pay-out="藤田"]')
    page.click('[data-pay-out-confirm="藤田"] [data-confirm-pay-out]')  # the confirmation
    page.wait_for_selector("body[data-screen='counter-receipt']")
    assert int(page.get_attribute("[data-total-yen]", "data-total-yen")) == owed.amount_yen
    owed.refresh_from_db()
    assert owed.settled_in is not None and owed.settled_in.total_yen == owed.amount_yen
    return owed


def day_closes() -> None:
    """The last games end and everyone still in checks out (the counter's work, done here by
    the services it calls: the screens were walked above)."""
    for game in Game.objects.filter(status=GameStatus.IN_PROGRESS):
        game_finish(game=game, by=None)
    staff = get_user_model().objects.get(username="staff")
    for visit in Visit.objects.filter(status=VisitStatus.OPEN):
        visit_check_out(visit=visit, by=staff)


def manager_downloads_the_days_csv(browser: Any, live_server: Any, day: Any) -> bytes:
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    page = context.new_page()
    errors = watch(page)
    page.goto(f"{live_server.url}/reports/")
    page.wait_for_url("**/tablet/login/**")  # one sign-in for every role
    page.fill('input[name="username"]', MANAGER[0])
    page.fill('input[name="password"]', MANAGER[1])
    page.click('form.stack button[type="submit"]')
    page.wait_for_selector("form.request")  # the reports page, signed in as a manager
    page.fill('form.request input[name="day"]', day.isoformat())
    for fmt in ("xlsx", "pdf"):
        page.uncheck(f'form.request input[name="format"][value="{fmt}"]')
    page.click('form.request button[type="submit"]')
    page.wait_for_selector(".messages")
    link = page.wait_for_selector(f'tr:has(td:text-is("{day.isoformat()}")) a[href$="/download/"]')
    page.screenshot(path=str(SCREENSHOTS / "parlor-day-reports.png"), full_page=True)
    answer = context.request.get(live_server.url + link.get_attribute("href"))
    assert answer.status == 200
    content = answer.body()
    context.close()
    assert errors == []
    return content


def csv_sections(content: bytes) -> dict[str, list[list[str]]]:
    sections: dict[str, list[list[str]]] = {}
    current: list[list[str]] = []
    for row in csv.reader(io.StringIO(content.decode("utf-8-sig"))):
        if len(row) == 1 and row[0].startswith("[") and row[0].endswith("]"):
            current = sections.setdefault(row[0][1:-1], [])
        elif row:
            current.append(row)
    return sections


def test_a_parlor_day_from_the_demo(
    staff_tablet: Tablet, browser: Any, live_server: Any, demo: Any
) -> None:
    day = business_day_of(demo)
    walk_in_registered_and_found_by_kana(staff_tablet)
    mistaken = mistaken_game_voided(staff_tablet)
    double_seating_refused_then_started(staff_tablet)
    phone_follows_the_table(staff_tablet, browser)
    hands_at_the_other_tables(staff_tablet)
    tv_board_fits(browser, live_server)
    table_7, first_receipt = last_game_then_check_out_with_a_roll_receipt(staff_tablet)
    paid_out = correction_after_check_out_paid_out(staff_tablet, table_7)
    day_closes()
    assert business_day_of(demo) == day, "the business day turned during the test"
    report = csv_sections(manager_downloads_the_days_csv(browser, live_server, day))

    # The report equals the receipts and the adjustments, to the yen.
    start, end = day_range(demo, day)
    receipts = Settlement.objects.filter(
        visit__parlor=demo, closed_at__gte=start, closed_at__lt=end
    )
    totals = list(receipts.values_list("total_yen", flat=True))
    assert first_receipt.pk in {r.pk for r in receipts} and paid_out.settled_in in receipts
    summary = {row[0]: row[1] for row in report["概要"][1:]}
    assert int(summary["精算 入金 (円)"]) == -sum(t for t in totals if t < 0)
    assert int(summary["精算 出金 (円)"]) == sum(t for t in totals if t > 0)
    game_lines = SettlementLine.objects.filter(settlement__in=receipts, kind=LineKind.GAME)
    fees = game_lines.aggregate(total=Sum("fee_yen"))["total"]
    assert int(summary["場代収入 (円)"]) == fees > 0  # every game's fee is on a receipt
    finished = Game.objects.filter(table__parlor=demo, status=GameStatus.FINISHED)
    assert int(summary["対局数"]) == finished.count()
    corrections = Adjustment.objects.filter(parlor=demo, kind=AdjustmentKind.CORRECTION)
    in_report = [int(row[-1]) for row in report["訂正履歴"][1:] if row[-1].lstrip("-").isdigit()]
    assert sum(in_report) == corrections.aggregate(total=Sum("amount_yen"))["total"]
    # The day's cash reconciles with the parlor's lines: corrections before and after a check-out,
    # an adjustment paid at the counter and a voided game included (docs/reports.md).
    assert summary["照合"] == "一致"
    assert int(summary["当日未精算 (円)"]) == 0  # every visit of the day was checked out

    # The voided game charged nothing and counts nowhere, but the report and the audit log keep it.
    assert not SettlementLine.objects.filter(game=mistaken).exists()
    assert not GameResult.objects.filter(game=mistaken).exists()
    assert not GameSeatStats.objects.filter(game=mistaken).exists()
    voided_rows = [row for rows in report.values() for row in rows if "卓を間違えて開始" in row]
    assert voided_rows and any("11" in cell for cell in voided_rows[0])
    assert AuditEvent.objects.filter(game=mistaken, reason="卓を間違えて開始").exists()
    for name in ("久保", "森", "田中", "大和"):
        receipt = Settlement.objects.get(visit__player__name=name)
        assert mistaken.pk not in set(receipt.lines.values_list("game_id", flat=True))
