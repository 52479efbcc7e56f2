"""A closed visit refuses every change with 409, a stand-in (代走) included, and every change of
money or of what a visit will pay writes an audit event: ラス半, stand-ins, money settings, and
the adjustments a correction makes after a check-out."""

from __future__ import annotations

import pytest

from parlor.models import Adjustment, AuditAction, AuditEvent, VisitGame
from tests.parlor.money_helpers import (
    FOUR_PLAYER_EXAMPLE,
    check_out,
    example_setup,
    money_settings,
    play,
    ron,
    start,
)

pytestmark = pytest.mark.django_db


@pytest.fixture
def played(parlor, players, personas):
    """The four-player example played; every player still checked in."""
    staff, four, _, visits = example_setup(parlor, players, personas)
    game = play(staff, start(staff, four, players[:4]), FOUR_PLAYER_EXAMPLE)
    return staff, game, visits


def events(subject_type: str) -> list[AuditEvent]:
    return list(AuditEvent.objects.filter(subject_type=subject_type).order_by("at", "id"))


def stand_in(staff, visit, game, note="トイレ中の代走"):
    return staff.post(
        f"/api/visits/{visit['visit']['id']}/stand-in/",
        {"game": game["id"], "note": note},
        format="json",
    )


def test_a_stand_in_on_a_closed_visit_is_refused_and_changes_nothing(played, players):
    staff, game, visits = played
    visit = visits[players[0].pk]
    check_out(staff, visit)
    answer = stand_in(staff, visit, game)
    assert answer.status_code == 409
    assert answer.json()["error"]["code"] == "visit_closed"
    link = VisitGame.objects.get(visit__public_id=visit["visit"]["id"])
    assert (link.stand_in_by, link.stand_in_note) == (None, "")
    assert events("stand_in") == []


def test_a_stand_in_is_audited_with_who_and_the_note(played, players):
    staff, game, visits = played
    assert stand_in(staff, visits[players[1].pk], game).status_code == 200
    [event] = events("stand_in")
    assert event.action == AuditAction.CREATE and str(event.game.public_id) == game["id"]
    assert event.after["note"] == "トイレ中の代走" and event.after["stand_in_by"]


def test_a_last_game_call_and_its_taking_back_are_audited(played, players):
    staff, _, visits = played
    url = f"/api/visits/{visits[players[2].pk]['visit']['id']}/last-game/"
    assert staff.post(url, {"called": True}, format="json").status_code == 200
    assert staff.post(url, {"called": True}, format="json").status_code == 200  # no change
    assert staff.post(url, {"called": False}, format="json").status_code == 200
    assert [e.action for e in events("last_game_call")] == [AuditAction.CREATE, AuditAction.UNDO]


def test_money_settings_are_audited_with_before_and_after(personas):
    manager = personas["manager"]
    money_settings(manager, 4, rate_yen_per_p=50)
    money_settings(manager, 4, rate_yen_per_p=100)
    first, second = events("money_settings")
    assert first.action == AuditAction.CREATE and first.before is None
    assert second.action == AuditAction.CORRECT
    assert (second.before["rate_yen_per_p"], second.after["rate_yen_per_p"]) == (50, 100)


def test_the_adjustment_a_late_correction_makes_is_audited(played, players):
    staff, game, visits = played
    staff.post(f"/api/games/{game['id']}/finish/")
    check_out(staff, visits[players[1].pk])
    answer = staff.post(
        f"/api/games/{game['id']}/hands/1/corrections/",
        {"hand": ron(3, 1, chips=2, han=6), "reason": "跳満でした"},
        format="json",
    )
    assert answer.status_code in (200, 201), answer.content
    made = Adjustment.objects.get(player=players[1])
    [event] = [e for e in events("adjustment") if e.subject_id == str(made.public_id)]
    assert event.after["amount_yen"] == made.amount_yen and event.reason == "跳満でした"
