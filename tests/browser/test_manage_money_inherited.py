"""The money settings page a manager can trust (issue 24): a table without terms of its own
shows the parlor's terms greyed, not 0; changing only its game fee keeps the inherited rate, the
page confirms old → new, and a game there pays its result at the inherited rate, followed to
the check-out receipt."""

from __future__ import annotations

from typing import Any

import pytest

from parlor.domain.money import Terms
from parlor.domain.units import Rate, RateBasis, Result, SettlementUnit, points_money
from parlor.models import GameResult, MemberRole, Settlement
from parlor.services.games import game_finish, game_start
from parlor.services.hands import hand_record
from parlor.services.money import money_settings_set
from parlor.services.seating import Seating
from parlor.services.visits import visit_check_in
from tests.browser.conftest import signed_in_context
from tests.browser.tablet import SCREENSHOTS, Tablet
from tests.parlor.factories import MemberFactory

pytestmark = pytest.mark.django_db(transaction=True)
PARLOR_TERMS = Terms(50, 100, "each", 500, 0, 10)  # 点5, chips at 100 yen, a 500-yen fee
DEALER_MANGAN = {"result": {"kind": "ron", "loser": 1, "wins": [{"winner": 0, "han": 5}]}}


def test_a_manager_changes_one_tables_game_fee_and_the_rate_stays_inherited(
    browser: Any, live_server: Any, parlor_floor: dict[str, Any], tablet: Tablet
) -> None:
    parlor, table = parlor_floor["parlor"], parlor_floor["tables"]["standard"]
    money_settings_set(parlor=parlor, player_count=4, terms=PARLOR_TERMS)
    manager = MemberFactory(parlor=parlor, role=MemberRole.MANAGER).user
    context = signed_in_context(browser, live_server, manager)
    page = context.new_page()
    page.goto(f"{live_server.url}/manage/money/")
    row = page.locator(f'[data-terms="table-{table.public_id}"]')
    assert row.get_attribute("data-own") == "no" and row.get_attribute("open") is None
    row.locator("summary").click()
    fee = row.locator('input[name$="-game_fee_yen"]')
    rate = row.locator('input[name$="-rate_yen_per_p"]')
    assert fee.input_value() == "" and rate.input_value() == ""  # empty, not 0
    assert rate.get_attribute("placeholder") == "標準: 50 円/1,000点"
    assert fee.get_attribute("placeholder") == "標準: 500円"
    assert "レート（円/1,000点）" in row.inner_text()
    page.screenshot(path=str(SCREENSHOTS / "manager-money-inherited.png"))
    fee.fill("600")
    row.get_by_role("button", name="保存").click()
    saved = page.locator("[data-saved]")
    saved.wait_for()
    assert "ゲーム代（円）: 標準: 500円 → 600円" in saved.inner_text()
    assert page.locator("[data-change]").count() == 1
    box = saved.bounding_box()
    assert box is not None and box["y"] >= 0 and box["y"] + box["height"] <= 800  # in view
    page.screenshot(path=str(SCREENSHOTS / "manager-money-saved.png"))
    context.close()

    # A game at that table: a dealer mangan (12,000 points) by seat 0, then closed by staff.
    players, staff = parlor_floor["players"][:4], parlor_floor["staff"]
    visits = [visit_check_in(player=p, by=staff) for p in players]
    game = game_start(table=table, players=players, seating=Seating.GIVEN, by=staff)
    hand_record(game=game, sequence=1, entry=DEALER_MANGAN, by=staff)
    game_finish(game=game, by=staff)
    result = GameResult.objects.get(game=game, seat=0)
    points_yen = points_money(
        Result(result.total_tenths, SettlementUnit.P_1000),
        Rate(50, RateBasis.PER_1000_POINTS),
        money_unit_yen=10,
    )
    assert points_yen > 0
    expected = points_yen + result.chips * 100 - 600

    tablet.goto(f"/tablet/counter/visits/{visits[0].public_id}/check-out/")
    tablet.page.click("[data-confirm-check-out]")
    tablet.page.wait_for_selector("[data-receipt-papers]")
    line = tablet.page.locator("tr[data-line]").first.inner_text()
    assert f"{points_yen:,}" in line and "600" in line
    total = tablet.page.locator("[data-total-yen]").get_attribute("data-total-yen")
    assert int(total or "0") == expected
    assert Settlement.objects.get(visit=visits[0]).total_yen == expected
