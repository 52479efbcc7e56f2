"""Voiding a game from the tablet (対局を無効にする): a game started at the wrong table, voided
with a reason, and one with a hand, voided with a manager's confirmation at the table; errors
beside their field; back to the floor with a message, the tablet still signed in as staff."""

from __future__ import annotations

from typing import Any

import pytest

from parlor.models import Game, GameStatus, MemberRole
from tests.browser.tablet import Tablet
from tests.parlor.factories import MemberFactory

pytestmark = pytest.mark.django_db(transaction=True)
NAMES = ["青木", "馬場", "千葉", "土井"]
RON = {"result": {"kind": "ron", "loser": 0, "wins": [{"winner": 1, "han": 3, "fu": 30}]}}


def _open_void(tablet: Tablet) -> None:
    tablet.page.click('[data-action="void"]')
    tablet.page.wait_for_selector('.void-form input[name="reason"]', state="visible")


def _start_again(tablet: Tablet) -> None:
    """The table's next game with the same four in the same seats (the start page has them)."""
    tablet.goto("/tablet/")
    tablet.page.click('a.table-card[data-table="1"]')
    tablet.page.wait_for_selector("body[data-screen='start']")
    tablet.wait_ready()
    tablet.page.click('[data-seating="keep"]')
    tablet.page.wait_for_selector("body[data-screen='game']")
    tablet.wait_ready()


def _submit(tablet: Tablet, **fields: str) -> None:
    for name, value in fields.items():
        tablet.page.fill(f'.void-form input[name="{name}"]', value)
    tablet.page.click('[data-confirm="void"]')
    tablet.page.wait_for_selector("body[data-screen]")


def _error_beside(tablet: Tablet, field: str) -> str:
    error = tablet.page.locator(f'[data-error-for="{field}"]')
    error.wait_for(state="visible")
    # The message sits right under its field: nothing between them but the label's end.
    inputs = tablet.page.locator(f'.void-form input[name="{field}"]').bounding_box()
    box = error.bounding_box()
    assert 0 <= box["y"] - (inputs["y"] + inputs["height"]) < 40, (inputs, box)
    return str(error.inner_text())


def test_staff_void_a_mistaken_game_and_a_manager_confirms_one_with_a_hand(
    tablet: Tablet, parlor_floor: dict[str, Any]
) -> None:
    manager = MemberFactory(parlor=parlor_floor["parlor"], role=MemberRole.MANAGER).user
    tablet.start_game("1", NAMES)
    game = Game.objects.get(table=parlor_floor["tables"]["standard"])
    _open_void(tablet)
    assert tablet.page.locator('.void-form input[name="manager_password"]').count() == 0
    tablet.shot("void-menu")
    _submit(tablet)  # no reason
    assert "理由を入力" in _error_beside(tablet, "reason")
    tablet.shot("void-reason-missing")
    _submit(tablet, reason="卓を間違えて開始")
    assert tablet.screen() == "floor"
    assert "1卓の対局を無効にしました" in tablet.page.inner_text(".messages")
    tablet.shot("void-done-floor")
    game.refresh_from_db()
    assert game.status == GameStatus.VOIDED and game.void_reason == "卓を間違えて開始"

    # The right game, with a hand: staff alone cannot void it.
    _start_again(tablet)
    tablet.enter(RON)
    tablet.confirm()
    second = Game.objects.get(table=parlor_floor["tables"]["standard"], status="in_progress")
    _open_void(tablet)
    _submit(tablet, reason="点数を別卓に入力")
    assert "店長の承認" in _error_beside(tablet, "manager_username")
    _submit(tablet, manager_username=manager.username, manager_password="違う")
    assert "パスワードが違う" in _error_beside(tablet, "manager_password")
    tablet.shot("void-wrong-password")
    assert tablet.page.input_value('.void-form input[name="reason"]') == "点数を別卓に入力"
    _submit(tablet, manager_username=manager.username, manager_password="pw")
    assert tablet.screen() == "floor"
    second.refresh_from_db()
    assert second.status == GameStatus.VOIDED
    assert (second.voided_by, second.void_confirmed_by) == (parlor_floor["staff"], manager)
    # Still the staff's tablet: the floor opens, and the table is free for its next game.
    tablet.goto("/tablet/")
    assert tablet.screen() == "floor"
    _start_again(tablet)
    assert tablet.screen() == "game"


def test_a_page_loaded_before_the_first_hand_asks_for_the_manager_in_the_same_menu(
    tablet: Tablet, parlor_floor: dict[str, Any]
) -> None:
    """The game page is drawn with no hands; a hand recorded since (no reload) makes the void
    need a manager: the menu asks for one on first open, and one submit voids the game."""
    manager = MemberFactory(parlor=parlor_floor["parlor"], role=MemberRole.MANAGER).user
    tablet.start_game("1", NAMES)
    loaded: list[str] = []
    tablet.page.on("load", lambda page: loaded.append(page.url))
    tablet.enter(RON)
    tablet.confirm()
    game = Game.objects.get(table=parlor_floor["tables"]["standard"], status="in_progress")
    assert game.hand_count == 1
    _open_void(tablet)
    fields = tablet.page.locator('.void-menu .void-form input[name="manager_password"]')
    assert fields.is_visible()
    assert "店長" in tablet.page.inner_text(".void-menu .void-manager legend")
    tablet.shot("void-menu-after-first-hand")
    _submit(
        tablet, reason="卓を間違えて開始", manager_username=manager.username, manager_password="pw"
    )
    assert tablet.screen() == "floor"
    # One page loaded since the game page: the floor, straight after the submit; no void page.
    assert [url.removeprefix(tablet.base_url) for url in loaded] == ["/tablet/"], loaded
    game.refresh_from_db()
    assert game.status == GameStatus.VOIDED
    assert (game.voided_by, game.void_confirmed_by) == (parlor_floor["staff"], manager)
