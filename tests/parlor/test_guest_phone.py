"""The guest's phone (お客様の画面): a signed link from the counter's QR code, no login; the
guest's place on the waiting list, their table when seated, ラス半, and the end at check-out."""

from __future__ import annotations

import doctest
from datetime import timedelta

import pytest
import time_machine
from django.test import Client
from django.utils import timezone

from parlor.domain import guest_status
from parlor.domain.wishes import Wish
from parlor.models import MoneySettings, Visit
from parlor.selectors.guest import GUEST_LINK_MAX_AGE, guest_token
from parlor.services.games import game_finish, game_start
from parlor.services.hands import hand_record
from parlor.services.seating import Seating
from parlor.services.visits import visit_check_in, visit_check_out, visit_last_game_call
from tests.parlor.factories import MemberFactory, PlayerFactory, TableFactory

pytestmark = pytest.mark.django_db
RON = {"result": {"kind": "ron", "loser": 0, "wins": [{"winner": 1, "han": 3, "fu": 30}]}}


@pytest.fixture
def money(parlor):
    MoneySettings.objects.create(parlor=parlor, player_count=4, rate_yen_per_p=50)
    MoneySettings.objects.create(parlor=parlor, player_count=3, rate_yen_per_p=100)


@pytest.fixture
def clock():
    with time_machine.travel(timezone.now(), tick=False) as traveller:
        yield traveller


def _state(visit: Visit, *, language: str = "ja", **headers: str):
    client = Client()
    client.cookies["django_language"] = language
    return client.get(f"/guest/{guest_token(visit)}/state/", headers=headers or None)


def test_the_guest_status_examples_hold():
    failed, tried = doctest.testmod(guest_status, verbose=False)
    assert tried > 0 and failed == 0


def test_a_waiting_guest_sees_their_place_minutes_wish_and_who_is_ahead_for_their_kind(
    parlor, table, players, staff_user, money, clock
):
    TableFactory(parlor=parlor, label="2", ruleset_key="tenhou-3p-hanchan")
    wishes = [Wish(player_count=3), Wish(), Wish(player_count=4), Wish(player_count=4)]
    visits = []
    for player, wish in zip(players, wishes, strict=False):
        visits.append(visit_check_in(player=player, by=staff_user, wish=wish))
        clock.shift(timedelta(minutes=2))
    clock.shift(timedelta(minutes=4))
    body = _state(visits[3], language="en").json()
    assert body["state"] == "waiting"
    assert body["headline"] == "You are number 4 on the waiting list"
    # The three-player guest waits for another kind of table; "any" and a four-player wish
    # take the seats this guest wants.
    assert body["lines"][0] == "Waiting for 6 min"
    assert body["lines"][2] == "Ahead of you for your kind of table: 2"
    assert body["lines"][1].startswith("Your wish: 4 players")
    first = Client().get(f"/guest/{guest_token(visits[0])}/").content.decode()
    assert "待ち順 1番目" in first and "同じ卓種で前にお待ちの方：0人" in first


def test_seated_then_playing_then_the_last_game_then_over(
    parlor, table, players, staff_user, money
):
    visits = [visit_check_in(player=player, by=staff_user) for player in players[:4]]
    game = game_start(table=table, players=players[:4], seating=Seating.GIVEN, by=staff_user)
    seated = _state(visits[2]).json()
    assert seated["state"] == "seated" and seated["headline"] == "席の準備ができました：1卓"
    assert seated["table"] == "1"
    hand_record(game=game, sequence=1, entry=RON, by=staff_user)
    playing = _state(visits[2]).json()
    assert playing["state"] == "playing" and playing["headline"] == "1卓で対局中"
    assert playing["lines"] == ["東2局"]
    visit_last_game_call(visit=visits[2], by=staff_user)
    last = _state(visits[2]).json()
    assert last["last_game"] and last["lines"][-1] == "ラス半：この対局が最後です。"
    game_finish(game=game, by=staff_user)
    over = _state(visits[2]).json()
    assert over["state"] == "over" and "受付で精算" in over["headline"]
    back = _state(visits[0]).json()  # no ラス半: back on the waiting list
    assert back["state"] == "waiting" and back["headline"] == "待ち順 1番目"


def test_an_unchanged_state_answers_304(parlor, table, players, staff_user, money, clock):
    visit = visit_check_in(player=players[0], by=staff_user)
    first = _state(visit)
    assert first.status_code == 200 and first["Cache-Control"] == "private, no-cache"
    again = _state(visit, if_none_match=first["ETag"])
    assert again.status_code == 304 and again.content == b""
    visit_check_in(player=players[1], by=staff_user)  # behind: nothing changes for the first
    assert _state(visit, if_none_match=first["ETag"]).status_code == 304
    clock.shift(timedelta(minutes=1))  # one more minute waited: a new answer
    changed = _state(visit, if_none_match=first["ETag"])
    assert changed.status_code == 200 and changed["ETag"] != first["ETag"]


def test_a_bad_token_is_404_and_an_old_one_410(parlor, players, staff_user, money, clock):
    visit = visit_check_in(player=players[0], by=staff_user)
    token = guest_token(visit)
    tampered = token[:-2] + ("AA" if not token.endswith("AA") else "BB")
    for bad in (tampered, "nothing", token.split(":")[0]):
        page = Client().get(f"/guest/{bad}/")
        assert page.status_code == 404 and "このリンクは無効です" in page.content.decode()
        assert Client().get(f"/guest/{bad}/state/").json()["error"]["code"] == (
            "guest_link_invalid"
        )
    clock.shift(GUEST_LINK_MAX_AGE + timedelta(minutes=1))
    old = Client().get(f"/guest/{token}/state/")
    assert old.status_code == 410 and old.json()["error"]["code"] == "guest_link_expired"


def test_the_link_ends_at_check_out_with_a_clear_page(parlor, players, staff_user, money):
    visit = visit_check_in(player=players[0], by=staff_user)
    token = guest_token(visit)
    assert Client().get(f"/guest/{token}/").status_code == 200
    visit_check_out(visit=visit, by=staff_user)
    page = Client().get(f"/guest/{token}/")
    assert page.status_code == 410
    assert "精算が済みました。ご来店ありがとうございました。" in page.content.decode()
    state = Client().get(f"/guest/{token}/state/")
    assert state.status_code == 410 and state.json()["error"]["code"] == "guest_checked_out"


def test_the_page_has_no_inline_script_and_polls_its_own_state(parlor, players, staff_user, clock):
    visit = visit_check_in(player=players[0], by=staff_user)
    page = Client().get(f"/guest/{guest_token(visit)}/")
    html = page.content.decode()
    assert "<script>" not in html and "public/guest.js" in html
    assert f'data-state-url="/guest/{guest_token(visit)}/state/"' in html
    assert "script-src 'self'" in page["Content-Security-Policy"]


def test_the_counter_shows_the_guests_qr_code_after_check_in(
    tablet, parlor, players, money, clock
):
    response = tablet.post("/tablet/counter/check-in/", {"player": str(players[0].public_id)})
    visit = Visit.objects.get(player=players[0])
    assert response.status_code == 302
    assert response["Location"] == f"/tablet/counter/?guest={visit.public_id}"
    page = tablet.get(response["Location"]).content.decode()
    assert f'data-guest-qr="{visit.public_id}"' in page and "<svg" in page
    assert f"/guest/{guest_token(visit)}/" in page
    assert 'data-guest-qr="' not in tablet.get("/tablet/counter/").content.decode()


def test_the_waiting_list_shows_a_guests_qr_code_again_and_only_this_parlors(
    tablet, parlor, other_parlor, players, staff_user, money, clock
):
    visit = visit_check_in(player=players[1], by=staff_user)
    page = tablet.get("/tablet/counter/").content.decode()
    assert f'href="/tablet/counter/?guest={visit.public_id}" data-guest-qr-open' in page
    again = tablet.get(f"/tablet/counter/?guest={visit.public_id}").content.decode()
    assert f"/guest/{guest_token(visit)}/" in again
    stranger = PlayerFactory(parlor=other_parlor)
    elsewhere = visit_check_in(player=stranger, by=MemberFactory(parlor=other_parlor).user)
    other = tablet.get(f"/tablet/counter/?guest={elsewhere.public_id}").content.decode()
    assert "data-guest-qr=" not in other and guest_token(elsewhere) not in other


def test_a_poll_reads_a_fixed_number_of_queries(
    parlor, table, players, staff_user, money, django_assert_num_queries
):
    visits = [visit_check_in(player=player, by=staff_user) for player in players]
    for player in PlayerFactory.create_batch(6, parlor=parlor):
        visit_check_in(player=player, by=staff_user)
    with django_assert_num_queries(6):  # the visit, its seat, the list, the kinds of table
        assert _state(visits[4]).json()["state"] == "waiting"
    game_start(table=table, players=players[:4], seating=Seating.GIVEN, by=staff_user)
    with django_assert_num_queries(2):  # the visit and its seat
        assert _state(visits[0]).json()["state"] == "seated"


def test_the_seated_guest_reads_english_when_chosen(parlor, table, players, staff_user, money):
    visits = [visit_check_in(player=player, by=staff_user) for player in players[:4]]
    game_start(table=table, players=players[:4], seating=Seating.GIVEN, by=staff_user)
    body = _state(visits[1], language="en").json()
    assert body["headline"] == "Your seat is ready: table 1"


def test_a_waiting_guest_after_ラス半_reads_that_the_next_game_is_the_last(
    parlor, players, staff_user, money
):
    visit = visit_check_in(player=players[0], by=staff_user)
    visit_last_game_call(visit=visit, by=staff_user)
    body = _state(visit).json()
    assert body["state"] == "waiting" and body["last_game"]
    assert body["lines"][-1] == "ラス半：次の対局が最後です。"
