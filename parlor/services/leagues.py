"""Leagues (リーグ戦): creating one with its stages, and registering its players.

Sessions and the cut are in services.league_sessions. Every change is one transaction on the
locked league row, so two directors cannot open two sessions or close a stage twice.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from django.db import transaction
from django.utils.translation import gettext as _

from parlor.domain.league_cut import CarryOver
from parlor.errors import Conflict, InvalidInput
from parlor.models import (
    AuditAction,
    League,
    LeagueEntry,
    LeagueStage,
    LeagueStatus,
    Parlor,
    Player,
    Table,
)
from parlor.models.users import Actor, actor_row
from parlor.security.text import text_check
from parlor.selectors.rulesets import ruleset_resolve
from parlor.services.audit_log import audit_record
from parlor.services.tournaments import MAX_ROUNDS

MAX_STAGES = 6
MAX_SESSIONS = 60  # a weekly session for a year, with room to spare


@dataclass(frozen=True, slots=True)
class StageSpec:
    """A stage as the director describes it: `advance` None for the last stage (決勝)."""

    name: str
    session_count: int
    advance: int | None
    carry_over: CarryOver = CarryOver.FULL
    rounds_per_session: int = 1


@transaction.atomic
def league_create(
    *, parlor: Parlor, name: str, tables: Sequence[Table], stages: Sequence[StageSpec], by: Actor
) -> League:
    """A new league on `tables` (one ruleset) with its stages, first stage first."""
    text_check(name.strip(), field="name", max_length=100, one_line=True)
    if not name.strip():
        raise InvalidInput(_("Give the league a name."), code="name_required", field="name")
    tables = list(tables)
    ruleset_key = _tables_ruleset(parlor, tables)
    table_size = ruleset_resolve(parlor=parlor, key=ruleset_key).player_count
    stages_check(stages, table_size=table_size)
    league = League.objects.create(
        parlor=parlor, name=name.strip(), ruleset_key=ruleset_key, created_by=actor_row(by)
    )
    league.tables.set(tables)
    LeagueStage.objects.bulk_create(
        LeagueStage(
            league=league,
            order=order,
            name=spec.name.strip(),
            session_count=spec.session_count,
            rounds_per_session=spec.rounds_per_session,
            advance=spec.advance,
            carry_over=spec.carry_over.value,
        )
        for order, spec in enumerate(stages, start=1)
    )
    stage_words = [f"{s.name.strip()} ({s.session_count}, {s.advance})" for s in stages]
    league_audit(
        league,
        by=by,
        action=AuditAction.CREATE,
        summary=f"league {league.name} created",
        kind="league.created",
        after={"stages": stage_words},
    )
    return league


def _tables_ruleset(parlor: Parlor, tables: Sequence[Table]) -> str:
    """The one ruleset the league's tables play: every session plays it."""
    keys = {t.ruleset_key for t in tables}
    if not tables or any(t.parlor_id != parlor.pk for t in tables) or len(keys) != 1:
        raise InvalidInput(
            _("Choose the league's tables, all of one ruleset."),
            code="league_tables",
            field="tables",
        )
    return keys.pop()


def stages_check(stages: Sequence[StageSpec], *, table_size: int) -> None:
    """Refuses stages a league cannot play: a cut on the last stage or none before it, a cut
    that does not shrink, or one that would leave a table short (the cut is a number of full
    tables)."""
    if not 1 <= len(stages) <= MAX_STAGES:
        raise InvalidInput(
            _("A league has 1 to %(max)d stages.") % {"max": MAX_STAGES}, code="league_stages"
        )
    previous: int | None = None
    for order, spec in enumerate(stages, start=1):
        text_check(spec.name.strip(), field="stages", max_length=40, one_line=True)
        is_last = order == len(stages)
        words = {"stage": spec.name.strip() or str(order)}
        if not spec.name.strip():
            raise InvalidInput(_("Give every stage a name."), code="stage_name", field="stages")
        if not 1 <= spec.session_count <= MAX_SESSIONS or not (
            1 <= spec.rounds_per_session <= MAX_ROUNDS
        ):
            raise InvalidInput(
                _("%(stage)s: a stage has 1 to %(max)d sessions of 1 to %(rounds)d rounds.")
                % {**words, "max": MAX_SESSIONS, "rounds": MAX_ROUNDS},
                code="stage_sessions",
                field="stages",
            )
        if is_last != (spec.advance is None):
            message = _("%(stage)s: the last stage has no cut; every other stage has one.")
            raise InvalidInput(message % words, code="stage_cut_missing", field="stages")
        if spec.advance is not None and (
            spec.advance % table_size
            or spec.advance <= 0
            or (previous and spec.advance >= previous)
        ):
            message = _(
                "%(stage)s: the players who go on fill whole tables of %(size)d and are fewer "
                "than the stage before."
            )
            raise InvalidInput(
                message % {**words, "size": table_size}, code="stage_cut_size", field="stages"
            )
        previous = spec.advance


def league_audit(
    league: League,
    *,
    by: Actor,
    action: AuditAction,
    summary: str,
    kind: str,
    after: dict[str, Any],
) -> None:
    """The league's one call into the audit log; `kind` says it in the reader's language."""
    counts = {k: len(v) for k, v in after.items() if k in ("advancing", "out")}
    audit_record(
        kind=kind,
        data={"league": league.name, "stage": after.get("stage", ""), **counts},
        parlor=league.parlor,
        by=by,
        action=action,
        subject_type="league",
        subject_id=str(league.public_id),
        summary=summary,
        after=after,
    )


def league_lock(league: League) -> League:
    return League.objects.select_for_update().select_related("parlor").get(pk=league.pk)


@transaction.atomic
def league_register(*, league: League, player: Player, by: Actor) -> LeagueEntry:
    """Registers a member or a guest in the first stage, before its first session."""
    league = league_lock(league)
    if player.parlor_id != league.parlor_id:
        raise InvalidInput(_("No such player at this parlor."), code="player_not_found")
    first = LeagueStage.objects.get(league=league, order=1)
    if league.status != LeagueStatus.REGISTRATION:
        raise Conflict(_("The league has started: registration is closed."), code="league_started")
    entry, created = LeagueEntry.objects.get_or_create(stage=first, player=player)
    if not created:
        raise Conflict(
            _("%(name)s is already registered.") % {"name": player.name}, code="already_registered"
        )
    return entry
