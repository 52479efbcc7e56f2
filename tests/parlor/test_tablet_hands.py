"""Hand entry on the tablet: preview before it counts, record once per key, correct, errors
in words beside the field."""

from __future__ import annotations

import gzip

import pytest
from django.test import Client

from parlor.models import Game, Hand, HandState, IdempotencyRecord
from parlor.services.games import game_start
from parlor.services.hands import hand_record
from parlor.services.replays import game_start_state_store
from parlor.services.seating import Seating
from tests.parlor.factories import TableFactory

pytestmark = pytest.mark.django_db
RON = {"result": {"kind": "ron", "loser": 0, "wins": [{"winner": 1, "han": 3, "fu": 30}]}}
TSUMO = {"riichi": [2], "result": {"kind": "tsumo", "win": {"winner": 2, "han": 2, "fu": 30}}}


@pytest.fixture
def game(table, players, staff_user) -> Game:
    return game_start(table=table, players=players[:4], seating=Seating.GIVEN, by=staff_user)


def post(client: Client, url: str, body: dict, **headers: str):
    return client.post(url, body, content_type="application/json", headers=headers or None)


def test_the_preview_shows_every_transfer_and_stores_nothing(tablet, game):
    response = post(tablet, f"/tablet/games/{game.public_id}/preview/", {"hand": TSUMO})
    data = response.json()
    assert response.status_code == 200 and data["ok"] is True
    # The riichi stick onto the table, three tsumo payments, the stick back to the winner.
    assert data["html"].count("data-transfer") == 5
    assert "リーチ棒" in data["html"] and "次局: 東2局" in data["html"]
    assert not Hand.objects.exists()


def test_an_engine_error_comes_back_in_words_for_the_value_field(tablet, game):
    bad = {"result": {"kind": "ron", "loser": 0, "wins": [{"winner": 1, "han": 1, "fu": 25}]}}
    response = post(tablet, f"/tablet/games/{game.public_id}/preview/", {"hand": bad})
    error = response.json()["error"]
    assert response.status_code == 400
    assert error["code"] == "impossible_value" and error["area"] == "value"
    assert error["message"] == "この翻数と符の組み合わせはありえません。"
    assert error["field"] == "result.wins[0].fu"


def test_a_nagashi_under_a_ruleset_without_it_is_refused_in_words_beside_the_seats(
    tablet, parlor, players, staff_user
):
    # EMA 2016: "Nagashi Mangan is not allowed." The draw is refused, nothing is paid.
    table = TableFactory(parlor=parlor, label="ema", ruleset_key="ema")
    game = game_start(table=table, players=players[:4], seating=Seating.GIVEN, by=staff_user)
    draw = {"result": {"kind": "draw", "tenpai": [1], "nagashi": [2]}}
    response = post(tablet, f"/tablet/games/{game.public_id}/preview/", {"hand": draw})
    error = response.json()["error"]
    assert response.status_code == 400
    assert error["code"] == "nagashi_not_allowed" and error["area"] == "seats"
    assert error["field"] == "result.nagashi"
    assert error["message"] == (
        "このルールに流し満貫はありません。流局はテンパイのプレイヤーだけで入力してください。"
    )


def test_errors_are_in_english_when_english_is_chosen(tablet, game):
    tablet.cookies["django_language"] = "en"
    bad = {"result": {"kind": "tsumo", "loser": 1, "win": {"winner": 2, "han": 2, "fu": 30}}}
    error = post(tablet, f"/tablet/games/{game.public_id}/preview/", {"hand": bad}).json()["error"]
    assert error["code"] == "tsumo_with_loser" and error["area"] == "seats"
    assert "a tsumo has no loser" in error["message"].lower()


def test_the_dealer_is_offered_the_stop_only_where_the_engine_allows_it(
    tablet, parlor, players, staff_user
):
    table = TableFactory(parlor=parlor, label="stop", ruleset_key="standard")
    game = game_start(table=table, players=players[:4], seating=Seating.GIVEN, by=staff_user)
    url = f"/tablet/games/{game.public_id}/preview/"
    assert post(tablet, url, {"hand": RON}).json()["can_stop"] is False
    # South 4 with seat 3 dealing: a dealer's win while top may stop (optional_if_top).
    game.start_state = {
        "round_wind": "S",
        "round_number": 4,
        "scores": [20000, 20000, 20000, 40000],
    }
    game.save(update_fields=["start_state"])
    game_start_state_store(game)  # the game resumed there, as an import resumes one
    dealer_win = {
        "result": {"kind": "ron", "loser": 0, "wins": [{"winner": 3, "han": 1, "fu": 30}]}
    }
    assert post(tablet, url, {"hand": dealer_win}).json()["can_stop"] is True


def test_a_hand_is_recorded_once_per_idempotency_key(tablet, game):
    url = f"/tablet/games/{game.public_id}/hands/"
    first = post(tablet, url, {"sequence": 1, "hand": RON}, **{"Idempotency-Key": "k-1"})
    again = post(tablet, url, {"sequence": 1, "hand": RON}, **{"Idempotency-Key": "k-1"})
    assert first.status_code == 201 and first.json()["replayed"] is False
    assert again.status_code == 201 and again.json()["replayed"] is True
    assert again["Idempotent-Replayed"] == "true"
    assert Hand.objects.filter(game=game).count() == 1
    # The tablet's answer is of the hand alone: the hand, which keeps the key, is its record.
    assert Hand.objects.get(game=game).idempotency_key == "k-1"
    assert not IdempotencyRecord.objects.exists()
    game.refresh_from_db()
    assert game.hand_count == 1 and game.scores == [21100, 28900, 25000, 25000]


def test_a_second_tablet_entering_the_same_hand_gets_a_conflict(tablet, game, staff_user):
    hand_record(game=game, sequence=1, entry=RON, by=staff_user)
    response = post(
        tablet,
        f"/tablet/games/{game.public_id}/hands/",
        {"sequence": 1, "hand": TSUMO},
        **{"Idempotency-Key": "other"},
    )
    assert response.status_code == 409
    assert response.json()["error"]["code"] == "hand_already_recorded"
    assert Hand.objects.filter(game=game).count() == 1


def test_the_record_answers_with_the_state_the_page_shows_next(tablet, game, staff_user):
    """The banner after 確定 comes from one round trip: the answer carries the scores, winds
    and round after the hand, as GET /state/ draws them; a retry gets the state as it stands."""
    url = f"/tablet/games/{game.public_id}/hands/"
    first = post(tablet, url, {"sequence": 1, "hand": RON}, **{"Idempotency-Key": "k-1"}).json()
    fragment = tablet.get(f"/tablet/games/{game.public_id}/state/").content.decode()
    assert first["state"] == fragment
    assert first["state"].startswith('<div id="game-state" data-sequence="2"')
    assert "28,900" in first["state"] and "東2局" in first["state"]
    hand_record(game=game, sequence=2, entry=TSUMO, by=staff_user)
    again = post(tablet, url, {"sequence": 1, "hand": RON}, **{"Idempotency-Key": "k-1"}).json()
    assert again["replayed"] is True and again["sequence"] == 1
    assert again["state"].startswith('<div id="game-state" data-sequence="3"')
    refused = post(tablet, url, {"sequence": 3, "hand": {"result": {"kind": "ron"}}})
    assert refused.status_code == 400 and "state" not in refused.json()


def test_the_state_fragment_gives_the_next_hand_number(tablet, game, staff_user):
    hand_record(game=game, sequence=1, entry=RON, by=staff_user)
    page = tablet.get(f"/tablet/games/{game.public_id}/state/").content.decode()
    assert page.startswith('<div id="game-state" data-sequence="2"')
    assert "28,900" in page and "東2局" in page


def test_a_correction_previews_the_new_game_then_needs_a_reason(tablet, game, staff_user):
    hand_record(game=game, sequence=1, entry=RON, by=staff_user)
    hand_record(game=game, sequence=2, entry=TSUMO, by=staff_user)
    fixed = {"result": {"kind": "ron", "loser": 0, "wins": [{"winner": 1, "han": 4, "fu": 30}]}}
    page = tablet.get(f"/tablet/games/{game.public_id}/hands/1/correct/").content.decode()
    assert "第1局の訂正" in page and "3翻30符" in page
    assert 'data-version="1"' in page  # the version the correction is made from
    preview = post(
        tablet, f"/tablet/games/{game.public_id}/preview/", {"hand": fixed, "correct": 1}
    ).json()
    assert preview["ok"] and "訂正後の持ち点" in preview["html"] and "7,700" in preview["html"]
    url = f"/tablet/games/{game.public_id}/hands/1/corrections/"
    missing = post(tablet, url, {"hand": fixed, "reason": " ", "version": 1})
    assert missing.status_code == 400 and missing.json()["error"]["area"] == "reason"
    done = post(tablet, url, {"hand": fixed, "reason": "4翻でした", "version": 1})
    assert done.status_code == 201 and done.json()["redirect"].endswith("/history/")
    versions = Hand.objects.filter(game=game, sequence=1).order_by("version")
    assert [h.state for h in versions] == [HandState.SUPERSEDED, HandState.CURRENT]
    history = tablet.get(f"/tablet/games/{game.public_id}/history/").content.decode()
    assert "訂正済" in history and "訂正理由: 4翻でした" in history


def test_a_preview_of_a_finished_game_is_refused_in_words(tablet, game, staff_user):
    tablet.post(f"/tablet/games/{game.public_id}/finish/")
    response = post(tablet, f"/tablet/games/{game.public_id}/preview/", {"hand": RON})
    assert response.status_code == 409
    assert response.json()["error"]["message"].startswith("対局は終了しています")


def test_a_body_that_is_not_json_is_a_clear_error(tablet, game):
    response = tablet.post(
        f"/tablet/games/{game.public_id}/hands/", "nope", content_type="application/json"
    )
    assert response.status_code == 400 and response.json()["error"]["code"] == "bad_json"


def test_the_game_page_is_sent_compressed_and_names_no_live_link(tablet, game):
    url = f"/tablet/games/{game.public_id}/"
    plain = tablet.get(url)
    packed = tablet.get(url, headers={"Accept-Encoding": "gzip"})
    assert "Content-Encoding" not in plain and packed["Content-Encoding"] == "gzip"
    assert "Accept-Encoding" in packed["Vary"]
    html = gzip.decompress(packed.content).decode()
    assert len(packed.content) * 3 < len(html)
    assert 'id="game-state"' in html and 'name="csrf-token"' in html
    assert "/live/" not in html  # the signed link is behind the QR dialog, not on the page
