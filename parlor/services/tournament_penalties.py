"""A tournament's penalties (大会のペナルティ): given by a referee (審判) with a reason, and
withdrawn (取消) by a referee with a reason. Both are records of their own, audited; the
standings count the penalties given and not withdrawn. Each change runs on the locked event
row, as the rest of the tournament's services do."""

from __future__ import annotations

from typing import Any

from django.db import transaction

from parlor.errors import Conflict, Forbidden, InvalidInput
from parlor.models import AuditAction, EventPenalty, EventPenaltyWithdrawal, EventPlayer
from parlor.models.users import Actor, actor_row
from parlor.security.limits import REASON_MAX_LENGTH
from parlor.security.text import text_check
from parlor.selectors.access import is_manager
from parlor.services.tournaments import event_audit, event_lock, rounds_played

REFEREE_GROUP = "referee"  # 審判: the auth group whose staff may give penalties
MAX_PENALTY_POINTS = 1000  # in the event score's unit (p)


def is_referee(user: Any, parlor_id: int) -> bool:
    """A manager of the parlor, or its staff in the referee group (審判)."""
    if is_manager(user, parlor_id):
        return True
    member = getattr(user, "parlor_member", None)
    return bool(
        member is not None
        and member.parlor_id == parlor_id
        and user.groups.filter(name=REFEREE_GROUP).exists()
    )


def _refuse_unless_referee(by: Actor, parlor_id: int) -> None:
    if by is None or not is_referee(by, parlor_id):
        raise Forbidden("only a referee or the manager gives penalties", code="referee_required")


def _reason(reason: str, *, code: str, message: str) -> str:
    if not reason.strip():
        raise InvalidInput(message, code=code, field="reason")
    text_check(reason.strip(), field="reason", max_length=REASON_MAX_LENGTH, one_line=False)
    return reason.strip()


@transaction.atomic
def penalty_give(*, entry: EventPlayer, points: int, reason: str, by: Actor) -> EventPenalty:
    """A referee takes `points` off a player's event score, with the reason, audited."""
    event = event_lock(entry.event)
    _refuse_unless_referee(by, event.parlor_id)
    if not 1 <= points <= MAX_PENALTY_POINTS:
        raise InvalidInput(
            f"a penalty is 1 to {MAX_PENALTY_POINTS} points",
            code="penalty_points",
            field="points",
            params={"max": MAX_PENALTY_POINTS},
        )
    reason = _reason(reason, code="penalty_reason_required", message="say why")
    penalty = EventPenalty.objects.create(
        event=event,
        entry=entry,
        round_number=rounds_played(event) or None,
        points=points,
        reason=reason,
        given_by=actor_row(by),
    )
    event_audit(
        event,
        by=by,
        action=AuditAction.CREATE,
        summary=f"penalty {points} to {entry.player.name}",
        after={"player": entry.player.name, "points": points, "round": penalty.round_number},
        reason=penalty.reason,
    )
    return penalty


@transaction.atomic
def penalty_withdraw(*, penalty: EventPenalty, reason: str, by: Actor) -> EventPenaltyWithdrawal:
    """A referee withdraws a penalty (取消), with the reason, audited: the penalty stays on
    record, struck through, and the standings no longer take its points off."""
    event = event_lock(penalty.event)
    _refuse_unless_referee(by, event.parlor_id)
    if EventPenaltyWithdrawal.objects.filter(penalty=penalty).exists():
        raise Conflict("the penalty has already been withdrawn", code="penalty_withdrawn")
    reason = _reason(
        reason, code="withdraw_reason_required", message="say why the penalty is withdrawn"
    )
    # The event row's lock orders two referees; the one-to-one column refuses a second
    # withdrawal even so.
    withdrawal = EventPenaltyWithdrawal.objects.create(
        penalty=penalty, reason=reason, withdrawn_by=actor_row(by)
    )
    event_audit(
        event,
        by=by,
        action=AuditAction.UNDO,
        summary=f"penalty {penalty.points} to {penalty.entry.player.name} withdrawn",
        after={"player": penalty.entry.player.name, "points": penalty.points, "withdrawn": True},
        reason=reason,
    )
    return withdrawal
