"""What the staff read on the game's screens says what happened, in their words (an audit of
the tablet as staff meet it)."""

from __future__ import annotations

import re

import pytest

from parlor.models import Game, GameStatus
from parlor.services.games import game_start
from parlor.services.hand_corrections import hand_correct, hand_undo_last
from parlor.services.hands import hand_record
from parlor.services.seating import Seating
from tests.parlor.factories import TableFactory

pytestmark = pytest.mark.django_db
RON = {"result": {"kind": "ron", "loser": 0, "wins": [{"winner": 1, "han": 3, "fu": 30}]}}
YAKUMAN_FROM_0 = {"result": {"kind": "ron", "loser": 0, "wins": [{"winner": 1, "yakuman": 1}]}}


@pytest.fixture
def game(table, players, staff_user) -> Game:
    return game_start(table=table, players=players[:4], seating=Seating.GIVEN, by=staff_user)


def test_a_result_in_points_groups_its_thousands(tablet, parlor, players, staff_user):
    """われポン settles in points: +47,000 beside 57,000, never +47000."""
    table = TableFactory(parlor=parlor, label="3", ruleset_key="seed-000")
    game = game_start(table=table, players=players[:4], seating=Seating.GIVEN, by=staff_user)
    hand_record(game=game, sequence=1, entry=YAKUMAN_FROM_0, by=staff_user)
    game.refresh_from_db()
    assert game.status == GameStatus.FINISHED  # seat 0 is bust
    page = tablet.get(f"/tablet/games/{game.public_id}/result/").content.decode()
    totals = re.findall(r"data-total>([^<]*)<", page)
    assert totals and all(re.fullmatch(r"0|[+-]\d{1,3}(,\d{3})*(\.\d)?", t) for t in totals), totals
    assert any(len(t) > 4 for t in totals)  # the point unit's thousands are there to group


def test_ending_a_game_with_no_hand_says_it_is_settled_all_the_same(tablet, game, staff_user):
    """終了 on a game with no hand ranks and settles it (uma, oka): the menu says so and names
    無効 for a game started by mistake, until the first hand is recorded."""
    url = f"/tablet/games/{game.public_id}/"
    warning = "まだ1局も記録されていません"
    page = tablet.get(url).content.decode()
    note = re.search(r"<p class=\"warn\" data-finish-empty( hidden)?>([^<]*)</p>", page)
    assert note and note.group(1) is None  # shown
    assert warning in note.group(2) and "「無効」" in note.group(2)
    hand_record(game=game, sequence=1, entry=RON, by=staff_user)
    page = tablet.get(url).content.decode()
    assert re.search(r"<p class=\"warn\" data-finish-empty hidden>", page)


@pytest.mark.parametrize("language", ["ja", "en"])
def test_a_correction_that_ends_the_game_early_names_the_hands_after_it(
    tablet, game, staff_user, language
):
    """A yakuman for hand 1 busts seat 0: hand 2 cannot follow. Not "the game is already over"
    (it is not) nor the engine's 0-based "after hand 0", but the hands, counted as staff do."""
    hand_record(game=game, sequence=1, entry=RON, by=staff_user)
    hand_record(game=game, sequence=2, entry=RON, by=staff_user)
    tablet.cookies["django_language"] = language
    response = tablet.post(
        f"/tablet/games/{game.public_id}/preview/",
        {"hand": YAKUMAN_FROM_0, "correct": 1},
        content_type="application/json",
    )
    error = response.json()["error"]
    assert error["code"] == "hand_after_end"
    words = {
        "ja": ("第1局で対局が終わる", "第2局以降", "取り消"),
        "en": ("ends after hand 1", "hand 2", "undo"),
    }[language]
    assert all(w in error["message"] for w in words), error
    assert "already" not in error["message"] and "もう終わって" not in error["message"]


@pytest.mark.parametrize("language", ["ja", "en"])
def test_on_a_finished_game_the_refusal_does_not_ask_for_an_undo(
    tablet, game, staff_user, language
):
    """Hand 3 ended the game: no hand can be undone now, so a correction of hand 1 that would
    end it there says to check the entry, and that each hand is corrected from the history."""
    for sequence, entry in enumerate([RON, RON, YAKUMAN_FROM_0], start=1):
        hand_record(game=game, sequence=sequence, entry=entry, by=staff_user)
    game.refresh_from_db()
    assert game.status == GameStatus.FINISHED
    tablet.cookies["django_language"] = language
    for url, body in (
        ("preview/", {"hand": YAKUMAN_FROM_0, "correct": 1}),
        ("hands/1/corrections/", {"hand": YAKUMAN_FROM_0, "reason": "入力ミス", "version": 1}),
    ):
        response = tablet.post(
            f"/tablet/games/{game.public_id}/{url}", body, content_type="application/json"
        )
        error = response.json()["error"]
        assert error["code"] == "hand_after_end", error
        words, not_said = {
            "ja": (("第1局で対局が終わります", "第2局以降", "入力を確認", "履歴から1局ずつ訂正"),
                   "先にそれらの局を取り消す"),
            "en": (("ends after hand 1", "hand 2", "check this entry", "from the history"),
                   "undo them first"),
        }[language]
        assert all(w in error["message"] for w in words), error
        assert not_said not in error["message"]


def _correction_preview(tablet, game, entry) -> str:
    response = tablet.post(
        f"/tablet/games/{game.public_id}/preview/",
        {"hand": entry, "correct": 1},
        content_type="application/json",
    )
    assert response.status_code == 200, response.content.decode()
    return str(response.json()["html"])


def test_a_correction_says_after_which_hand_the_game_still_ends(tablet, game, staff_user):
    """Hand 2 busts seat 0; correcting hand 1 leaves that end where it is: the preview says the
    game ends after hand 2, not as if hand 1 ended it."""
    hand_record(game=game, sequence=1, entry=RON, by=staff_user)
    hand_record(game=game, sequence=2, entry=YAKUMAN_FROM_0, by=staff_user)
    game.refresh_from_db()
    assert game.status == GameStatus.FINISHED
    two_han = {"result": {"kind": "ron", "loser": 0, "wins": [{"winner": 1, "han": 2, "fu": 30}]}}
    html = _correction_preview(tablet, game, two_han)
    assert "訂正後の対局は第2局で終了: 飛び終了" in html, html


def test_a_correction_that_undoes_the_games_end_says_the_game_goes_on(tablet, game, staff_user):
    """Hand 1 busted seat 0 and ended the game; as a 3,900 ron it ends nothing: the finished
    game goes on, and the preview says so before 訂正を保存."""
    hand_record(game=game, sequence=1, entry=YAKUMAN_FROM_0, by=staff_user)
    game.refresh_from_db()
    assert game.status == GameStatus.FINISHED
    html = _correction_preview(tablet, game, RON)
    assert "訂正後の対局は終わっていません: 東2局から続きます。" in html, html


def test_a_hand_entered_again_after_an_undo_is_not_called_a_correction(tablet, game, staff_user):
    """Hand 2 undone and entered again is hand 2's second version, but nobody corrected it: the
    history says 再入力, and keeps （訂正1） for a correction."""
    hand_record(game=game, sequence=1, entry=RON, by=staff_user)
    hand_record(game=game, sequence=2, entry=RON, by=staff_user)
    hand_undo_last(game=game, sequence=2, reason="", by=staff_user)
    hand_record(game=game, sequence=2, entry=RON, by=staff_user)
    two_han = {"result": {"kind": "ron", "loser": 0, "wins": [{"winner": 1, "han": 2, "fu": 30}]}}
    hand_correct(game=game, sequence=1, entry=two_han, reason="翻数の誤り", by=staff_user)
    page = tablet.get(f"/tablet/games/{game.public_id}/history/").content.decode()
    numbers = re.findall(r'<td class="hand-number">(.*?)</td>', page)
    numbers = [re.sub(r"<[^>]+>", "", n) for n in numbers]
    assert numbers == ["第1局", "第1局（訂正1）", "第2局", "第2局（取消後の再入力）"], numbers
