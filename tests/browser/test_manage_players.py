"""A manager opens お客様 from the header, finds a player by half-width kana, fixes the
player's kana, and is refused a member number another player holds, beside the field, with
what was typed kept. Screenshots of the list and the refusal."""

from __future__ import annotations

from typing import Any

import pytest

from parlor.models import MemberRole, Player
from tests.browser.conftest import signed_in_context
from tests.browser.tablet import SCREENSHOTS
from tests.parlor.factories import MemberFactory, PlayerFactory

pytestmark = pytest.mark.django_db(transaction=True)


def test_a_manager_finds_and_edits_a_player(
    browser: Any, live_server: Any, parlor_floor: dict[str, Any]
) -> None:
    parlor = parlor_floor["parlor"]
    manager = MemberFactory(parlor=parlor, role=MemberRole.MANAGER).user
    aoki = PlayerFactory(parlor=parlor, name="青木", kana="あおき", member_number="0042")
    holder = PlayerFactory(parlor=parlor, name="佐藤", kana="さとう", member_number="0077")
    context = signed_in_context(browser, live_server, manager)
    page = context.new_page()
    page.goto(live_server.url + "/reports/")
    page.click('.manager-nav [data-nav="players"]')
    page.wait_for_selector('body[data-screen="manage-players"]')
    page.fill("#q", "ｱｵｷ")
    page.click("[data-player-search] button")
    page.wait_for_selector(f'[data-player="{aoki.public_id}"]')
    assert page.locator(f'[data-player="{holder.public_id}"]').count() == 0
    page.screenshot(path=str(SCREENSHOTS / "manager-players.png"), full_page=True)
    page.click(f'[data-player="{aoki.public_id}"] a')
    page.wait_for_selector('body[data-screen="manage-player"]')
    assert "過去の対局は記録した時の名前のまま残ります。" in page.inner_text("main")
    assert "Past games keep the name" not in page.inner_text("main")
    page.fill('input[name="kana"]', "あおき たろう")
    page.fill('input[name="member_number"]', "0077")
    page.click('[data-form="player"] button[type="submit"]')
    error = page.inner_text('[data-error="member_number"]')
    assert "佐藤" in error and "この会員番号はほかのお客様が使っています。" in error
    assert "already taken" not in error  # the page's one language
    assert page.input_value('input[name="kana"]') == "あおき たろう"
    page.screenshot(path=str(SCREENSHOTS / "manager-player-number-taken.png"), full_page=True)
    page.fill('input[name="member_number"]', "0042")
    with page.expect_navigation():
        page.click('[data-form="player"] button[type="submit"]')
    assert page.locator("[data-error]").count() == 0
    assert Player.objects.get(pk=aoki.pk).kana == "あおき たろう"
    context.close()
