"""A chombo at an M.League table: nothing moves at the table, the offender loses 20p at the end
of the game (罰符). The tablet says so where staff look: in the payments before 確定, in the
confirmation after it, on the offender's seat, in the history and in the final result, as a
penalty and never as a bonus."""

from __future__ import annotations

from typing import Any

import pytest

from parlor.models import Table
from tests.browser.tablet import Tablet

pytestmark = pytest.mark.django_db(transaction=True)
NAMES = ["青木", "馬場", "千葉", "土井"]
CHOMBO = {"result": {"kind": "chombo", "offender": 2}}
RON = {"result": {"kind": "ron", "loser": 1, "wins": [{"winner": 0, "han": 1, "fu": 30}]}}
PENALTY = "チョンボ罰符: 千葉 終局時に-20p"


def toast(tablet: Tablet) -> dict[int, dict[str, Any]]:
    rows = tablet.page.eval_on_selector_all(
        "#toast [data-toast-seat]",
        "els => els.map(e => { const p = e.querySelector('[data-toast-penalty]');"
        " return {seat: Number(e.dataset.toastSeat), change: Number(e.dataset.toastChange),"
        " penalty: p ? Number(p.dataset.toastPenalty) : 0, text: e.textContent}; })",
    )
    return {row["seat"]: row for row in rows}


def seat_penalty(tablet: Tablet, seat: int) -> str:
    return str(
        tablet.page.eval_on_selector(
            f'.seat[data-seat="{seat}"] [data-deduction]', "e => e.hidden ? '' : e.textContent"
        )
    )


def test_an_mleague_chombo_shows_its_penalty_from_preview_to_result(tablet, parlor_floor):
    Table.objects.create(parlor=parlor_floor["parlor"], label="M", ruleset_key="mleague")
    tablet.start_game("M", NAMES, seating="given")
    page = tablet.page

    tablet.enter(CHOMBO)
    preview = page.inner_text("[data-preview]")
    assert PENALTY in preview
    assert "卓上の点数の移動はありません。罰符は終局時の精算で差し引きます。" in preview
    assert page.inner_text("[data-preview] [data-after-name='千葉'] [data-deduction-cell]") == (
        "-20p"
    )
    tablet.shot("preview-chombo-penalty")
    before = tablet.scores()
    tablet.confirm()
    page.wait_for_selector("#toast:not([hidden])")
    tablet.shot("toast-chombo-penalty")
    assert tablet.scores() == before  # no points moved at the table
    shown = toast(tablet)
    assert [shown[s]["change"] for s in range(4)] == [0, 0, 0, 0]
    assert shown[2]["penalty"] == -20000
    assert "チョンボ罰符: 終局時に-20p" in shown[2]["text"]
    assert all(shown[s]["penalty"] == 0 and "罰符" not in shown[s]["text"] for s in (0, 1, 3))
    assert seat_penalty(tablet, 2) == "罰符 -20p"
    assert [seat_penalty(tablet, s) for s in (0, 1, 3)] == ["", "", ""]

    # The next hand owes no new penalty: its confirmation names none; the seat keeps it.
    tablet.enter(RON)
    tablet.confirm()
    page.wait_for_selector("#toast:not([hidden])")
    assert all(row["penalty"] == 0 for row in toast(tablet).values())
    assert seat_penalty(tablet, 2) == "罰符 -20p"

    page.click('[data-action="history"]')
    page.wait_for_selector("body[data-screen='history']")
    assert PENALTY in page.inner_text("tr[data-sequence='1']")
    assert "罰符" not in page.inner_text("tr[data-sequence='2']")
    tablet.shot("history-chombo-penalty")
    page.click('[data-action="back-to-game"]')
    page.wait_for_selector("body[data-screen='game']")

    tablet.close_game()
    tablet.shot("result-chombo-penalty")
    headers = page.eval_on_selector_all("table thead th", "els => els.map(e => e.textContent)")
    assert "罰符" in headers
    row = page.query_selector("tr[data-seat='2']")
    assert row.query_selector("[data-deduction]").inner_text() == "-20"
    cells = row.eval_on_selector_all("td", "els => els.map(e => e.textContent)")
    assert cells[cells.index("-20") - 1] == "0"  # the bonus beside it is nothing
