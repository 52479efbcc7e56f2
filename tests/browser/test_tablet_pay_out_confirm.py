"""Paying out open adjustments at the counter asks first, like check-out: the tap opens a
confirmation that says who gets (or pays) how much; nothing is settled until its button is
tapped, and Escape or a tap elsewhere leaves the money open."""

from __future__ import annotations

from typing import Any

import pytest

from parlor.models import Adjustment
from parlor.services.settlements import adjustment_create
from tests.browser.tablet import Tablet

pytestmark = pytest.mark.django_db(transaction=True)


def test_a_pay_out_settles_only_after_its_confirmation(
    tablet: Tablet, parlor_floor: dict[str, Any]
) -> None:
    staff = parlor_floor["staff"]
    owed_to, owing = parlor_floor["players"][0], parlor_floor["players"][1]
    adjustment_create(player=owed_to, amount_yen=1500, reason="お詫び", by=staff)
    adjustment_create(player=owing, amount_yen=-700, reason="ドリンク代", by=staff)
    page = tablet.page
    tablet.goto("/tablet/counter/")
    tablet.wait_ready()

    page.click(f'[data-pay-out="{owed_to.name}"]')
    confirmation = page.locator(f'[data-pay-out-confirm="{owed_to.name}"]')
    confirmation.wait_for(state="visible")
    assert f"{owed_to.name}さんに 1,500 円をお支払いします" in confirmation.inner_text()
    tablet.shot("pay-out-confirm")
    assert tablet.screen() == "counter"  # a tap only asks: still the counter, nothing settled
    assert Adjustment.objects.filter(settled_at__isnull=True).count() == 2
    page.keyboard.press("Escape")
    confirmation.wait_for(state="hidden")
    assert Adjustment.objects.filter(settled_at__isnull=True).count() == 2

    page.click(f'[data-pay-out="{owing.name}"]')
    collect = page.locator(f'[data-pay-out-confirm="{owing.name}"]')
    assert f"{owing.name}さんから 700 円をお預かりします" in collect.inner_text()
    collect.locator("[data-confirm-pay-out]").click()
    page.wait_for_selector("body[data-screen='counter-receipt']")
    assert int(page.get_attribute("[data-total-yen]", "data-total-yen")) == -700
    still_open = Adjustment.objects.filter(settled_at__isnull=True)
    assert list(still_open.values_list("player", flat=True)) == [owed_to.pk]
