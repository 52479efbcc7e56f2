"""Tournaments (大会): the event, its registrations, drops and substitutes.

Rounds, seats, games and the timer are in services.tournament_rounds; the referee's
penalties in services.tournament_penalties. Every change here is one
transaction on the locked event row, so two directors cannot interleave a drop and a seating.
"""

from __future__ import annotations

import re
import secrets
from collections.abc import Sequence
from datetime import date
from typing import Any

from django.db import transaction
from django.db.models import Max
from django.utils.translation import gettext as _

from parlor.errors import Conflict, InvalidInput
from parlor.models import (
    AdjustmentKind,
    AuditAction,
    Event,
    EventPlayer,
    EventRound,
    EventStatus,
    Parlor,
    Player,
    RoundStatus,
    Table,
    TimeUpRule,
)
from parlor.models.users import Actor, actor_row
from parlor.security.limits import REASON_MAX_LENGTH
from parlor.security.text import text_check
from parlor.selectors.rulesets import ruleset_resolve
from parlor.services.audit_log import audit_record
from parlor.services.settlements import adjustment_create

MAX_ROUNDS = 20


def event_lock(event: Event) -> Event:
    return Event.objects.select_for_update().select_related("parlor").get(pk=event.pk)


@transaction.atomic
def event_create(
    *,
    parlor: Parlor,
    name: str,
    starts_on: date,
    ends_on: date,
    round_count: int,
    tables: Sequence[Table],
    round_minutes: int = 90,
    time_up_rule: str = TimeUpRule.FINISH_HAND,
    extra_hands: int = 0,
    entry_fee_yen: int = 0,
    prizes: str = "",
    by: Actor,
) -> Event:
    """A new event on `tables`, which must all play one ruleset: the event's."""
    _event_check(name=name, starts_on=starts_on, ends_on=ends_on, round_count=round_count)
    ruleset_key = _tables_ruleset_key(parlor, tables)
    ruleset = ruleset_resolve(parlor=parlor, key=ruleset_key)
    event = Event.objects.create(
        parlor=parlor,
        name=name.strip(),
        starts_on=starts_on,
        ends_on=ends_on,
        ruleset_key=ruleset_key,
        round_count=round_count,
        table_size=ruleset.player_count,
        round_minutes=round_minutes,
        time_up_rule=time_up_rule,
        extra_hands=extra_hands if time_up_rule == TimeUpRule.MORE_HANDS else 0,
        entry_fee_yen=entry_fee_yen,
        prizes=prizes.strip(),
        seed=secrets.randbelow(2**31),
        created_by=actor_row(by),
    )
    event.tables.set(tables)
    event_audit(event, by=by, action=AuditAction.CREATE, summary=f"event {event.name} created")
    return event


def _event_check(*, name: str, starts_on: date, ends_on: date, round_count: int) -> None:
    text_check(name.strip(), field="name", max_length=100, one_line=True)
    if not name.strip():
        raise InvalidInput("give the event a name", code="event_name_required", field="name")
    if ends_on < starts_on:
        raise InvalidInput(
            "the last day is before the first", code="days_reversed", field="ends_on"
        )
    if not 1 <= round_count <= MAX_ROUNDS:
        raise InvalidInput(
            f"an event has 1 to {MAX_ROUNDS} rounds",
            code="round_count",
            field="round_count",
            params={"max": MAX_ROUNDS},
        )


def _tables_ruleset_key(parlor: Parlor, tables: Sequence[Table]) -> str:
    """The one ruleset the event's tables play, the event's."""
    keys = {t.ruleset_key for t in tables}
    if not tables or any(t.parlor_id != parlor.pk for t in tables):
        raise InvalidInput("choose the event's tables", code="tables_required", field="tables")
    if len(keys) != 1:
        raise InvalidInput(
            "the event's tables play different rulesets: choose tables of one ruleset",
            code="tables_rulesets",
            field="tables",
        )
    return keys.pop()


def event_audit(
    event: Event,
    *,
    by: Actor,
    action: AuditAction,
    summary: str,
    after: dict[str, Any] | None = None,
    reason: str = "",
) -> None:
    """The tournament's one call into the audit log (rounds' changes come here too)."""
    audit_record(
        parlor=event.parlor,
        by=by,
        action=action,
        subject_type="event",
        subject_id=str(event.public_id),
        summary=summary,
        after=after,
        reason=reason,
    )


def rounds_played(event: Event) -> int:
    """The number of the last round seated (0 before the first)."""
    return EventRound.objects.filter(event=event).aggregate(n=Max("number"))["n"] or 0


def _refuse_during_round(event: Event) -> None:
    if EventRound.objects.filter(event=event).exclude(status=RoundStatus.FINISHED).exists():
        raise Conflict(
            "a round is under way: change the players between rounds",
            code="round_under_way",
        )


@transaction.atomic
def event_register(
    *, event: Event, player: Player, is_substitute: bool = False, by: Actor
) -> EventPlayer:
    """Registers a member or a guest; an entry fee (参加費) becomes an adjustment the player
    pays at the counter with their visit's settlement."""
    event = event_lock(event)
    if player.parlor_id != event.parlor_id:
        raise InvalidInput("no such player at this parlor", code="player_not_found")
    if event.status == EventStatus.FINISHED:
        raise Conflict("the event is over", code="event_finished")
    if not is_substitute and event.status != EventStatus.REGISTRATION:
        raise Conflict("the event has started: register a substitute instead", code="event_started")
    if EventPlayer.objects.filter(event=event, player=player).exists():
        raise Conflict(
            f"{player.name} is already registered",
            code="already_registered",
            params={"name": player.name},
        )
    entry = EventPlayer(event=event, player=player, is_substitute=is_substitute)
    if event.entry_fee_yen:
        entry.entry_fee = adjustment_create(
            player=player,
            amount_yen=-event.entry_fee_yen,
            reason=_("Entry fee: %(event)s") % {"event": event.name},
            kind=AdjustmentKind.OTHER,
            by=by,
        )
    entry.save()
    return entry


@transaction.atomic
def entry_drop(*, entry: EventPlayer, reason: str, by: Actor) -> EventPlayer:
    """Drops a player (棄権) between rounds: the director seats a substitute in their place
    before the next round, or the tables would not be full."""
    event = event_lock(entry.event)
    _refuse_during_round(event)
    entry = EventPlayer.objects.select_for_update().get(pk=entry.pk)
    if entry.is_dropped:
        raise Conflict("the player has already dropped", code="already_dropped")
    text_check(reason.strip(), field="reason", max_length=REASON_MAX_LENGTH, one_line=False)
    entry.dropped_after_round = rounds_played(event)
    entry.drop_reason = reason.strip()
    entry.save(update_fields=["dropped_after_round", "drop_reason"])
    event_audit(
        event,
        by=by,
        action=AuditAction.GAME_VOID,
        summary=f"{entry.player.name} dropped after round {entry.dropped_after_round}",
        reason=entry.drop_reason,
    )
    return entry


@transaction.atomic
def entry_substitute(*, dropped: EventPlayer, substitute: EventPlayer, by: Actor) -> EventPlayer:
    """Seats a registered substitute (補欠) in a dropped player's place from the next round."""
    event = event_lock(dropped.event)
    _refuse_during_round(event)
    dropped = EventPlayer.objects.select_for_update().get(pk=dropped.pk)
    substitute = EventPlayer.objects.select_for_update().get(pk=substitute.pk)
    if substitute.event_id != event.pk or not substitute.is_substitute:
        raise InvalidInput("choose a registered substitute", code="not_a_substitute")
    if substitute.replaces_id is not None or substitute.is_dropped:
        raise Conflict("that substitute is already playing", code="substitute_playing")
    if not dropped.is_dropped:
        raise Conflict("drop the player before seating a substitute", code="not_dropped")
    if EventPlayer.objects.filter(replaces=dropped).exists():
        raise Conflict("a substitute already plays in this place", code="place_taken")
    substitute.replaces = dropped
    substitute.save(update_fields=["replaces"])
    event_audit(
        event,
        by=by,
        action=AuditAction.CORRECT,
        summary=f"{substitute.player.name} plays in place of {dropped.player.name}",
    )
    return substitute


EMA_NUMBER = re.compile(r"[0-9]{8}")  # an EMA number: 8 digits (the member country's first)
COUNTRY = re.compile(r"[A-Z]{3}")  # ISO 3166-1 alpha-3, as the EMA's pages write it


@transaction.atomic
def entry_ema_set(*, entry: EventPlayer, ema_number: str, country: str, by: Actor) -> EventPlayer:
    """Records a player's EMA number and country for the EMA results file (blank: none)."""
    event = event_lock(entry.event)
    ema_number, country = ema_number.strip(), country.strip().upper()
    checks = (
        ("ema_number", ema_number, EMA_NUMBER, "an EMA number is 8 digits"),
        ("country", country, COUNTRY, "a country is 3 letters (JPN, DEU)"),
    )
    for field, value, pattern, rule in checks:
        if value and not pattern.fullmatch(value):
            raise InvalidInput(
                f"{rule}, not {value!r}", code=field, field=field, params={"value": value}
            )
    entry = EventPlayer.objects.select_for_update().get(pk=entry.pk, event=event)
    entry.ema_number, entry.country = ema_number, country
    entry.save(update_fields=["ema_number", "country"])
    event_audit(
        event,
        by=by,
        action=AuditAction.CORRECT,
        summary=f"{entry.player.name}: EMA number {ema_number or '-'}, country {country or '-'}",
    )
    return entry
