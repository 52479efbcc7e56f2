"""The counter in the browser: a walk-in registered with one tap and found by kana at the game
start (typed in half-width katakana), and an adjustment made after check-out paid out at the
counter with its receipt."""

from __future__ import annotations

from typing import Any

import pytest

from parlor.models import Adjustment, Game, Settlement, Visit
from parlor.services.games import game_finish, game_start
from parlor.services.hands import hand_record
from parlor.services.money import money_settings_set
from parlor.services.seating import Seating
from parlor.services.visits import visit_check_in, visit_check_out
from tests.browser.tablet import Tablet
from tests.browser.test_tablet_counter import HANDS, SANMA

pytestmark = pytest.mark.django_db(transaction=True)


def test_a_walk_in_is_registered_and_found_by_kana_at_the_game_start(
    tablet: Tablet, parlor_floor: dict[str, Any]
):
    money_settings_set(parlor=parlor_floor["parlor"], player_count=3, terms=SANMA)
    page = tablet.page
    tablet.goto("/tablet/counter/")
    tablet.wait_ready()
    page.click("#walk-in summary")
    page.fill('#walk-in input[name="kana"]', "ヤマト")
    page.click("[data-walk-in-submit]")  # no name yet: refused beside the name
    page.wait_for_selector('[data-error="name"]')
    assert page.input_value('#walk-in input[name="kana"]') == "ヤマト"  # kept to fix
    tablet.shot("walk-in-error")
    page.fill('#walk-in input[name="name"]', "大和")
    page.click("[data-walk-in-submit]")
    page.wait_for_selector('.counter-row[data-player="大和"][data-state="in"]')
    assert "大和さんを登録してチェックインしました。" in page.inner_text(".messages")
    assert Visit.objects.get(player__name="大和").player.kana == "ヤマト"
    tablet.shot("walk-in-checked-in")

    for player in parlor_floor["players"][:2]:  # 青木 and 馬場 came in earlier
        visit_check_in(player=player, by=parlor_floor["staff"])
    tablet.goto(f"/tablet/tables/{parlor_floor['tables']['seed-004'].public_id}/")
    tablet.wait_ready()
    page.click('.player-pick[data-player="青木"]')  # picked before the search: stays in sight
    page.fill("#player-q", "ﾔﾏﾄ")
    page.wait_for_selector('#players[data-searched="ﾔﾏﾄ"]')
    shown = page.eval_on_selector_all(
        ".player-slot:not([hidden])", "els => els.map(e => e.dataset.slot)"
    )
    assert sorted(shown) == ["大和", "青木"]
    state = page.get_attribute('.player-pick[data-player="大和"] .visit-state', "data-visit-state")
    assert state == "in"
    tablet.shot("start-found-by-kana")
    page.click('.player-pick[data-player="大和"]')
    page.fill("#player-q", "")
    page.wait_for_selector('#players[data-searched=""]')
    page.click('.player-pick[data-player="馬場"]')
    page.click('[data-seating="given"]')
    page.wait_for_selector("body[data-screen='game']")
    game = Game.objects.get()
    assert [seat.player.name for seat in game.seats.order_by("seat")][1] == "大和"


def test_an_adjustment_after_check_out_is_paid_out_with_a_receipt(
    tablet: Tablet, parlor_floor: dict[str, Any]
):
    parlor, staff = parlor_floor["parlor"], parlor_floor["staff"]
    money_settings_set(parlor=parlor, player_count=3, terms=SANMA)
    three = parlor_floor["players"][:3]
    visits = [visit_check_in(player=p, by=staff) for p in three]
    game = game_start(
        table=parlor_floor["tables"]["seed-004"], players=three, seating=Seating.GIVEN, by=staff
    )
    for sequence, entry in enumerate(HANDS, start=1):
        hand_record(game=game, sequence=sequence, entry=entry, by=staff)
    game_finish(game=game, by=staff)
    for visit in visits:
        visit_check_out(visit=visit, by=staff)
    # The correction on the tablet says, before 確定, what it will owe the checked-out players.
    page = tablet.page
    tablet.goto(f"/tablet/games/{game.public_id}/hands/1/correct/")
    tablet.wait_ready()
    page.wait_for_selector("[data-preview]")
    page.click(".winner-chip")
    tablet.value({"han": 5})
    warning = page.wait_for_selector("[data-settled-money]")
    warned = {
        item.get_attribute("data-settled-player"): int(item.get_attribute("data-amount-yen"))
        for item in warning.query_selector_all("[data-settled-player]")
    }
    assert f"{three[1].name}さんは精算済み: +" in warning.inner_text()
    assert warning.is_visible()
    tablet.shot("correction-warns-checked-out")
    page.fill("#reason", "満貫の申告漏れ")
    page.click("#confirm")
    page.wait_for_selector("body[data-screen='history']")
    made = {a.player.name: a.amount_yen for a in Adjustment.objects.select_related("player")}
    assert made == warned and warned[three[1].name] > 0
    owed = Adjustment.objects.get(player=three[1], settled_at__isnull=True)

    tablet.goto("/tablet/counter/")
    tablet.wait_ready()
    group = f'[data-owed="{three[1].name}"]'
    assert int(page.get_attribute(group, "data-owed-total")) == owed.amount_yen
    assert "満貫の申告漏れ" in page.inner_text(group)
    assert f"お受け取り {owed.amount_yen:,} 円" in page.inner_text(group)
    tablet.shot("open-adjustments")
    page.click(f'[data-pay-out="{three[1].name}"]')
    page.click(f'[data-pay-out-confirm="{three[1].name}"] [data-confirm-pay-out]')  # confirmed
    page.wait_for_selector("body[data-screen='counter-receipt']")
    settlement = Settlement.objects.filter(visit__player=three[1]).order_by("-closed_at").first()
    assert settlement.total_yen == owed.amount_yen and settlement.lines.count() == 1
    assert int(page.get_attribute("[data-total-yen]", "data-total-yen")) == owed.amount_yen
    assert "満貫の申告漏れ" in page.inner_text("main")
    tablet.shot("payout-receipt")
    page.click("[data-receipt-link]")
    page.wait_for_load_state()
    assert f"{owed.amount_yen:,}" in page.inner_text(".total")
    tablet.goto("/tablet/counter/")
    assert page.locator(group).count() == 0
    assert page.locator(f'[data-owed="{three[0].name}"]').count() == 1  # still open
