"""Hands: preview, record, correct and void. Hands are append-only; the game row is locked."""

from __future__ import annotations

from typing import Any

from django.contrib.auth.models import AbstractBaseUser
from django.db import IntegrityError, transaction
from django.db.models import Prefetch, Q, prefetch_related_objects
from django.utils import timezone

from parlor.models import Game, GameSeat, GameStatus, Hand, HandState
from parlor.services import engine
from parlor.services.audit_log import (
    audit_hand_corrected,
    audit_hand_recorded,
    audit_hand_voided,
    hand_snapshot,
)
from parlor.services.errors import Conflict, InvalidInput, NotFound
from parlor.services.games import game_lock
from parlor.services.replays import current_hands, game_record, replay_apply
from parlor.tasks import enqueue_verify_if_finished


def _require_open(game: Game) -> None:
    if game.status == GameStatus.FINISHED:
        raise Conflict(
            f"the game has ended ({game.end_reason} after hand {game.hand_count}): no more hands "
            "can be recorded; correct a hand instead",
            code="game_finished",
        )
    if game.status == GameStatus.CANCELLED:
        raise Conflict("the game was cancelled", code="game_cancelled")


def _require_not_cancelled(game: Game) -> None:
    if game.status == GameStatus.CANCELLED:
        raise Conflict(
            "the game was cancelled: its hands can no longer change", code="game_cancelled"
        )


def hand_preview(*, game: Game, entry: dict[str, Any]) -> dict[str, Any]:
    """What recording `entry` as the next hand would give (the replay of it); stores nothing."""
    _require_open(game)
    entries = [hand.entry for hand in current_hands(game)] + [entry]
    replay = engine.replay(game_record(game, entries))
    return {"hand": replay["hands"][-1], "end": replay.get("end"), "final": replay.get("final")}


@transaction.atomic
def hand_record(
    *,
    game: Game,
    sequence: int,
    entry: dict[str, Any],
    by: AbstractBaseUser | None,
    idempotency_key: str = "",
) -> Hand:
    """Records the game's next hand. `sequence` is the hand the tablet is entering: a stale
    tablet (another tablet recorded that hand first) gets a Conflict instead of a second hand.

    The number of queries does not grow with the game: the locked row, its seats, its hands
    (one query each), then the inserts. The returned hand's `game` is the locked row, with
    the live state and the seats as stored.
    """
    game = game_lock(game)
    _require_open(game)
    expected = game.hand_count + 1
    if sequence != expected:
        raise _stale(game, sequence, expected)
    # The seats once, for the record's names and, should this hand end the game, the results.
    prefetch_related_objects([game], Prefetch("seats", GameSeat.objects.select_related("player")))
    # One query: the current hands, and the voided versions of the hand being entered (a
    # voided hand keeps its sequence and version; the new hand takes the next version).
    rows = list(
        game.hands.filter(Q(state=HandState.CURRENT) | Q(sequence=sequence)).order_by(
            "sequence", "version"
        )
    )
    hands = [hand for hand in rows if hand.state == HandState.CURRENT]
    version = sum(1 for hand in rows if hand.sequence == sequence) + 1
    replay = engine.replay(game_record(game, [h.entry for h in hands] + [entry]))
    try:
        with transaction.atomic():
            hand = Hand.objects.create(
                game=game,
                sequence=sequence,
                version=version,
                entry=entry,
                entered_by=by,
                idempotency_key=idempotency_key,
            )
    except IntegrityError as exc:
        raise _stale(game, sequence, expected) from exc
    replay_apply(game, replay, [*hands, hand], from_sequence=sequence, appended=True)
    audit_hand_recorded(hand, game=game, by=by)
    enqueue_verify_if_finished(game)
    return hand


def _stale(game: Game, sequence: int, expected: int) -> Conflict:
    if sequence < expected:
        taken = game.hands.filter(sequence=sequence, state=HandState.CURRENT).first()
        who = f" by {taken.entered_by}" if taken and taken.entered_by else ""
        return Conflict(
            f"hand {sequence} was already recorded{who}; the next hand is {expected}: reload the "
            "table and correct that hand if it is wrong",
            code="hand_already_recorded",
            field="sequence",
        )
    return Conflict(
        f"the next hand is {expected}, not {sequence}: reload the table",
        code="hand_out_of_order",
        field="sequence",
    )


@transaction.atomic
def hand_correct(
    *, game: Game, sequence: int, entry: dict[str, Any], reason: str, by: AbstractBaseUser | None
) -> Hand:
    """Replaces hand `sequence` by a new version and replays the game from it on.

    The old version stays in the log, superseded, with the outcome it had.
    """
    game = game_lock(game)
    _require_not_cancelled(game)
    if not reason.strip():
        raise InvalidInput("say why the hand is corrected", code="reason_required", field="reason")
    hands = current_hands(game)
    if not 1 <= sequence <= len(hands):
        raise NotFound(
            f"the game has no hand {sequence} (it has {len(hands)})", code="hand_not_found"
        )
    old = hands[sequence - 1]
    entries = [h.entry for h in hands]
    entries[sequence - 1] = entry
    replay = engine.replay(game_record(game, entries))
    before = hand_snapshot(old)
    old.state = HandState.SUPERSEDED
    old.save(update_fields=["state"])
    new = Hand.objects.create(
        game=game,
        sequence=sequence,
        version=old.version + 1,
        entry=entry,
        entered_by=by,
        supersedes=old,
        reason=reason.strip(),
    )
    hands[sequence - 1] = new
    replay_apply(game, replay, hands, from_sequence=sequence)
    audit_hand_corrected(new, game=game, by=by, before=before)
    enqueue_verify_if_finished(game)
    return new


@transaction.atomic
def hand_void_last(*, game: Game, sequence: int, reason: str, by: AbstractBaseUser | None) -> Hand:
    """Voids the game's last hand (取消), e.g. one entered by mistake. It stays in the log."""
    game = game_lock(game)
    _require_open(game)
    hands = current_hands(game)
    if not hands:
        raise Conflict("the game has no hand to void", code="no_hand")
    if sequence != len(hands):
        raise Conflict(
            f"only the last hand ({len(hands)}) can be voided; correct hand {sequence} instead",
            code="not_last_hand",
            field="sequence",
        )
    last = hands.pop()
    replay = engine.replay(game_record(game, [h.entry for h in hands]))
    before = hand_snapshot(last)
    last.state, last.voided_at, last.voided_by = HandState.VOIDED, timezone.now(), by
    last.void_reason = reason.strip()
    last.save(update_fields=["state", "voided_at", "voided_by", "void_reason"])
    replay_apply(game, replay, hands, from_sequence=len(hands) + 1)
    audit_hand_voided(last, game=game, by=by, before=before)
    return last
