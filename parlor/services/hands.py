"""Hands: preview, record, correct and void. Hands are append-only; the game row is locked.

Recording a hand steps the game's stored state (the engine's GameState) and appends; a
correction or a void replays the stored log (replays.replay_store).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from django.db import IntegrityError, transaction
from django.db.models import Q
from django.utils import timezone

from parlor.errors import Conflict, InvalidInput, NotFound
from parlor.models import Game, GameResult, GameStatus, Hand, HandState
from parlor.models.users import Actor, actor_row
from parlor.reports.staleness import report_days_changed
from parlor.security.limits import REASON_MAX_LENGTH
from parlor.security.text import text_check
from parlor.selectors.access import game_for
from parlor.services import engine
from parlor.services.audit_log import (
    audit_hand_corrected,
    audit_hand_recorded,
    audit_hand_voided,
    hand_snapshot,
)
from parlor.services.games import game_lock
from parlor.services.hand_versions import hand_version_require, hand_void_refusal
from parlor.services.idempotency import (
    Answer,
    KeyedRequest,
    answer_store,
    key_reused,
    stored_answer,
)
from parlor.services.replays import (
    LIVE_FIELDS,
    current_hands,
    game_end_store,
    game_record_build,
    game_ruleset,
    has_sit_out,
    live_state_set,
    next_state_json,
    outcome_row,
    replay_store,
)
from parlor.services.seat_stats import figures_after
from parlor.tasks import enqueue_verify_if_finished
from scoring.replay import final_to_dict, hand_to_dict
from scoring.ruleset import Ruleset
from scoring.step import GameState, HandOutcome, final_settlement, step


def _require_open(game: Game) -> None:
    if game.status == GameStatus.FINISHED:
        raise Conflict(
            f"the game has ended ({game.end_reason} after hand {game.hand_count}): no more hands "
            "can be recorded; correct a hand instead",
            code="game_finished",
        )
    if game.status == GameStatus.VOIDED:
        raise Conflict("the game was voided (無効)", code="game_cancelled")


def _require_not_voided(game: Game) -> None:
    if game.status == GameStatus.VOIDED:
        raise Conflict(
            "the game was voided (無効): its hands can no longer change", code="game_cancelled"
        )


def hand_preview(*, game: Game, entry: dict[str, Any]) -> dict[str, Any]:
    """What recording `entry` as the next hand would give: the engine's step of the stored
    state, as the replay document writes a hand; stores nothing."""
    _require_open(game)
    outcome, after, ruleset = _step(game, entry)
    sit_out = has_sit_out(ruleset, after.seats)
    final = final_settlement(after, ruleset=ruleset)
    return {
        "hand": hand_to_dict(outcome, sit_out=sit_out, chips=ruleset.chips is not None),
        "end": None
        if after.end is None
        else {"reason": after.end.value, "after_hand": outcome.index},
        "final": None if final is None else final_to_dict(final, ruleset),
    }


def _step(game: Game, entry: dict[str, Any]) -> tuple[HandOutcome, GameState, Ruleset]:
    """The engine's step of the game's stored state by `entry` (raises ScoringError)."""
    ruleset = game_ruleset(game)
    if game.state is None:
        raise ValueError(f"{game} has no stored state (migration 0009 fills it)")
    state = GameState.from_dict(game.state)
    hand = engine.hand_of(entry, ruleset=ruleset, seats=state.seats, index=state.hands)
    outcome, after = step(state, hand, ruleset=ruleset)
    return outcome, after, ruleset


@dataclass(frozen=True, slots=True)
class RecordedHand:
    """What hand_record stored: the hand (its outcome on it) and the locked game with its new
    state; `results` in seat order, none unless this hand ended the game."""

    hand: Hand
    game: Game
    results: tuple[GameResult, ...]


@transaction.atomic
def hand_record(
    *, game: Game, sequence: int, entry: dict[str, Any], by: Actor
) -> RecordedHand:
    """Records the game's next hand (see hand_append)."""
    return hand_append(game_lock(game), sequence=sequence, entry=entry, by=by)


@transaction.atomic
def hand_record_answered(
    *,
    game_id: Any,
    sequence: int,
    entry: dict[str, Any],
    request: KeyedRequest,
    answer: Callable[[RecordedHand], tuple[int, Any]],
    answer_of_hand: bool = False,
) -> Answer:
    """Records the next hand of the user's game once per Idempotency-Key, and answers: the
    front door of the tablet and the API, in the hand's transaction.

    The user's look-up of the game (selectors.access.game_for) locks its row in the same query.
    A retry waits for the first request at that lock; by then the hand it sends is no longer
    the next one (its `sequence` is taken, or the game ended), so the first answer is looked
    up only when the hand cannot be recorded (or, in a game with a voided hand, before: the
    retried hand may be the voided one).

    `answer_of_hand`: the answer reads only the hand recorded (with its outcome), so the hand,
    which keeps its key, is the key's record: a retry gets the answer built again from it, the
    same hand as it stands (voided meanwhile, or its outcome recomputed by a correction of an
    earlier hand, it says so). Otherwise the answer is kept under the key (an
    IdempotencyRecord) and a retry gets it as it was. A key sent with a different request is
    refused."""
    game, _access = game_for(request.user, game_id, lock=True)
    version = None
    if game.hands_voided and answer_of_hand and request.key:
        # One query for both: the versions of this hand's number, and a hand with the key.
        rows = list(
            game.hands.select_related("outcome", "entered_by").filter(
                Q(sequence=sequence) | Q(idempotency_key=request.key)
            )
        )
        keyed = next((hand for hand in rows if hand.idempotency_key == request.key), None)
        if keyed is not None:
            return _answered_by(keyed, game, request, sequence, entry, answer)
        version = len(rows) + 1
    elif game.hands_voided and request.key:
        earlier = _answer_again(game, request, sequence, entry, answer, answer_of_hand)
        if earlier is not None:
            return earlier
    try:
        recorded = hand_append(
            game,
            sequence=sequence,
            entry=entry,
            by=request.user,
            idempotency_key=request.key,
            version=version,
        )
    except Conflict as exc:
        if exc.code == "idempotency_key_reused":  # the insert's constraint: nothing to read
            raise
        earlier = _answer_again(game, request, sequence, entry, answer, answer_of_hand)
        if earlier is not None:
            return earlier
        raise
    status, body = answer(recorded)
    result = Answer(status, body)
    if not answer_of_hand:
        answer_store(request, result, table=game.table)
    return result


def _answer_again(
    game: Game,
    request: KeyedRequest,
    sequence: int,
    entry: dict[str, Any],
    answer: Callable[[RecordedHand], tuple[int, Any]],
    answer_of_hand: bool,
) -> Answer | None:
    """The first answer to the request's key, if it was already answered (a retry)."""
    if not request.key:
        return None
    if not answer_of_hand:
        return stored_answer(request, table=game.table)
    hand = (
        game.hands.select_related("outcome", "entered_by")
        .filter(idempotency_key=request.key)
        .first()
    )
    if hand is None:
        return None
    return _answered_by(hand, game, request, sequence, entry, answer)


def _answered_by(
    hand: Hand,
    game: Game,
    request: KeyedRequest,
    sequence: int,
    entry: dict[str, Any],
    answer: Callable[[RecordedHand], tuple[int, Any]],
) -> Answer:
    """The answer built again from `hand`, which holds the request's key: the same request
    (its number and entry) gets it; another request with that key is refused."""
    if (hand.sequence, hand.entry) != (sequence, entry):
        raise key_reused()
    status, body = answer(RecordedHand(hand=hand, game=game, results=()))
    return Answer(status, body, replayed=True)


def hand_append(
    game: Game,
    *,
    sequence: int,
    entry: dict[str, Any],
    by: Actor,
    idempotency_key: str = "",
    version: int | None = None,
) -> RecordedHand:
    """Appends the next hand to the locked `game`: steps its stored state, writes the hand,
    its outcome, the game's new state and the audit event. `sequence` is the hand the tablet
    is entering: a stale tablet (another tablet recorded that hand first) gets a Conflict
    instead of a second hand.

    A hand that leaves the game going reads nothing more than the locked row; the hand that
    ends it also writes the results and the players' figures (reading the seats and the
    hands' outcomes), and has the visits it was settled in checked.
    """
    _require_open(game)
    expected = game.hand_count + 1
    if sequence != expected:
        raise _stale(game, sequence, expected)
    outcome, after, ruleset = _step(game, entry)
    # The hand's version: a voided hand keeps its sequence and version, so the new hand takes
    # the next (every writer of a game's hands holds its lock, so no other can take it).
    # `version`: the caller's count, where it read the versions of this number.
    if version is None:
        version = game.hands.filter(sequence=sequence).count() + 1 if game.hands_voided else 1
    try:
        hand = Hand.objects.create(
            game=game,
            sequence=sequence,
            version=version,
            entry=entry,
            entered_by=actor_row(by),
            idempotency_key=idempotency_key,
        )
    except IntegrityError as exc:
        if idempotency_key:  # under the game's lock only the key can be taken
            raise key_reused() from exc
        raise
    sit_out = has_sit_out(ruleset, after.seats)
    hand.outcome = outcome_row(hand, outcome, sit_out=sit_out)
    hand.outcome.save(force_insert=True)
    following = next_state_json(outcome, sit_out=sit_out)
    live_state_set(game, after, next_state=following, hands=sequence)
    game.figures = figures_after(game.figures, after.seats, entry, hand.outcome.transfers)
    game.save(update_fields=LIVE_FIELDS)
    results: list[GameResult] = []
    if after.end is not None:
        results = game_end_store(
            game,
            final_settlement(after, ruleset=ruleset),
            ruleset,
            had_results=False,
        )
        report_days_changed(game.table.parlor, [game.ended_at])
        enqueue_verify_if_finished(game)
    audit_hand_recorded(hand, game=game, by=by)
    return RecordedHand(hand=hand, game=game, results=tuple(results))


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
    *,
    game: Game,
    sequence: int,
    entry: dict[str, Any],
    reason: str,
    by: Actor,
    version: int | None = None,
) -> Hand:
    """Replaces hand `sequence` by a new version and replays the game from it on.

    The old version stays in the log, superseded, with the outcome it had. `version`: the
    version the correction was made from; if the hand changed since (another tablet corrected
    or undid it), the correction is refused with a 409 naming who changed it and when, instead
    of replacing their correction unseen. None (an API client that does not send it) corrects
    whatever version is current.
    """
    game = game_lock(game)
    _require_not_voided(game)
    if not reason.strip():
        raise InvalidInput("say why the hand is corrected", code="reason_required", field="reason")
    text_check(reason.strip(), field="reason", max_length=REASON_MAX_LENGTH, one_line=False)
    hands = current_hands(game)
    if version is not None:
        # Under the game's lock: a correction that waited for another one sees its version.
        hand_version_require(game, hands, sequence=sequence, version=version)
    if not 1 <= sequence <= len(hands):
        raise NotFound(
            f"the game has no hand {sequence} (it has {len(hands)})", code="hand_not_found"
        )
    old = hands[sequence - 1]
    entries = [h.entry for h in hands]
    entries[sequence - 1] = entry
    replay = engine.replay_game(game_record_build(game, entries))
    before = hand_snapshot(old)
    old.state = HandState.SUPERSEDED
    old.save(update_fields=["state"])
    new = Hand.objects.create(
        game=game,
        sequence=sequence,
        version=old.version + 1,
        entry=entry,
        entered_by=actor_row(by),
        supersedes=old,
        reason=reason.strip(),
    )
    hands[sequence - 1] = new
    ended_before = game.ended_at
    replay_store(game, replay, hands, from_sequence=sequence)
    report_days_changed(game.table.parlor, [new.entered_at, ended_before, game.ended_at])
    audit_hand_corrected(new, game=game, by=by, before=before)
    enqueue_verify_if_finished(game)
    return new


@transaction.atomic
def hand_void_last(*, game: Game, sequence: int, reason: str, by: Actor) -> Hand:
    """Voids the game's last hand (取消), e.g. one entered by mistake. It stays in the log.

    `sequence` names the hand the caller means: a request sent again after its hand was voided,
    or made before another hand was recorded, is refused (naming what changed) instead of
    voiding the hand that is last now."""
    text_check(reason.strip(), field="reason", max_length=REASON_MAX_LENGTH, one_line=False)
    game = game_lock(game)
    _require_open(game)
    hands = current_hands(game)
    if not hands or sequence != len(hands):
        raise hand_void_refusal(game, hands, sequence=sequence)
    last = hands.pop()
    replay = engine.replay_game(game_record_build(game, [h.entry for h in hands]))
    before = hand_snapshot(last)
    last.state, last.voided_at = HandState.VOIDED, timezone.now()
    last.voided_by = actor_row(by)
    last.void_reason = reason.strip()
    last.save(update_fields=["state", "voided_at", "voided_by", "void_reason"])
    game.hands_voided += 1
    game.save(update_fields=["hands_voided"])
    ended_before = game.ended_at
    replay_store(game, replay, hands, from_sequence=len(hands) + 1)
    report_days_changed(game.table.parlor, [last.voided_at, ended_before])
    audit_hand_voided(last, game=game, by=by, before=before)
    return last
