"""Reads of tournaments (大会): scoped lookups, earlier rounds' tables, scores and standings.

An event score is the sum of the player's settled game results (GameResult.total_tenths:
placement points, uma and oka as the game settled them), less the referee's penalties.
"""

from __future__ import annotations

import uuid
from collections import defaultdict
from dataclasses import dataclass
from datetime import timedelta
from typing import Any

from django.utils import timezone

from parlor.errors import NotFound
from parlor.models import (
    Event,
    EventPenalty,
    EventPlayer,
    EventRound,
    Game,
    GameResult,
    GameStatus,
    Parlor,
    RoundSeat,
    RoundTable,
)
from parlor.selectors.access import Access, Role, require


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


def game_scores(event: Event) -> dict[int, int]:
    """Each entry's settled results summed, in tenths of the event score's unit."""
    totals: dict[int, int] = defaultdict(int)
    seats = RoundSeat.objects.filter(
        round_table__round__event=event, round_table__game__status=GameStatus.FINISHED
    ).values_list("entry_id", "round_table__game_id", "seat")
    results = {
        (game_id, seat): total
        for game_id, seat, total in GameResult.objects.filter(
            game__event_table__round__event=event
        ).values_list("game_id", "seat", "total_tenths")
    }
    for entry_id, game_id, seat in seats:
        totals[entry_id] += results.get((game_id, seat), 0)
    return dict(totals)


def penalty_tenths(event: Event) -> dict[int, int]:
    """Each entry's penalties, in tenths (positive is taken off)."""
    totals: dict[int, int] = defaultdict(int)
    for entry_id, points in EventPenalty.objects.filter(event=event).values_list(
        "entry_id", "points"
    ):
        totals[entry_id] += points * 10
    return dict(totals)


def entry_scores(event: Event) -> dict[int, int]:
    """Each entry's event score in tenths: results less penalties."""
    games, penalties = game_scores(event), penalty_tenths(event)
    return {e: games.get(e, 0) - penalties.get(e, 0) for e in set(games) | set(penalties)}


@dataclass(frozen=True, slots=True)
class StandingLine:
    position: int
    entry_id: int
    name: str
    games: int
    results_tenths: int  # settled results summed
    penalty_tenths: int  # taken off
    score_tenths: int  # the event score
    is_substitute: bool
    is_dropped: bool

    @property
    def results(self) -> str:
        return tenths_text(self.results_tenths)

    @property
    def penalty(self) -> str:
        return tenths_text(-self.penalty_tenths)

    @property
    def score(self) -> str:
        return tenths_text(self.score_tenths)


def tenths_text(tenths: int) -> str:
    """Tenths of a unit as the standings write them: +12.3, -4.0, 0.0."""
    sign = "-" if tenths < 0 else "+" if tenths > 0 else ""
    whole, tenth = divmod(abs(tenths), 10)
    return f"{sign}{whole}.{tenth}"


def event_standings(event: Event) -> list[StandingLine]:
    """The standings after the rounds played: score, then results, then name."""
    games, penalties = game_scores(event), penalty_tenths(event)
    played: dict[int, int] = defaultdict(int)
    for entry_id in RoundSeat.objects.filter(
        round_table__round__event=event, round_table__game__status=GameStatus.FINISHED
    ).values_list("entry_id", flat=True):
        played[entry_id] += 1
    entries = EventPlayer.objects.filter(event=event).select_related("player")
    rows = [
        (games.get(e.pk, 0) - penalties.get(e.pk, 0), games.get(e.pk, 0), e)
        for e in entries
        if played[e.pk] or not e.is_substitute
    ]
    rows.sort(key=lambda r: (-r[0], -r[1], r[2].player.name))
    return [
        StandingLine(
            position=index,
            entry_id=e.pk,
            name=e.player.name,
            games=played[e.pk],
            results_tenths=result,
            penalty_tenths=penalties.get(e.pk, 0),
            score_tenths=score,
            is_substitute=e.is_substitute,
            is_dropped=e.is_dropped,
        )
        for index, (score, result, e) in enumerate(rows, start=1)
    ]


@dataclass(frozen=True, slots=True)
class RoundClock:
    """A table's clock in a round, as the tablet and the board show it."""

    event_name: str
    round_number: int
    seconds_left: int  # negative once the time is up
    is_paused: bool
    is_time_up: bool
    time_up_rule: str
    extra_hands: int

    @property
    def minutes_left(self) -> int:
        """Whole minutes left, rounded up: 1 until the last second."""
        return max(0, -(-self.seconds_left // 60))


def time_left(event_round: EventRound, round_table: RoundTable) -> timedelta | None:
    """The time a table has left in the round (negative once over), None before the start."""
    started = event_round.timer_started_at
    if started is None:
        return None
    now = event_round.paused_at or event_round.ended_at or timezone.now()
    played = now - started - timedelta(seconds=event_round.paused_seconds)
    allowed = timedelta(
        minutes=event_round.event.round_minutes, seconds=round_table.extension_seconds
    )
    return allowed - played


def clock_of(round_table: RoundTable) -> RoundClock | None:
    """The clock of a round's table (its round and event loaded with it), None before the start."""
    event_round = round_table.round
    left = time_left(event_round, round_table)
    if left is None:
        return None
    seconds = int(left.total_seconds())
    return RoundClock(
        event_name=event_round.event.name,
        round_number=event_round.number,
        seconds_left=seconds,
        is_paused=event_round.paused_at is not None,
        is_time_up=seconds <= 0,
        time_up_rule=event_round.event.time_up_rule,
        extra_hands=event_round.event.extra_hands,
    )


def game_clock(game: Game) -> RoundClock | None:
    """The round's clock of a tournament game, None for any other game (one query)."""
    round_table = RoundTable.objects.select_related("round__event").filter(game_id=game.pk).first()
    return clock_of(round_table) if round_table is not None else None
