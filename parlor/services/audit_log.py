"""Writes the audit log: one event per create, correction, void, finish, game void and close.

Call these inside the service's transaction, after the change: the event and the change
commit together or not at all. Snapshots are plain JSON so an event reads the same forever,
whatever later happens to the rows it describes.

Hooks for the visits service (issue 6), one line each inside its transactions:
`audit_visit_checked_in(visit, by=by)` in visit_check_in, `audit_settlement_closed(settlement,
by=by)` at the end of visit_check_out (the settlement close, 精算),
`audit_adjustment_created(adjustment, by=by)` in adjustment_create and
`audit_adjustment_settled(adjustment, by=by)` in adjustment_settle. Anything else calls
`audit_record` with its own subject_type.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict
from typing import Any

from parlor.domain.money import Terms
from parlor.domain.own_terms import TERM_NAMES
from parlor.domain.units import RateBasis
from parlor.models import (
    Adjustment,
    AuditAction,
    AuditEvent,
    DayClose,
    DayFloat,
    Game,
    Hand,
    HandOutcome,
    MoneySettings,
    Parlor,
    Player,
    RulesetDefinition,
    Settlement,
    StandingsSettings,
    Visit,
    VisitGame,
)
from parlor.models.users import Actor, actor_row


def audit_record(
    *,
    parlor: Parlor,
    by: Actor,
    action: AuditAction,
    subject_type: str,
    subject_id: str,
    summary: str,
    before: dict[str, Any] | None = None,
    after: dict[str, Any] | None = None,
    reason: str = "",
    game: Game | None = None,
) -> AuditEvent:
    """Appends one event to the parlor's audit log."""
    return _append(
        parlor_id=parlor.pk,
        by=by,
        action=action,
        subject_type=subject_type,
        subject_id=subject_id,
        summary=summary,
        before=before,
        after=after,
        reason=reason,
        game=game,
    )


def _append(*, parlor_id: int, by: Actor, summary: str, **fields: Any) -> AuditEvent:
    """audit_record by the parlor's id: a game's events need not load the parlor."""
    actor = actor_row(by)
    event = AuditEvent(
        parlor_id=parlor_id,
        actor=actor,
        actor_name=actor.get_username() if actor is not None else "",
        summary=summary[:200],
        **fields,
    )
    event.save()
    return event


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
    game: Game, *, by: Actor, action: AuditAction, summary: str, **fields: Any
) -> AuditEvent:
    return _append(
        parlor_id=game.table.parlor_id,
        by=by,
        action=action,
        subject_type="game",
        subject_id=str(game.public_id),
        game=game,
        summary=f"table {game.table.label}: {summary}",
        **fields,
    )


def audit_game_started(game: Game, *, by: Actor, source: str = "start") -> AuditEvent:
    """A game created: started at a table, or imported from a record (`source="import"`)."""
    verb = "game imported" if source == "import" else "game started"
    after = {**game_snapshot(game), "ruleset_key": game.ruleset_key, "source": source}
    return _game_event(game, by=by, action=AuditAction.CREATE, summary=verb, after=after)


def audit_game_finished(game: Game, *, by: Actor, before: dict[str, Any]) -> AuditEvent:
    return _game_event(
        game,
        by=by,
        action=AuditAction.FINISH,
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
    summary: str,
    **fields: Any,
) -> AuditEvent:
    return _append(
        parlor_id=game.table.parlor_id,
        by=by,
        action=action,
        subject_type="hand",
        subject_id=str(hand.public_id),
        game=game,
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
        summary=f"corrected (version {before['version']} → {new.version})",
        before=before,
        after=_with_game(hand_snapshot(new), game),
        reason=new.reason,
    )


def audit_hand_voided(hand: Hand, *, game: Game, by: Actor, before: dict[str, Any]) -> AuditEvent:
    return _hand_event(
        hand,
        game,
        by=by,
        action=AuditAction.VOID,
        summary="voided",
        before=before,
        after=_with_game(hand_snapshot(hand), game),
        reason=hand.void_reason,
    )


def audit_player_created(player: Player, *, by: Actor) -> AuditEvent:
    return audit_player_changed(player, by=by, before=None)


def audit_player_changed(player: Player, *, by: Actor, before: dict[str, Any] | None) -> AuditEvent:
    """A player added (no `before`) or their name, kana, kind or member number changed."""
    return audit_record(
        parlor=player.parlor,
        by=by,
        action=AuditAction.CREATE if before is None else AuditAction.CORRECT,
        subject_type="player",
        subject_id=str(player.public_id),
        summary=f"player {player} {'added' if before is None else 'changed'}",
        before=before,
        after=player_snapshot(player),
    )


def player_snapshot(player: Player) -> dict[str, Any]:
    """What a manager may change of a player (name, よみがな, kind, member number)."""
    return {
        "name": player.name,
        "kana": player.kana,
        "kind": player.kind,
        "member_number": player.member_number,
    }


def audit_ruleset_created(ruleset: RulesetDefinition, *, by: Actor) -> AuditEvent:
    return audit_record(
        parlor=ruleset.parlor,
        by=by,
        action=AuditAction.CREATE,
        subject_type="ruleset",
        subject_id=ruleset.key,
        summary=f"ruleset {ruleset.key} added",
        after={"key": ruleset.key, "title": ruleset.title, "definition": ruleset.definition},
    )


def audit_visit_checked_in(visit: Visit, *, by: Actor) -> AuditEvent:
    return audit_record(
        parlor=visit.parlor,
        by=by,
        action=AuditAction.CREATE,
        subject_type="visit",
        subject_id=str(visit.public_id),
        summary=f"{visit.player} checked in",
        after={
            "player_id": str(visit.player.public_id),
            "status": visit.status,
            "wish": visit.wish,
        },
    )


def audit_settlement_closed(
    settlement: Settlement, *, by: Actor, confirmation: Any = None
) -> AuditEvent:
    """The settlement close (精算): the visit before, the settlement's money after, and the
    manager who confirmed lines beyond the parlor's bound (a money_guard confirmation)."""
    visit = settlement.visit
    return audit_record(
        parlor=visit.parlor,
        by=by,
        action=AuditAction.CLOSE,
        subject_type="settlement",
        subject_id=str(settlement.public_id),
        summary=f"settlement of {visit.player} closed: {settlement.total_yen:+,} yen",
        before={"visit_id": str(visit.public_id), "status": "open"},
        after={
            "visit_id": str(visit.public_id),
            "points_yen": settlement.points_yen,
            "chips_yen": settlement.chips_yen,
            "fees_yen": settlement.fees_yen,
            "adjustments_yen": settlement.adjustments_yen,
            "total_yen": settlement.total_yen,
            **_confirmed(confirmation),
        },
    )


def _confirmed(confirmation: Any) -> dict[str, Any]:
    """A money_guard.LargeAmountConfirmation as the event keeps it (nothing without one)."""
    return {} if confirmation is None else confirmation.as_dict()


def _adjustment_snapshot(adjustment: Adjustment) -> dict[str, Any]:
    snapshot = {
        "player_id": str(adjustment.player.public_id),
        "kind": adjustment.kind,
        "amount_yen": adjustment.amount_yen,
        "settled": adjustment.settled_at is not None,
    }
    if adjustment.corrects_shift is not None:  # a 本走 game's correction after sign-out
        snapshot["shift_id"] = str(adjustment.corrects_shift.public_id)
    return snapshot


def audit_adjustment_created(
    adjustment: Adjustment, *, by: Actor, confirmation: Any = None
) -> AuditEvent:
    return audit_record(
        parlor=adjustment.parlor,
        by=by,
        action=AuditAction.CREATE,
        subject_type="adjustment",
        subject_id=str(adjustment.public_id),
        summary=f"adjustment of {adjustment.amount_yen:+,} yen for {adjustment.player}",
        after={**_adjustment_snapshot(adjustment), **_confirmed(confirmation)},
        reason=adjustment.reason,
        game=adjustment.game,
    )


def audit_adjustment_settled(
    adjustment: Adjustment, *, by: Actor, confirmation: Any = None
) -> AuditEvent:
    return audit_record(
        parlor=adjustment.parlor,
        by=by,
        action=AuditAction.CLOSE,
        subject_type="adjustment",
        subject_id=str(adjustment.public_id),
        summary=f"adjustment of {adjustment.amount_yen:+,} yen settled at the counter",
        before={**_adjustment_snapshot(adjustment), "settled": False},
        after={**_adjustment_snapshot(adjustment), **_confirmed(confirmation)},
        game=adjustment.game,
    )


def audit_last_game_call(visit: Visit, *, by: Actor, called: bool) -> AuditEvent:
    """ラス半 called (CREATE) or taken back (VOID): it decides when the visit's money closes."""
    return audit_record(
        parlor=visit.parlor,
        by=by,
        action=AuditAction.CREATE if called else AuditAction.VOID,
        subject_type="last_game_call",
        subject_id=str(visit.public_id),
        summary=f"ラス半 {'called' if called else 'taken back'} for {visit.player}",
        after={"visit_id": str(visit.public_id), "called": called},
        game=visit.last_game,
    )


def audit_stand_in(link: VisitGame, *, by: Actor, before: dict[str, Any]) -> AuditEvent:
    """代走: staff played hands for the player; the result (and its money) stays the player's."""
    game = link.game
    return audit_record(
        parlor=link.visit.parlor,
        by=by,
        action=AuditAction.CORRECT if before.get("stand_in_by") else AuditAction.CREATE,
        subject_type="stand_in",
        subject_id=str(link.visit.public_id),
        summary=f"stand-in (代走) for {link.visit.player} at table {game.table.label}",
        before=before,
        after=stand_in_snapshot(link),
        game=game,
    )


def stand_in_snapshot(link: VisitGame) -> dict[str, Any]:
    by = link.stand_in_by
    return {"stand_in_by": by.get_username() if by is not None else "", "note": link.stand_in_note}


def money_settings_snapshot(
    *,
    player_count: int,
    terms: Mapping[str, object],
    default: Terms | None,
    rate_basis: RateBasis,
) -> dict[str, Any]:
    """Money terms as stored (a table's: None where it inherits), with the default they
    inherit from then and what the rate is per, so the event reads the same forever."""
    return {
        "player_count": player_count,
        **terms,
        "rate_basis": rate_basis.value,
        "default": None if default is None else asdict(default),
    }


def _term_change(name: str, before: Mapping[str, Any], after: Mapping[str, Any]) -> str:
    def said(values: Mapping[str, Any]) -> str:
        value = values.get(name)
        if value is not None:
            return str(value)
        inherited = (values.get("default") or {}).get(name)
        return "default" if inherited is None else f"default ({inherited})"

    return f"{name} {said(before)} → {said(after)}"


def audit_money_settings(
    row: MoneySettings,
    *,
    by: Actor,
    before: dict[str, Any] | None,
    after: dict[str, Any],
    created: bool = False,
) -> AuditEvent:
    """A parlor's (or a table's) money terms set: games started later are played under them.
    `before` and `after` are money_settings_snapshot()s; the summary names what changed."""
    where = f"table {row.table.label}" if row.table is not None else "default"
    changed = [
        _term_change(name, before or {}, after)
        for name in TERM_NAMES
        if (before or {}).get(name) != after.get(name)
    ]
    return audit_record(
        parlor=row.parlor,
        by=by,
        action=AuditAction.CREATE if created else AuditAction.CORRECT,
        subject_type="money_settings",
        subject_id=str(row.pk),
        summary=f"money settings for {row.player_count}-player games ({where}): "
        + "; ".join(changed),
        before=before,
        after=after,
    )


def audit_money_settings_removed(row: MoneySettings, *, by: Actor) -> AuditEvent:
    """A table's own money terms removed: its games started later use the parlor's default."""
    assert row.table is not None
    return audit_record(
        parlor=row.parlor,
        by=by,
        action=AuditAction.VOID,
        subject_type="money_settings",
        subject_id=str(row.pk),
        summary=f"table {row.table.label}'s own money terms removed; the default applies",
        before={"player_count": row.player_count, **row.terms_dict()},
    )


def audit_large_amount_set(parlor: Parlor, *, by: Actor, before: int | None) -> AuditEvent:
    """The amount beyond which a line needs a manager (None: derived from each game's rate)."""

    def said(value: int | None) -> str:
        return "each game's reach" if value is None else f"{value:,} yen"

    return audit_record(
        parlor=parlor,
        by=by,
        action=AuditAction.CORRECT,
        subject_type="large_amount",
        subject_id=str(parlor.public_id),
        summary=f"amount a manager confirms: {said(before)} → {said(parlor.large_amount_yen)}",
        before={"large_amount_yen": before},
        after={"large_amount_yen": parlor.large_amount_yen},
    )


def audit_standings_settings(
    row: StandingsSettings, *, by: Actor, before: dict[str, Any] | None
) -> AuditEvent:
    """Whether the parlor publishes its standings (ランキング), and its monthly minimum, set."""
    return audit_record(
        parlor=row.parlor,
        by=by,
        action=AuditAction.CREATE if before is None else AuditAction.CORRECT,
        subject_type="standings_settings",
        subject_id=str(row.pk),
        summary="standings settings set",
        before=before,
        after={"is_public": row.is_public, "monthly_min_games": row.monthly_min_games},
    )


def day_close_snapshot(close: DayClose) -> dict[str, Any]:
    """A close's figures, and whether it was reopened."""
    return {
        "business_day": close.business_day.isoformat(),
        "float_yen": close.float_yen,
        "paid_in_yen": close.paid_in_yen,
        "paid_out_yen": close.paid_out_yen,
        "expected_yen": close.expected_yen,
        "counts": close.counts,
        "counted_yen": close.counted_yen,
        "difference_yen": close.difference_yen,
        "reopened": close.reopened_at is not None,
    }


def audit_day_closed(close: DayClose, *, by: Actor) -> AuditEvent:
    """The close of a business day (締め), confirmed by `close.confirmed_by`."""
    confirmed = close.confirmed_by.get_username() if close.confirmed_by else ""
    return audit_record(
        parlor=close.parlor,
        by=by,
        action=AuditAction.CLOSE,
        subject_type="day_close",
        subject_id=str(close.public_id),
        summary=f"business day {close.business_day} closed: {close.difference_yen:+,} yen "
        f"difference, confirmed by {confirmed}",
        after=day_close_snapshot(close),
        reason=close.reason,
    )


def audit_day_reopened(close: DayClose, *, by: Actor, reason: str) -> AuditEvent:
    """A manager reopened a closed day (VOID of its close: the close stays, superseded)."""
    return audit_record(
        parlor=close.parlor,
        by=by,
        action=AuditAction.VOID,
        subject_type="day_close",
        subject_id=str(close.public_id),
        summary=f"business day {close.business_day} reopened",
        before={**day_close_snapshot(close), "reopened": False},
        after=day_close_snapshot(close),
        reason=reason,
    )


def audit_day_float(row: DayFloat, *, by: Actor, before_yen: int | None) -> AuditEvent:
    """The opening float entered (CREATE) or changed (CORRECT) for a business day."""
    return audit_record(
        parlor=row.parlor,
        by=by,
        action=AuditAction.CREATE if before_yen is None else AuditAction.CORRECT,
        subject_type="day_float",
        subject_id=f"{row.business_day.isoformat()}",
        summary=f"opening float of {row.business_day}: {row.float_yen:,} yen",
        before=None if before_yen is None else {"float_yen": before_yen},
        after={"float_yen": row.float_yen},
    )
