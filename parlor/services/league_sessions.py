"""A league's sessions and cuts (リーグ戦): opening the current stage's next session, and
closing the stage once its sessions are played.

A session is a tournament event made by event_create with the stage's players registered, so
the director seats, times and ends its rounds on the event's page as for any tournament.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from parlor.domain.league_cut import CarryOver, StageLine, stage_cut
from parlor.errors import Conflict
from parlor.models import (
    AuditAction,
    EventStatus,
    League,
    LeagueEntry,
    LeagueSession,
    LeagueStage,
    LeagueStatus,
)
from parlor.models.users import Actor
from parlor.selectors.leagues import current_stage, stage_lines
from parlor.selectors.rulesets import ruleset_resolve
from parlor.services.leagues import league_audit, league_lock
from parlor.services.tournaments import event_create, event_register


def _running_stage(league: League) -> LeagueStage:
    stage = current_stage(league)
    if stage is None:
        raise Conflict(_("The league is over."), code="league_finished")
    unfinished = LeagueSession.objects.filter(stage=stage).exclude(
        event__status=EventStatus.FINISHED
    )
    if unfinished.exists():
        raise Conflict(
            _("Finish session %(n)d first: play all its rounds.") % {"n": unfinished[0].number},
            code="session_open",
        )
    return stage


@transaction.atomic
def league_session_open(
    *, league: League, starts_on: date, ends_on: date, round_minutes: int = 90, by: Actor
) -> LeagueSession:
    """Opens the current stage's next session: a tournament event of the stage's players,
    seated and played on the event's page."""
    league = league_lock(league)
    stage = _running_stage(league)
    number = LeagueSession.objects.filter(stage=stage).count() + 1
    if number > stage.session_count:
        raise Conflict(
            _("All the sessions of %(stage)s are played: close the stage.") % {"stage": stage.name},
            code="sessions_done",
        )
    entries = list(LeagueEntry.objects.filter(stage=stage).select_related("player"))
    _players_check(league, stage, len(entries))
    words = {"league": league.name, "stage": stage.name, "n": number}
    event = event_create(
        parlor=league.parlor,
        name=_("%(league)s %(stage)s session %(n)d") % words,
        starts_on=starts_on,
        ends_on=ends_on,
        round_count=stage.rounds_per_session,
        tables=list(league.tables.all()),
        round_minutes=round_minutes,
        by=by,
    )
    for entry in entries:
        event_register(event=event, player=entry.player, by=by)
    if league.status == LeagueStatus.REGISTRATION:
        league.status = LeagueStatus.RUNNING
        league.save(update_fields=["status"])
    return LeagueSession.objects.create(stage=stage, number=number, event=event)


def _players_check(league: League, stage: LeagueStage, count: int) -> None:
    """Refuses a session whose players would leave a table short, or a stage whose cut would
    keep everyone: said when the session opens, not when its round cannot be seated."""
    table_size = ruleset_resolve(parlor=league.parlor, key=league.ruleset_key).player_count
    if count == 0 or count % table_size or (stage.advance is not None and count <= stage.advance):
        raise Conflict(
            _(
                "%(stage)s has %(count)d players: a session needs whole tables of %(size)d, "
                "and more players than the %(advance)d who go on."
            )
            % {
                "stage": stage.name,
                "count": count,
                "size": table_size,
                "advance": stage.advance or 0,
            },
            code="league_player_count",
        )


@transaction.atomic
def league_stage_close(*, league: League, by: Actor) -> LeagueStage:
    """Closes the current stage once all its sessions are played: the top `advance` go on to
    the next stage with the points they carry; the rest are out (敗退), their lines kept."""
    league = league_lock(league)
    stage = _running_stage(league)
    if LeagueSession.objects.filter(stage=stage).count() < stage.session_count:
        raise Conflict(
            _("%(stage)s has sessions still to play.") % {"stage": stage.name},
            code="sessions_left",
        )
    lines = stage_lines(stage)
    going_on: dict[int, int] = {}
    if stage.advance is not None:
        cut = stage_cut(lines, advance=stage.advance, policy=CarryOver(stage.carry_over))
        going_on = dict(cut.advancing)
    _entries_close(stage, lines, going_on)
    following = LeagueStage.objects.filter(league=league, order=stage.order + 1).first()
    if following is not None:
        LeagueEntry.objects.bulk_create(
            LeagueEntry(stage=following, player_id=player, carried_in_tenths=points)
            for player, points in going_on.items()
        )
    else:
        league.status = LeagueStatus.FINISHED
        league.save(update_fields=["status"])
    _close_audit(league, stage, lines, going_on, is_last=following is None, by=by)
    return stage


def _close_audit(
    league: League,
    stage: LeagueStage,
    lines: Sequence[StageLine],
    going_on: dict[int, int],
    *,
    is_last: bool,
    by: Actor,
) -> None:
    """The cut in the audit log: who went on and who is out, by name."""
    names = {line.player_id: line.name for line in lines}
    out = [] if stage.advance is None else [n for p, n in names.items() if p not in going_on]
    after = {"stage": stage.name, "advancing": [names[p] for p in going_on], "out": out}
    kind = "league.finished" if is_last else "league.stage_closed"
    summary = f"stage {stage.name} closed"
    league_audit(league, by=by, action=AuditAction.FINISH, summary=summary, kind=kind, after=after)


def _entries_close(
    stage: LeagueStage, lines: Sequence[StageLine], going_on: dict[int, int]
) -> None:
    """Stores each entry's final rank and total, and whether it went on (None after the last
    stage, which has no cut); closes the stage."""
    entries = {e.player_id: e for e in LeagueEntry.objects.filter(stage=stage)}
    for line in lines:
        entry = entries[line.player_id]
        entry.final_rank, entry.final_total_tenths = line.rank, line.total
        entry.advanced = line.player_id in going_on if stage.advance is not None else None
        entry.save(update_fields=["final_rank", "final_total_tenths", "advanced"])
    stage.closed_at = timezone.now()
    stage.save(update_fields=["closed_at"])
