"""The game screen as the table is: seats on the four sides in turn order, turned so the
staff's side is at the bottom (kept per table on the tablet); three players on three sides;
a confirmation with the new scores after 確定; the running scores in the history; header menus
one at a time and readable; collapsed sections marked."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from parlor.models import Game, Hand, HandState, MemberRole
from parlor.services.hand_corrections import hand_correct
from tests.browser.tablet import Tablet
from tests.parlor.factories import MemberFactory

pytestmark = pytest.mark.django_db(transaction=True)
NAMES = ["青木", "馬場", "千葉", "土井"]
DEALER_RON = {"result": {"kind": "ron", "loser": 1, "wins": [{"winner": 0, "han": 3, "fu": 30}]}}

# Which side of the drawn table each place is on, from its centre against the table's centre.
SIDES = """() => {
    const table = document.querySelector('.seats-table').getBoundingClientRect();
    const cx = table.left + table.width / 2, cy = table.top + table.height / 2;
    const out = {};
    document.querySelectorAll('.seats-table [data-place]').forEach(el => {
        const r = el.getBoundingClientRect();
        const dx = r.left + r.width / 2 - cx, dy = r.top + r.height / 2 - cy;
        const side = Math.abs(dx) > Math.abs(dy) ? (dx > 0 ? 'right' : 'left')
                                                 : (dy > 0 ? 'bottom' : 'top');
        out[el.classList.contains('seat-empty') ? 'empty' : el.dataset.place] = side;
    });
    return out;
}"""


def sides(tablet: Tablet) -> dict[str, str]:
    return tablet.page.evaluate(SIDES)


def rotate(tablet: Tablet) -> None:
    tablet.page.click("[data-rotate]")


def test_four_seats_sit_on_four_sides_in_turn_order_and_turn_with_the_staff(tablet):
    tablet.start_game("1", NAMES, seating="given")
    # The seat after yours is on your right: 0 at the bottom, then right, top, left.
    assert sides(tablet) == {"0": "bottom", "1": "right", "2": "top", "3": "left"}
    rotate(tablet)
    assert sides(tablet) == {"0": "right", "1": "top", "2": "left", "3": "bottom"}
    rotate(tablet)
    tablet.shot("seats-turned-twice")
    assert sides(tablet) == {"0": "top", "1": "left", "2": "bottom", "3": "right"}
    # The tablet remembers the turn for this table, after a reload and a recorded hand.
    tablet.page.reload()
    tablet.wait_ready()
    assert sides(tablet)["2"] == "bottom"
    tablet.enter(DEALER_RON)
    tablet.confirm()
    assert sides(tablet) == {"0": "top", "1": "left", "2": "bottom", "3": "right"}
    tablet.assert_names_readable()


def test_three_players_sit_on_three_sides_with_the_fourth_side_empty(tablet):
    tablet.goto("/tablet/")
    tablet.start_game("2", NAMES[:3], seating="given")
    assert sides(tablet) == {"0": "bottom", "1": "right", "2": "top", "empty": "left"}
    rotate(tablet)
    assert sides(tablet) == {"0": "right", "1": "top", "2": "left", "empty": "bottom"}
    tablet.shot("three-players-turned")
    tablet.close_game()  # its players may then sit down at another table (one open game each)
    # Another table keeps its own turn.
    tablet.goto("/tablet/")
    tablet.page.click('a.table-card[data-table="1"]')
    tablet.page.wait_for_selector("body[data-screen='start']")
    for name in NAMES:
        tablet.page.click(f'.player-pick[data-player="{name}"]')
    tablet.page.click('[data-seating="given"]')
    tablet.page.wait_for_selector("body[data-screen='game']")
    tablet.wait_ready()
    assert sides(tablet)["0"] == "bottom"


def toast(tablet: Tablet) -> list[dict[str, Any]]:
    return tablet.page.eval_on_selector_all(
        "#toast [data-toast-seat]",
        "els => els.map(e => ({seat: Number(e.dataset.toastSeat),"
        " score: Number(e.dataset.toastScore), change: Number(e.dataset.toastChange),"
        " text: e.textContent}))",
    )


def test_confirm_shows_the_new_scores_for_a_few_seconds_and_the_history_keeps_them(tablet):
    tablet.start_game("1", NAMES, seating="given")
    before = tablet.scores()
    tablet.enter(DEALER_RON)
    tablet.confirm()
    tablet.page.wait_for_selector("#toast:not([hidden])")
    tablet.shot("toast")
    after = tablet.scores()
    assert after != before
    shown = toast(tablet)
    assert [row["score"] for row in shown] == after
    assert [row["change"] for row in shown] == [a - b for a, b in zip(after, before)]
    assert "第1局を記録しました" in tablet.page.inner_text("#toast")
    assert f"{after[0]:,}" in shown[0]["text"] and "+" in shown[0]["text"]
    # It does not hold up the next hand: taps go through it, and it goes by itself.
    assert tablet.page.eval_on_selector("#toast", "e => getComputedStyle(e).pointerEvents") == (
        "none"
    )
    tablet.page.wait_for_selector("#toast", state="hidden", timeout=10_000)

    tablet.enter({"result": {"kind": "draw", "tenpai": [2]}})
    tablet.confirm()
    final = tablet.scores()
    tablet.page.click('[data-action="history"]')
    tablet.page.wait_for_selector("body[data-screen='history']")
    running = tablet.page.eval_on_selector_all(
        "tr[data-state='current']",
        "rows => rows.map(r => Array.from(r.querySelectorAll('[data-running]'),"
        " e => Number(e.textContent.replace(/,/g, ''))))",
    )
    assert running == [after, final]


# WCAG's contrast ratio between an element's text and the background it is drawn on (its
# own, or the first ancestor's that is not transparent).
CONTRAST = """el => {
    const parts = c => c.match(/[\\d.]+/g).map(Number);
    const lum = c => {
        const [r, g, b] = parts(c).slice(0, 3).map(v => {
            v /= 255; return v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4);
        });
        return 0.2126 * r + 0.7152 * g + 0.0722 * b;
    };
    let under = el, background = 'rgb(255, 255, 255)';
    while (under) {
        const c = getComputedStyle(under).backgroundColor, p = parts(c);
        if (p.length < 4 || p[3] > 0) { background = c; break; }
        under = under.parentElement;
    }
    const [a, b] = [lum(getComputedStyle(el).color), lum(background)].sort((x, y) => y - x);
    return (a + 0.05) / (b + 0.05);
}"""


def test_header_menus_open_one_at_a_time_with_readable_buttons(tablet):
    tablet.start_game("1", NAMES, seating="given")
    tablet.enter(DEALER_RON)
    tablet.confirm()
    page = tablet.page
    page.reload()  # the header offers 取消 once the game has a hand
    tablet.wait_ready()
    page.click('[data-action="undo"]')
    assert page.is_visible('[data-confirm="undo"]')
    assert page.eval_on_selector('[data-confirm="undo"]', CONTRAST) >= 4.5
    page.click('[data-action="finish"]')
    assert page.is_visible('[data-confirm="finish"]')
    assert not page.is_visible('[data-confirm="undo"]')  # opening one closed the other
    assert page.eval_on_selector('[data-confirm="finish"]', CONTRAST) >= 4.5
    tablet.shot("menu-finish")
    page.keyboard.press("Escape")
    assert not page.is_visible('[data-confirm="finish"]')


UNDO_FORM = "() => Object.fromEntries(new FormData(document.querySelector('[data-undo-form]')))"


def test_the_undo_names_the_hand_on_screen_and_sent_again_undoes_nothing_more(tablet):
    tablet.start_game("1", NAMES, seating="given")
    page = tablet.page
    assert not page.is_visible('[data-action="undo"]')  # no hand yet
    tablet.enter(DEALER_RON)
    tablet.confirm()
    first = page.evaluate(UNDO_FORM)
    tablet.enter(DEALER_RON)
    tablet.confirm()
    # Recorded without a reload: the header's undo names hand 2 now, with a key of its own.
    form = page.evaluate(UNDO_FORM)
    assert (first["sequence"], form["sequence"]) == ("1", "2")
    assert form["idempotency_key"] not in ("", first["idempotency_key"])
    page.click('[data-action="undo"]')
    assert page.inner_text('[data-confirm="undo"]') == "第2局を取消"
    page.click('[data-confirm="undo"]')
    tablet.wait_ready()
    assert page.inner_text(".messages") == "第2局を取り消しました。"
    assert tablet.sequence() == 2
    # The same form again (a double tap, the browser's resend): the first answer, and hand 1
    # stays.
    url = f"{tablet.base_url}/tablet/games/{game_id(page)}/undo/"
    again = page.request.post(url, form=form, max_redirects=0)
    assert again.status == 302
    page.reload()
    tablet.wait_ready()
    assert page.inner_text(".messages") == "第2局を取り消しました。"
    assert tablet.sequence() == 2
    assert page.evaluate(UNDO_FORM)["sequence"] == "1"
    hands = Hand.objects.order_by("sequence", "version").values_list("sequence", "state")
    assert list(hands) == [(1, HandState.CURRENT), (2, HandState.UNDONE)]


def game_id(page: Any) -> str:
    return str(page.get_attribute("#tablet", "data-game"))


def test_a_correction_from_a_screen_drawn_before_another_one_is_refused_in_words(
    tablet, parlor_floor
):
    tablet.start_game("1", NAMES, seating="given")
    tablet.enter(DEALER_RON)
    tablet.confirm()
    page = tablet.page
    game = Game.objects.get(public_id=game_id(page))
    tablet.goto(f"/tablet/games/{game.public_id}/hands/1/correct/")
    tablet.wait_ready()
    page.wait_for_selector("[data-preview]")
    # Meanwhile, another tablet corrects hand 1 to 4 han.
    colleague = MemberFactory(parlor=game.table.parlor, role=MemberRole.STAFF).user
    fixed = copy.deepcopy(DEALER_RON)
    fixed["result"]["wins"][0]["han"] = 4
    hand_correct(game=game, sequence=1, entry=fixed, reason="4翻", by=colleague, version=1)
    page.click(".winner-chip")
    tablet.value({"han": 2, "fu": 30})
    page.fill("#reason", "2翻でした")
    page.wait_for_selector("#confirm:not([disabled])")
    page.click("#confirm")
    page.wait_for_selector('[data-error="general"]:not([hidden])')
    message = page.inner_text('[data-error="general"]')
    assert message.startswith(f"この画面を開いた後に、{colleague.username}が")
    assert "第1局を変更しました" in message
    assert tablet.screen() == "correct"
    current = Hand.objects.get(game=game, sequence=1, state=HandState.CURRENT)
    assert (current.version, current.entry) == (2, fixed)


MARKER = "el => getComputedStyle(el, '::before').content"


def test_collapsed_sections_carry_a_marker(tablet):
    tablet.start_game("1", NAMES, seating="given")
    summary = "#penalty-box > summary"
    assert tablet.page.eval_on_selector(summary, MARKER) == '"▸"'
    tablet.page.click(summary)
    assert tablet.page.eval_on_selector(summary, MARKER) == '"▾"'


def test_a_late_answer_for_the_hand_before_a_tap_is_never_shown_nor_confirmed(tablet):
    """The payments of the hand as it was before the last tap, arriving after it, must not
    show or enable 確定: staff would confirm one hand having checked another."""
    tablet.start_game("1", NAMES, seating="given")
    page = tablet.page
    held: list[Any] = []
    page.route("**/preview/", lambda route: held.append(route))
    tablet.seat(0)
    tablet.seat(1)
    tablet.value({"han": 3, "fu": 30})
    page.wait_for_timeout(300)  # the pad sends the preview of that hand
    assert len(held) == 1
    tablet.tap('[data-riichi="2"]')  # the hand changes; its own preview goes out 120 ms later
    held.pop().continue_()  # …and the answer for the hand before the tap comes back first
    page.wait_for_timeout(400)
    assert page.is_disabled("#confirm")
    assert page.query_selector("[data-preview]") is None
    assert len(held) == 1  # the preview of the hand as it stands now, still on its way
    held.pop().continue_()
    page.unroute("**/preview/")
    page.wait_for_selector("#confirm:not([disabled])")
    assert tablet.after_scores_in_preview() == [31_800, 19_200, 24_000, 25_000]  # with riichi
