"""The counter (受付・精算) on the tablet: players checked in at the counter and at the game
start, a game played for money, ラス半, and a check-out whose confirmed total is the
settlement the service wrote, down to the printed receipt."""

from __future__ import annotations

from typing import Any

import pytest

from parlor.domain.money import Terms
from parlor.models import FeeModel, Settlement, Visit, VisitStatus
from parlor.services.money import money_settings_set
from tests.browser.tablet import Tablet

pytestmark = pytest.mark.django_db(transaction=True)
# サンマ at 点5: a 400-yen fee each and a 300-yen top prize.
SANMA = Terms(
    rate_yen_per_p=50,
    chip_value_yen=0,
    fee_model=FeeModel.EACH_PLUS_TOP,
    game_fee_yen=400,
    top_prize_yen=300,
    money_unit_yen=10,
)
HANDS = [
    {"result": {"kind": "ron", "loser": 0, "wins": [{"winner": 1, "han": 3}]}},
    {"result": {"kind": "tsumo", "win": {"winner": 2, "han": 2}}},
]


def row(name: str) -> str:
    return f'.counter-row[data-player="{name}"]'


def check_in_at_the_counter(tablet: Tablet, name: str, number: str) -> None:
    page = tablet.page
    page.fill("#player-q", number)  # the list filters as staff type
    page.wait_for_selector(f'#counter-list[data-searched="{number}"]')
    page.wait_for_selector(f"{row(name)}:visible")
    assert page.locator(".counter-row:visible").count() == 1
    page.click(f"{row(name)} [data-check-in]")
    page.wait_for_selector(f'{row(name)}[data-state="in"]')


def test_check_in_play_call_the_last_game_and_check_out(
    tablet: Tablet, parlor_floor: dict[str, Any]
):
    money_settings_set(parlor=parlor_floor["parlor"], player_count=3, terms=SANMA)
    page = tablet.page
    tablet.goto("/tablet/")
    page.click('[data-action="counter"]')
    page.wait_for_selector("body[data-screen='counter']")
    tablet.wait_ready()
    tablet.shot("counter-empty")
    for button in page.query_selector_all("[data-check-in]"):
        box = button.bounding_box()
        assert box["height"] >= 44 and box["width"] >= 44
    check_in_at_the_counter(tablet, "馬場", "0002")
    tablet.wait_ready()
    check_in_at_the_counter(tablet, "青木", "青木")
    tablet.shot("counter-two-in")

    # The game start: two players checked in, one who is not; staff check her in right there.
    tablet.goto(f"/tablet/tables/{parlor_floor['tables']['seed-004'].public_id}/")
    tablet.wait_ready()
    first = page.eval_on_selector_all(".player-pick", "els => els.map(e => e.dataset.player)")
    assert set(first[:2]) == {"馬場", "青木"}  # checked-in players first
    for name in ("馬場", "青木", "千葉"):
        page.click(f'.player-pick[data-player="{name}"]')
    page.wait_for_selector("#not-checked-in:visible")
    assert "未チェックイン：千葉。" in page.inner_text("#not-checked-in")
    assert page.is_disabled('[data-seating="given"]')
    tablet.shot("start-not-checked-in")
    page.click('[data-check-in-now="千葉"]')
    page.wait_for_selector("body[data-screen='start']")
    tablet.wait_ready()
    assert page.is_hidden("#not-checked-in")
    order = {
        name: page.inner_text(f'.player-pick[data-player="{name}"] .order')
        for name in ("馬場", "青木", "千葉")
    }
    assert order == {"馬場": "1", "青木": "2", "千葉": "3"}  # the picks survived the check-in
    tablet.shot("start-all-checked-in")
    page.click('[data-seating="given"]')
    page.wait_for_selector("body[data-screen='game']")
    tablet.wait_ready()
    for entry in HANDS:
        tablet.enter(entry)
        tablet.confirm()
    tablet.close_game()
    tablet.shot("result")

    # ラス半 for 千葉, shown on the counter; her last game is over, so she waits for check-out.
    tablet.goto("/tablet/counter/")
    tablet.wait_ready()
    assert page.get_attribute(row("馬場"), "data-state") == "in"
    assert "1対局" in page.inner_text(row("馬場"))
    page.click(f"{row('千葉')} [data-last-game]")
    page.wait_for_selector(f'{row("千葉")}[data-state="last_call"] [data-last-call]')
    assert page.get_attribute(f"{row('千葉')} [data-last-game]", "aria-pressed") == "true"
    tablet.shot("counter-last-game")
    page.click(f"{row('千葉')} [data-last-game]")  # taken back
    page.wait_for_selector(f'{row("千葉")}[data-state="in"]')

    # Check-out: the confirm step shows the lines and the total, then the receipt.
    page.click(f"{row('馬場')} [data-check-out]")
    page.wait_for_selector("body[data-screen='counter-check-out']")
    confirmed = int(page.get_attribute("[data-total-yen]", "data-total-yen"))
    assert page.locator("tr[data-line]").count() == 1
    tablet.shot("check-out-confirm")
    visit = Visit.objects.get(player__name="馬場")
    assert visit.status == VisitStatus.OPEN
    page.click("[data-confirm-check-out]")
    page.wait_for_selector("body[data-screen='counter-receipt']")
    settlement = Settlement.objects.get(visit=visit)
    assert settlement.total_yen == confirmed
    assert int(page.get_attribute("[data-total-yen]", "data-total-yen")) == confirmed
    tablet.shot("check-out-receipt")
    page.click("[data-receipt-link]")
    page.wait_for_load_state()
    assert f"{abs(settlement.total_yen):,}" in page.inner_text(".total")
    tablet.shot("receipt")
    pdf = page.request.get(f"{tablet.base_url}/receipts/{visit.public_id}/pdf/")
    assert pdf.status in (200, 503)  # 503 where the server has no Pango for WeasyPrint

    tablet.goto("/tablet/counter/")
    assert page.get_attribute(row("馬場"), "data-state") == "out"
