"""WriteBatch writes what Model.save() writes, in one statement on PostgreSQL."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from django.db import DatabaseError, IntegrityError, connection, transaction
from django.db.models.signals import post_save
from django.test.utils import CaptureQueriesContext

from parlor.errors import Conflict
from parlor.models import AuditAction, AuditEvent, Game, Hand, HandOutcome, Table
from parlor.models.write_batch import WriteBatch

pytestmark = pytest.mark.django_db

OUTCOME = {
    "round_wind": "E",
    "round_number": 1,
    "honba": 0,
    "dealer": 0,
    "sticks_before": 0,
    "scores_before": [25000] * 4,
    "transfers": [{"from": 1, "to": 0, "amount": 3900, "reason": "ron"}],
    "deltas": [3900, -3900, 0, 0],
    "scores_after": [28900, 21100, 25000, 25000],
    "sticks_after": 0,
    "next_state": {"round_wind": "E", "round_number": 1, "dealer": 0, "honba": 1},
    "notes": ["見直し"],
}
ENTRY = {"result": {"kind": "ron", "loser": 1, "wins": [{"winner": 0, "han": 3, "fu": 30}]}}


@pytest.fixture
def game(table: Table, start_game: Callable[..., dict[str, Any]]) -> Game:
    return Game.objects.select_related("table").get(public_id=start_game(table)["id"])


def _row(model: type[Any], pk: int, *, leave_out: tuple[str, ...]) -> dict[str, Any]:
    row = model.objects.filter(pk=pk).values().get()
    return {key: value for key, value in row.items() if key not in leave_out}


def _hand_and_outcome(game: Game, sequence: int, *, by: Any) -> tuple[Hand, HandOutcome]:
    hand = Hand(game=game, sequence=sequence, entry=ENTRY, entered_by=by, idempotency_key="k")
    return hand, HandOutcome(hand=hand, **OUTCOME)


def test_it_writes_the_rows_save_writes(game: Game, staff_user: Any) -> None:
    saved_hand, saved_outcome = _hand_and_outcome(game, 1, by=staff_user)
    saved_hand.save()
    saved_outcome.hand = saved_hand
    saved_outcome.save()
    batch_hand, batch_outcome = _hand_and_outcome(game, 2, by=staff_user)
    batch = WriteBatch()
    batch.insert(batch_outcome, hand_id=batch.insert(batch_hand))
    batch.flush()
    assert batch_hand.pk and batch_outcome.pk and batch_outcome.hand_id == batch_hand.pk
    assert not batch_hand._state.adding
    leave = ("id", "public_id", "sequence", "entered_at", "hand_id", "computed_at")
    assert _row(Hand, batch_hand.pk, leave_out=leave) == _row(Hand, saved_hand.pk, leave_out=leave)
    assert _row(HandOutcome, batch_outcome.pk, leave_out=leave) == _row(
        HandOutcome, saved_outcome.pk, leave_out=leave
    )
    stored = Hand.objects.get(pk=batch_hand.pk)
    assert (stored.public_id, stored.entered_at, stored.entry) == (
        batch_hand.public_id,
        batch_hand.entered_at,
        ENTRY,
    )
    assert HandOutcome.objects.get(pk=batch_outcome.pk).computed_at == batch_outcome.computed_at


def test_an_update_writes_the_named_columns_only(game: Game) -> None:
    game.scores, game.hand_count, game.end_reason = [30000, 20000, 25000, 25000], 1, "ignored"
    batch = WriteBatch()
    batch.update(game, ["scores", "hand_count"])
    batch.flush()
    stored = Game.objects.get(pk=game.pk)
    assert (stored.scores, stored.hand_count, stored.end_reason) == (game.scores, 1, "")


def test_postgresql_receives_the_batch_as_one_statement(game: Game, staff_user: Any) -> None:
    hand, outcome = _hand_and_outcome(game, 1, by=staff_user)
    game.hand_count = 1
    event = AuditEvent(
        parlor_id=game.table.parlor_id,
        action=AuditAction.CREATE,
        subject_type="hand",
        subject_id=str(hand.public_id),
        summary="recorded",
        after={"entry": ENTRY},
    )
    batch = WriteBatch()
    batch.insert(outcome, hand_id=batch.insert(hand))
    batch.update(game, ["hand_count"])
    batch.insert(event)
    with CaptureQueriesContext(connection) as queries:
        batch.flush()
    expected = 1 if connection.vendor == "postgresql" else 4
    assert len(queries) == expected
    assert AuditEvent.objects.get(pk=event.pk).after == {"entry": ENTRY}
    assert Game.objects.get(pk=game.pk).hand_count == 1


def test_it_sends_the_signals_a_save_sends(game: Game) -> None:
    seen: list[tuple[str, bool, Any]] = []

    def receiver(sender: Any, instance: Any, created: bool, update_fields: Any, **_: Any) -> None:
        seen.append((sender.__name__, created, update_fields))

    post_save.connect(receiver, dispatch_uid="test_write_batch")
    try:
        hand, _ = _hand_and_outcome(game, 1, by=None)
        batch = WriteBatch()
        batch.insert(hand)
        batch.update(game, ["hand_count"])
        batch.flush()
    finally:
        post_save.disconnect(dispatch_uid="test_write_batch")
    assert seen == [("Hand", True, None), ("Game", False, frozenset({"hand_count"}))]


def test_an_update_that_finds_no_row_fails_as_save_does(game: Game) -> None:
    gone = Game.objects.get(pk=game.pk)
    gone.pk = 10**9
    batch = WriteBatch()
    batch.update(gone, ["hand_count"])
    with pytest.raises(DatabaseError, match="no row to update"), transaction.atomic():
        batch.flush()


def test_a_constraint_raises_the_error_the_service_gave(game: Game) -> None:
    first, _ = _hand_and_outcome(game, 1, by=None)
    first.save()
    again, _ = _hand_and_outcome(game, 1, by=None)  # the same (game, sequence, version)
    batch = WriteBatch()
    batch.insert(again)
    batch.on_integrity_error(Conflict("hand 1 was already recorded", code="stale"))
    with pytest.raises(Conflict) as raised, transaction.atomic():
        batch.flush()
    assert isinstance(raised.value.__cause__, IntegrityError)
    assert Hand.objects.filter(game=game).count() == 1


def test_a_ref_names_a_row_of_the_batch_only(game: Game) -> None:
    hand, outcome = _hand_and_outcome(game, 1, by=None)
    batch = WriteBatch()
    with pytest.raises(LookupError):
        batch.ref_of(hand)
    with pytest.raises(TypeError, match="no fields"):
        batch.insert(outcome, no_such_id=batch.insert(hand))
