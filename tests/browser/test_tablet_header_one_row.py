"""The tablet's header stays one row at 1280×800 and 800×1280, also with 取消 (undo) shown on
a game, in Japanese and in English; the history's buttons read on one line in portrait. Rows
and lines are counted in the browser; screenshots go to test-artifacts/."""

from __future__ import annotations

from typing import Any

import pytest

from tests.browser.tablet import Tablet
from tests.browser.test_headings_unbroken import LINES  # each element's text and its lines
from tests.parlor.conftest import DRAW, client_for, ok
from tests.parlor.money_helpers import play, ron, start

pytestmark = pytest.mark.django_db(transaction=True)

# The rows the header's visible items sit on (items whose vertical middles differ by more
# than half the smallest item's height are on different rows), the header's height, and
# whether any item is cut off past the header's right edge.
HEADER = """() => {
  const bar = document.querySelector("header.bar").getBoundingClientRect();
  const items = [...document.querySelectorAll("header.bar > *, header.bar .bar-actions > *")]
    .filter((el) => !el.classList.contains("bar-actions") && el.tagName !== "DIALOG")
    .map((el) => el.getBoundingClientRect()).filter((r) => r.width > 0 && r.height > 0);
  const middles = items.map((r) => r.top + r.height / 2).sort((a, b) => a - b);
  const gap = Math.min(...items.map((r) => r.height)) / 2;
  let rows = 1;
  for (let i = 1; i < middles.length; i++) if (middles[i] - middles[i - 1] > gap) rows++;
  const overflow = Math.max(...items.map((r) => r.right)) - bar.right;
  return {rows, height: Math.round(bar.height), overflow: Math.round(overflow),
          page: document.documentElement.scrollWidth - window.innerWidth};
}"""

# How far an element reaches past its parent's right edge (a crumb the header cut off).
CUT_OFF = (
    "(el) => el.getBoundingClientRect().right - el.parentElement.getBoundingClientRect().right"
)

SIZES = {"landscape": (1280, 800), "portrait": (800, 1280)}


@pytest.fixture
def corrected_game(parlor_floor: dict[str, Any]) -> dict[str, Any]:
    """Two hands at the four-player table, the first corrected: 取消 shows on the game."""
    staff = client_for(parlor_floor["staff"])
    table, players = parlor_floor["tables"]["standard"], parlor_floor["players"]
    game = play(staff, start(staff, table, players[:4]), [ron(0, 1, han=3, fu=30)] * 2)
    body = {"hand": DRAW, "reason": "流局でした"}
    ok(staff.post(f"/api/games/{game['id']}/hands/1/corrections/", body, format="json"), 201)
    return game


@pytest.mark.parametrize("language", ["ja", "en"])
@pytest.mark.parametrize("orientation", ["landscape", "portrait"])
def test_the_header_is_one_row_with_undo_shown(
    tablet: Tablet, corrected_game: dict[str, Any], orientation: str, language: str
) -> None:
    width, height = SIZES[orientation]
    tablet.page.set_viewport_size({"width": width, "height": height})
    if language == "en":
        tablet.goto("/tablet/")
        tablet.tap("header .lang [data-lang='en']")
    for path in (f"/tablet/games/{corrected_game['id']}/", "/tablet/", "/tablet/counter/"):
        tablet.goto(path)
        assert tablet.page.is_visible("header [data-action='undo']") == ("games" in path)
        measured = tablet.page.evaluate(HEADER)
        tablet.shot(f"header-{tablet.screen()}")
        assert measured["rows"] == 1, (path, measured)
        assert measured["height"] <= 72, (path, measured)  # one row of 48 px taps
        assert measured["overflow"] <= 0 and measured["page"] <= 0, (path, measured)
        # the table's name is read whole; only the ruleset's name may end in …
        crumb = (
            tablet.page.eval_on_selector(
                "header .crumb",
                CUT_OFF,
            )
            if tablet.page.query_selector("header .crumb")
            else 0
        )
        assert crumb <= 0, (path, crumb)


@pytest.mark.parametrize("language", ["ja", "en"])
def test_portrait_history_buttons_read_on_one_line(
    tablet: Tablet, corrected_game: dict[str, Any], language: str
) -> None:
    tablet.page.set_viewport_size({"width": 800, "height": 1280})
    if language == "en":
        tablet.goto("/tablet/")
        tablet.tap("header .lang [data-lang='en']")
    tablet.goto(f"/tablet/games/{corrected_game['id']}/history/")
    buttons = dict(tablet.page.evaluate(LINES, ".history [data-correct], header .button"))
    numbers = dict(tablet.page.evaluate(LINES, ".history .hand-number span"))
    tablet.shot("history-portrait")
    assert {"訂正", "Correct"} & set(buttons), buttons
    assert all(lines == 1 for lines in buttons.values()), buttons
    assert all(lines == 1 for lines in numbers.values()), numbers
    page_overflow = tablet.page.evaluate("() => document.documentElement.scrollWidth - innerWidth")
    assert page_overflow <= 0
