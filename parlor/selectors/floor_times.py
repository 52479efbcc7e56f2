"""Reads for the floor's figures in the daily report: the visits and games of a business day,
as the times parlor.domain.floor_figures works on."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from datetime import datetime

from django.db.models import Q

from parlor.domain.floor_figures import Span, TableSpan, VisitTimes
from parlor.models import Game, GameSeat, GameStatus, Parlor, Visit


@dataclass(frozen=True, slots=True)
class FloorTimes:
    visits: tuple[VisitTimes, ...]  # visits open at some time in the day
    games: tuple[TableSpan, ...]  # games in play at some time in the day, voided ones left out
    open_tables: tuple[str, ...]  # the labels of the tables in use (使用中)


def floor_times(*, parlor: Parlor, start: datetime, end: datetime, now: datetime) -> FloorTimes:
    """The day [start, end)'s visits with their games and its games by table (four queries).
    A game still in progress is in play until `now`, and the day's end at the latest."""
    visits = list(
        Visit.objects.filter(parlor=parlor, checked_in_at__lt=end)
        .filter(Q(checked_out_at__isnull=True) | Q(checked_out_at__gte=start))
        .select_related("player")
        .order_by("checked_in_at", "id")
    )
    games = (
        Game.objects.filter(table__parlor=parlor, started_at__lt=end)
        .exclude(status=GameStatus.VOIDED)
        .filter(Q(status=GameStatus.IN_PROGRESS) | Q(ended_at__gt=start))
    )
    spans = tuple(
        TableSpan(label, started, ended or max(started, min(now, end)))
        for label, started, ended in games.values_list("table__label", "started_at", "ended_at")
    )
    labels = parlor.tables.filter(is_active=True).values_list("label", flat=True)
    return FloorTimes(tuple(_visit_times(visits, end)), spans, tuple(labels))


def _visit_times(visits: list[Visit], end: datetime) -> list[VisitTimes]:
    """Each visit with the games its player sat in between check-in and check-out (one query)."""
    if not visits:
        return []
    first = min(visit.checked_in_at for visit in visits)
    seats = (
        GameSeat.objects.filter(
            player__in={visit.player_id for visit in visits},
            game__started_at__gte=first,
            game__started_at__lt=end,
        )
        .exclude(game__status=GameStatus.VOIDED)
        .values_list("player_id", "game__started_at", "game__ended_at")
    )
    by_player: dict[int, list[Span]] = defaultdict(list)
    for player_id, started, ended in seats:
        by_player[player_id].append(Span(started, ended))
    return [
        VisitTimes(
            visit.player.name,
            visit.checked_in_at,
            tuple(
                span
                for span in by_player[visit.player_id]
                if visit.checked_in_at <= span.start
                and (visit.checked_out_at is None or span.start < visit.checked_out_at)
            ),
        )
        for visit in visits
    ]
