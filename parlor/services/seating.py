"""Seat draws (場決め) and the first dealer (起家) of the next game, under the ruleset's seat
change rule (場所替え), which selectors.seating reads."""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from enum import StrEnum

from parlor.errors import Conflict, InvalidInput
from parlor.models import (
    GameStatus,
    Player,
    SeatDraw,
    SeatDrawMethod,
    SeatDrawPosition,
    Table,
)
from parlor.models.users import Actor, actor_row
from parlor.selectors.seating import player_counts, seating_status
from parlor.services.live_views import live_view_changed
from scoring import Ruleset

_random = secrets.SystemRandom()


class Seating(StrEnum):
    DRAW = "draw"  # draw seats and the first dealer at random
    GIVEN = "given"  # players in turn order, the first one is the first dealer
    KEEP = "keep"  # the table's current seating, as long as the seat change rule allows


@dataclass(frozen=True, slots=True)
class SeatingPlan:
    seat_draw: SeatDraw
    number_in_seating: int  # 1 for the first game after the draw
    first_dealer_position: int  # 起家, a position of the draw
    players_by_seat: tuple[Player, ...]  # seat 0 is the first dealer


def seating_plan(
    *,
    table: Table,
    ruleset: Ruleset,
    seating: Seating,
    players: list[Player],
    by: Actor,
) -> SeatingPlan:
    """Seats for the next game at `table`; a DRAW or GIVEN seating records a new SeatDraw."""
    if seating == Seating.KEEP:
        return _keep(table, ruleset, players)
    _check_players(table, ruleset, players)
    order = list(players)
    if seating == Seating.DRAW:
        _random.shuffle(order)
    method = SeatDrawMethod.RANDOM if seating == Seating.DRAW else SeatDrawMethod.GIVEN
    draw = seat_draw_create(table=table, players=order, method=method, by=by)
    first = _random.randrange(len(order)) if seating == Seating.DRAW else 0
    return SeatingPlan(draw, 1, first, _rotate(order, first))


def seat_draw_create(*, table: Table, players: list[Player], method: str, by: Actor) -> SeatDraw:
    """A new seat draw at `table`: the live link of its previous one expires (selectors.live)."""
    previous = (
        SeatDraw.objects.filter(table=table).order_by("-pk").values_list("public_id", flat=True)
    ).first()
    draw = SeatDraw.objects.create(table=table, method=method, drawn_by=actor_row(by))
    if previous is not None:
        live_view_changed(previous)
    SeatDrawPosition.objects.bulk_create(
        SeatDrawPosition(seat_draw=draw, position=position, player=player)
        for position, player in enumerate(players)
    )
    return draw


def _keep(table: Table, ruleset: Ruleset, players: list[Player]) -> SeatingPlan:
    status = seating_status(table, ruleset)
    draw = status.seat_draw
    if draw is None:
        raise Conflict(
            'this table has no seating yet: draw seats (seating "draw") or give them',
            code="seat_draw_required",
            field="seating",
        )
    if status.is_draw_required:
        raise Conflict(
            f"seats change every {status.interval} games and {status.games_played} have been "
            'played since the last draw: draw seats again (seating "draw")',
            code="seat_draw_required",
            field="seating",
        )
    order = list(status.players)
    if players and {p.pk for p in players} != {p.pk for p in order}:
        raise Conflict(
            "the players changed since the last seat draw: draw seats again",
            code="seat_draw_required",
            field="players",
        )
    number = draw.games.exclude(status=GameStatus.VOIDED).count() + 1
    if status.next_first_dealer_position is not None:
        first = status.next_first_dealer_position
    else:
        first = _random.randrange(len(order))  # 起家決め with the dice for each game
    return SeatingPlan(draw, number, first, _rotate(order, first))


def _check_players(table: Table, ruleset: Ruleset, players: list[Player]) -> None:
    if len(players) not in player_counts(ruleset):
        raise InvalidInput(
            f"this table plays {ruleset.title_en} for {ruleset.player_count} players; "
            f"got {len(players)} players",
            code="wrong_player_count",
            field="players",
        )
    if len({p.pk for p in players}) != len(players):
        raise InvalidInput(
            "a player cannot take two seats", code="duplicate_player", field="players"
        )
    if any(p.parlor_id != table.parlor_id for p in players):
        raise InvalidInput(
            "every player must belong to this parlor", code="unknown_player", field="players"
        )


def _rotate(order: list[Player], first: int) -> tuple[Player, ...]:
    return tuple(order[(first + seat) % len(order)] for seat in range(len(order)))
