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


def _eight_players(parlor_floor: dict[str, Any]) -> list[Player]:
    """The floor's five players and three more members."""
    return list(parlor_floor["players"]) + [
        Player.objects.create(
            parlor=parlor_floor["parlor"],
            name=name,
            kind=PlayerKind.MEMBER,
            member_number=f"{i + 6:04d}",
        )
        for i, name in enumerate(MORE_NAMES)
    ]


def _reason(tablet: Tablet) -> str:
    return str(tablet.page.inner_text("#start-reason")).strip()


def test_nobody_is_picked_after_a_check_out_and_the_buttons_say_why_they_are_off(
    tablet: Tablet, parlor_floor: dict[str, Any]
) -> None:
    parlor, staff = parlor_floor["parlor"], parlor_floor["staff"]
    money_settings_set(parlor=parlor, player_count=4, terms=POINT_5)
    players = _eight_players(parlor_floor)
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


def test_free_players_come_first_the_seated_are_dimmed_and_a_pick_clears_the_search(
    tablet: Tablet, parlor_floor: dict[str, Any]
) -> None:
    """Issue 30: on a busy night the players free to sit down come first; those playing at
    another table come last, dimmed (still choosable: the start names their table); a pick
    clears the search and leaves the cursor there for the next name."""
    parlor, staff = parlor_floor["parlor"], parlor_floor["staff"]
    for count in (3, 4):
        money_settings_set(parlor=parlor, player_count=count, terms=POINT_5)
    players = _eight_players(parlor_floor)
    for player in players:
        visit_check_in(player=player, by=staff)
    seated = players[:3]  # 青木, 馬場 and 千葉 play at table 2
    game_start(
        table=parlor_floor["tables"]["seed-004"], players=seated, seating=Seating.GIVEN, by=staff
    )

    page = tablet.page
    tablet.goto(f"/tablet/tables/{parlor_floor['tables']['standard'].public_id}/")
    tablet.wait_ready()
    listed = page.eval_on_selector_all(
        ".player-pick",
        """els => els.map(e => ({name: e.dataset.player, seated: e.classList.contains('is-seated'),
            at: e.dataset.seatedElsewhere || '', opacity: Number(getComputedStyle(e).opacity)}))""",
    )
    assert {p["name"] for p in listed} == {p.name for p in players}
    assert [p["seated"] for p in listed] == [False] * 5 + [True] * 3, listed
    assert {p["name"] for p in listed[5:]} == {p.name for p in seated}
    assert all(p["at"] == "2" and p["opacity"] < 0.8 for p in listed[5:]), listed
    assert all(p["at"] == "" and p["opacity"] == 1 for p in listed[:5]), listed
    tablet.shot("start-seated-last")

    page.fill("#player-q", "福田")
    page.wait_for_selector('#players[data-searched="福田"]')
    assert page.locator(".player-slot:not([hidden])").count() == 1
    page.click('.player-pick[data-player="福田"]')
    assert page.input_value("#player-q") == ""
    assert page.evaluate("document.activeElement.id") == "player-q"
    page.wait_for_selector('#players[data-searched=""]')
    assert page.locator(".player-slot:not([hidden])").count() == len(players)
    assert page.locator(".player-pick.is-picked").all_inner_texts()[0].startswith("1")

    # A seated player can still be picked; the start refuses and names the table.
    page.click('.player-pick[data-player="青木"]')
    assert (
        page.evaluate(
            "Number(getComputedStyle(document.querySelector('.player-pick[data-player=\"青木\"]')).opacity)"
        )
        == 1
    )
    for name in ("江藤", "後藤"):
        page.click(f'.player-pick[data-player="{name}"]')
    page.click('[data-seating="given"]')
    page.wait_for_selector("body[data-screen='start'] .error[role='alert']")
    assert "2番卓" in page.inner_text(".error[role='alert']")
    assert not Game.objects.filter(table=parlor_floor["tables"]["standard"]).exists()
