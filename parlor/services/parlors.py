"""A parlor's own settings (店舗設定): its name, time zone and business day cutoff hour."""

from __future__ import annotations

from functools import cache
from typing import Any
from zoneinfo import available_timezones

from django.db import transaction

from parlor.errors import InvalidInput
from parlor.models import AuditAction, GameBack, Parlor
from parlor.models.users import Actor
from parlor.services.audit_log import audit_record

MAX_NAME_LENGTH: int = Parlor.name.field.max_length or 0  # the model sets one


@cache
def time_zones() -> tuple[str, ...]:
    """The time zones a parlor may be in, sorted (IANA names, e.g. Asia/Tokyo)."""
    return tuple(sorted(available_timezones()))


def _settings(parlor: Parlor) -> dict[str, Any]:
    return {
        "name": parlor.name,
        "time_zone": parlor.time_zone,
        "business_day_cutoff_hour": parlor.business_day_cutoff_hour,
    }


@transaction.atomic
def parlor_settings_set(
    *,
    parlor: Parlor,
    name: str,
    time_zone: str,
    cutoff_hour: int,
    game_back: str | None = None,
    by: Actor = None,
) -> Parlor:
    """Sets the parlor's name, time zone and business day (営業日) cutoff hour (audited, before
    and after). Reports already built keep the days they were built with.

    `game_back` (ゲームバック: full, half or none; None keeps it) is audited as an event of its
    own; shifts already signed out keep the rule they were settled under."""
    name = _settings_check(name, time_zone=time_zone, cutoff_hour=cutoff_hour, game_back=game_back)
    row = Parlor.objects.select_for_update().get(pk=parlor.pk)
    if game_back is not None and game_back != row.game_back:
        _game_back_set(row, game_back, by=by)
    before = _settings(row)
    row.name, row.time_zone, row.business_day_cutoff_hour = name, time_zone, cutoff_hour
    after = _settings(row)
    if after != before:
        row.save(update_fields=["name", "time_zone", "business_day_cutoff_hour"])
        audit_record(
            parlor=row,
            by=by,
            action=AuditAction.CORRECT,
            subject_type="parlor",
            subject_id=str(row.public_id),
            kind="parlor.settings_set",
            summary="parlor settings set",
            before=before,
            after=after,
        )
    parlor.name, parlor.time_zone, parlor.game_back = row.name, row.time_zone, row.game_back
    parlor.business_day_cutoff_hour = row.business_day_cutoff_hour
    return row


def _settings_check(name: str, *, time_zone: str, cutoff_hour: int, game_back: str | None) -> str:
    """The settings as a person can fix them, each refusal naming its field; the name stripped."""
    name = name.strip() if isinstance(name, str) else ""
    if not name:
        raise InvalidInput("the parlor needs a name", code="invalid", field="name")
    if len(name) > MAX_NAME_LENGTH or not name.isprintable():
        raise InvalidInput(
            f"the name is up to {MAX_NAME_LENGTH} printable characters",
            code="invalid",
            field="name",
        )
    if time_zone not in time_zones():
        raise InvalidInput(
            "choose a time zone from the list (e.g. Asia/Tokyo)", code="invalid", field="time_zone"
        )
    if (
        isinstance(cutoff_hour, bool)
        or not isinstance(cutoff_hour, int)
        or not 0 <= cutoff_hour <= 23
    ):
        raise InvalidInput("the cutoff hour is 0 to 23", code="invalid", field="cutoff_hour")
    if game_back is not None and game_back not in GameBack.values:
        raise InvalidInput("the game back is full, half or none", code="invalid", field="game_back")
    return name


def _game_back_set(row: Parlor, game_back: str, *, by: Actor) -> None:
    before = row.game_back
    row.game_back = game_back
    row.save(update_fields=["game_back"])
    audit_record(
        parlor=row,
        by=by,
        action=AuditAction.CORRECT,
        subject_type="game_back",
        subject_id=str(row.public_id),
        kind="game_back.set",
        summary=f"game back: {before} → {game_back}",
        before={"game_back": before},
        after={"game_back": game_back},
    )
