"""The manager opens the day's report after an mleague chombo game was checked out: the penalty
that left the game is the parlor's own line (1,000 yen at 点5) and the day's check says 一致."""

from __future__ import annotations

from typing import Any

import pytest

from parlor.domain.money import Terms
from tests.browser.tablet import SCREENSHOTS
from tests.browser.test_parlor_day import csv_sections, watch
from tests.reports.house_day import DAY, play_chombo_day

pytestmark = pytest.mark.django_db(transaction=True)

POINT_5 = Terms(50, 0, "each", 500, 0, 10)
PASSWORD = "tenbo-manager-pw"


def test_the_manager_sees_the_chombo_penalty_and_a_balanced_day(
    browser: Any, live_server: Any, transactional_db: None
) -> None:
    d = play_chombo_day("mleague", POINT_5, password=PASSWORD)
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    page = context.new_page()
    errors = watch(page)
    page.goto(f"{live_server.url}/reports/")
    page.wait_for_url("**/tablet/login/**")
    page.fill('input[name="username"]', d.manager.username)
    page.fill('input[name="password"]', PASSWORD)
    page.click('form.stack button[type="submit"]')
    page.wait_for_selector("form.request")
    page.fill('form.request input[name="day"]', DAY.isoformat())
    for fmt in ("xlsx", "pdf"):
        page.uncheck(f'form.request input[name="format"][value="{fmt}"]')
    page.click('form.request button[type="submit"]')
    page.wait_for_selector(".messages")
    link = page.wait_for_selector(f'tr:has(td:text-is("{DAY.isoformat()}")) a[href$="/download/"]')
    page.screenshot(path=str(SCREENSHOTS / "report-house-money.png"), full_page=True)
    answer = context.request.get(live_server.url + link.get_attribute("href"))
    assert answer.status == 200
    report = csv_sections(answer.body())
    context.close()
    assert errors == []

    summary = {row[0]: row[1] for row in report["概要"][1:]}
    assert int(summary["店に入った罰符・供託 (円)"]) == 1000  # −20p at 50 yen a p
    assert int(summary["場代収入 (円)"]) == 4 * 500
    assert int(summary["店の収入 計 (円)"]) == 4 * 500 + 1000
    assert int(summary["精算 入金 (円)"]) - int(summary["精算 出金 (円)"]) == 4 * 500 + 1000
    assert summary["照合"] == "一致"
