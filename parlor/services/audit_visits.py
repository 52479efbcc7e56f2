"""Audit events of visits and their money: check-in, ラス半, 代走, adjustments and the
settlement close (精算). Call them inside the service's transaction, after the change.

Hooks for the visits service, one line each inside its transactions:
`audit_visit_checked_in(visit, by=by)` in visit_check_in, `audit_settlement_closed(settlement,
by=by)` at the end of visit_check_out, `audit_adjustment_created(adjustment, by=by)` in
adjustment_create and `audit_adjustment_settled(adjustment, by=by)` in adjustment_settle.
"""

from __future__ import annotations

from typing import Any

from parlor.models import Adjustment, AuditAction, AuditEvent, Settlement, Visit, VisitGame
from parlor.models.users import Actor
from parlor.services.audit_events import audit_record


def audit_visit_checked_in(visit: Visit, *, by: Actor) -> AuditEvent:
    return audit_record(
        parlor=visit.parlor,
        by=by,
        action=AuditAction.CREATE,
        subject_type="visit",
        subject_id=str(visit.public_id),
        kind="visit.checked_in",
        data={"player": str(visit.player)},
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
        kind="settlement.closed",
        data={"player": str(visit.player), "yen": settlement.total_yen},
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


def _adjustment_event(adjustment: Adjustment, *, by: Actor, **fields: Any) -> AuditEvent:
    return audit_record(
        parlor=adjustment.parlor,
        by=by,
        subject_type="adjustment",
        subject_id=str(adjustment.public_id),
        data={"player": str(adjustment.player), "yen": adjustment.amount_yen},
        game=adjustment.game,
        **fields,
    )


def audit_adjustment_created(
    adjustment: Adjustment, *, by: Actor, confirmation: Any = None
) -> AuditEvent:
    return _adjustment_event(
        adjustment,
        by=by,
        action=AuditAction.CREATE,
        kind="adjustment.created",
        summary=f"adjustment of {adjustment.amount_yen:+,} yen for {adjustment.player}",
        after={**_adjustment_snapshot(adjustment), **_confirmed(confirmation)},
        reason=adjustment.reason,
    )


def audit_adjustment_settled(
    adjustment: Adjustment, *, by: Actor, confirmation: Any = None
) -> AuditEvent:
    return _adjustment_event(
        adjustment,
        by=by,
        action=AuditAction.CLOSE,
        kind="adjustment.settled",
        summary=f"adjustment of {adjustment.amount_yen:+,} yen settled at the counter",
        before={**_adjustment_snapshot(adjustment), "settled": False},
        after={**_adjustment_snapshot(adjustment), **_confirmed(confirmation)},
    )


def audit_last_game_call(visit: Visit, *, by: Actor, called: bool) -> AuditEvent:
    """ラス半 called (CREATE) or taken back (VOID): it decides when the visit's money closes."""
    return audit_record(
        parlor=visit.parlor,
        by=by,
        action=AuditAction.CREATE if called else AuditAction.UNDO,
        subject_type="last_game_call",
        subject_id=str(visit.public_id),
        kind="last_game.called" if called else "last_game.taken_back",
        data={"player": str(visit.player)},
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
        kind="stand_in.set",
        data={"player": str(link.visit.player), "table": game.table.label},
        summary=f"stand-in (代走) for {link.visit.player} at table {game.table.label}",
        before=before,
        after=stand_in_snapshot(link),
        game=game,
    )


def stand_in_snapshot(link: VisitGame) -> dict[str, Any]:
    by = link.stand_in_by
    return {"stand_in_by": by.get_username() if by is not None else "", "note": link.stand_in_note}
