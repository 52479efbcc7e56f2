"""A staff shift at the counter: sign-in with a float, a 本走 game, sign-out with the float
returned, and the shift receipt, which prints without the tablet's bar."""

from __future__ import annotations

from typing import Any

import pytest

from parlor.models import ParlorMember, Player, Shift
from parlor.reports.day_money import day_money
from parlor.services.money import money_settings_set
from parlor.services.visits import visit_check_in
from tests.browser.tablet import Tablet
from tests.browser.test_tablet_counter import HANDS, SANMA

pytestmark = pytest.mark.django_db(transaction=True)


def test_sign_in_play_for_the_parlor_sign_out_and_the_receipt(
    tablet: Tablet, parlor_floor: dict[str, Any]
):
    parlor, staff = parlor_floor["parlor"], parlor_floor["staff"]
    money_settings_set(parlor=parlor, player_count=3, terms=SANMA)
    Player.objects.create(parlor=parlor, name="佐藤", user=staff)
    for name in ("馬場", "青木"):
        visit_check_in(player=Player.objects.get(parlor=parlor, name=name), by=staff)
    member = f'[data-member="{ParlorMember.objects.get(user=staff).pk}"]'
    page = tablet.page

    tablet.goto("/tablet/counter/")
    page.click('[data-action="shifts"]')
    page.wait_for_selector("body[data-screen='shifts']")
    page.fill(f"{member} [data-float-out]", "10000")
    page.click(f"{member} [data-sign-in]")
    me = '[data-staff-name="佐藤"]'
    page.wait_for_selector(me)
    assert page.locator(f"{member}").count() == 0  # on shift: no second sign-in
    tablet.shot("shift-on")

    tablet.start_game("2", ["馬場", "青木", "佐藤"])
    for entry in HANDS:
        tablet.enter(entry)
        tablet.confirm()
    tablet.close_game()

    tablet.goto("/tablet/counter/shifts/")
    assert page.input_value(f"{me} [data-float-back]") == "10000"
    page.fill(f"{me} [data-float-back]", "9500")
    page.click(f"{me} [data-sign-out]")
    page.wait_for_selector("body[data-screen='shift-receipt']")
    shift = Shift.objects.get(staff=staff)
    assert not shift.is_open and shift.float_back_yen == 9500
    staff_play = day_money(parlor=parlor, day=shift.business_day).house.staff_play_yen
    game_yen = int(page.get_attribute('[data-line="game"]', "data-yen"))
    assert game_yen == shift.result_yen == staff_play  # the hand's yen, to the receipt
    owed = int(page.get_attribute("[data-owed-yen]", "data-owed-yen"))
    assert owed == shift.owed_yen == 500 - shift.result_yen  # full back: the fees come back
    assert "シフト精算書" in page.inner_text("h1")
    tablet.shot("shift-receipt")
    page.emulate_media(media="print")
    assert page.is_hidden("header.bar") and page.is_hidden("[data-print]")
    page.emulate_media(media="screen")
    tablet.goto("/tablet/counter/shifts/")
    assert page.locator(f'[data-shift-receipt="{shift.public_id}"]').count() == 1
