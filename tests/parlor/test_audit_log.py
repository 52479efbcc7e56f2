"""Every create, correction, void, finish and cancel leaves an audit event: who, when, what
before, what after and why. Managers read the parlor's log; staff read a game's trail."""

from __future__ import annotations

import pytest

from parlor.models import AuditEvent
from parlor.services.settlements import adjustment_create, adjustment_settle
from parlor.services.visits import visit_check_in, visit_check_out
from tests.parlor.conftest import DRAW, RON_1_BY_0, TSUMO_2, ok

pytestmark = pytest.mark.django_db

RECORD = {
    "format": "tenbo-game/1",
    "ruleset": "standard",
    "players": ["A", "B", "C", "D"],
    "finished": True,
    "hands": [RON_1_BY_0],
}


@pytest.fixture
def corrected_game(table, start_game, record_hand, staff):
    game = start_game(table)
    ok(record_hand(game, RON_1_BY_0, sequence=1), 201)
    ok(record_hand(game, TSUMO_2, sequence=2), 201)
    ok(
        staff.post(
            f"/api/games/{game['id']}/hands/1/corrections/",
            {"hand": DRAW, "reason": "it was a draw; the ron was on the wrong table"},
            format="json",
        ),
        201,
    )
    return game


def test_a_corrected_game_shows_both_versions_and_the_reason(corrected_game, staff):
    trail = ok(staff.get(f"/api/games/{corrected_game['id']}/audit/"))

    assert [(e["action"], e["subject_type"]) for e in trail] == [
        ("create", "game"),
        ("create", "hand"),
        ("create", "hand"),
        ("correct", "hand"),
    ]
    correction = trail[-1]
    assert correction["reason"] == "it was a draw; the ron was on the wrong table"
    assert correction["before"]["entry"] == RON_1_BY_0
    assert correction["before"]["version"] == 1 and correction["before"]["state"] == "current"
    assert correction["after"]["entry"] == DRAW and correction["after"]["version"] == 2
    assert correction["before"]["outcome"]["deltas"] != correction["after"]["outcome"]["deltas"]
    assert correction["actor"] == trail[1]["actor"] != ""  # the staff member who entered it
    assert correction["summary"] == "table 1: hand 1 corrected (version 1 → 2)"


def test_an_event_names_who_did_it_and_when(table, start_game, record_hand):
    game = start_game(table)
    ok(record_hand(game, RON_1_BY_0, sequence=1), 201)
    event = AuditEvent.objects.get(action="create", subject_type="hand")
    staff_user = event.actor
    assert staff_user is not None and event.actor_name == staff_user.username
    assert staff_user.parlor_member.role == "staff"
    assert event.at is not None and event.before is None
    assert event.after["entry"] == RON_1_BY_0
    assert event.after["outcome"]["scores_after"] == event.after["game"]["scores"]


def test_void_finish_and_cancel_are_recorded_with_their_reasons(
    table, start_game, record_hand, personas, parlor
):
    staff, manager = personas["staff"], personas["manager"]
    game = start_game(table)
    ok(record_hand(game, RON_1_BY_0, sequence=1), 201)
    ok(record_hand(game, TSUMO_2, sequence=2), 201)
    ok(
        staff.post(
            f"/api/games/{game['id']}/hands/2/void/", {"reason": "entered twice"}, format="json"
        )
    )
    ok(staff.post(f"/api/games/{game['id']}/finish/"))
    second = start_game(table)
    ok(
        manager.post(
            f"/api/games/{second['id']}/cancel/", {"reason": "a player left"}, format="json"
        )
    )

    void = AuditEvent.objects.get(action="void")
    assert void.reason == "entered twice"
    assert void.before["state"] == "current" and void.after["state"] == "voided"
    finish = AuditEvent.objects.get(action="finish")
    assert finish.before["status"] == "in_progress" and finish.after["status"] == "finished"
    assert len(finish.after["results"]) == 4
    cancel = AuditEvent.objects.get(action="cancel")
    assert cancel.reason == "a player left" and cancel.after["status"] == "cancelled"
    assert cancel.actor.parlor_member.role == "manager"


def test_imports_players_and_rulesets_are_recorded_as_creates(personas, parlor, table):
    manager = personas["manager"]
    ok(
        manager.post(
            f"/api/tables/{table.public_id}/games/import/", {"record": RECORD}, format="json"
        ),
        201,
    )
    ok(manager.post("/api/players/", {"name": "Guest"}, format="json"), 201)
    ok(
        manager.post(
            "/api/rulesets/",
            {"key": "house", "title": "House", "definition": {"base": "standard"}},
            format="json",
        ),
        201,
    )
    creates = {
        e.subject_type: e for e in AuditEvent.objects.filter(action="create", game__isnull=True)
    }
    assert creates["player"].after["name"] == "Guest"
    assert creates["ruleset"].after["definition"] == {"base": "standard"}
    imported = AuditEvent.objects.get(subject_type="game")
    assert imported.after["source"] == "import" and imported.after["hand_count"] == 1


def test_a_refused_change_leaves_no_event(table, start_game, record_hand):
    game = start_game(table)
    count = AuditEvent.objects.count()
    response = record_hand(game, {"result": {"kind": "sanma"}}, sequence=1)
    assert response.status_code == 400
    response = record_hand(game, RON_1_BY_0, sequence=5)
    assert response.status_code == 409
    assert AuditEvent.objects.count() == count


def test_managers_read_the_parlors_log_newest_first_and_filtered(corrected_game, personas):
    manager = personas["manager"]
    page = ok(manager.get("/api/audit/?limit=2"))
    assert [e["action"] for e in page["events"]] == ["correct", "create"]
    assert page["next_offset"] == 2
    rest = ok(manager.get("/api/audit/?limit=2&offset=2"))
    assert rest["next_offset"] is None and len(rest["events"]) == 2
    corrections = ok(manager.get(f"/api/audit/?action=correct&game={corrected_game['id']}"))
    assert [e["reason"] for e in corrections["events"]] == [
        "it was a draw; the ron was on the wrong table"
    ]
    assert ok(manager.get("/api/audit/?subject_type=player"))["events"] == []


@pytest.mark.parametrize(
    ("role", "log_status", "trail_status"),
    [
        ("manager", 200, 200),
        ("staff", 403, 200),
        ("player", 403, 403),
        ("other_parlor", 200, 404),
        ("no_role", 403, 403),
        ("anonymous", 401, 401),
    ],
)
def test_who_reads_the_audit_log(corrected_game, personas, role, log_status, trail_status):
    client = personas[role]
    log = client.get("/api/audit/")
    assert log.status_code == log_status, log.content.decode()
    if log_status == 200 and role == "other_parlor":
        assert log.json()["events"] == []  # their own parlor's log: nothing of ours
    trail = client.get(f"/api/games/{corrected_game['id']}/audit/")
    assert trail.status_code == trail_status, trail.content.decode()


@pytest.mark.parametrize("method", ["put", "patch", "delete", "post"])
def test_the_api_has_no_way_to_change_the_log(corrected_game, personas, method):
    manager = personas["manager"]
    event = AuditEvent.objects.first()
    for path in ("/api/audit/", f"/api/games/{corrected_game['id']}/audit/"):
        response = getattr(manager, method)(path, {"reason": "x"}, format="json")
        assert response.status_code == 405, (path, response.content.decode())
    assert AuditEvent.objects.count() == 4
    assert AuditEvent.objects.get(pk=event.pk).reason == event.reason


@pytest.mark.parametrize(
    "query", ["limit=0", "limit=501", "offset=-1", "action=edit", "game=not-a-uuid", "since=x"]
)
def test_bad_log_queries_are_400s(personas, query):
    response = personas["manager"].get(f"/api/audit/?{query}")
    assert response.status_code == 400, response.content.decode()
    assert response.json()["error"]["message"]


def test_the_hooks_for_visits_record_check_in_settlement_close_and_adjustments(
    parlor, players, personas
):
    """The visits services write these events themselves, in their own transaction."""
    player = players[1]
    by = parlor.members.get(role="staff").user  # made by the personas fixture
    visit = visit_check_in(player=player, by=by)
    adjustment_create(player=player, amount_yen=-1000, reason="drinks", by=by)
    settlement = visit_check_out(visit=visit, by=by)
    paid = adjustment_create(player=player, amount_yen=500, reason="goodwill", by=by)
    adjustment_settle(adjustment=paid, by=by)

    events = list(AuditEvent.objects.filter(parlor=parlor).order_by("at", "id"))
    assert [(e.action, e.subject_type) for e in events] == [
        ("create", "visit"),
        ("create", "adjustment"),
        ("close", "settlement"),
        ("create", "adjustment"),
        ("close", "adjustment"),
    ]
    close = events[2]
    assert close.after["total_yen"] == settlement.total_yen and close.actor == by
    assert events[1].reason == "drinks" and events[4].after["settled"] is True
