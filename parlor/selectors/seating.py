"""Reads of a table's seating: its current seat draw, the games played since, and what the
ruleset's seat change rule (場所替え) and first-dealer rotation (回り親) say about the next game."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, TypedDict

from django.db.models import Count, OuterRef, Prefetch, QuerySet, Subquery
from django.db.models.functions import Coalesce

from parlor.models import Game, GameStatus, Player, SeatDraw, SeatDrawPosition, Table
from scoring import KichaSelection, Ruleset

if TYPE_CHECKING:
    from django_stubs_ext import WithAnnotations


class _DrawCounts(TypedDict):
    """What _current_draws annotates on each draw."""

    finished_games: int
    last_first_dealer_position: int | None


@dataclass(frozen=True, slots=True)
class SeatingStatus:
    """What the next game at a table needs: read by the API's table state."""

    seat_draw: SeatDraw | None
    games_played: int  # finished games since the draw
    interval: int | None  # the ruleset's seat_change_interval_games
    next_first_dealer_position: int | None  # where the ruleset rotates the first dealer
    players: tuple[Player, ...] = ()  # the draw's players in turn order (its positions)

    @property
    def is_draw_required(self) -> bool:
        if self.seat_draw is None:
            return True
        return self.interval is not None and self.games_played >= self.interval


def player_counts(ruleset: Ruleset) -> tuple[int, ...]:
    """How many players may start a game under `ruleset`: its player count, and four more at a
    three-player table that rotates a sitting-out player (抜け番)."""
    if ruleset.player_count == 3 and str(ruleset.sit_out_rotation) != "none":
        return (3, 4)
    return (ruleset.player_count,)


def seating_status(table: Table, ruleset: Ruleset) -> SeatingStatus:
    """The table's current seating and the seat change rule (two queries)."""
    return seating_statuses({table.pk: ruleset})[table.pk]


def seating_statuses(rulesets: Mapping[int, Ruleset]) -> dict[int, SeatingStatus]:
    """The seating status of each table id in `rulesets`, under the ruleset given for it.

    Two queries whatever the number of tables: each table's latest seat draw with its finished
    games and its last game, then the draws' positions with their players.
    """
    if not rulesets:
        return {}
    draws = {draw.table_id: draw for draw in _current_draws(list(rulesets))}
    return {
        table_id: _status(draws.get(table_id), ruleset) for table_id, ruleset in rulesets.items()
    }


def _current_draws(table_ids: list[int]) -> QuerySet[WithAnnotations[SeatDraw, _DrawCounts]]:
    """The latest seat draw of each table, annotated with `finished_games` (games played since
    the draw) and `last_first_dealer_position` (of its last game not voided, or None), its
    positions prefetched with their players."""
    latest = (
        SeatDraw.objects.filter(table_id=OuterRef("table_id"))
        .order_by("-drawn_at", "-id")
        .values("id")[:1]
    )
    finished = (
        Game.objects.filter(seat_draw=OuterRef("pk"), status=GameStatus.FINISHED)
        .order_by()
        .values("seat_draw")
        .annotate(count=Count("pk"))
        .values("count")
    )
    last = (
        Game.objects.filter(seat_draw=OuterRef("pk"))
        .exclude(status=GameStatus.VOIDED)
        .order_by("-number_in_seating")
        .values("first_dealer_position")[:1]
    )
    positions = SeatDrawPosition.objects.select_related("player")
    return (
        SeatDraw.objects.filter(table_id__in=table_ids, id=Subquery(latest))
        .annotate(
            finished_games=Coalesce(Subquery(finished), 0),
            last_first_dealer_position=Subquery(last),
        )
        .prefetch_related(Prefetch("positions", queryset=positions))
    )


def _status(draw: WithAnnotations[SeatDraw, _DrawCounts] | None, ruleset: Ruleset) -> SeatingStatus:
    """The seat change rule (場所替え) and the rotation of the first dealer (回り親) applied
    to a draw from _current_draws."""
    if draw is None:
        return SeatingStatus(None, 0, ruleset.seat_change_interval_games, None)
    players = tuple(position.player for position in draw.positions.all())
    last_first = draw.last_first_dealer_position
    next_first = None
    if ruleset.kicha_selection == KichaSelection.ROTATE_EACH_GAME and last_first is not None:
        next_first = (last_first + 1) % len(players)
    played = draw.finished_games
    return SeatingStatus(draw, played, ruleset.seat_change_interval_games, next_first, players)
