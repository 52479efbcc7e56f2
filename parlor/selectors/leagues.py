"""Reads of leagues (リーグ戦): scoped lookups, the current stage and each stage's standings.

A session's totals are its tournament event's standings (results less penalties, in tenths),
read by player. A substitute (補欠) who is not in the stage plays for the table, not for the
league: their results count in the session's own standings only.
"""

from __future__ import annotations

import uuid
from dataclasses import dataclass
from typing import Any

from parlor.domain.league_cut import StageEntrant, StageLine, stage_standings
from parlor.domain.tournament_export import decimal_text
from parlor.errors import NotFound
from parlor.models import (
    EventPlayer,
    League,
    LeagueEntry,
    LeagueSession,
    LeagueStage,
    Parlor,
)
from parlor.selectors.access import Access, Role, require
from parlor.selectors.tournaments import TENTHS, event_standings


def league_for(user: Any, league_id: Any, *, role: Role = Role.STAFF) -> tuple[League, Access]:
    """A league at the user's parlor (NotFound for another parlor's)."""
    access = require(user, role)
    return _league(league_id, parlor=access.parlor), access


def public_league(league_id: Any) -> League:
    """Any parlor's league by its public id: its standings are public, as an event's are."""
    return _league(league_id, parlor=None)


def _league(league_id: Any, *, parlor: Parlor | None) -> League:
    try:
        public_id = uuid.UUID(str(league_id))
    except ValueError:
        raise NotFound(f"no league {league_id}", code="league_not_found") from None
    leagues = League.objects.select_related("parlor").filter(public_id=public_id)
    league = (leagues.filter(parlor=parlor) if parlor is not None else leagues).first()
    if league is None:
        raise NotFound(f"no league {league_id}", code="league_not_found")
    return league


def current_stage(league: League) -> LeagueStage | None:
    """The first stage not closed; None once the last has closed."""
    return (
        LeagueStage.objects.filter(league=league, closed_at__isnull=True).order_by("order").first()
    )


def session_totals(session: LeagueSession) -> dict[int, int]:
    """Each player's total in the session's event (results less penalties), by player id."""
    player_of = dict(EventPlayer.objects.filter(event=session.event).values_list("pk", "player_id"))
    return {player_of[line.entry_id]: line.score_tenths for line in event_standings(session.event)}


def stage_entries(stage: LeagueStage) -> list[LeagueEntry]:
    return list(LeagueEntry.objects.filter(stage=stage).select_related("player"))


def stage_lines(stage: LeagueStage) -> tuple[StageLine, ...]:
    """The stage's standings from its entries and sessions (one query per session, plus two)."""
    entries = stage_entries(stage)
    first_stage = LeagueEntry.objects.filter(stage__league_id=stage.league_id, stage__order=1)
    order = dict(first_stage.values_list("player_id", "pk"))  # 登録順, the last tie-break
    entrants = [
        StageEntrant(e.player_id, e.player.name, e.carried_in_tenths, order.get(e.player_id, e.pk))
        for e in entries
    ]
    in_stage = {e.player_id for e in entries}
    sessions = [
        {player: total for player, total in session_totals(s).items() if player in in_stage}
        for s in LeagueSession.objects.filter(stage=stage).select_related("event")
    ]
    return stage_standings(entrants, sessions)


@dataclass(frozen=True, slots=True)
class LeagueLine:
    """A line of a stage's standings as the pages show it."""

    line: StageLine
    advanced: bool | None  # None until the stage closes

    @property
    def is_out(self) -> bool:
        return self.advanced is False

    @property
    def total(self) -> str:
        return decimal_text(self.line.total, TENTHS)

    @property
    def carried_in(self) -> str:
        return decimal_text(self.line.carried_in, TENTHS)

    @property
    def sessions(self) -> list[str]:
        return [decimal_text(points, TENTHS) for points in self.line.sessions]


@dataclass(frozen=True, slots=True)
class StageView:
    stage: LeagueStage
    sessions: list[LeagueSession]
    lines: list[LeagueLine]


def league_view(league: League) -> list[StageView]:
    """Every stage with its sessions and standings, first stage first."""
    views = []
    for stage in LeagueStage.objects.filter(league=league).order_by("order"):
        advanced = dict(
            LeagueEntry.objects.filter(stage=stage).values_list("player_id", "advanced")
        )
        views.append(
            StageView(
                stage=stage,
                sessions=list(LeagueSession.objects.filter(stage=stage).select_related("event")),
                lines=[
                    LeagueLine(line, advanced.get(line.player_id)) for line in stage_lines(stage)
                ],
            )
        )
    return views
