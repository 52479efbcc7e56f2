"""Reads of tournaments (大会): scoped lookups, earlier rounds' tables, scores and standings.

An event score is the sum of the player's settled game results (GameResult.total_tenths:
placement points, uma and oka as the game settled them), less the referee's penalties.
"""

from __future__ import annotations

import uuid
from collections import defaultdict
from dataclasses import dataclass
from typing import Any

from parlor.domain.snapshots import ruleset_of_snapshot
from parlor.domain.tournament_export import decimal_text
from parlor.domain.tournament_standings import Entrant, Penalty, RoundResult, Standing
from parlor.domain.tournament_standings import event_standings as standings_of
from parlor.errors import NotFound
from parlor.models import (
    Event,
    EventPenalty,
    EventPlayer,
    GameResult,
    GameStatus,
    Parlor,
    RoundSeat,
)
from parlor.selectors.access import Access, Role, require

TENTHS = 10  # results are stored in tenths of the event's unit (GameResult.total_tenths)


def event_for(user: Any, event_id: Any, *, role: Role = Role.STAFF) -> tuple[Event, Access]:
    """An event at the user's parlor (NotFound for another parlor's)."""
    access = require(user, role)
    event = _event_at(access.parlor, event_id)
    return event, access


def _event_at(parlor: Parlor, event_id: Any) -> Event:
    event = (
        Event.objects.select_related("parlor")
        .filter(parlor=parlor, public_id=_uuid_or_none(event_id))
        .first()
    )
    if event is None:
        raise NotFound(f"no event {event_id}", code="event_not_found")
    return event


def public_event(event_id: Any) -> Event:
    """Any parlor's event by its public id: its standings are public by QR."""
    event = Event.objects.select_related("parlor").filter(public_id=_uuid_or_none(event_id)).first()
    if event is None:
        raise NotFound(f"no event {event_id}", code="event_not_found")
    return event


def _uuid_or_none(value: Any) -> Any:
    try:
        return uuid.UUID(str(value))
    except ValueError:
        return None


def round_tables_of(event: Event) -> list[tuple[tuple[int, ...], ...]]:
    """Every seated round's tables as entry ids in seat order (East first), round by round."""
    tables: dict[int, dict[int, list[int]]] = defaultdict(lambda: defaultdict(list))
    seats = RoundSeat.objects.filter(round_table__round__event=event).order_by(
        "round_table__round__number", "round_table__number", "seat"
    )
    for number, table, entry_id in seats.values_list(
        "round_table__round__number", "round_table__number", "entry_id"
    ):
        tables[number][table].append(entry_id)
    return [tuple(tuple(t) for t in tables[n].values()) for n in sorted(tables)]


def round_results(event: Event) -> list[RoundResult]:
    """Each seat's settled result in the event's finished games (two queries): placement, the
    result in tenths of the event's unit (uma and oka included) and the table score less the
    start points (素点), as the standings and the EMA file read them."""
    entry_at = {
        (game_id, seat): entry_id
        for game_id, seat, entry_id in RoundSeat.objects.filter(
            round_table__round__event=event, round_table__game__isnull=False
        ).values_list("round_table__game_id", "seat", "entry_id")
    }
    results = GameResult.objects.filter(
        game__event_table__round__event=event, game__status=GameStatus.FINISHED
    ).values_list(
        "game_id",
        "seat",
        "game__event_table__round__number",
        "rank",
        "total_tenths",
        "final_score",
        "game__ruleset_snapshot",
    )
    return [
        RoundResult(
            entry_at[(game_id, seat)],
            number,
            placement=rank,
            points=total,
            score=final - ruleset_of_snapshot(snapshot).start_points,
        )
        for game_id, seat, number, rank, total, final, snapshot in results
    ]


def _penalties(event: Event) -> list[Penalty]:
    return [  # penalties are whole units; the standings add tenths
        Penalty(entry_id, points * TENTHS, reason, round_number)
        for entry_id, points, reason, round_number in EventPenalty.objects.filter(
            event=event,
            withdrawal__isnull=True,  # a withdrawn penalty (取消) takes nothing off
        ).values_list("entry_id", "points", "reason", "round_number")
    ]


def event_penalties(event: Event) -> list[EventPenalty]:
    """The event's penalties as given, each with its withdrawal (取消) if it has one."""
    return list(
        EventPenalty.objects.filter(event=event)
        .select_related("entry__player", "given_by", "withdrawal__withdrawn_by")
        .order_by("given_at", "id")
    )


def entry_scores(event: Event) -> dict[int, int]:
    """Each entry's event score in tenths (results less penalties), for the Swiss seating."""
    return {line.player_id: line.total for line in _standings(event, event_entries(event))}


def event_entries(event: Event) -> list[EventPlayer]:
    """The entries with a line in the standings: all but substitutes who never played."""
    return [
        e
        for e in EventPlayer.objects.filter(event=event).select_related("player")
        if not e.is_substitute or e.replaces_id is not None
    ]


def _standings(event: Event, entries: list[EventPlayer]) -> tuple[Standing, ...]:
    return standings_of(
        [Entrant(e.pk, e.player.name) for e in entries],
        round_results(event),
        penalties=_penalties(event),
        table_size=event.table_size,
    )


@dataclass(frozen=True, slots=True)
class StandingLine:
    """A line of the standings (parlor.domain.tournament_standings), with the entry's state."""

    standing: Standing  # points in tenths of the event's unit
    is_dropped: bool

    @property
    def position(self) -> int:
        return self.standing.rank

    @property
    def entry_id(self) -> int:
        return self.standing.player_id

    @property
    def name(self) -> str:
        return self.standing.name

    @property
    def games(self) -> int:
        return self.standing.rounds_played

    @property
    def score_tenths(self) -> int:
        return self.standing.total

    @property
    def penalty_tenths(self) -> int:
        return self.standing.penalty

    @property
    def results(self) -> str:
        return decimal_text(self.standing.points, TENTHS)

    @property
    def penalty(self) -> str:
        return decimal_text(-self.standing.penalty, TENTHS)

    @property
    def score(self) -> str:
        return decimal_text(self.standing.total, TENTHS)


def event_standings(event: Event) -> list[StandingLine]:
    """The standings after the rounds played: total, then placements, then name."""
    entries = event_entries(event)
    dropped = {e.pk for e in entries if e.is_dropped}
    return [
        StandingLine(line, is_dropped=line.player_id in dropped)
        for line in _standings(event, entries)
    ]
