"""Hands: preview, record, correct and void. Hands are append-only; the game row is locked."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.contrib.auth.models import AbstractBaseUser
from django.db import IntegrityError, transaction
from django.utils import timezone

from parlor.errors import Conflict, InvalidInput, NotFound
from parlor.models import Game, GameResult, GameSeat, GameStatus, Hand, HandState
from parlor.models.write_batch import WriteBatch
from parlor.selectors.game_rows import game_seats_load, hand_versions
from parlor.services import engine
from parlor.services.audit_log import (
    audit_hand_corrected,
    audit_hand_recorded,
    audit_hand_voided,
    hand_snapshot,
)
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
        raise Conflict("the game was voided (無効)", code="game_cancelled")


def _require_not_cancelled(game: Game) -> None:
    if game.status == GameStatus.CANCELLED:
        raise Conflict(
            "the game was voided (無効): its hands can no longer change", code="game_cancelled"
        )


def hand_preview(*, game: Game, entry: dict[str, Any]) -> dict[str, Any]:
    """What recording `entry` as the next hand would give (the replay of it); stores nothing."""
    _require_open(game)
    entries = [hand.entry for hand in current_hands(game)] + [entry]
    replay = engine.replay(game_record(game, entries))
    return {"hand": replay["hands"][-1], "end": replay.get("end"), "final": replay.get("final")}


@dataclass(frozen=True, slots=True)
class RecordedHand:
    """What hand_record stored, with the rows an answer needs, as they stand after it.

    `game` is the locked row with its live state as just stored, `seats` its seats (players
    loaded), `versions` every version of its hands in (sequence, version) order, each with
    its outcome and its users loaded, `results` the results in seat order (players loaded),
    none unless this hand ended the game.
    """

    hand: Hand
    game: Game
    seats: tuple[GameSeat, ...]
    versions: tuple[Hand, ...]
    results: tuple[GameResult, ...]


# No savepoint of its own (two round trips): an error in here always ends the transaction,
# as no caller catches it and carries on (the API and the tablet let it leave their atomic
# block, and idempotency.idempotent_call opens one for every call). A caller that wants to
# carry on after an error must open its own savepoint.
@transaction.atomic(savepoint=False)
def hand_record(
    *,
    game: Game,
    sequence: int,
    entry: dict[str, Any],
    by: AbstractBaseUser | None,
    idempotency_key: str = "",
    writes: WriteBatch | None = None,
) -> RecordedHand:
    """Records the game's next hand. `sequence` is the hand the tablet is entering: a stale
    tablet (another tablet recorded that hand first) gets a Conflict instead of a second hand.

    `writes`: the hand's rows (the hand, its outcome, the game's live state, the audit event)
    go into that batch, which the caller flushes with its own rows in one round trip. The
    hand that ends the game flushes its rows, results and the players' figures before the
    settlement check reads them (replays.replay_apply); its audit event stays in the batch.

    The number of queries does not grow with the game: the locked row, its seats, every
    version of its hands (one query each), then the inserts. The answer's rows come back
    with the hand, so the caller need not read them again.
    """
    game = game_lock(game)
    _require_open(game)
    expected = game.hand_count + 1
    if sequence != expected:
        raise _stale(game, sequence, expected)
    # The seats once, for the record's names and, should this hand end the game, the results.
    game_seats_load(game)
    # One query: every version, for the replay (the current ones), the new hand's version (a
    # voided hand keeps its sequence and version; the new hand takes the next version) and
    # the answer (outcomes and users joined).
    rows = hand_versions(game)
    hands = [hand for hand in rows if hand.state == HandState.CURRENT]
    version = sum(1 for hand in rows if hand.sequence == sequence) + 1
    replay = engine.replay(game_record(game, [h.entry for h in hands] + [entry]))
    hand = Hand(
        game=game,
        sequence=sequence,
        version=version,
        entry=entry,
        entered_by=by,
        idempotency_key=idempotency_key,
    )
    # No savepoint around the insert (two round trips): every writer of a game's hands
    # (record, correct, void) locks the game row first and reads `hand_count` and the
    # versions under that lock (an import writes its hands with its new game), so no other
    # transaction can insert this (sequence, version) meanwhile. Should a constraint fire
    # anyway, the Conflict needs no query (sequence == expected here) and the whole
    # transaction rolls back, as it did with the savepoint.
    stale = _stale(game, sequence, expected)
    # With the caller's batch the hand's rows go into it: the hand, its outcome, the game's
    # live state and the audit event, sent with the caller's own rows in one round trip (the
    # hand that ends the game sends its rows and results before the settlement check, see
    # replay_apply, and the audit event with the caller's).
    if writes is not None:
        writes.insert(hand)
        writes.on_integrity_error(stale)
    else:
        try:
            hand.save(force_insert=True)
        except IntegrityError as exc:
            raise stale from exc
    results = replay_apply(
        game, replay, [*hands, hand], from_sequence=sequence, appended=True, writes=writes
    )
    audit_hand_recorded(hand, game=game, by=by, writes=writes)
    enqueue_verify_if_finished(game)
    versions = sorted([*rows, hand], key=lambda row: (row.sequence, row.version))
    return RecordedHand(
        hand=hand,
        game=game,
        seats=tuple(game.seats.all()),
        versions=tuple(versions),
        results=tuple(results),
    )


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
