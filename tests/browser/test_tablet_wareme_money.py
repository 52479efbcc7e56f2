"""A われポン table (seed-000: results in points, 100点まで計算) is paid per 1,000 points: a top of
+16,000 points at 点5 (50 yen per 1,000 points) is 800 yen at check-out, not 800,000."""

from __future__ import annotations

from typing import Any

import pytest

from parlor.domain.money import Terms
from parlor.models import FeeModel, Player, Settlement, Table, Visit
from parlor.services.money import money_settings_set
from parlor.services.visits import visit_check_in
from tests.browser.tablet import Tablet

pytestmark = pytest.mark.django_db(transaction=True)
TEN_GO = Terms(  # 点5: 50 yen per 1,000 points, a 500-yen fee each
    rate_yen_per_p=50,
    chip_value_yen=100,
    fee_model=FeeModel.EACH,
    game_fee_yen=500,
    top_prize_yen=0,
    money_unit_yen=10,
)


def test_a_wareme_pon_top_of_16000_points_receives_800_yen_less_the_fee(
    tablet: Tablet, parlor_floor: dict[str, Any]
) -> None:
    parlor, staff = parlor_floor["parlor"], parlor_floor["staff"]
    money_settings_set(parlor=parlor, player_count=4, terms=TEN_GO)
    Table.objects.create(parlor=parlor, label="5", ruleset_key="seed-000")
    names = ["青木", "馬場", "千葉", "土井"]
    for name in names:
        visit_check_in(player=Player.objects.get(parlor=parlor, name=name), by=staff)
    page = tablet.page
    tablet.start_game("5", names)
    # 馬場 (seat 1) wins 1,000 points from 千葉 (seat 2): 26,000 is the top, +16,000 with the
    # 20,000 oka (25,000 持ち 30,000 返し, no uma).
    tablet.enter(
        {"result": {"kind": "ron", "loser": 2, "wins": [{"winner": 1, "han": 1, "fu": 30}]}}
    )
    tablet.confirm()
    tablet.close_game()

    tablet.goto("/tablet/counter/")
    tablet.wait_ready()
    page.click('.counter-row[data-player="馬場"] [data-check-out]')
    page.wait_for_selector("body[data-screen='counter-check-out']")
    assert page.inner_text("tr[data-line] [data-result]").startswith("+16,000点")
    assert "50 円/1,000点" in page.inner_text("tr[data-line] [data-rate]")
    assert page.inner_text("tr[data-line] [data-points]") == "+800"
    assert int(page.get_attribute("[data-total-yen]", "data-total-yen")) == 800 - 500
    assert "お受け取り 300 円" in page.inner_text(".counter-total").replace(",", "")
    tablet.shot("wareme-check-out")
    page.click("[data-confirm-check-out]")
    page.wait_for_selector("body[data-screen='counter-receipt']")
    settlement = Settlement.objects.get(visit=Visit.objects.get(player__name="馬場"))
    assert (settlement.points_yen, settlement.total_yen) == (800, 300)
