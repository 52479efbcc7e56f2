"""Audit events of what a manager sets: players, rulesets, money terms (the parlor's and a
table's), the amount a manager confirms and the standings' settings. Each keeps the values
before and after, which the audit log shows as old → new."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict
from typing import Any

from parlor.domain.money import Terms
from parlor.domain.own_terms import TERM_NAMES
from parlor.domain.units import RateBasis
from parlor.models import (
    AuditAction,
    AuditEvent,
    MoneySettings,
    Parlor,
    Player,
    RulesetDefinition,
    StandingsSettings,
)
from parlor.models.users import Actor
from parlor.services.audit_events import audit_record


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
        kind="player.added" if before is None else "player.changed",
        data={"player": str(player)},
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
        kind="ruleset.added",
        data={"ruleset": ruleset.title or ruleset.key},
        summary=f"ruleset {ruleset.key} added",
        after={"key": ruleset.key, "title": ruleset.title, "definition": ruleset.definition},
    )


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
    table = {"table": row.table.label} if row.table is not None else {}
    return audit_record(
        parlor=row.parlor,
        by=by,
        action=AuditAction.CREATE if created else AuditAction.CORRECT,
        subject_type="money_settings",
        subject_id=str(row.pk),
        kind="money_settings.table_set" if table else "money_settings.default_set",
        data={"player_count": row.player_count, **table},
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
        action=AuditAction.UNDO,
        subject_type="money_settings",
        subject_id=str(row.pk),
        kind="money_settings.table_removed",
        data={"player_count": row.player_count, "table": row.table.label},
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
        kind="large_amount.set",
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
        kind="standings_settings.set",
        summary="standings settings set",
        before=before,
        after={"is_public": row.is_public, "monthly_min_games": row.monthly_min_games},
    )
