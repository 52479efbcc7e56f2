"""The guest's phone (お客様の画面) at 375 px: checked in at the counter, the guest scans the QR
code, sees their place on the waiting list move, and their seat when a game starts for them."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from parlor.services.games import game_start
from parlor.services.money import money_settings_set
from parlor.services.seating import Seating
from tests.browser.tablet import SCREENSHOTS, Tablet
from tests.browser.test_tablet_counter import SANMA, check_in_at_the_counter

pytestmark = pytest.mark.django_db(transaction=True)
PHONE = {"width": 375, "height": 667}


def test_a_guest_follows_their_place_from_check_in_to_their_seat(
    tablet: Tablet, parlor_floor: dict[str, Any], browser: Any
):
    parlor, players = parlor_floor["parlor"], parlor_floor["players"]
    money_settings_set(parlor=parlor, player_count=4, terms=replace(SANMA, rate_yen_per_p=100))
    page = tablet.page
    tablet.goto("/tablet/counter/")
    tablet.wait_ready()
    check_in_at_the_counter(tablet, "馬場", "0002")
    check_in_at_the_counter(tablet, "青木", "0001")
    # After a check-in the counter shows the guest's QR code and link: 青木's now.
    panel = page.locator("[data-guest-qr] h2").inner_text()
    assert "青木" in panel
    assert page.locator("[data-guest-qr] svg").count() == 1
    tablet.shot("guest-qr")
    link = page.locator("[data-guest-link]").get_attribute("href")
    assert link and "/guest/" in link

    phone_context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    phone_context.set_default_timeout(15_000)
    phone = phone_context.new_page()
    violations: list[str] = []
    phone.on("pageerror", lambda error: violations.append(str(error)))
    phone.on(
        "console",
        lambda message: violations.append(message.text)
        if "Content Security Policy" in message.text
        else None,
    )
    phone.goto(link)
    assert phone.locator('[data-field="headline"]').inner_text() == "待ち順 2番目"
    assert "同じ卓種で前にお待ちの方：1人" in phone.locator('[data-field="lines"]').inner_text()
    assert phone.locator(".updated").inner_text().startswith("数秒ごとに自動で更新されます。")
    assert phone.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    phone.screenshot(path=str(SCREENSHOTS / f"{tablet.prefix}-phone-waiting.png"), full_page=True)

    # Two more guests, and a game starts for the first four: the phone updates by itself.
    check_in_at_the_counter(tablet, "千葉", "0003")
    check_in_at_the_counter(tablet, "土井", "0004")
    game_start(
        table=parlor_floor["tables"]["standard"],
        players=players[:4],
        seating=Seating.GIVEN,
        by=parlor_floor["staff"],
    )
    phone.wait_for_selector('main[data-state="seated"]')
    assert phone.locator('[data-field="headline"]').inner_text() == "席の準備ができました：1卓"
    assert phone.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    phone.screenshot(path=str(SCREENSHOTS / f"{tablet.prefix}-phone-seated.png"), full_page=True)
    phone_context.close()
    assert violations == []
