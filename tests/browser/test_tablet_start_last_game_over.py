"""The game start with a player whose ラス半 is over: they are still checked in, so the start
page sends staff to the counter to check them out, never to a check-in (an audit of the tablet
as staff meet it)."""

from __future__ import annotations

from typing import Any

import pytest

from parlor.services.games import game_finish, game_start
from parlor.services.hands import hand_record
from parlor.services.money import money_settings_set
from parlor.services.seating import Seating
from parlor.services.visits import visit_check_in, visit_last_game_call
from tests.browser.tablet import Tablet
from tests.browser.test_tablet_game_start_picks import POINT_5, RON

pytestmark = pytest.mark.django_db(transaction=True)


def test_a_player_whose_last_game_is_over_is_sent_to_check_out_not_to_check_in(
    tablet: Tablet, parlor_floor: dict[str, Any]
) -> None:
    parlor, staff = parlor_floor["parlor"], parlor_floor["staff"]
    money_settings_set(parlor=parlor, player_count=4, terms=POINT_5)
    players = parlor_floor["players"]
    visits = {p.name: visit_check_in(player=p, by=staff) for p in players}
    table = parlor_floor["tables"]["standard"]
    last = game_start(table=table, players=players[:4], seating=Seating.GIVEN, by=staff)
    over = players[0].name
    visit_last_game_call(visit=visits[over], by=staff)
    hand_record(game=last, sequence=1, entry=RON, by=staff)
    game_finish(game=last, by=staff)

    page = tablet.page
    tablet.goto(f"/tablet/tables/{table.public_id}/")
    tablet.wait_ready()
    for player in players[:4]:
        if not page.locator(f'.player-pick[data-player="{player.name}"].is-picked').count():
            page.click(f'.player-pick[data-player="{player.name}"]')
    notice = page.inner_text("#not-checked-in")
    assert f"ラス半終了：{over}" in notice and "受付で精算" in notice, notice
    assert "未チェックイン" not in notice and "チェックインする" not in notice, notice
    reason = page.inner_text("#start-reason")
    assert over in reason and "ラス半終了" in reason and "チェックインして" not in reason, reason
    assert page.is_disabled('[data-seating="draw"]')
    tablet.shot("last-game-over")
