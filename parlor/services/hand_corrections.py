"""Hands: correcting one and undoing the last (取消) (recording: hands; their previews:
hand_previews). Hands are append-only; the game row is locked.

A correction or an undo replays the stored log (replays.replay_store): the old version stays in
the log, superseded or undone, with who, when and why.
"""

from __future__ import annotations

from django.db import transaction
from django.utils import timezone

from parlor.domain.json_shapes import HandEntry
from parlor.errors import NotFound
from parlor.models import Game, Hand, HandState
from parlor.models.users import Actor, actor_row
from parlor.reports.staleness import report_days_changed
from parlor.security.limits import REASON_MAX_LENGTH
from parlor.security.text import reason_check, text_check
from parlor.services import engine
from parlor.services.audit_log import audit_hand_corrected, audit_hand_undone, hand_snapshot
from parlor.services.games import game_lock
from parlor.services.hand_previews import game_not_voided_require, game_open_require
from parlor.services.hand_versions import hand_undo_refusal, hand_version_require
from parlor.services.replays import current_hands, game_record_build, replay_store
from parlor.services.verification import enqueue_verify_if_finished


@transaction.atomic
def hand_correct(
    *,
    game: Game,
    sequence: int,
    entry: HandEntry,
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
    game_not_voided_require(game)
    reason = reason_check(reason, missing="say why the hand is corrected")
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
    new = _hand_supersede(game, old, entry=entry, reason=reason, by=by)
    hands[sequence - 1] = new
    ended_before = game.ended_at
    replay_store(game, replay, hands, from_sequence=sequence)
    report_days_changed(game.table.parlor, [new.entered_at, ended_before, game.ended_at])
    audit_hand_corrected(new, game=game, by=by, before=before)
    enqueue_verify_if_finished(game)
    return new


def _hand_supersede(game: Game, old: Hand, *, entry: HandEntry, reason: str, by: Actor) -> Hand:
    """Marks `old` superseded and inserts its next version, which names it and says why."""
    old.state = HandState.SUPERSEDED
    old.save(update_fields=["state"])
    return Hand.objects.create(
        game=game,
        sequence=old.sequence,
        version=old.version + 1,
        entry=entry,
        entered_by=actor_row(by),
        supersedes=old,
        reason=reason,
    )


@transaction.atomic
def hand_undo_last(*, game: Game, sequence: int, reason: str, by: Actor) -> Hand:
    """Undoes the game's last hand (取消), e.g. one entered by mistake. It stays in the log.

    `sequence` names the hand the caller means: a request sent again after its hand was undone,
    or made before another hand was recorded, is refused (naming what changed) instead of
    undoing the hand that is last now."""
    text_check(reason.strip(), field="reason", max_length=REASON_MAX_LENGTH, one_line=False)
    game = game_lock(game)
    game_open_require(game)
    hands = current_hands(game)
    if not hands or sequence != len(hands):
        raise hand_undo_refusal(game, hands, sequence=sequence)
    last = hands.pop()
    replay = engine.replay_game(game_record_build(game, [h.entry for h in hands]))
    before = hand_snapshot(last)
    last.state, last.voided_at = HandState.UNDONE, timezone.now()
    last.voided_by = actor_row(by)
    last.void_reason = reason.strip()
    last.save(update_fields=["state", "voided_at", "voided_by", "void_reason"])
    game.hands_voided += 1
    game.save(update_fields=["hands_voided"])
    ended_before = game.ended_at
    replay_store(game, replay, hands, from_sequence=len(hands) + 1)
    report_days_changed(game.table.parlor, [last.voided_at, ended_before])
    audit_hand_undone(last, game=game, by=by, before=before)
    return last
