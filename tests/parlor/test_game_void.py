"""Voiding a game (無効): a game started by mistake counts for nothing, one with hands needs a
manager, a finished one is reversed by adjustments, never by editing a receipt."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from parlor.models import (
    Adjustment,
    AdjustmentKind,
    AuditAction,
    AuditEvent,
    Game,
    GameSeatStats,
    MemberRole,
    ParlorMember,
    Settlement,
    SettlementLine,
    Visit,
)
from parlor.services.standings import standings_between
from parlor.services.stats import player_stats
from tests.parlor.conftest import RON_1_BY_0, ok
from tests.parlor.money_helpers import (
    FOUR_PLAYER_EXAMPLE,
    check_in,
    check_out,
    example_setup,
    play,
    ron,
    start,
)

pytestmark = pytest.mark.django_db


def _void(client, game, reason="卓を間違えた", **manager):
    return client.post(
        f"/api/games/{game['id']}/cancel/", {"reason": reason, **manager}, format="json"
    )


def _manager(parlor):
    return ParlorMember.objects.get(parlor=parlor, role=MemberRole.MANAGER).user


def _staff(parlor):
    return ParlorMember.objects.get(parlor=parlor, role=MemberRole.STAFF).user


def _error(response, status):
    assert response.status_code == status, response.content.decode()
    return response.json()["error"]


@pytest.fixture
def floor(parlor, players, personas):
    """The example parlor: every player checked in, a four-player table."""
    staff, four, _, visits = example_setup(parlor, players, personas)
    return staff, four, visits


def test_staff_void_a_game_without_hands_and_it_counts_for_nothing(parlor, players, floor):
    staff, four, visits = floor
    game = start(staff, four, players[:4])
    body = ok(_void(staff, game, reason="  卓を間違えた  "))
    assert body["status"] == "cancelled" and body["cancel_reason"] == "卓を間違えた"
    row = Game.objects.get(public_id=game["id"])
    assert row.voided_by == _staff(parlor) and row.void_confirmed_by is None
    assert row.ended_at is not None
    event = AuditEvent.objects.get(game=row, action=AuditAction.GAME_VOID)
    assert event.reason == "卓を間違えた"
    assert event.before["status"] == "in_progress" and event.after["status"] == "cancelled"
    assert event.after["confirmed_by"] is None
    # The players are free for the right table, and their receipt has nothing for the game.
    again = start(staff, four, players[:4])
    assert again["status"] == "in_progress"
    receipt = ok(staff.get(f"/api/visits/{visits[players[0].pk]['visit']['id']}/"))
    assert receipt["lines"] == [] and receipt["totals"]["total_yen"] == 0


def test_a_reason_is_required(players, floor):
    staff, four, _ = floor
    game = start(staff, four, players[:4])
    error = _error(_void(staff, game, reason="   "), 400)
    assert error["field"] == "reason"
    assert Game.objects.get(public_id=game["id"]).status == "in_progress"


def test_staff_alone_cannot_void_a_game_with_hands(players, floor):
    staff, four, _ = floor
    game = play(staff, start(staff, four, players[:4]), [RON_1_BY_0])
    error = _error(_void(staff, game), 403)
    assert (error["code"], error["field"]) == ("manager_confirmation_required", "manager_username")
    assert Game.objects.get(public_id=game["id"]).status == "in_progress"


def test_a_wrong_manager_password_or_a_staff_login_is_refused_next_to_the_password(
    parlor, players, floor
):
    staff, four, _ = floor
    game = play(staff, start(staff, four, players[:4]), [RON_1_BY_0])
    manager = _manager(parlor).get_username()
    wrong = _error(_void(staff, game, manager_username=manager, manager_password="nope"), 400)
    assert (wrong["code"], wrong["field"]) == ("manager_password_wrong", "manager_password")
    not_a_manager = _void(
        staff, game, manager_username=_staff(parlor).get_username(), manager_password="pw"
    )
    assert _error(not_a_manager, 400)["field"] == "manager_password"
    assert Game.objects.get(public_id=game["id"]).status == "in_progress"


def test_a_manager_confirms_the_void_of_a_game_with_hands(parlor, players, floor):
    staff, four, _ = floor
    game = play(staff, start(staff, four, players[:4]), [RON_1_BY_0])
    manager = _manager(parlor)
    body = ok(_void(staff, game, manager_username=manager.get_username(), manager_password="pw"))
    assert body["status"] == "cancelled"
    row = Game.objects.get(public_id=game["id"])
    assert (row.voided_by, row.void_confirmed_by) == (_staff(parlor), manager)
    event = AuditEvent.objects.get(game=row, action=AuditAction.GAME_VOID)
    assert event.after["confirmed_by"] == manager.get_username()
    assert event.before["hand_count"] == 1  # the hands stay in the log
    assert row.hands.count() == 1


def test_staff_cannot_void_a_finished_game_a_manager_can(parlor, players, personas, floor):
    staff, four, _ = floor
    game = play(staff, start(staff, four, players[:4]), FOUR_PLAYER_EXAMPLE)
    assert game["status"] == "finished"
    assert _error(_void(staff, game), 403)["code"] == "manager_confirmation_required"
    ok(_void(personas["manager"], game, reason="別卓の記録"))
    row = Game.objects.get(public_id=game["id"])
    assert row.void_confirmed_by == _manager(parlor)
    assert _error(_void(personas["manager"], game), 409)["code"] == "game_cancelled"


def test_voiding_a_settled_game_reverses_each_receipt_line_by_an_adjustment(
    parlor, players, personas, floor
):
    staff, four, visits = floor
    game = play(staff, start(staff, four, players[:4]), FOUR_PLAYER_EXAMPLE)
    receipts = {p.pk: check_out(staff, visits[p.pk]) for p in players[:4]}
    lines_before = list(SettlementLine.objects.values())
    ok(_void(personas["manager"], game, reason="別卓の記録"))
    paid = {pk: r["lines"][0]["amount_yen"] for pk, r in receipts.items()}
    # settlement.md's example: the fees (4 × 400 + the top prize 200) are the parlor's.
    assert sorted(paid.values()) == [-2900, -1150, -50, 2300]
    adjustments = {a.player_id: a for a in Adjustment.objects.all()}
    assert {pk: a.amount_yen for pk, a in adjustments.items()} == {
        pk: -amount for pk, amount in paid.items()
    }
    top = adjustments[players[1].pk]
    assert top.kind == AdjustmentKind.CORRECTION and top.game.public_id.hex == game["id"].replace(
        "-", ""
    )
    assert top.corrects_settlement == Settlement.objects.get(visit__player=players[1])
    assert "別卓の記録" in top.reason and top.created_by == _manager(parlor)
    assert list(SettlementLine.objects.values()) == lines_before  # receipts never change
    # The next visit settles it: the top gives back what the game paid them.
    receipt = check_out(staff, check_in(staff, players[1]))
    assert receipt["totals"]["total_yen"] == -2300


def test_the_reversal_counts_the_corrections_already_made(parlor, players, personas, floor):
    staff, four, visits = floor
    game = play(staff, start(staff, four, players[:4]), FOUR_PLAYER_EXAMPLE)
    receipts = {p.pk: check_out(staff, visits[p.pk]) for p in players[:4]}
    ok(
        staff.post(
            f"/api/games/{game['id']}/hands/1/corrections/",
            {"hand": ron(3, 1, chips=2, han=6), "reason": "跳満の申告漏れ"},
            format="json",
        ),
        201,
    )
    ok(_void(personas["manager"], game, reason="別卓の記録"))
    owed = {}
    for a in Adjustment.objects.all():
        owed[a.player_id] = owed.get(a.player_id, 0) + a.amount_yen
    for p in players[:4]:  # the line and every adjustment since add up to nothing
        assert receipts[p.pk]["lines"][0]["amount_yen"] + owed.get(p.pk, 0) == 0


def test_an_open_visit_stops_counting_a_voided_finished_game(players, personas, floor):
    staff, four, visits = floor
    game = play(staff, start(staff, four, players[:4]), FOUR_PLAYER_EXAMPLE)
    visit_id = visits[players[0].pk]["visit"]["id"]
    assert ok(staff.get(f"/api/visits/{visit_id}/"))["totals"]["fees_yen"] == 400
    ok(_void(personas["manager"], game))
    receipt = check_out(staff, visits[players[0].pk])
    assert receipt["lines"] == []
    assert receipt["totals"] == {
        "points_yen": 0,
        "chips_yen": 0,
        "fees_yen": 0,
        "adjustments_yen": 0,
        "total_yen": 0,
    }
    assert not Adjustment.objects.exists()


def test_a_voided_game_is_in_no_standings_and_no_statistics(parlor, players, personas, floor):
    staff, four, _ = floor
    game = play(staff, start(staff, four, players[:4]), FOUR_PLAYER_EXAMPLE)
    assert GameSeatStats.objects.filter(game__public_id=game["id"]).count() == 4
    assert player_stats(players[1])[0].games == 1
    day = timedelta(days=1)
    assert standings_between(parlor, timezone.now() - day, timezone.now() + day) != []
    ok(_void(personas["manager"], game))
    assert not GameSeatStats.objects.filter(game__public_id=game["id"]).exists()
    assert player_stats(players[1]) == []
    day = timedelta(days=1)
    assert standings_between(parlor, timezone.now() - day, timezone.now() + day) == []


def test_a_voided_last_game_leaves_the_last_game_call_standing(players, floor):
    staff, four, visits = floor
    visit = visits[players[0].pk]
    game = start(staff, four, players[:4])
    ok(
        staff.post(
            f"/api/visits/{visit['visit']['id']}/last-game/", {"called": True}, format="json"
        )
    )
    ok(_void(staff, game))
    # Not over: the player can still sit down for the real last game, which becomes the last.
    again = start(staff, four, players[:4])
    row = Visit.objects.get(public_id=visit["visit"]["id"])
    assert row.last_game.public_id.hex == again["id"].replace("-", "")


def test_a_voided_games_hands_can_be_neither_added_nor_corrected(players, personas, floor):
    staff, four, _ = floor
    game = play(staff, start(staff, four, players[:4]), [RON_1_BY_0])
    ok(_void(personas["manager"], game))
    added = staff.post(
        f"/api/games/{game['id']}/hands/", {"sequence": 2, "hand": RON_1_BY_0}, format="json"
    )
    assert _error(added, 409)["code"] == "game_cancelled"
    corrected = staff.post(
        f"/api/games/{game['id']}/hands/1/corrections/",
        {"hand": ron(2, 1, han=2, fu=30), "reason": "x"},
        format="json",
    )
    assert _error(corrected, 409)["code"] == "game_cancelled"
    assert Game.objects.get(public_id=game["id"]).hands.count() == 1
