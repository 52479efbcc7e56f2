"""The tablet at both orientations of a 10-inch tablet: 確定 and the payments are on screen
without scrolling on every hand, the one that ends the game included; the seats are drawn as
the table is and turn with the staff; 確定 says what it did; screenshots of every screen."""

from __future__ import annotations

from typing import Any

import pytest

from parlor.domain.money import Terms
from parlor.models import FeeModel
from parlor.services.games import game_finish, game_start
from parlor.services.hands import hand_record
from parlor.services.money import money_settings_set
from parlor.services.seating import Seating
from parlor.services.settlements import adjustment_create
from parlor.services.visits import visit_check_in, visit_check_out
from tests.browser.tablet import SCREENSHOTS, Tablet

pytestmark = pytest.mark.django_db(transaction=True)
NAMES = ["青木", "馬場", "千葉", "土井"]
ORIENTATIONS = {"landscape": (1280, 800), "portrait": (800, 1280)}
PLAIN_RON = {"result": {"kind": "ron", "loser": 1, "wins": [{"winner": 0, "han": 3, "fu": 30}]}}
# A non-dealer's yakuman dealt in by a player on 25,000: below zero (トビ), the game ends.
ENDING_RON = {"result": {"kind": "ron", "loser": 1, "wins": [{"winner": 2, "yakuman": 1}]}}
POINT_5 = Terms(50, 0, FeeModel.EACH, 500, 0, 10)  # 点5, no chips, a 500-yen fee each

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


def overlaps(a: dict[str, Any], b: dict[str, Any]) -> bool:
    return (
        a["left"] < b["right"]
        and b["left"] < a["right"]
        and a["top"] < b["bottom"]
        and (b["top"] < a["bottom"])
    )


def assert_toast_covers_nothing(tablet: Tablet) -> None:
    """第n局を記録しました, just after 確定: read in full, over no button nor the preview (issue
    30). Taps go through the toast, so what it covers is found by its box, not by a tap."""
    tablet.page.wait_for_selector("#toast:not([hidden])")
    for orientation, (width, height) in ORIENTATIONS.items():
        tablet.page.set_viewport_size({"width": width, "height": height})
        tablet.page.wait_for_timeout(100)
        toast = on_screen(tablet, "#toast")
        assert toast["inside"], f"toast, {orientation}: at {toast}"
        for selector in (".bar .button", ".bar summary", "#preview", "#confirm", ".seat"):
            for box in tablet.page.eval_on_selector_all(selector, f"els => els.map({ON_SCREEN})"):
                assert not overlaps(toast, box), f"toast, {orientation}: over {selector} {box}"
        tablet.page.screenshot(path=str(SCREENSHOTS / f"{tablet.prefix}-toast-{orientation}.png"))
    tablet.page.set_viewport_size({"width": 1280, "height": 800})


def preview_both_ways(tablet: Tablet, entry: dict[str, Any], name: str) -> None:
    tablet.enter(entry)
    for orientation, (width, height) in ORIENTATIONS.items():
        tablet.page.set_viewport_size({"width": width, "height": height})
        tablet.page.wait_for_timeout(100)
        tablet.page.screenshot(path=str(SCREENSHOTS / f"{tablet.prefix}-{name}-{orientation}.png"))
        assert_confirm_and_preview_in_view(tablet, f"{name}, {orientation}")
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
    assert_toast_covers_nothing(tablet)

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


def a_game_its_players_checked_out(parlor_floor: dict[str, Any]) -> Any:
    """One hand at a table that plays for money; its four players then went home."""
    parlor, staff = parlor_floor["parlor"], parlor_floor["staff"]
    money_settings_set(parlor=parlor, player_count=4, terms=POINT_5)
    players = parlor_floor["players"][:4]
    visits = [visit_check_in(player=p, by=staff) for p in players]
    table = parlor_floor["tables"]["standard"]
    game = game_start(table=table, players=players, seating=Seating.GIVEN, by=staff)
    hand_record(game=game, sequence=1, entry=PLAIN_RON, by=staff)
    game_finish(game=game, by=staff)
    for visit in visits:
        visit_check_out(visit=visit, by=staff)
    return game


def test_a_corrections_money_notice_and_its_reason_are_above_confirm_at_both_orientations(
    tablet, parlor_floor
):
    """Issue 30: the players already checked out and the reason, read before 確定, are in
    view above the 確定 bar, never below the fold in the payments."""
    game = a_game_its_players_checked_out(parlor_floor)
    tablet.goto(f"/tablet/games/{game.public_id}/hands/1/correct/")
    tablet.wait_ready()
    page = tablet.page
    page.click(".winner-chip")  # 青木's 3翻 becomes a 満貫: the checked-out players owe more
    tablet.value({"han": 5})
    page.wait_for_selector("[data-settled-money] [data-settled-player]")
    assert "さんは精算済み: " in page.inner_text("[data-settled-money]")
    page.fill("#reason", "満貫の申告漏れ")
    for orientation, (width, height) in ORIENTATIONS.items():
        page.set_viewport_size({"width": width, "height": height})
        page.wait_for_timeout(100)
        where = f"correction with money, {orientation}"
        assert page.evaluate("window.scrollY") == 0, where
        confirm = on_screen(tablet, "#confirm")
        assert confirm["inside"] and confirm["uncovered"], f"{where}: 確定 at {confirm}"
        for selector in ("[data-settled-money]", "#reason"):
            box = on_screen(tablet, selector)
            assert box["inside"] and box["uncovered"], f"{where}: {selector} at {box}"
            assert box["bottom"] <= confirm["top"], f"{where}: {selector} at {box}"
        page.screenshot(
            path=str(SCREENSHOTS / f"{tablet.prefix}-correction-money-{orientation}.png")
        )
    page.set_viewport_size({"width": 1280, "height": 800})


def main_scroll(tablet: Tablet) -> int:
    """How far the page or its scrolling main area is scrolled: 0 is as the page opened."""
    return int(tablet.page.evaluate("window.scrollY + document.querySelector('main').scrollTop"))


def assert_whole_grid_in_view(tablet: Tablet, where: str) -> None:
    """Every row of the value grid (each han, the limits, the yakuman counts) in view and
    uncovered, neither the page nor the panel scrolled."""
    page = tablet.page
    assert main_scroll(tablet) == 0, where
    panel = page.eval_on_selector(
        "#value-panel", "el => ({scroll: el.scrollHeight - el.clientHeight})"
    )
    assert panel["scroll"] <= 1, f"{where}: the panel scrolls by {panel['scroll']}px"
    rows = page.eval_on_selector_all(
        "#value-panel .grid tbody tr, #value-panel .limit-row, #value-panel .yakuman-row,"
        " #yakuman-names > summary",
        f"els => els.map({ON_SCREEN})",
    )
    assert len(rows) == 7, where  # 1–4翻, the limits, the yakuman counts, and by name
    for index, row in enumerate(rows):
        assert row["inside"] and row["uncovered"], f"{where}: row {index} at {row}"


def preview_amounts(tablet: Tablet) -> list[int]:
    """The points of each payment in the preview, as shown ("3,900" → 3900)."""
    tablet.page.wait_for_selector("[data-preview] [data-transfer]")
    texts = tablet.page.eval_on_selector_all(
        "[data-preview] [data-transfer] td.num", "els => els.map(e => e.textContent)"
    )
    return [int(text.replace(",", "")) for text in texts]


def cell_points(tablet: Tablet, selector: str) -> str:
    return tablet.page.inner_text(f"{selector} [data-pts]").replace("\u200b", "").strip()


def test_the_value_grid_fits_at_both_orientations_and_its_cells_show_the_engines_points(
    tablet, parlor_floor
):
    """Issue 30: all of 1–4翻 × fu and 満貫以上 in view without scrolling; a cell shows what
    the hand pays (the payments' own figure), for the winner and the kind of win."""
    tablet.start_game("1", NAMES, seating="given")  # 青木 (seat 0) deals
    page = tablet.page
    tablet.seat(2)  # 千葉, not the dealer, wins by ron off 馬場
    tablet.seat(1)
    page.wait_for_selector("#value-panel:not([hidden])")
    for orientation, (width, height) in ORIENTATIONS.items():
        page.set_viewport_size({"width": width, "height": height})
        page.wait_for_timeout(100)
        page.screenshot(path=str(SCREENSHOTS / f"{tablet.prefix}-grid-ron-{orientation}.png"))
        assert_whole_grid_in_view(tablet, f"ron, {orientation}")
    page.set_viewport_size({"width": 1280, "height": 800})
    cell = '.cell[data-han="3"][data-fu="30"]'
    shown = cell_points(tablet, cell)
    tablet.tap(cell)
    assert [int(shown)] == preview_amounts(tablet)  # 子の3翻30符ロン

    page.click("#clear")
    tablet.seat(0)  # the dealer's tsumo: each pays the same (オール)
    tablet.tap('[data-kind="tsumo"]')
    page.wait_for_selector("#value-panel:not([hidden])")
    page.set_viewport_size({"width": 800, "height": 1280})
    page.wait_for_timeout(100)
    page.screenshot(path=str(SCREENSHOTS / f"{tablet.prefix}-grid-dealer-tsumo-portrait.png"))
    assert_whole_grid_in_view(tablet, "dealer's tsumo, portrait")
    cell = '.cell[data-han="2"][data-fu="40"]'
    shown = cell_points(tablet, cell)
    tablet.tap(cell)
    each = preview_amounts(tablet)
    assert len(each) == 3 and len(set(each)) == 1
    assert int(shown) == each[0]
    assert "オール" in page.inner_text("[data-pts-caption]")  # the caption says each pays
    page.set_viewport_size({"width": 1280, "height": 800})


def test_the_value_grid_fits_in_english_too(tablet, parlor_floor):
    """The English labels are longer ("Abortive draw", "Counted yakuman"): every row of the
    grid is still in view at both orientations."""
    tablet.start_game("1", NAMES, seating="given")
    page = tablet.page
    page.click('.lang [data-lang="en"]')
    page.wait_for_selector("html[lang='en']")
    tablet.wait_ready()
    tablet.seat(2)
    tablet.seat(1)
    page.wait_for_selector("#value-panel:not([hidden])")
    for orientation, (width, height) in ORIENTATIONS.items():
        page.set_viewport_size({"width": width, "height": height})
        page.wait_for_timeout(100)
        page.screenshot(path=str(SCREENSHOTS / f"{tablet.prefix}-grid-en-{orientation}.png"))
        assert_whole_grid_in_view(tablet, f"English, {orientation}")
        clipped = page.eval_on_selector_all(
            ".kind, .limit-row .cell, .yakuman-row .cell",
            "els => els.filter(e => e.offsetParent && e.scrollWidth > e.clientWidth + 1)"
            ".map(e => e.innerText)",
        )
        assert clipped == [], f"English, {orientation}: labels wider than their buttons"
    page.set_viewport_size({"width": 1280, "height": 800})


def test_a_pay_out_confirmation_covers_no_other_row_at_both_orientations(tablet, parlor_floor):
    """Issue 30: the counter's pay-out confirmation opens inside its player's card, over no
    other player's adjustments, its button reachable, in landscape and in portrait."""
    staff, players = parlor_floor["staff"], parlor_floor["players"]
    adjustment_create(player=players[0], amount_yen=1500, reason="お詫び", by=staff)
    adjustment_create(player=players[1], amount_yen=-700, reason="ドリンク代", by=staff)
    page = tablet.page
    tablet.goto("/tablet/counter/")
    tablet.wait_ready()
    for card, name in (("first", players[0].name), ("last", players[1].name)):
        page.click(f'[data-pay-out="{name}"]')
        confirm = f'[data-pay-out-confirm="{name}"]'
        page.wait_for_selector(confirm, state="visible")
        for orientation, (width, height) in ORIENTATIONS.items():
            page.set_viewport_size({"width": width, "height": height})
            page.wait_for_timeout(100)
            page.eval_on_selector(f"{confirm} [data-confirm-pay-out]", "el => el.scrollIntoView()")
            where = f"{name}'s pay-out, {orientation}"
            box = on_screen(tablet, confirm)
            button = on_screen(tablet, f"{confirm} [data-confirm-pay-out]")
            assert button["inside"] and button["uncovered"], f"{where}: its button at {button}"
            own = page.eval_on_selector(f'[data-owed="{name}"]', ON_SCREEN)
            assert own["top"] <= box["top"] and box["bottom"] <= own["bottom"], where
            others = page.eval_on_selector_all(
                f'[data-owed]:not([data-owed="{name}"])', f"els => els.map({ON_SCREEN})"
            )
            assert others, where
            for other in others:
                assert not overlaps(box, other), f"{where}: over another card at {other}"
            page.screenshot(
                path=str(SCREENSHOTS / f"{tablet.prefix}-pay-out-{card}-{orientation}.png")
            )
        page.keyboard.press("Escape")
        page.wait_for_selector(confirm, state="hidden")
        page.set_viewport_size({"width": 1280, "height": 800})
