"""The tablet at both orientations of a 10-inch tablet: 確定 and the payments are on screen
without scrolling on every hand, the one that ends the game included; the seats are drawn as
the table is and turn with the staff; 確定 says what it did; screenshots of every screen."""

from __future__ import annotations

from typing import Any

import pytest

from tests.browser.tablet import SCREENSHOTS, Tablet

pytestmark = pytest.mark.django_db(transaction=True)
NAMES = ["青木", "馬場", "千葉", "土井"]
ORIENTATIONS = {"landscape": (1280, 800), "portrait": (800, 1280)}
PLAIN_RON = {"result": {"kind": "ron", "loser": 1, "wins": [{"winner": 0, "han": 3, "fu": 30}]}}
# A non-dealer's yakuman dealt in by a player on 25,000: below zero (トビ), the game ends.
ENDING_RON = {"result": {"kind": "ron", "loser": 1, "wins": [{"winner": 2, "yakuman": 1}]}}

# Where an element is on screen: its box, whether all of it lies inside the viewport, and
# whether what is drawn at its centre is the element itself (not a bar or a dialog over it).
ON_SCREEN = """el => {
    const r = el.getBoundingClientRect();
    const inside = r.width > 0 && r.height > 0 && r.top >= 0 && r.left >= 0 &&
        r.bottom <= window.innerHeight && r.right <= window.innerWidth;
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return {top: r.top, bottom: r.bottom, left: r.left, right: r.right,
            inside: inside, uncovered: !!hit && (hit === el || el.contains(hit))};
}"""


def on_screen(tablet: Tablet, selector: str) -> dict[str, Any]:
    return tablet.page.eval_on_selector(selector, ON_SCREEN)


def assert_confirm_and_preview_in_view(tablet: Tablet, where: str) -> None:
    """確定 and the payments' new scores are on screen as the page is, never scrolled."""
    assert tablet.page.evaluate("window.scrollY") == 0, where
    confirm = on_screen(tablet, "#confirm")
    assert confirm["inside"] and confirm["uncovered"], f"{where}: 確定 at {confirm}"
    preview = on_screen(tablet, "#preview")
    assert preview["inside"], f"{where}: the preview at {preview}"
    scores = tablet.page.eval_on_selector_all(
        "[data-preview] [data-after]", f"els => els.map({ON_SCREEN})"
    )
    for index, after in enumerate(scores):
        assert after["inside"] and after["uncovered"], f"{where}: new score {index} at {after}"
        assert preview["top"] <= after["top"] and after["bottom"] <= preview["bottom"], where


def shoot(tablet: Tablet, name: str) -> None:
    """The screen at both orientations, saved as test artifacts."""
    page = tablet.page
    for orientation, (width, height) in ORIENTATIONS.items():
        page.set_viewport_size({"width": width, "height": height})
        page.wait_for_timeout(100)
        page.screenshot(path=str(SCREENSHOTS / f"{tablet.prefix}-{name}-{orientation}.png"))
    page.set_viewport_size({"width": 1280, "height": 800})


def preview_both_ways(tablet: Tablet, entry: dict[str, Any], name: str) -> None:
    tablet.enter(entry)
    for orientation, (width, height) in ORIENTATIONS.items():
        tablet.page.set_viewport_size({"width": width, "height": height})
        tablet.page.wait_for_timeout(100)
        assert_confirm_and_preview_in_view(tablet, f"{name}, {orientation}")
        tablet.page.screenshot(path=str(SCREENSHOTS / f"{tablet.prefix}-{name}-{orientation}.png"))
    tablet.page.set_viewport_size({"width": 1280, "height": 800})


def test_confirm_and_the_payments_stay_in_view_on_every_hand_at_both_orientations(
    tablet, browser, live_server, parlor_floor
):
    tablet.goto("/tablet/")
    shoot(tablet, "floor")
    tablet.start_game("1", NAMES, seating="given")
    game_path = tablet.page.url.removeprefix(tablet.base_url)
    shoot(tablet, "game")

    preview_both_ways(tablet, PLAIN_RON, "pad-plain-hand")
    tablet.confirm()

    preview_both_ways(tablet, ENDING_RON, "pad-hand-that-ends-the-game")
    assert tablet.page.is_visible("[data-preview] .is-end")  # it is the game-ending hand
    tablet.page.click("#clear")

    tablet.page.click('[data-action="history"]')
    tablet.page.wait_for_selector("body[data-screen='history']")
    shoot(tablet, "history")
    tablet.page.click('[data-correct="1"]')
    tablet.page.wait_for_selector("body[data-screen='correct']")
    tablet.wait_ready()
    tablet.page.wait_for_selector("[data-preview]")
    tablet.page.fill("#reason", "翻数の確認")
    for orientation, (width, height) in ORIENTATIONS.items():
        tablet.page.set_viewport_size({"width": width, "height": height})
        tablet.page.wait_for_timeout(100)
        assert_confirm_and_preview_in_view(tablet, f"correction, {orientation}")
    shoot(tablet, "correction")

    # The hand that ends the game, confirmed in portrait: the result follows.
    tablet.goto(game_path)
    tablet.wait_ready()
    tablet.page.set_viewport_size({"width": 800, "height": 1280})
    tablet.enter(ENDING_RON)
    assert_confirm_and_preview_in_view(tablet, "the hand that ends the game, portrait")
    tablet.confirm()
    assert tablet.screen() == "result"
    shoot(tablet, "result")

    tablet.page.click("a.brand")
    tablet.page.wait_for_selector("body[data-screen='floor']")
    tablet.page.click('[data-action="counter"]')
    tablet.page.wait_for_selector("body[data-screen='counter']")
    shoot(tablet, "counter")

    tablet.goto("/tablet/")
    tablet.page.click('a.table-card[data-table="2"]')
    tablet.page.wait_for_selector("body[data-screen='start']")
    shoot(tablet, "start")

    signed_out = browser.new_context(viewport={"width": 1280, "height": 800})
    login = Tablet(signed_out.new_page(), live_server.url, prefix=tablet.prefix)
    login.goto("/tablet/login/")
    shoot(login, "login")
    signed_out.close()
