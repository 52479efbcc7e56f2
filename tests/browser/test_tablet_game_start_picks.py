"""The game start after one of the table's last four checked out (issue 25): nobody is picked,
the seat buttons say beside them why they are off as staff pick too many, and the right four
start a game."""

from __future__ import annotations

from typing import Any

import pytest

from parlor.domain.money import Terms
from parlor.models import FeeModel, Game, GameStatus, Player, PlayerKind, Visit
from parlor.services.games import game_finish, game_start
from parlor.services.hands import hand_record
from parlor.services.money import money_settings_set
from parlor.services.seating import Seating
from parlor.services.visits import visit_check_in, visit_check_out
from tests.browser.tablet import Tablet

pytestmark = pytest.mark.django_db(transaction=True)
POINT_5 = Terms(
    rate_yen_per_p=50,
    chip_value_yen=0,
    fee_model=FeeModel.EACH,
    game_fee_yen=500,
    top_prize_yen=0,
    money_unit_yen=10,
)
RON = {"result": {"kind": "ron", "loser": 0, "wins": [{"winner": 1, "han": 3, "fu": 30}]}}
MORE_NAMES = ("福田", "後藤", "本田")


def _reason(tablet: Tablet) -> str:
    return str(tablet.page.inner_text("#start-reason")).strip()


def test_nobody_is_picked_after_a_check_out_and_the_buttons_say_why_they_are_off(
    tablet: Tablet, parlor_floor: dict[str, Any]
) -> None:
    parlor, staff = parlor_floor["parlor"], parlor_floor["staff"]
    money_settings_set(parlor=parlor, player_count=4, terms=POINT_5)
    players = list(parlor_floor["players"]) + [
        Player.objects.create(
            parlor=parlor, name=name, kind=PlayerKind.MEMBER, member_number=f"{i + 6:04d}"
        )
        for i, name in enumerate(MORE_NAMES)
    ]
    visits = {p.name: visit_check_in(player=p, by=staff) for p in players}
    table = parlor_floor["tables"]["standard"]
    last = game_start(table=table, players=players[:4], seating=Seating.GIVEN, by=staff)
    hand_record(game=last, sequence=1, entry=RON, by=staff)
    game_finish(game=last, by=staff)
    visit_check_out(visit=visits["千葉"], by=staff)  # one of the last four went home

    page = tablet.page
    tablet.goto(f"/tablet/tables/{table.public_id}/")
    tablet.wait_ready()
    assert page.locator(".player-pick.is-picked").count() == 0
    assert page.locator('input[name="players"]:checked').count() == 0
    assert _reason(tablet) == "あと4人選んでください"
    for button in ("draw", "given", "keep"):
        assert page.is_disabled(f'[data-seating="{button}"]')

    # Eight picked: the buttons stay off and say so, right above them.
    checked_in = [p.name for p in players if p.name != "千葉"]
    for name in checked_in:
        page.click(f'.player-pick[data-player="{name}"]')
    assert _reason(tablet) == "4人選んでください（いま7人）"
    page.click('.player-pick[data-player="千葉"]')
    assert _reason(tablet) == "4人選んでください（いま8人）"
    assert page.is_disabled('[data-seating="given"]')
    reason = page.locator("#start-reason").bounding_box()
    button = page.locator('[data-seating="given"]').bounding_box()
    assert 0 <= button["y"] - (reason["y"] + reason["height"]) < 40, (reason, button)
    tablet.shot("start-too-many")

    # Four off again, one short, then the four: 千葉 is not checked in and the reason says so.
    for name in ("土井", "福田", "後藤", "本田"):
        page.click(f'.player-pick[data-player="{name}"]')
    assert _reason(tablet) == "先にチェックインしてください: 千葉"
    assert page.is_disabled('[data-seating="given"]')
    page.click('.player-pick[data-player="千葉"]')
    assert _reason(tablet) == "あと1人選んでください"
    page.click('.player-pick[data-player="福田"]')
    assert page.is_hidden("#start-reason")
    assert page.is_enabled('[data-seating="given"]')
    page.click('[data-seating="given"]')
    page.wait_for_selector("body[data-screen='game']")
    game = Game.objects.get(status=GameStatus.IN_PROGRESS)
    assert [s.player.name for s in game.seats.order_by("seat")] == ["青木", "馬場", "江藤", "福田"]
    assert not Visit.objects.filter(player__name="千葉", status="open").exists()
