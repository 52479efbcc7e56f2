"""The floor (卓立て): four guests wait, the floor proposes them for table 1, and one tap starts
their game with a seat draw; the floor and the counter's board keep themselves up to date."""

from __future__ import annotations

from typing import Any

import pytest

from parlor.models import Game, GameStatus, Player
from parlor.services.money import money_settings_set
from parlor.services.shifts import shift_sign_in
from parlor.services.visits import visit_check_in
from tests.browser.tablet import Tablet
from tests.browser.test_tablet_counter import SANMA

pytestmark = pytest.mark.django_db(transaction=True)


def test_the_floor_proposes_the_waiting_guests_and_one_tap_starts_their_game(
    tablet: Tablet, parlor_floor: dict[str, Any]
):
    parlor, players = parlor_floor["parlor"], parlor_floor["players"]
    money_settings_set(parlor=parlor, player_count=4, terms=SANMA)
    for player in players[:3]:
        visit_check_in(player=player, by=None)
    page = tablet.page
    tablet.goto("/tablet/")
    assert page.locator('[data-proposal="1"]').get_attribute("data-outcome") == "short"
    assert page.locator('[data-proposal="1"] [data-short-by]').inner_text() == "開始まであと1人"
    # A fourth guest checks in at the counter: the floor updates by itself (about 5 s).
    visit_check_in(player=players[3], by=None)
    page.wait_for_selector('[data-proposal="1"][data-outcome="formed"]', timeout=12_000)
    proposed = page.locator('[data-proposal="1"] [data-proposed]')
    assert sorted(proposed.nth(i).inner_text() for i in range(4)) == sorted(
        p.name for p in players[:4]
    )
    assert page.locator('[data-floor-waiting="江藤"]').count() == 0  # not checked in
    tablet.shot("floor-proposal")
    page.click('[data-form-start="1"]')  # 「この面子で開始」
    page.wait_for_selector("[data-seated-note]")
    assert tablet.screen() == "game"
    game = Game.objects.get(table=parlor_floor["tables"]["standard"])
    assert game.status == GameStatus.IN_PROGRESS
    assert sorted(s.player.name for s in game.seats.all()) == sorted(p.name for p in players[:4])

    tablet.goto("/tablet/floor/board/")
    board = page.locator('[data-board-table="1"]')
    assert board.locator("[data-board-round]").inner_text() == "東1局"
    assert page.locator(".board-live form, .board-live a, .board-live button").count() == 0
    tablet.shot("floor-board")


def test_a_staff_member_completes_a_short_table_and_gives_the_seat_to_a_guest(
    tablet: Tablet, parlor_floor: dict[str, Any]
):
    parlor, players = parlor_floor["parlor"], parlor_floor["players"]
    money_settings_set(parlor=parlor, player_count=4, terms=SANMA)
    staff = Player.objects.create(parlor=parlor, name="店員", user=parlor_floor["staff"])
    shift_sign_in(parlor=parlor, user=parlor_floor["staff"], float_out_yen=0, by=None)
    for player in players[:3]:
        visit_check_in(player=player, by=None)
    page = tablet.page
    tablet.goto("/tablet/")
    proposal = page.locator('[data-proposal="1"]')
    assert proposal.get_attribute("data-outcome") == "formed"
    assert proposal.locator("[data-staff-in]").inner_text() == "本走: 店員"
    page.click('[data-form-start="1"]')
    page.wait_for_selector("[data-seated-note]")
    game = Game.objects.get(table=parlor_floor["tables"]["standard"])
    assert game.seats.get(player=staff).is_staff_play
    visit_check_in(player=players[4], by=None)  # a guest comes
    tablet.goto("/tablet/")
    assert page.locator('[data-sitting-in="店員"]').inner_text() == "店員: 1番卓で本走中"
    assert proposal.locator("[data-next-guests]").inner_text() == "次に入る: 江藤"
    assert proposal.locator("[data-staff-out]").inner_text() == "この対局の後に抜ける: 店員"
    tablet.shot("floor-staff-release")
