"""The tablet's hot requests take a fixed number of queries, however many hands the game has.

Each bound is asserted on a game of 2 hands and on one of 20 (with a correction and a voided
hand among them), so a query per hand fails the test. The bounds are what the requests take
today on PostgreSQL and SQLite; raise one only for a query that does not repeat per hand.
"""

from __future__ import annotations

import json
import uuid
from collections.abc import Callable
from typing import Any

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from rest_framework import serializers
from rest_framework.renderers import JSONRenderer
from rest_framework.test import APIClient

from parlor.api.serializers import (
    GameDetailSerializer,
    GameSummarySerializer,
    HandSerializer,
    OutcomeSerializer,
    ResultSerializer,
    SeatSerializer,
)
from parlor.models import Game, Hand, Table
from parlor.selectors.answers import game_answer, when
from parlor.selectors.games import games_of_player
from tests.parlor.conftest import ok
from tests.parlor.factories import PlayerFactory
from tests.parlor.game_driver import play_to_end

# In real transactions, as a request runs (a test transaction would turn each service's
# transaction into a SAVEPOINT and its RELEASE, two statements that are BEGIN and COMMIT, not
# counted, in production).
pytestmark = pytest.mark.django_db(transaction=True)

ALL_TENPAI = {"result": {"kind": "draw", "tenpai": [0, 1, 2, 3]}}  # the dealer keeps the deal
RIICHI_ALL_TENPAI = {"riichi": [1], "result": {"kind": "draw", "tenpai": [0, 1, 2, 3]}}
RON = {"result": {"kind": "ron", "loser": 2, "wins": [{"winner": 3, "han": 2, "fu": 30}]}}
ENDING = {"result": {"kind": "ron", "loser": 2, "wins": [{"winner": 3, "yakuman": 2}]}}

# The token; BEGIN; the game with the user's role at its parlor, locked by the same query; the
# hand, its outcome, the game's new state, the audit event; COMMIT. The short answer is built
# from the hand alone, so the hand, which keeps its Idempotency-Key, is the key's record: a
# retry finds it (its hand is no longer the next one) and gets the answer built again.
RECORD_HAND_MINIMAL_MAX = 8
# The full answer reads the game's seats and its hand versions (one query each, whatever the
# number of hands). It is not kept under the key: a retry finds the hand and builds it again.
RECORD_HAND_MAX = RECORD_HAND_MINIMAL_MAX + 2
# The hand that ends the game also marks its day's reports stale, reads the seats and writes
# the results and the players' stats (the game row keeps each seat's running stats, so no
# hand is read again). No visit can have closed with a game in progress, so there is nothing
# to reconcile. Its verification is queued for a worker on commit (not counted here: the
# eager queue of the tests would run it inside the request).
RECORD_LAST_HAND_MINIMAL_MAX = 12
RECORD_LAST_HAND_MAX = RECORD_LAST_HAND_MINIMAL_MAX + 3  # seats, versions, results
# The staff tablet's own record (what the tablets at the table use; a short answer of the
# hand alone): its session and user instead of the token, then as the minimal answer, and
# the seats' names for the scores the answer carries (instead of a second request, GET /state/).
TABLET_RECORD_HAND_MAX = RECORD_HAND_MINIMAL_MAX + 2


def after_a_void(game: dict[str, Any]) -> int:
    """The query more in a game in which a hand was voided (the 20-hand game here): the
    versions of the hand's number and a hand with the request's key, in one query, for the
    minimal and the full answer alike."""
    voided = Game.objects.get(public_id=game["id"]).hands_voided > 0
    return 1 if voided else 0


PREVIEW_HAND_MAX = 4  # token, the game with the role, hands, seats
GAME_DETAIL_MAX = 4  # token, game with role, seats, hand versions (no results in progress)
TABLE_DETAIL_MAX = 8  # token, the table with the role, its game with seats, ruleset, seating
TABLE_LIST_MAX = 8  # the same for every table of the parlor at once (tables_state)


def _played(staff: APIClient, game: dict[str, Any], count: int) -> dict[str, Any]:
    """`game` after `count` hands that never end it; a long game also has a correction and a
    voided hand recorded again, so it holds every kind of version."""
    for number in range(count):
        hand = RIICHI_ALL_TENPAI if number % 3 == 1 else ALL_TENPAI
        game = ok(_post_hand(staff, game, hand), 201)
    if count >= 3:
        correction = {"hand": ALL_TENPAI, "reason": "riichi entered by mistake"}
        corrections = f"/api/games/{game['id']}/hands/2/corrections/"
        ok(staff.post(corrections, correction, format="json"), 201)
        last = f"/api/games/{game['id']}/hands/{count}/void/"
        game = ok(staff.post(last, {"reason": "wrong table"}, format="json"))
        game = ok(_post_hand(staff, game, ALL_TENPAI), 201)
    assert game["status"] == "in_progress" and game["hand_count"] == count
    return game


def _post_hand(
    staff: APIClient, game: dict[str, Any], hand: dict[str, Any], *, minimal: bool = False
) -> Any:
    headers = {"Idempotency-Key": str(uuid.uuid4())}
    if minimal:
        headers["Prefer"] = "return=minimal"
    return staff.post(
        f"/api/games/{game['id']}/hands/",
        {"sequence": game["hand_count"] + 1, "hand": hand},
        format="json",
        headers=headers,
    )


@pytest.fixture(params=[2, 20], ids=["2-hands", "20-hands"])
def game(
    request: pytest.FixtureRequest,
    staff: APIClient,
    table: Table,
    start_game: Callable[..., dict[str, Any]],
) -> dict[str, Any]:
    return _played(staff, start_game(table), request.param)


def test_recording_a_hand_takes_the_same_queries_however_long_the_game(
    staff, game, django_assert_max_num_queries
):
    with django_assert_max_num_queries(RECORD_HAND_MAX + after_a_void(game)):
        body = ok(_post_hand(staff, game, RON), 201)
    assert body["hand_count"] == game["hand_count"] + 1


def test_the_minimal_answer_takes_the_same_statements_however_long_the_game(
    staff, game, django_assert_max_num_queries
):
    with django_assert_max_num_queries(RECORD_HAND_MINIMAL_MAX + after_a_void(game)):
        response = _post_hand(staff, game, RON, minimal=True)
    body = ok(response, 201)
    assert response["Preference-Applied"] == "return=minimal"
    assert body["game"]["hand_count"] == game["hand_count"] + 1
    assert body["hand"]["sequence"] == game["hand_count"] + 1
    after = ok(staff.get(f"/api/games/{game['id']}/"))
    assert body["hand"] == after["hands"][-1] and body["hand"]["outcome"]["deltas"][3] > 0
    assert {k: after[k] for k in ("scores", "sticks", "next")} == {
        k: body["game"][k] for k in ("scores", "sticks", "next")
    }


@pytest.fixture
def verify_queued(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The games whose verification the request queued (left to a worker, not run here)."""
    queued: list[int] = []
    monkeypatch.setattr(
        "parlor.services.hands.enqueue_verify_if_finished", lambda game: queued.append(game.pk)
    )
    return queued


def test_the_minimal_answer_to_the_hand_that_ends_the_game(
    staff, game, django_assert_max_num_queries, verify_queued
):
    with django_assert_max_num_queries(RECORD_LAST_HAND_MINIMAL_MAX + after_a_void(game)):
        body = ok(_post_hand(staff, game, ENDING, minimal=True), 201)
    assert body["game"]["status"] == "finished" and body["game"]["next"] is None
    after = ok(staff.get(f"/api/games/{game['id']}/"))
    assert after["end_reason"] == "tobi" and len(after["results"]) == 4
    assert body["hand"] == after["hands"][-1] and body["game"]["scores"] == after["scores"]
    assert len(verify_queued) == 1


def test_the_tablet_records_a_hand_in_the_same_queries_however_long_the_game(
    tablet, game, django_assert_max_num_queries
):
    url = f"/tablet/games/{game['id']}/hands/"
    body = {"sequence": game["hand_count"] + 1, "hand": RON}
    with django_assert_max_num_queries(TABLET_RECORD_HAND_MAX + after_a_void(game)):
        response = tablet.post(
            url, body, content_type="application/json", headers={"Idempotency-Key": "t-1"}
        )
    assert response.status_code == 201, response.content.decode()
    assert Game.objects.get(public_id=game["id"]).hand_count == game["hand_count"] + 1


def test_the_hand_that_ends_the_game_takes_the_same_queries_however_long_the_game(
    staff, game, django_assert_max_num_queries, verify_queued
):
    game_now = ok(staff.get(f"/api/games/{game['id']}/"))
    assert game_now["scores"][2] < 64000  # a double yakuman (64,000) busts seat 2
    with django_assert_max_num_queries(RECORD_LAST_HAND_MAX + after_a_void(game)):
        body = ok(_post_hand(staff, game, ENDING), 201)
    assert (body["status"], body["end_reason"]) == ("finished", "tobi")


def test_previewing_a_hand_takes_the_same_queries_however_long_the_game(
    staff, game, django_assert_max_num_queries
):
    with django_assert_max_num_queries(PREVIEW_HAND_MAX):
        ok(staff.post(f"/api/games/{game['id']}/hands/preview/", {"hand": RON}, format="json"))


def test_reading_a_game_takes_the_same_queries_however_long_the_game(
    staff, game, django_assert_max_num_queries
):
    with django_assert_max_num_queries(GAME_DETAIL_MAX):
        body = ok(staff.get(f"/api/games/{game['id']}/"))
    assert len(body["hands"]) >= body["hand_count"]


def test_the_floor_takes_the_same_queries_however_long_the_game(
    staff, table, game, django_assert_max_num_queries
):
    with django_assert_max_num_queries(TABLE_LIST_MAX):
        tables = ok(staff.get("/api/tables/"))
    assert tables[0]["game"]["hand_count"] == game["hand_count"]
    with django_assert_max_num_queries(TABLE_DETAIL_MAX):
        ok(staff.get(f"/api/tables/{table.public_id}/"))


def _fields(serializer: type[serializers.Serializer[Any]]) -> set[str]:
    return set(serializer().fields)


def test_the_game_answer_has_the_fields_the_schema_documents(staff, table, game, start_game):
    """The one builder of the game's answer (selectors.answers) writes what the OpenAPI schema
    says, field for field, for a game in progress (corrected and voided versions included) and
    for a finished one; its times are written as DRF writes them."""
    finished_table = Table.objects.create(parlor=table.parlor, label="2", ruleset_key="standard")
    others = PlayerFactory.create_batch(4, parlor=table.parlor)  # the first game's are playing
    body = {"players": [str(p.public_id) for p in others], "seating": "given"}
    started = ok(
        staff.post(f"/api/tables/{finished_table.public_id}/games/", body, format="json"), 201
    )
    finished = play_to_end(staff, started["id"])
    for public_id in (game["id"], finished["id"]):
        answer = game_answer(Game.objects.select_related("table").get(public_id=public_id))
        assert set(answer) == _fields(GameDetailSerializer)
        assert all(set(seat) == _fields(SeatSerializer) for seat in answer["seats"])
        assert all(set(result) == _fields(ResultSerializer) for result in answer["results"])
        assert all(set(hand) == _fields(HandSerializer) for hand in answer["hands"])
        assert all(set(h["outcome"]) == _fields(OutcomeSerializer) for h in answer["hands"])
        assert _json(ok(staff.get(f"/api/games/{public_id}/"))) == _json(answer)
    assert len(finished["results"]) == 4
    played = game_answer(Game.objects.select_related("table").get(public_id=game["id"]))
    states = {hand["state"] for hand in played["hands"]}
    assert states == {"current", "superseded", "voided"} if game["hand_count"] > 2 else {"current"}
    hand = Hand.objects.filter(voided_at__isnull=False).first() or Hand.objects.first()
    assert hand is not None
    for value in (hand.entered_at, hand.voided_at):
        drf = None if value is None else serializers.DateTimeField().to_representation(value)
        assert when(value) == drf


def test_a_players_games_are_written_as_the_summary_schema_says(staff, table, game):
    """A player's games come from the game answer's builder (selectors.answers), byte for byte
    what GameSummarySerializer, the schema's, writes: a game in progress and a finished one."""
    finished_table = Table.objects.create(parlor=table.parlor, label="2", ruleset_key="standard")
    others = PlayerFactory.create_batch(4, parlor=table.parlor)
    body = {"players": [str(p.public_id) for p in others], "seating": "given"}
    started = ok(
        staff.post(f"/api/tables/{finished_table.public_id}/games/", body, format="json"), 201
    )
    play_to_end(staff, started["id"])
    playing = Game.objects.get(public_id=game["id"]).seats.first()
    assert playing is not None
    for player in (others[0], playing.player):
        response = staff.get(f"/api/players/{player.public_id}/games/")
        schema = GameSummarySerializer(games_of_player(player), many=True).data
        assert response.status_code == 200 and response.json()
        assert response.content == JSONRenderer().render(schema)
    assert ok(staff.get(f"/api/players/{others[0].public_id}/games/"))[0]["results"]


def test_a_players_games_take_the_same_queries_for_one_game_or_three(staff, table):
    """GET /api/players/{id}/games/ reads the games, their seats and their results, each with
    its players, in a fixed number of queries however many games the player played."""
    players = PlayerFactory.create_batch(4, parlor=table.parlor)
    body = {"players": [str(p.public_id) for p in players], "seating": "given"}
    url = f"/api/players/{players[0].public_id}/games/"

    def finish_a_game() -> int:
        started = ok(staff.post(f"/api/tables/{table.public_id}/games/", body, format="json"), 201)
        play_to_end(staff, started["id"])
        with CaptureQueriesContext(connection) as read:
            answer = ok(staff.get(url))
        assert all(len(game["results"]) == 4 for game in answer)
        return len(read.captured_queries)

    after_one = finish_a_game()
    finish_a_game()
    assert finish_a_game() == after_one


def _is_a_fresh_read(staff: APIClient, answer: dict[str, Any]) -> None:
    """The answer of a write is the game as a GET reads it afterwards (the write builds it
    from the rows it read and wrote instead of reading them again)."""
    assert _json(answer) == _json(ok(staff.get(f"/api/games/{answer['id']}/")))


def test_the_record_answer_is_the_game_as_read_after_it(staff, game):
    """A game of 2 hands, and one of 20 with a correction and a voided hand among them."""
    for _ in range(2):
        game = ok(_post_hand(staff, game, RON), 201)
        _is_a_fresh_read(staff, game)


def test_the_answer_to_the_hand_that_ends_the_game_is_the_game_as_read_after_it(staff, game):
    ending = {"result": {"kind": "ron", "loser": 2, "wins": [{"winner": 3, "yakuman": 2}]}}
    body = ok(_post_hand(staff, game, ending), 201)
    assert body["status"] == "finished" and body["results"]
    _is_a_fresh_read(staff, body)


def test_the_record_answer_after_corrections_and_voids_is_the_game_as_read_after_it(
    staff, table, start_game
):
    game = _played(staff, start_game(table), 3)
    url = f"/api/games/{game['id']}/hands"
    correction = {"hand": RIICHI_ALL_TENPAI, "reason": "riichi forgotten"}
    _is_a_fresh_read(staff, ok(staff.post(f"{url}/3/corrections/", correction, format="json"), 201))
    # Hand 4, after a correction of hand 3.
    _is_a_fresh_read(staff, ok(_post_hand(staff, game, RON), 201))
    ok(staff.post(f"{url}/4/void/", {"reason": "wrong table"}, format="json"))
    game = ok(staff.post(f"{url}/3/void/", {"reason": "wrong table"}, format="json"))
    _is_a_fresh_read(staff, game)
    # Hand 3 again, a new version after a voided, a corrected and a voided one, while a
    # voided hand 4 comes after it.
    body = ok(_post_hand(staff, game, RIICHI_ALL_TENPAI), 201)
    assert [(h["sequence"], h["version"], h["state"]) for h in body["hands"][-5:]] == [
        (3, 1, "voided"),
        (3, 2, "superseded"),
        (3, 3, "voided"),
        (3, 4, "current"),
        (4, 1, "voided"),
    ]
    _is_a_fresh_read(staff, body)


def _json(data: Any) -> str:
    return json.dumps(data, sort_keys=True)
