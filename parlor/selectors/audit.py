"""Reads of the audit log, scoped to a parlor; for the API, the admin and the tablet UI."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from django.db.models import QuerySet

from parlor.models import AuditEvent, Game, Parlor


@dataclass(frozen=True, slots=True)
class AuditFilter:
    game: Game | None = None
    action: str = ""
    subject_type: str = ""
    actor_name: str = ""  # the username at the time of the event
    since: datetime | None = None
    until: datetime | None = None


def audit_events_of(parlor: Parlor, where: AuditFilter | None = None) -> QuerySet[AuditEvent]:
    """The parlor's events, newest first, optionally filtered."""
    where = where or AuditFilter()
    events = AuditEvent.objects.filter(parlor=parlor).select_related("game", "actor")
    if where.game is not None:
        events = events.filter(game=where.game)
    if where.action:
        events = events.filter(action=where.action)
    if where.subject_type:
        events = events.filter(subject_type=where.subject_type)
    if where.actor_name:
        events = events.filter(actor_name=where.actor_name)
    if where.since is not None:
        events = events.filter(at__gte=where.since)
    if where.until is not None:
        events = events.filter(at__lt=where.until)
    return events.order_by("-at", "-id")


def audit_actor_names(parlor: Parlor) -> list[str]:
    """The usernames that appear in the parlor's audit log, sorted (the system's is empty)."""
    names = AuditEvent.objects.filter(parlor=parlor).exclude(actor_name="")
    return sorted(set(names.values_list("actor_name", flat=True)))


def audit_trail_of_game(game: Game) -> QuerySet[AuditEvent]:
    """A game's history in order: its start, every hand recorded, corrected (both versions
    and the reason are in the event's `before`, `after` and `reason`) or voided, and its end.

    The tablet's game history screen can show this as it is (GET /api/games/{id}/audit/).
    """
    return AuditEvent.objects.filter(game=game).select_related("actor").order_by("at", "id")
