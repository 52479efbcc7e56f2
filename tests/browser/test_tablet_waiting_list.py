"""The waiting list (待ち席) at the counter: a guest checked in with a wish joins it, a second
one waits behind, and one tap on a wish button changes what the first one wants."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from parlor.models import Visit
from parlor.services.money import money_settings_set
from tests.browser.tablet import Tablet
from tests.browser.test_tablet_counter import SANMA, check_in_at_the_counter, row

pytestmark = pytest.mark.django_db(transaction=True)


def test_guests_wait_in_arrival_order_and_a_tap_changes_a_wish(
    tablet: Tablet, parlor_floor: dict[str, Any]
):
    parlor = parlor_floor["parlor"]
    money_settings_set(parlor=parlor, player_count=3, terms=SANMA)
    money_settings_set(parlor=parlor, player_count=4, terms=replace(SANMA, rate_yen_per_p=100))
    page = tablet.page
    tablet.goto("/tablet/counter/")
    tablet.wait_ready()
    assert page.locator("[data-waiting-empty]").is_visible()
    page.fill("#player-q", "0002")
    page.wait_for_selector(f"{row('馬場')}:visible")
    page.select_option(f"{row('馬場')} [data-check-in-wish]", "4|standard|100")
    page.click(f"{row('馬場')} [data-check-in]")
    page.wait_for_selector(f'{row("馬場")}[data-state="in"]')
    tablet.wait_ready()
    check_in_at_the_counter(tablet, "千葉", "0003")
    waiting = page.locator("[data-waiting]")
    assert [waiting.nth(i).get_attribute("data-waiting") for i in range(2)] == ["馬場", "千葉"]
    baba = '[data-waiting="馬場"]'
    assert page.locator(f"{baba} [data-wish]").inner_text().startswith("4人・")
    assert page.locator(f"{baba} [data-waited]").inner_text() == "0分"
    assert (
        page.locator(f'{baba} [data-wish-choice="4|standard|100"]').get_attribute("aria-pressed")
        == "true"
    )
    tablet.shot("waiting-list")
    page.click(f'{baba} [data-wish-choice="3|seed-004|50"]')
    page.wait_for_selector(f'{baba} [data-wish="3|seed-004|50"]')
    assert Visit.objects.get(player__name="馬場").wish == {
        "player_count": 3,
        "ruleset_key": "seed-004",
        "rate_yen_per_p": 50,
    }
    page.click('[data-waiting="千葉"] [data-wish-choice=""]')  # どこでも: nothing changes
    page.wait_for_selector('[data-waiting="千葉"] [data-wish=""]')
    assert Visit.objects.get(player__name="千葉").wish is None
