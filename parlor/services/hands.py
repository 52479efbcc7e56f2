"""Hands: recording the next one (correcting and voiding: hand_corrections; their previews:
hand_previews). Hands are append-only; the game row is locked.

Recording a hand steps the game's stored state (the engine's GameState) and appends.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.db import IntegrityError, transaction
from django.db.models import Q

from parlor.domain.json_shapes import HandEntry
from parlor.errors import Conflict
from parlor.models import Game, GameResult, Hand, HandState
from parlor.models.users import Actor, actor_row
from parlor.reports.staleness import report_days_changed
from parlor.selectors.access import game_for
from parlor.services.audit_log import (
    audit_hand_recorded,
)
from parlor.services.games import game_lock
from parlor.services.hand_previews import game_open_require, hand_step
from parlor.services.idempotency import KeyedRequest, key_reused
from parlor.services.replays import (
    LIVE_FIELDS,
    game_end_store,
    has_sit_out,
    live_state_set,
    outcome_row,
)
from parlor.services.seat_stats import stats_after
from parlor.services.verification import enqueue_verify_if_finished
from scoring import GameState, Ruleset, final_settlement


@dataclass(frozen=True, slots=True)
class RecordedHand:
    """What hand_record stored: the hand (its outcome on it) and the locked game with its new
    state; `results` in seat order, none unless this hand ended the game. `replayed`: the hand
    is the one an earlier request with the same Idempotency-Key recorded (a retry), as it
    stands now (voided since, or its outcome recomputed by a correction of an earlier hand),
    and `game` the game as it stands."""

    hand: Hand
    game: Game
    results: tuple[GameResult, ...] = ()
    replayed: bool = False


@transaction.atomic
def hand_record(*, game: Game, sequence: int, entry: HandEntry, by: Actor) -> RecordedHand:
    """Records the game's next hand (see hand_append)."""
    return hand_append(game_lock(game), sequence=sequence, entry=entry, by=by)


@transaction.atomic
def hand_record_once(
    *, game_id: Any, sequence: int, entry: HandEntry, request: KeyedRequest
) -> RecordedHand:
    """Records the next hand of the user's game once per Idempotency-Key: the front door of
    the tablet and the API. The caller builds its answer from the RecordedHand.

    The hand keeps its key, so it is the key's record (no IdempotencyRecord: recording a hand
    stays 8 statements): a retry gets the hand it recorded, `replayed`. The user's look-up of
    the game (selectors.access.game_for) locks its row in the same query. A retry waits for
    the first request at that lock; by then the hand it sends is no longer the next one (its
    `sequence` is taken, or the game ended), so the key is looked up only when the hand cannot
    be recorded (or, in a game with a voided hand, before: the retried hand may be the voided
    one). A key sent with a different hand is refused."""
    game, _access = game_for(request.user, game_id, lock=True)
    version = None
    if game.hands_voided and request.key:
        # One query for both: the versions of this hand's number, and a hand with the key.
        rows = list(
            game.hands.select_related("outcome", "entered_by").filter(
                Q(sequence=sequence) | Q(idempotency_key=request.key)
            )
        )
        keyed = next((hand for hand in rows if hand.idempotency_key == request.key), None)
        if keyed is not None:
            return _recorded_before(keyed, game, sequence, entry)
        version = len(rows) + 1
    try:
        return hand_append(
            game,
            sequence=sequence,
            entry=entry,
            by=request.user,
            idempotency_key=request.key,
            version=version,
        )
    except Conflict as exc:
        # The insert's constraint (the key taken under the game's lock): nothing to read.
        if not request.key or exc.code == "idempotency_key_reused":
            raise
        keyed = (
            game.hands.select_related("outcome", "entered_by")
            .filter(idempotency_key=request.key)
            .first()
        )
        if keyed is None:
            raise
        return _recorded_before(keyed, game, sequence, entry)


def _recorded_before(hand: Hand, game: Game, sequence: int, entry: HandEntry) -> RecordedHand:
    """The hand recorded by an earlier request with this key: the same request (its number and
    entry) gets it; another request with that key is refused."""
    if (hand.sequence, hand.entry) != (sequence, entry):
        raise key_reused()
    return RecordedHand(hand=hand, game=game, replayed=True)


def hand_append(
    game: Game,
    *,
    sequence: int,
    entry: HandEntry,
    by: Actor,
    idempotency_key: str = "",
    version: int | None = None,
) -> RecordedHand:
    """Appends the next hand to the locked `game`: steps its stored state, writes the hand,
    its outcome, the game's new state and the audit event. `sequence` is the hand the tablet
    is entering: a stale tablet (another tablet recorded that hand first) gets a Conflict
    instead of a second hand.

    A hand that leaves the game going reads nothing more than the locked row; the hand that
    ends it also writes the results and the players' stats (reading the seats and the
    hands' outcomes), and has the visits it was settled in checked.
    """
    game_open_require(game)
    expected = game.hand_count + 1
    if sequence != expected:
        raise _stale(game, sequence, expected)
    outcome, after, ruleset = hand_step(game, entry)
    hand = _hand_insert(
        game,
        sequence=sequence,
        version=_next_version(game, sequence) if version is None else version,
        entry=entry,
        by=by,
        idempotency_key=idempotency_key,
    )
    hand.outcome = outcome_row(hand, outcome, sit_out=has_sit_out(ruleset, after.seats))
    hand.outcome.save(force_insert=True)
    live_state_set(game, after, next_state=hand.outcome.next_state, hands=sequence)
    game.running_stats = stats_after(
        game.running_stats, after.seats, (outcome.hand, outcome.settled.transfers)
    )
    game.save(update_fields=LIVE_FIELDS)
    results = _game_end_if_ended(game, after, ruleset)
    audit_hand_recorded(hand, game=game, by=by)
    return RecordedHand(hand=hand, game=game, results=results)


def _next_version(game: Game, sequence: int) -> int:
    """The version of a new hand `sequence`: a voided hand keeps its sequence and version, so
    the new hand takes the next (every writer of a game's hands holds its lock, so no other
    can take it). A game with no voided hand has one version of each: no query."""
    return game.hands.filter(sequence=sequence).count() + 1 if game.hands_voided else 1


def _hand_insert(
    game: Game,
    *,
    sequence: int,
    version: int,
    entry: HandEntry,
    by: Actor,
    idempotency_key: str,
) -> Hand:
    """Inserts the hand row; a key taken already (under the game's lock, only the key can be)
    is refused as reused."""
    try:
        return Hand.objects.create(
            game=game,
            sequence=sequence,
            version=version,
            entry=entry,
            entered_by=actor_row(by),
            idempotency_key=idempotency_key,
        )
    except IntegrityError as exc:
        if idempotency_key:
            raise key_reused() from exc
        raise


def _game_end_if_ended(game: Game, after: GameState, ruleset: Ruleset) -> tuple[GameResult, ...]:
    """If the hand ended the game: stores its results and final settlement, marks its business
    day's reports stale and has it verified. None otherwise."""
    if after.end is None:
        return ()
    final = final_settlement(after, ruleset=ruleset)
    results = game_end_store(game, final, ruleset, had_results=False)
    report_days_changed(game.table.parlor, [game.ended_at])
    enqueue_verify_if_finished(game)
    return tuple(results)


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
