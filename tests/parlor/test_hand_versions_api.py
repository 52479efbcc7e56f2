"""A correction names the version it was made from: a hand corrected or undone since is refused
with a 409 naming who changed it and when, instead of being replaced unseen."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
import time_machine

from parlor.models import AuditAction, AuditEvent, Hand, HandState, MemberRole, ParlorMember
from tests.parlor.conftest import DRAW, RON_1_BY_0, TSUMO_2, ok

pytestmark = pytest.mark.django_db

FIXED = {"result": {"kind": "tsumo", "win": {"winner": 2, "han": 3, "fu": 30}}}
OTHER = {"result": {"kind": "ron", "loser": 1, "wins": [{"winner": 2, "han": 1, "fu": 30}]}}
# 12:05 in Tokyo, the parlor's clock.
AT = datetime(2026, 11, 28, 3, 5, tzinfo=UTC)


@pytest.fixture
def game(table, start_game, record_hand):
    game = start_game(table)
    for sequence, hand in enumerate([RON_1_BY_0, TSUMO_2, DRAW], start=1):
        ok(record_hand(game, hand, sequence=sequence), 201)
    return game


def manager_name(parlor) -> str:
    return ParlorMember.objects.get(parlor=parlor, role=MemberRole.MANAGER).user.username


def correct(client, game, sequence, hand, **body):
    return client.post(
        f"/api/games/{game['id']}/hands/{sequence}/corrections/",
        {"hand": hand, "reason": "wrong value", **body},
        format="json",
    )


def test_a_correction_from_a_version_corrected_since_is_refused_naming_who_and_when(
    game, personas, parlor
):
    with time_machine.travel(AT, tick=False):
        ok(correct(personas["manager"], game, 2, FIXED, version=1), 201)
    response = correct(personas["staff"], game, 2, OTHER, version=1)

    assert response.status_code == 409
    error = response.json()["error"]
    assert error["code"] == "hand_changed_since" and error["field"] == "version"
    assert f"corrected by {manager_name(parlor)} at 2026-11-28 12:05" in error["message"]
    assert "version 2 now" in error["message"]
    versions = Hand.objects.filter(sequence=2).order_by("version")
    assert [(h.version, h.state, h.entry) for h in versions] == [
        (1, HandState.SUPERSEDED, TSUMO_2),
        (2, HandState.CURRENT, FIXED),
    ]
    assert AuditEvent.objects.filter(action=AuditAction.CORRECT).count() == 1


def test_a_correction_from_the_current_version_applies(game, personas):
    ok(correct(personas["manager"], game, 2, FIXED, version=1), 201)
    body = ok(correct(personas["staff"], game, 2, OTHER, version=2), 201)
    current = [h for h in body["hands"] if h["sequence"] == 2 and h["state"] == "current"]
    assert [(h["version"], h["entry"]) for h in current] == [(3, OTHER)]


def test_a_correction_of_a_hand_undone_since_is_refused(game, personas, parlor):
    with time_machine.travel(AT, tick=False):
        ok(personas["manager"].post(f"/api/games/{game['id']}/hands/3/void/", {}, format="json"))
    response = correct(personas["staff"], game, 3, FIXED, version=1)

    assert response.status_code == 409
    error = response.json()["error"]
    assert error["code"] == "hand_undone_since"
    assert f"undone by {manager_name(parlor)} at 2026-11-28 12:05" in error["message"]
    assert not Hand.objects.filter(sequence=3, state=HandState.CURRENT).exists()


def test_a_version_the_hand_never_had_is_a_404(game, staff):
    response = correct(staff, game, 2, FIXED, version=5)
    assert response.status_code == 404
    assert response.json()["error"]["code"] == "hand_version_not_found"
    assert "latest is 1" in response.json()["error"]["message"]


def test_a_correction_without_a_version_still_corrects_the_current_one(game, personas):
    """Clients written before `version` keep working: theirs replaces the current version."""
    ok(correct(personas["manager"], game, 2, FIXED, version=1), 201)
    ok(correct(personas["staff"], game, 2, OTHER), 201)
    assert Hand.objects.get(sequence=2, state=HandState.CURRENT).entry == OTHER


def test_a_resent_correction_gets_its_first_answer_not_a_409(game, staff):
    """The answer was lost and the tablet sends the same correction again with the same key:
    its own correction made the version it names old, yet it is answered, not refused."""
    url = f"/api/games/{game['id']}/hands/2/corrections/"
    body = {"hand": FIXED, "reason": "wrong value", "version": 1}
    first = staff.post(url, body, format="json", headers={"Idempotency-Key": "fix-2"})
    again = staff.post(url, body, format="json", headers={"Idempotency-Key": "fix-2"})
    assert (first.status_code, again.status_code) == (201, 201)
    assert again["Idempotent-Replayed"] == "true" and again.json() == first.json()
    assert Hand.objects.filter(sequence=2).count() == 2


def test_an_undo_of_a_hand_no_longer_the_last_names_the_hand_recorded_since(
    game, personas, parlor, record_hand
):
    response = personas["staff"].post(f"/api/games/{game['id']}/hands/2/void/", {}, format="json")
    assert response.status_code == 409
    error = response.json()["error"]
    assert error["code"] == "not_last_hand"
    assert "hand 3 was recorded by" in error["message"]
    assert Hand.objects.filter(state=HandState.CURRENT).count() == 3


def test_a_second_undo_of_the_same_hand_is_refused_and_voids_nothing_more(game, personas):
    url = f"/api/games/{game['id']}/hands/3/void/"
    ok(personas["manager"].post(url, {}, format="json"))
    response = personas["staff"].post(url, {}, format="json")
    assert response.status_code == 409
    assert response.json()["error"]["code"] == "hand_already_undone"
    assert Hand.objects.filter(state=HandState.CURRENT).count() == 2
    assert Hand.objects.filter(state=HandState.UNDONE).count() == 1


def test_the_schema_says_version_is_optional_and_what_it_guards(client):
    schema = ok(client.get("/api/schema/?format=json"))
    operation = schema["paths"]["/api/games/{game_id}/hands/{sequence}/corrections/"]["post"]
    body = operation["requestBody"]["content"]["application/json"]["schema"]["$ref"]
    correction = schema["components"]["schemas"][body.rsplit("/", 1)[1]]
    assert correction["properties"]["version"]["type"] == "integer"
    assert "version" not in correction["required"]
    assert "hand_changed_since" in operation["description"]
    assert "Without `version`" in operation["description"]
