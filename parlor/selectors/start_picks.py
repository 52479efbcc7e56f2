"""Reads for the game start's picks: whom the page picks before staff tap anyone, and how many
players the table's ruleset lets sit down.

The page offers the table's last players (its latest seat draw) only when every one of them can
sit down again: none left (checked out, or their last game over, at a table that plays for
money; checked in at all at a table that does not) and none seated in a game in progress at
another table. Otherwise it starts with nobody picked (issue 25): a table half of whose players
went home is a new table, and a pick staff did not make is easy to miss and start a game with.
"""

from __future__ import annotations

from django.db.models import Q

from parlor.errors import DomainError
from parlor.models import Player, SeatDraw, Table, Visit, VisitStatus
from parlor.selectors.counter import PlayerAtCounter
from parlor.selectors.rulesets import ruleset_resolve
from parlor.selectors.seating import player_counts
from scoring import ScoringError


def start_previous_picks(
    table: Table, rows: list[PlayerAtCounter], *, has_money: bool
) -> list[str]:
    """The public ids of the players of the table's latest seat draw, in its order, when all of
    them can sit down again; else an empty list. `rows` are the game start's players
    (selectors.counter.start_rows), with their state and the table where they sit.

    Hides one query (the latest draw with its players), and one more at a table without money
    settings (the visits of those players closed since the draw).
    """
    draw = (
        SeatDraw.objects.filter(table=table)
        .order_by("-drawn_at", "-id")
        .prefetch_related("positions__player")
        .first()
    )
    if draw is None:
        return []
    players = [position.player for position in draw.positions.all()]
    by_player = {row.player.pk: row for row in rows}
    for player in players:
        row = by_player.get(player.pk)
        if row is None or row.is_seated or (has_money and not row.can_play):
            return []
    if not has_money and _left_since(players, draw):
        return []
    return [str(player.public_id) for player in players]


def _left_since(players: list[Player], draw: SeatDraw) -> bool:
    """Whether one of `players` checked out since `draw`, or is checked in now. A table without
    money settings asks for no check-in, so a player with no visit at all may play there; one
    who checked out has gone home, and one checked in cannot be settled there
    (services.visits.game_money_attach refuses the start)."""
    return (
        Visit.objects.filter(player__in=players)
        .filter(Q(status=VisitStatus.OPEN) | Q(checked_out_at__gt=draw.drawn_at))
        .exists()
    )


def start_player_counts(table: Table, *, player_count: int) -> tuple[int, ...]:
    """How many players may start a game at `table` (selectors.seating.player_counts), or just
    `player_count` where its ruleset does not resolve (the start then says why). Hides one
    query for a custom ruleset."""
    try:
        ruleset = ruleset_resolve(parlor=table.parlor, key=table.ruleset_key)
    except (DomainError, ScoringError):
        return (player_count,)
    return player_counts(ruleset)
