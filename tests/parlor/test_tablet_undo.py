"""The tablet's undo (取消) names the hand and carries an Idempotency-Key: the same form sent
again undoes that hand once, and never the hand before it; an undo or a correction made from
a screen that is out of date is refused in the staff's language, naming who changed what."""

from __future__ import annotations

import re
from datetime import UTC, datetime

import pytest
import time_machine
from django.test import Client

from parlor.models import Game, Hand, HandState, MemberRole
from parlor.services.games import game_start
from parlor.services.hand_corrections import hand_correct, hand_undo_last
from parlor.services.hands import hand_record
from parlor.services.seating import Seating
from tests.parlor.factories import MemberFactory

pytestmark = pytest.mark.django_db

RON = {"result": {"kind": "ron", "loser": 0, "wins": [{"winner": 1, "han": 3, "fu": 30}]}}
TSUMO = {"result": {"kind": "tsumo", "win": {"winner": 2, "han": 2, "fu": 30}}}
FIXED = {"result": {"kind": "ron", "loser": 0, "wins": [{"winner": 1, "han": 4, "fu": 30}]}}
AT = datetime(2026, 11, 28, 3, 5, tzinfo=UTC)  # 12:05 in Tokyo


@pytest.fixture
def game(table, players, staff_user) -> Game:
    game = game_start(table=table, players=players[:4], seating=Seating.GIVEN, by=staff_user)
    hand_record(game=game, sequence=1, entry=RON, by=staff_user)
    hand_record(game=game, sequence=2, entry=TSUMO, by=staff_user)
    return game


@pytest.fixture
def colleague(parlor):
    """Another member of staff, on another tablet."""
    return MemberFactory(parlor=parlor, role=MemberRole.STAFF).user


def undo(tablet: Client, game: Game, **form: object):
    return tablet.post(f"/tablet/games/{game.public_id}/undo/", form, follow=True)


def shown(response) -> list[str]:
    return [str(message) for message in response.context["messages"]]


def states(game: Game) -> list[tuple[int, int, str]]:
    return list(
        game.hands.order_by("sequence", "version").values_list("sequence", "version", "state")
    )


def test_the_game_screen_names_the_last_hand_in_the_undo_form_with_a_fresh_key(tablet, game):
    page = tablet.get(f"/tablet/games/{game.public_id}/").content.decode()
    form = page[page.index("data-undo-form") :]
    assert re.search(r'name="sequence" value="2"', form)
    key = re.search(r'name="idempotency_key" value="([0-9a-f]{32})"', form)
    again = tablet.get(f"/tablet/games/{game.public_id}/").content.decode()
    assert key and key.group(1) not in again  # each page drawn is a new undo
    assert "第2局を取消" in form


def test_the_undo_form_sent_again_undoes_its_hand_once_and_not_the_one_before(tablet, game):
    form = {"sequence": 2, "reason": "押し間違い", "idempotency_key": "undo-2"}
    first = undo(tablet, game, **form)
    again = undo(tablet, game, **form)

    assert states(game) == [(1, 1, "current"), (2, 1, "voided")]
    assert shown(first) == ["第2局を取り消しました。"]
    assert shown(again) == ["第2局を取り消しました。"]  # the first answer
    game.refresh_from_db()
    assert game.hand_count == 1 and game.scores == [21100, 28900, 25000, 25000]


def test_an_undo_of_a_hand_undone_on_another_tablet_is_refused_naming_who(tablet, game, colleague):
    with time_machine.travel(AT, tick=False):
        hand_undo_last(game=game, sequence=2, reason="", by=colleague)
    response = undo(tablet, game, sequence=2, reason="", idempotency_key="mine")

    assert shown(response) == [
        f"第2局は2026-11-28 12:05に{colleague.username}が取り消し済みです。"
        "ほかの局は取り消していません。"
    ]
    assert states(game) == [(1, 1, "current"), (2, 1, "voided")]


def test_an_undo_from_a_screen_drawn_before_a_hand_was_recorded_is_refused(tablet, game, colleague):
    with time_machine.travel(AT, tick=False):
        hand_record(game=game, sequence=3, entry=RON, by=colleague)
    response = undo(tablet, game, sequence=2, reason="", idempotency_key="stale")

    [message] = shown(response)
    assert message.startswith("第2局はもう最後の局ではありません。")
    assert f"{colleague.username}が2026-11-28 12:05に第3局を記録しました" in message
    assert all(state == HandState.CURRENT for _s, _v, state in states(game))


def test_an_undo_in_english_names_the_change_in_english(tablet, game, colleague):
    hand_undo_last(game=game, sequence=2, reason="", by=colleague)
    tablet.cookies["django_language"] = "en"
    response = undo(tablet, game, sequence=2, reason="")
    [message] = shown(response)
    assert message.startswith(f"hand 2 was already undone by {colleague.username} at ")


def test_a_correction_from_a_screen_drawn_before_another_correction_is_refused_in_words(
    tablet, game, colleague
):
    with time_machine.travel(AT, tick=False):
        hand_correct(game=game, sequence=1, entry=FIXED, reason="4翻", by=colleague, version=1)
    response = tablet.post(
        f"/tablet/games/{game.public_id}/hands/1/corrections/",
        {"hand": RON, "reason": "3翻でした", "version": 1},
        content_type="application/json",
    )

    assert response.status_code == 409
    error = response.json()["error"]
    assert error["code"] == "hand_changed_since" and error["area"] == "general"
    assert error["message"] == (
        f"この画面を開いた後に、{colleague.username}が2026-11-28 12:05に第1局を変更しました。"
        "履歴を開き直し、まだ違っていればもう一度訂正してください。"
    )
    assert Hand.objects.get(game=game, sequence=1, state=HandState.CURRENT).entry == FIXED


def test_a_correction_screen_that_sends_no_version_is_asked_to_reload(tablet, game):
    response = tablet.post(
        f"/tablet/games/{game.public_id}/hands/1/corrections/",
        {"hand": FIXED, "reason": "4翻"},
        content_type="application/json",
    )
    assert response.status_code == 400
    error = response.json()["error"]
    assert error["code"] == "hand_version_required"
    assert error["message"] == "この画面は古くなっています。再読み込みしてからやり直してください。"
    assert Hand.objects.filter(game=game, sequence=1).count() == 1
