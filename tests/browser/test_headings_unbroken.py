"""Headings that must read as one word stay on one line: the floor cards' 「6番卓」「12番卓」 at
the tablet's portrait width and a narrow window, and the standings' column headers
(「プレイヤー」「平均順位」) on a 375 px phone. Each heading's lines are counted in the browser."""

from __future__ import annotations

from typing import Any

import pytest

from parlor.models import Table
from tests.browser.tablet import SCREENSHOTS, Tablet
from tests.parlor.conftest import client_for
from tests.parlor.money_helpers import play, ron, start

pytestmark = pytest.mark.django_db(transaction=True)

# Each matching element's text and the number of distinct lines it covers.
LINES = """(selector) => [...document.querySelectorAll(selector)].map((el) => {
  const range = document.createRange();
  range.selectNodeContents(el);
  const tops = new Set([...range.getClientRects()].filter((r) => r.width > 0)
    .map((r) => Math.round(r.top)));
  return [el.textContent.trim(), tops.size];
})"""


@pytest.mark.parametrize("width", [800, 360])
def test_floor_card_titles_stay_on_one_line(
    tablet: Tablet, parlor_floor: dict[str, Any], width: int
) -> None:
    for label in ("6", "12", "108"):
        Table.objects.create(parlor=parlor_floor["parlor"], label=label, ruleset_key="seed-004")
    tablet.page.set_viewport_size({"width": width, "height": 1280})
    tablet.goto("/tablet/")
    titles = dict(tablet.page.evaluate(LINES, ".table-card .table-label"))
    tablet.shot(f"floor-titles-{width}")
    assert {"6番卓", "12番卓", "108番卓"} <= set(titles), titles
    assert all(lines == 1 for lines in titles.values()), titles


def test_phone_standings_headers_stay_on_one_line(
    browser: Any, live_server: Any, parlor_floor: dict[str, Any]
) -> None:
    parlor, players = parlor_floor["parlor"], parlor_floor["players"]
    staff = client_for(parlor_floor["staff"])
    four = parlor_floor["tables"]["standard"]
    play(staff, start(staff, four, players[:4]), [ron(3, 1, han=3, fu=30)], finish=True)
    context = browser.new_context(viewport={"width": 375, "height": 667}, locale="ja-JP")
    page = context.new_page()
    page.goto(f"{live_server.url}/standings/{parlor.slug}/")
    headers = dict(page.evaluate(LINES, ".standings thead th"))
    overflow = page.evaluate("() => document.documentElement.scrollWidth - window.innerWidth")
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / "standings-phone-headers.png"), full_page=True)
    context.close()
    assert {"プレイヤー", "平均順位"} <= set(headers), headers
    assert all(lines == 1 for lines in headers.values()), headers
    assert overflow <= 0  # kept whole, and still the phone's width: no sideways scrolling
