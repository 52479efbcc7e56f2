"""The players' live view of a table: a signed link from the tablet's QR code, no login, and a
small JSON answer read from the game's stored state, with an ETag and a fixed number of queries;
a poll that finds nothing new reads the cache only, and every change is in the next poll.

The tests commit (transaction=True): the cached answers are renewed on commit of a change, as
in production, so a test in a rolled-back transaction would never see them renewed."""

from __future__ import annotations

import json
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest
import time_machine
from django.conf import settings
from django.test import Client
from django.utils import timezone

from parlor.models import Game, HandOutcome, MemberRole
from parlor.selectors.live import LIVE_LINK_MAX_AGE, live_token
from parlor.selectors.live_cache import live_body_store, live_version
from parlor.services.games import game_finish, game_void
from parlor.services.hand_corrections import hand_correct, hand_undo_last
from tests.parlor.conftest import ok
from tests.parlor.factories import MemberFactory, TableFactory
from tests.parlor.money_helpers import NOTEN, play, ron

pytestmark = pytest.mark.django_db(transaction=True)
EXAMPLES = Path(__file__).resolve().parents[2] / "examples"

RIICHI_RON = {**ron(2, 1, han=3, fu=30), "riichi": [1]}
# Seat 3 alone tenpai after riichi: its stick stays on the table and the others pay noten.
TENPAI_WITH_RIICHI = {"riichi": [3], "result": {"kind": "draw", "tenpai": [3]}}


def _link(game: dict[str, Any]) -> str:
    row = Game.objects.select_related("seat_draw").get(public_id=game["id"])
    return f"/live/{live_token(row.seat_draw)}/"


def _state(link: str, **headers: str) -> Any:
    return Client().get(f"{link}state/", headers=headers or None)


def test_the_answer_is_the_game_as_recorded_in_a_few_hundred_bytes(staff, table, start_game):
    game = start_game(table)
    link = _link(game)
    after = play(staff, game, [RIICHI_RON, TENPAI_WITH_RIICHI])
    response = _state(link)
    assert response.status_code == 200
    assert len(response.content) < 900, len(response.content)
    live = response.json()
    assert [seat["score"] for seat in live["seats"]] == after["scores"]
    assert [seat["name"] for seat in live["seats"]] == [s["name"] for s in after["seats"]]
    assert live["sticks"] == after["sticks"]
    assert live["honba"] == after["next"]["honba"]
    assert live["hands"] == 2 and live["sticks"] == 1
    assert live["round"] == "東3局 1本場"
    dealer = after["next"]["dealer"]
    assert [seat["dealer"] for seat in live["seats"]] == [s == dealer for s in range(4)]
    assert live["seats"][dealer]["wind"] == "東"
    # The last hand's payments are the stored ledger, with names for seats.
    stored = HandOutcome.objects.get(hand__game__public_id=game["id"], hand__sequence=2)
    names = [s["name"] for s in after["seats"]]
    assert [(p["from"], p["to"], p["amount"]) for p in live["last"]["payments"]] == [
        (
            names[t["from"]] if t["from"] is not None else "供託",
            names[t["to"]] if t["to"] is not None else "供託",
            f"{t['amount']:,}",
        )
        for t in stored.transfers
    ]
    assert live["last"]["deltas"] == [f"{d:+,}" if d else "0" for d in stored.deltas]


def test_an_unchanged_game_answers_304_and_a_recorded_hand_changes_the_etag(
    staff, table, start_game
):
    game = start_game(table)
    link = _link(game)
    first = _state(link)
    etag = first["ETag"]
    assert first["Cache-Control"] == "private, no-cache"
    again = _state(link, if_none_match=etag)
    assert again.status_code == 304 and again.content == b""
    play(staff, game, [RIICHI_RON])
    changed = _state(link, if_none_match=etag)
    assert changed.status_code == 200 and changed["ETag"] != etag
    assert changed.json()["hands"] == 1


def test_the_answer_takes_the_same_queries_after_one_hand_or_eight(
    staff, table, start_game, django_assert_num_queries
):
    game = start_game(table)
    link = _link(game)
    game = play(staff, game, [RIICHI_RON])
    with django_assert_num_queries(3):
        assert _state(link).status_code == 200
    play(staff, game, [NOTEN] * 7)
    with django_assert_num_queries(3):
        assert _state(link).json()["hands"] == 8


def test_the_link_follows_the_next_game_of_the_same_seat_draw(staff, table, start_game):
    game = start_game(table)
    link = _link(game)
    play(staff, game, [RIICHI_RON], finish=True)
    assert _state(link).json()["status"] == "finished"
    assert _state(link).json()["over"].startswith("終局")
    body = {"players": [], "seating": "keep"}
    second = ok(staff.post(f"/api/tables/{table.public_id}/games/", body, format="json"), 201)
    live = _state(link).json()
    assert live["status"] == "in_progress" and live["hands"] == 0
    assert [seat["score"] for seat in live["seats"]] == second["scores"]


def test_the_link_expires_with_the_next_seat_draw(staff, table, start_game):
    game = start_game(table)
    link = _link(game)
    play(staff, game, [RIICHI_RON], finish=True)
    start_game(table, seating="draw")
    response = _state(link)
    assert response.status_code == 410
    assert response.json()["error"]["code"] == "live_link_expired"
    page = Client().get(link)
    assert page.status_code == 410
    assert "QRコード" in page.content.decode()


def test_the_link_expires_after_its_age(table, start_game):
    game = start_game(table)
    link = _link(game)
    later = timezone.now() + LIVE_LINK_MAX_AGE + timedelta(minutes=1)
    with time_machine.travel(later - timedelta(minutes=2), tick=False):
        assert _state(link).status_code == 200
    with time_machine.travel(later, tick=False):
        assert _state(link).status_code == 410


@pytest.mark.parametrize(
    "mangle",
    [
        pytest.param(lambda token: token[:-1] + ("A" if token[-1] != "A" else "B"), id="signature"),
        pytest.param(lambda token: ("1" if token[0] == "0" else "0") + token[1:], id="seat-draw"),
        pytest.param(lambda token: "not-a-token", id="garbage"),
    ],
)
def test_a_forged_link_shows_nothing(table, start_game, mangle):
    game = start_game(table)
    token = _link(game).split("/")[2]
    response = _state(f"/live/{mangle(token)}/")
    assert response.status_code == 404
    assert "seats" not in response.json()
    assert Client().get(f"/live/{mangle(token)}/").status_code == 404


def test_the_tablet_shows_the_link_as_a_qr_code_that_opens_without_login(tablet, table, start_game):
    game = start_game(table)
    page_html = tablet.get(f"/tablet/games/{game['id']}/").content.decode()
    qr_url = f"/tablet/games/{game['id']}/live-qr/"
    # The game page only names where the code is: it is drawn when the dialog opens.
    assert f'data-live-qr-src="{qr_url}"' in page_html and "<svg" not in page_html
    assert "/live/" not in page_html
    html = tablet.get(qr_url).content.decode()
    start = html.index('data-live-url="') + len('data-live-url="')
    url = html[start : html.index('"', start)]
    assert url.startswith("http://testserver/live/")
    assert '<svg viewBox="0 0 ' in html and 'class="qr-code"' in html
    page = Client().get(url.removeprefix("http://testserver"))
    assert page.status_code == 200
    text = page.content.decode()
    payload = json.loads(text.split('id="live-payload" type="application/json">')[1].split("<")[0])
    assert payload["hands"] == 0 and payload["round"] == "東1局"
    assert "1番卓" in text


def test_four_people_on_a_three_player_table_show_who_sits_the_hand_out(parlor, staff, start_game):
    table = TableFactory(parlor=parlor, label="3", ruleset_key="seed-003")
    game = start_game(table, count=4)
    first = json.loads((EXAMPLES / "seed-003.json").read_text())["hands"][0]
    after = play(staff, game, [first])
    live = _state(_link(game)).json()
    out = [seat for seat, shown in enumerate(live["seats"]) if shown.get("out")]
    assert out == [after["next"]["sit_out"]] and live["seats"][out[0]]["wind"] == ""
    playing = [seat["wind"] for seat in live["seats"] if not seat.get("out")]
    assert sorted(playing) == sorted(["東", "南", "西"])


def test_a_voided_game_says_so_and_keeps_its_scores(staff, staff_user, table, start_game):
    game = start_game(table)
    link = _link(game)
    after = play(staff, game, [RIICHI_RON])
    manager = MemberFactory(parlor=table.parlor, role=MemberRole.MANAGER).user
    game_void(
        game=Game.objects.get(public_id=game["id"]),
        reason="wrong table",
        by=staff_user,
        confirmed_by=manager,  # the game has a hand
    )
    live = _state(link).json()
    assert live["status"] == "cancelled" and live["over"] == "この対局は無効になりました。"
    assert live["round"] == "" and [s["score"] for s in live["seats"]] == after["scores"]


def test_a_poll_that_finds_nothing_new_touches_no_database(
    staff, table, start_game, django_assert_num_queries
):
    game = start_game(table)
    link = _link(game)
    play(staff, game, [RIICHI_RON])
    first = _state(link)  # the first poll after the hand builds the answer from the database
    with django_assert_num_queries(0):
        again = _state(link, if_none_match=first["ETag"])
    assert again.status_code == 304 and again["ETag"] == first["ETag"]
    with django_assert_num_queries(0):  # a phone that lost its copy: the cached answer
        fresh = _state(link)
    assert fresh.status_code == 200 and fresh.content == first.content
    assert fresh["ETag"] == first["ETag"]


def _correct(game: Game, user: Any) -> None:
    hand_correct(game=game, sequence=1, entry=ron(3, 0, han=1, fu=30), reason="wrong", by=user)


def _undo(game: Game, user: Any) -> None:
    hand_undo_last(game=game, sequence=1, reason="entered by mistake", by=user)


def _finish(game: Game, user: Any) -> None:
    game_finish(game=game, by=user)


def _void(game: Game, user: Any) -> None:
    manager = MemberFactory(parlor=game.table.parlor, role=MemberRole.MANAGER).user
    game_void(game=game, reason="wrong table", by=user, confirmed_by=manager)


@pytest.mark.parametrize(
    ("change", "expected"),
    [
        pytest.param(_correct, {"status": "in_progress", "hands": 1}, id="correction"),
        pytest.param(_undo, {"status": "in_progress", "hands": 0}, id="undo"),
        pytest.param(_finish, {"status": "finished", "hands": 1}, id="finish"),
        pytest.param(_void, {"status": "cancelled", "hands": 1}, id="void"),
    ],
)
def test_a_change_to_the_game_is_in_the_next_poll(
    staff, staff_user, table, start_game, change, expected
):
    game = start_game(table)
    link = _link(game)
    play(staff, game, [RIICHI_RON])
    before = _state(link)
    assert _state(link, if_none_match=before["ETag"]).status_code == 304
    change(Game.objects.get(public_id=game["id"]), staff_user)
    after = _state(link, if_none_match=before["ETag"])
    assert after.status_code == 200 and after["ETag"] != before["ETag"]
    live = after.json()
    assert {key: live[key] for key in expected} == expected
    stored = Game.objects.get(public_id=game["id"])
    assert [seat["score"] for seat in live["seats"]] == stored.scores
    assert _state(link, if_none_match=after["ETag"]).status_code == 304


def test_a_new_seat_draw_expires_a_cached_link_at_once(staff, table, start_game):
    game = start_game(table)
    link = _link(game)
    play(staff, game, [RIICHI_RON], finish=True)
    etag = _state(link)["ETag"]
    assert _state(link, if_none_match=etag).status_code == 304
    start_game(table, seating="draw")
    expired = _state(link, if_none_match=etag)
    assert expired.status_code == 410
    assert expired.json()["error"]["code"] == "live_link_expired"


def test_an_answer_built_before_a_change_and_stored_after_it_is_never_shown(
    staff, table, start_game
):
    """The race of a poll that read the database just before a hand committed and stores its
    answer just after: it goes under the version it read first, which the commit replaced."""
    game = start_game(table)
    link = _link(game)
    draw_id = Game.objects.get(public_id=game["id"]).seat_draw.public_id
    old_version = live_version(draw_id)
    old_body = _state(link).content
    play(staff, game, [RIICHI_RON])
    live_body_store(draw_id, old_version, "ja", old_body)
    assert _state(link).json()["hands"] == 1


def test_each_language_has_its_own_answer(staff, table, start_game):
    game = start_game(table)
    link = _link(game)
    play(staff, game, [RIICHI_RON], finish=True)
    japanese = _state(link)
    english = Client()
    english.cookies[settings.LANGUAGE_COOKIE_NAME] = "en"
    answer = english.get(f"{link}state/", headers={"if-none-match": japanese["ETag"]})
    assert answer.status_code == 200 and answer["ETag"] != japanese["ETag"]
    assert answer.json()["over"].startswith("Game over")
    assert _state(link).json()["over"].startswith("終局")


def test_a_cancelled_riichis_stick_reads_as_its_cancel_fee(parlor, staff, start_game):
    table = TableFactory(parlor=parlor, label="3", ruleset_key="seed-004")
    game = start_game(table, count=3)
    draw = {"kind": "draw", "tenpai": [1]}
    play(staff, game, [{"riichi": [0, 1], "riichi_cancelled": [0], "result": draw}])
    reasons = [p["reason"] for p in _state(_link(game)).json()["last"]["payments"]]
    assert reasons.count("リーチ取消料") == 1 and reasons.count("リーチ棒") == 1
