"""The tablet's endpoints read their input as the API does: any body, however wrong, gets a 400
naming the field with a sentence staff can act on, never a 500, and nothing is stored."""

from __future__ import annotations

import json
import uuid
from dataclasses import dataclass

import pytest
from django.test import Client

from parlor.models import AuditEvent, Game, Hand, HandState, Player
from parlor.services.games import game_start
from parlor.services.hands import hand_record
from parlor.services.seating import Seating

pytestmark = pytest.mark.django_db

RON = {"result": {"kind": "ron", "loser": 0, "wins": [{"winner": 1, "han": 3, "fu": 30}]}}
RON_TEXT = json.dumps(RON)
DEEP = "[" * 1000 + "]" * 1000


@dataclass(frozen=True)
class Endpoint:
    name: str
    path: str  # after /tablet/games/<game>/
    good: dict  # a body the endpoint accepts, which each bad input spoils in one place


PREVIEW = Endpoint("preview", "preview/", {"hand": RON})
RECORD = Endpoint("record", "hands/", {"sequence": 2, "hand": RON})
CORRECT = Endpoint(
    "correct", "hands/1/corrections/", {"hand": RON, "reason": "wrong han", "version": 1}
)
ENDPOINTS = (PREVIEW, RECORD, CORRECT)


def with_raw(endpoint: Endpoint, **raw: str) -> str:
    """The endpoint's good body with some members replaced by raw JSON text (NaN, 1e400...)."""
    members = {key: json.dumps(value) for key, value in endpoint.good.items()}
    members.update(raw)
    return "{" + ", ".join(f"{json.dumps(key)}: {text}" for key, text in members.items()) + "}"


def han(text: str) -> str:
    return RON_TEXT.replace('"han": 3', f'"han": {text}')


ALL, P, R, C = ENDPOINTS, [PREVIEW], [RECORD], [CORRECT]


def spoilt(name, endpoints, code, field="", **raw: str):
    """A case: the good body with members replaced by raw JSON, and the error it must get."""
    return name, endpoints, lambda e: with_raw(e, **raw), None, code, field


def whole(name, body: str | bytes, content_type: str | None = None):
    """A case: a body that is not a JSON object at all, sent to every endpoint."""
    return name, ALL, lambda e: body, content_type, "bad_json", ""


X = "invalid_value"
# (id, endpoints, body, content type, expected code, expected field)
CASES = [
    spoilt("nested-1000-deep", ALL, "bad_json", hand=DEEP),
    whole("nested-body", DEEP),
    spoilt("han-nan", ALL, "bad_json", hand=han("NaN")),
    spoilt("han-infinity", ALL, "bad_json", hand=han("Infinity")),
    spoilt("han-1e400", ALL, "out_of_range", "hand.result.wins[0].han", hand=han("1e400")),
    spoilt("correct-abc", P, X, "correct", correct='"abc"'),
    spoilt("correct-nan", P, "bad_json", correct="NaN"),
    spoilt("correct-1e400", P, "out_of_range", "correct", correct="1e400"),
    spoilt("correct-true", P, X, "correct", correct="true"),
    spoilt("correct-huge", P, "out_of_range", "correct", correct="99999"),
    spoilt("sequence-abc", R, X, "sequence", sequence='"abc"'),
    spoilt("sequence-null", R, "missing_field", "sequence", sequence="null"),
    spoilt("sequence-1.5", R, X, "sequence", sequence="1.5"),
    spoilt("hand-a-list", ALL, X, "hand", hand="[]"),
    spoilt("hand-a-string", ALL, X, "hand", hand='"ron"'),
    spoilt("hand-null", ALL, "missing_field", "hand", hand="null"),
    spoilt("reason-nul", C, "control_characters", "reason", reason='"wrong\\u0000han"'),
    spoilt("reason-escape", C, "control_characters", "reason", reason='"\\u001b[2J"'),
    spoilt("reason-null", C, "reason_required", "reason", reason="null"),
    spoilt("reason-zero", C, X, "reason", reason="0"),
    spoilt("reason-list", C, X, "reason", reason="[]"),
    spoilt("reason-object", C, X, "reason", reason="{}"),
    spoilt("reason-empty", C, "reason_required", "reason", reason='""'),
    spoilt("reason-blank", C, "reason_required", "reason", reason='"   "'),
    spoilt("reason-100000", C, "too_long", "reason", reason=json.dumps("x" * 100_000)),
    whole("not-json", '{"hand": '),
    whole("not-utf8", b'{"hand": "\xff"}'),
    whole("a-list", "[]"),
    whole("a-number", "3"),
    whole("form-encoded", "hand=ron", "application/x-www-form-urlencoded"),
    whole("text-plain", '{"hand": {}}', "text/plain"),
]
PARAMS = [
    pytest.param(endpoint, body, content_type, code, field, id=f"{endpoint.name}-{name}")
    for name, endpoints, body, content_type, code, field in CASES
    for endpoint in endpoints
]


@pytest.fixture
def game(table, players, staff_user) -> Game:
    game = game_start(table=table, players=players[:4], seating=Seating.GIVEN, by=staff_user)
    hand_record(game=game, sequence=1, entry=RON, by=staff_user)
    return game


def stored(game: Game) -> tuple[int, int, list[str]]:
    return (
        Hand.objects.filter(game=game).count(),
        AuditEvent.objects.count(),
        list(Hand.objects.filter(game=game).values_list("reason", flat=True)),
    )


def send(tablet: Client, game: Game, endpoint: Endpoint, body: str | bytes, *, content_type=None):
    return tablet.post(
        f"/tablet/games/{game.public_id}/{endpoint.path}",
        body,
        content_type=content_type or "application/json",
        headers={"Idempotency-Key": uuid.uuid4().hex},
    )


@pytest.mark.parametrize(("endpoint", "body", "content_type", "code", "field"), PARAMS)
def test_bad_input_is_a_400_naming_the_field_and_nothing_is_stored(
    tablet: Client, game: Game, endpoint, body, content_type, code, field
):
    before = stored(game)
    response = send(tablet, game, endpoint, body(endpoint), content_type=content_type)
    assert response.status_code == 400, response.content[:300]
    data = response.json()
    assert data["ok"] is False
    error = data["error"]
    assert (error["code"], error["field"]) == (code, field), error
    # A sentence in the staff's language (Japanese by default) for every code, never the
    # catch-all that only says the entry cannot be recorded.
    assert error["message"] and error["message"] != "この内容では記録できません。", error
    assert stored(game) == before


@pytest.mark.parametrize("endpoint", ENDPOINTS, ids=lambda e: e.name)
def test_the_good_body_of_each_case_is_accepted(tablet: Client, game: Game, endpoint):
    response = send(tablet, game, endpoint, with_raw(endpoint))
    assert response.status_code in (200, 201), response.content[:300]


def test_a_correction_keeps_its_reason_stripped(tablet: Client, game: Game):
    body = {"hand": RON, "reason": "  the han was 2  ", "version": 1}
    url = f"/tablet/games/{game.public_id}/hands/1/corrections/"
    assert tablet.post(url, body, content_type="application/json").status_code == 201
    hand = Hand.objects.get(game=game, sequence=1, state=HandState.CURRENT)
    assert hand.reason == "the han was 2"


@pytest.mark.parametrize(
    ("reason", "code"),
    [
        pytest.param("x" * 501, "too_long", id="too-long"),
        pytest.param("a\x00b", "control_characters", id="nul"),
    ],
)
def test_the_undo_refuses_a_bad_reason_and_keeps_the_hand(tablet: Client, game: Game, reason, code):
    body = {"sequence": 1, "reason": reason}
    response = tablet.post(f"/tablet/games/{game.public_id}/undo/", body, follow=True)
    assert response.status_code == 200
    assert not Hand.objects.filter(game=game, state=HandState.UNDONE).exists()
    shown = [str(m) for m in response.context["messages"]]
    assert shown and "取り消しました" not in shown[0], shown


@pytest.mark.parametrize(
    ("reason", "field_text"),
    [
        pytest.param("x" * 501, "長すぎ", id="too-long"),
        pytest.param("mistake\x00", "特殊文字", id="nul"),
    ],
)
def test_the_void_refuses_a_bad_reason_beside_the_field(
    tablet: Client, game: Game, reason, field_text
):
    response = tablet.post(f"/tablet/games/{game.public_id}/void/", {"reason": reason})
    assert response.status_code == 400
    assert response.context["void_errors"].keys() == {"reason"}
    assert field_text in response.context["void_errors"]["reason"]
    game.refresh_from_db()
    assert game.status != "cancelled"


WALK_IN = {"name": "Sato", "kana": "さとう", "member_number": "", "idempotency_key": "walk-1"}


@pytest.mark.parametrize(
    ("changes", "code", "field"),
    [
        pytest.param({"name": "Sa\x00to"}, "control_characters", "name", id="name-nul"),
        pytest.param({"kana": "さ\x00とう"}, "control_characters", "kana", id="kana-nul"),
        pytest.param(
            {"member_number": "7\x00"}, "control_characters", "member_number", id="no-nul"
        ),
        pytest.param({"name": "   "}, "name_required", "name", id="name-blank"),
        pytest.param({"name": "x" * 100_000}, "too_long", "name", id="name-100000"),
        pytest.param({"member_number": "9" * 21}, "too_long", "member_number", id="no-too-long"),
        pytest.param(
            {"idempotency_key": "k\x00"}, "idempotency_key_invalid", "Idempotency-Key", id="key-nul"
        ),
    ],
)
def test_a_walk_in_with_bad_text_is_refused_beside_the_form(tablet: Client, changes, code, field):
    players = Player.objects.count()
    response = tablet.post("/tablet/counter/walk-in/", {**WALK_IN, **changes})
    assert response.status_code == 400
    error = response.context["error"]
    assert (error["code"], error["field"]) == (code, field)
    assert error["message"] and error["message"] != "この内容では記録できません。", error
    assert response.context["error_player"] == "walk-in"
    assert Player.objects.count() == players


def test_a_good_walk_in_is_still_registered(tablet: Client):
    response = tablet.post("/tablet/counter/walk-in/", {**WALK_IN, "name": "  Sato  "})
    assert response.status_code == 302
    assert Player.objects.filter(name="Sato", kana="さとう", member_number="").exists()


@pytest.mark.parametrize("endpoint", [RECORD, CORRECT], ids=lambda e: e.name)
def test_an_idempotency_key_with_nul_is_a_400_on_the_key(tablet: Client, game: Game, endpoint):
    before = stored(game)
    response = tablet.post(
        f"/tablet/games/{game.public_id}/{endpoint.path}",
        endpoint.good,
        content_type="application/json",
        headers={"Idempotency-Key": "k\x00"},
    )
    assert response.status_code == 400
    assert response.json()["error"]["field"] == "Idempotency-Key"
    assert stored(game) == before
