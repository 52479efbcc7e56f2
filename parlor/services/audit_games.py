"""Audit events of games and hands: started or imported, each hand recorded, corrected or
voided, the game finished or voided. Call them inside the service's transaction, after the
change; snapshots are plain JSON so an event reads the same forever."""

from __future__ import annotations

from typing import Any

from parlor.models import AuditAction, AuditEvent, Game, Hand, HandOutcome
from parlor.models.users import Actor
from parlor.services.audit_events import event_append


def hand_snapshot(hand: Hand) -> dict[str, Any]:
    """A hand version as it stands: its entry and what the engine made of it.

    One query for the outcome, none where the hand holds it already (hands.hand_append leaves
    the outcome it stores on its hand).
    """
    if Hand.outcome.is_cached(hand):
        outcome: HandOutcome | None = getattr(hand, "outcome", None)
    else:
        outcome = HandOutcome.objects.filter(hand=hand).first()
    return {
        "hand_id": str(hand.public_id),
        "sequence": hand.sequence,
        "version": hand.version,
        "state": hand.state,
        "entry": hand.entry,
        "reason": hand.reason,
        "outcome": None
        if outcome is None
        else {
            "round": f"{outcome.round_wind}{outcome.round_number}",
            "honba": outcome.honba,
            "scores_before": outcome.scores_before,
            "deltas": outcome.deltas,
            "scores_after": outcome.scores_after,
            "sticks_after": outcome.sticks_after,
        },
    }


def game_snapshot(game: Game) -> dict[str, Any]:
    """A game's status, live state and results (two queries)."""
    return {
        "game_id": str(game.public_id),
        "table": game.table.label,
        "status": game.status,
        "hand_count": game.hand_count,
        "scores": list(game.scores),
        "sticks": game.sticks,
        "end_reason": game.end_reason,
        "seats": [
            {"seat": s.seat, "player_id": str(s.player.public_id), "name": s.name}
            for s in game.seats.select_related("player").order_by("seat")
        ],
        "results": [
            {
                "seat": r.seat,
                "rank": r.rank,
                "final_score": r.final_score,
                "total": r.total_tenths / 10,
                "chips": r.chips,
            }
            for r in game.results.order_by("seat")
        ],
    }


def _game_event(
    game: Game, *, by: Actor, action: AuditAction, kind: str, summary: str, **fields: Any
) -> AuditEvent:
    return event_append(
        parlor_id=game.table.parlor_id,
        by=by,
        action=action,
        subject_type="game",
        subject_id=str(game.public_id),
        game=game,
        kind=kind,
        data={"table": game.table.label},
        summary=f"table {game.table.label}: {summary}",
        **fields,
    )


def audit_game_started(game: Game, *, by: Actor, source: str = "start") -> AuditEvent:
    """A game created: started at a table, or imported from a record (`source="import"`)."""
    imported = source == "import"
    after = {**game_snapshot(game), "ruleset_key": game.ruleset_key, "source": source}
    return _game_event(
        game,
        by=by,
        action=AuditAction.CREATE,
        kind="game.imported" if imported else "game.started",
        summary="game imported" if imported else "game started",
        after=after,
    )


def audit_game_finished(game: Game, *, by: Actor, before: dict[str, Any]) -> AuditEvent:
    return _game_event(
        game,
        by=by,
        action=AuditAction.FINISH,
        kind="game.finished",
        summary="game closed by staff",
        before=before,
        after=game_snapshot(game),
    )


def audit_game_voided(game: Game, *, by: Actor, before: dict[str, Any], reason: str) -> AuditEvent:
    """A game voided (無効): the after snapshot names the manager who confirmed it, if any."""
    confirmed_by = game.void_confirmed_by
    return _game_event(
        game,
        by=by,
        action=AuditAction.GAME_VOID,
        kind="game.voided",
        summary="game voided",
        before=before,
        after={
            **game_snapshot(game),
            "confirmed_by": confirmed_by.get_username() if confirmed_by else None,
        },
        reason=reason,
    )


def _hand_event(
    hand: Hand,
    game: Game,
    *,
    by: Actor,
    action: AuditAction,
    kind: str,
    summary: str,
    data: dict[str, Any] | None = None,
    **fields: Any,
) -> AuditEvent:
    return event_append(
        parlor_id=game.table.parlor_id,
        by=by,
        action=action,
        subject_type="hand",
        subject_id=str(hand.public_id),
        game=game,
        kind=kind,
        data={"table": game.table.label, "sequence": hand.sequence, **(data or {})},
        summary=f"table {game.table.label}: hand {hand.sequence} {summary}",
        **fields,
    )


def _with_game(snapshot: dict[str, Any], game: Game) -> dict[str, Any]:
    return {
        **snapshot,
        "game": {"status": game.status, "scores": list(game.scores), "end_reason": game.end_reason},
    }


def audit_hand_recorded(hand: Hand, *, game: Game, by: Actor) -> AuditEvent:
    return _hand_event(
        hand,
        game,
        by=by,
        action=AuditAction.CREATE,
        kind="hand.recorded",
        summary="recorded",
        after=_with_game(hand_snapshot(hand), game),
    )


def audit_hand_corrected(new: Hand, *, game: Game, by: Actor, before: dict[str, Any]) -> AuditEvent:
    """`before` is the old version's snapshot, taken before the correction superseded it."""
    return _hand_event(
        new,
        game,
        by=by,
        action=AuditAction.CORRECT,
        kind="hand.corrected",
        data={"old_version": before["version"], "new_version": new.version},
        summary=f"corrected (version {before['version']} → {new.version})",
        before=before,
        after=_with_game(hand_snapshot(new), game),
        reason=new.reason,
    )


def audit_hand_undone(hand: Hand, *, game: Game, by: Actor, before: dict[str, Any]) -> AuditEvent:
    return _hand_event(
        hand,
        game,
        by=by,
        action=AuditAction.UNDO,
        kind="hand.voided",
        summary="voided",
        before=before,
        after=_with_game(hand_snapshot(hand), game),
        reason=hand.void_reason,
    )
