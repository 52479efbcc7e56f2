"""Tablets correcting or undoing the same hand at the same moment: one applies, the others get a
409 naming it, and nothing is lost. Real transactions in threads: PostgreSQL only (see
tests/parlor/test_concurrency_pg.py)."""

from __future__ import annotations

import time
from typing import Any

import pytest
from django.db import connection

from parlor.models import AuditAction, AuditEvent, Hand, HandState
from parlor.services import engine
from rulesets.registry import PRESETS
from scoring.replay import replay_record
from tests.parlor.conftest import DRAW, RON_1_BY_0, TSUMO_2, client_for, ok
from tests.parlor.test_concurrency_pg import _race

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(
        connection.vendor != "postgresql",
        reason="row locks need PostgreSQL (set DATABASE_URL=postgres://...)",
    ),
]

TABLETS = 20


@pytest.fixture
def game(table, start_game, record_hand):
    game = start_game(table)
    for sequence, hand in enumerate([RON_1_BY_0, TSUMO_2, DRAW], start=1):
        ok(record_hand(game, hand, sequence=sequence), 201)
    return game


@pytest.fixture
def slow_replay(monkeypatch):
    """Holds the game's lock a little longer, so that every tablet is waiting for it."""
    real = engine.replay_game

    def slow(*args: Any, **kwargs: Any) -> Any:
        time.sleep(0.05)
        return real(*args, **kwargs)

    monkeypatch.setattr(engine, "replay_game", slow)


def tablets(staff, count: int) -> list[Any]:
    """`count` API clients signed in as the same member of staff, each with its connection."""
    token = staff._credentials["HTTP_AUTHORIZATION"]
    clients = [client_for(None) for _ in range(count)]
    for client in clients:
        client.credentials(HTTP_AUTHORIZATION=token)
    return clients


def test_twenty_corrections_of_one_version_apply_one_and_refuse_nineteen(game, staff, slow_replay):
    url = f"/api/games/{game['id']}/hands/2/corrections/"
    entries = [
        {"result": {"kind": "tsumo", "win": {"winner": 2, "han": 1 + i % 4, "fu": 30}}}
        for i in range(TABLETS)
    ]
    responses = _race(
        [
            lambda c=client, i=i: c.post(
                url,
                {"hand": entries[i], "reason": f"tablet {i}", "version": 1},
                format="json",
                headers={"Idempotency-Key": f"correction-{i}"},
            )
            for i, client in enumerate(tablets(staff, TABLETS))
        ]
    )

    statuses = sorted(r.status_code for r in responses)
    assert statuses == [201] + [409] * (TABLETS - 1)
    winner = next(i for i, r in enumerate(responses) if r.status_code == 201)
    refusals = [r.json()["error"] for r in responses if r.status_code == 409]
    assert {e["code"] for e in refusals} == {"hand_changed_since"}
    assert all("version 2 now" in e["message"] for e in refusals)
    versions = Hand.objects.filter(sequence=2).order_by("version")
    assert [(h.version, h.state) for h in versions] == [
        (1, HandState.SUPERSEDED),
        (2, HandState.CURRENT),
    ]
    assert versions[0].entry == TSUMO_2  # the original is kept
    assert (versions[1].entry, versions[1].reason) == (entries[winner], f"tablet {winner}")
    assert AuditEvent.objects.filter(action=AuditAction.CORRECT).count() == 1
    # The game's stored scores are those of a replay of its log.
    record = ok(staff.get(f"/api/games/{game['id']}/export/"))
    stored = ok(staff.get(f"/api/games/{game['id']}/"))
    assert stored["scores"] == replay_record(record, presets=PRESETS)["hands"][-1]["scores_after"]


def test_two_tablets_undoing_the_last_hand_at_once_void_it_once(game, staff, slow_replay):
    url = f"/api/games/{game['id']}/hands/3/void/"
    responses = _race(
        [
            lambda c=client, i=i: c.post(
                url, {}, format="json", headers={"Idempotency-Key": f"undo-{i}"}
            )
            for i, client in enumerate(tablets(staff, 2))
        ]
    )
    assert sorted(r.status_code for r in responses) == [200, 409]
    refused = next(r for r in responses if r.status_code == 409).json()["error"]
    assert refused["code"] == "hand_already_undone"
    assert Hand.objects.filter(state=HandState.UNDONE).count() == 1
    assert Hand.objects.filter(state=HandState.CURRENT).count() == 2


def test_one_undo_sent_twice_at_once_voids_its_hand_once(game, staff, slow_replay):
    url = f"/api/games/{game['id']}/hands/3/void/"
    responses = _race(
        [
            lambda c=client: c.post(url, {}, format="json", headers={"Idempotency-Key": "same"})
            for client in tablets(staff, 2)
        ]
    )
    assert [r.status_code for r in responses] == [200, 200]
    assert responses[0].json() == responses[1].json()
    assert Hand.objects.filter(state=HandState.UNDONE).count() == 1
    assert Hand.objects.filter(state=HandState.CURRENT).count() == 2
