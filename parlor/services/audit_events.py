"""Appends one event to a parlor's audit log (監査ログ): the one writer every audit_* uses.

An event keeps its `kind` ("hand.corrected") and `data` (the values its sentence names), and
parlor/selectors/audit_text.py says it in the reader's language; `summary` stays an English line for
searching the admin and for readers of the raw log.
"""

from __future__ import annotations

from typing import Any

from parlor.models import AuditAction, AuditEvent, Game, Parlor
from parlor.models.users import Actor, actor_row


def audit_record(
    *,
    parlor: Parlor,
    by: Actor,
    action: AuditAction,
    subject_type: str,
    subject_id: str,
    summary: str,
    kind: str = "",
    data: dict[str, Any] | None = None,
    before: dict[str, Any] | None = None,
    after: dict[str, Any] | None = None,
    reason: str = "",
    game: Game | None = None,
) -> AuditEvent:
    """Appends one event to the parlor's audit log."""
    return event_append(
        parlor_id=parlor.pk,
        by=by,
        action=action,
        subject_type=subject_type,
        subject_id=subject_id,
        summary=summary,
        kind=kind,
        data=data or {},
        before=before,
        after=after,
        reason=reason,
        game=game,
    )


def event_append(*, parlor_id: int, by: Actor, summary: str, **fields: Any) -> AuditEvent:
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
