"""Reads for the counter (受付・精算) and the game start: each player of a parlor with their visit.

A player's state at the counter is one of `PlayerState`; the counter also shows an open
visit's games and its provisional money (the receipt as it would be now).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from parlor.models import (
    Parlor,
    Player,
    Table,
    Visit,
    VisitStatus,
)
from parlor.selectors.visits import open_receipts
from parlor.services.money import money_settings_for
from parlor.services.visits import staff_user_ids, visit_is_over


class PlayerState(StrEnum):
    OUT = "out"  # not checked in
    IN = "in"  # checked in
    LAST_CALL = "last_call"  # checked in, ラス半 called, the last game not over yet
    OVER = "over"  # ラス半 called and the last game is over: waits for check-out
    STAFF = "staff"  # not checked in, a member of staff: plays for the parlor (本走)


@dataclass(frozen=True, slots=True)
class PlayerAtCounter:
    player: Player
    visit: Visit | None
    state: PlayerState
    games: int = 0  # finished games of the open visit
    playing: bool = False  # a game of the visit is in progress
    provisional_yen: int = 0  # the open visit's receipt total so far (+ paid to the player)

    @property
    def is_in(self) -> bool:
        return self.visit is not None

    @property
    def can_play(self) -> bool:
        """Can take a seat at a table with money settings."""
        return self.state in (PlayerState.IN, PlayerState.LAST_CALL, PlayerState.STAFF)


def _state(player: Player, visit: Visit | None, staff_users: set[int]) -> PlayerState:
    if visit is None:
        is_staff = player.user_id is not None and player.user_id in staff_users
        return PlayerState.STAFF if is_staff else PlayerState.OUT
    if visit.last_game_called_at is None:
        return PlayerState.IN
    return PlayerState.OVER if visit_is_over(visit) else PlayerState.LAST_CALL


def _open_visits(parlor: Parlor) -> dict[int, Visit]:
    visits = Visit.objects.filter(parlor=parlor, status=VisitStatus.OPEN).select_related(
        "player", "parlor", "last_game"
    )
    return {visit.player_id: visit for visit in visits}


def counter_rows(parlor: Parlor) -> list[PlayerAtCounter]:
    """Every player of the parlor, checked-in players first (earliest in first), then by name.

    Seven queries however many players, visits and games: the open visits, their provisional
    receipts (selectors.visits.open_receipts), the staff and the players.
    """
    visits = _open_visits(parlor)
    receipts = open_receipts(list(visits.values()))
    staff_users = staff_user_ids(parlor.pk)
    rows = []
    for player in parlor.players.order_by("name", "id"):
        visit = visits.get(player.pk)
        state = _state(player, visit, staff_users)
        if visit is None:
            rows.append(PlayerAtCounter(player, None, state))
            continue
        receipt = receipts[visit.pk]
        games = sum(1 for line in receipt.lines if line.game_id)
        rows.append(
            PlayerAtCounter(
                player,
                visit,
                state,
                games=games,
                playing=receipt.games_in_progress > 0,
                provisional_yen=receipt.totals["total_yen"],
            )
        )
    return sorted(rows, key=lambda row: (not row.is_in, _checked_in_at(row)))


def _checked_in_at(row: PlayerAtCounter) -> float:
    return row.visit.checked_in_at.timestamp() if row.visit else 0.0


_START_ORDER = {
    PlayerState.IN: 0,
    PlayerState.LAST_CALL: 0,
    PlayerState.STAFF: 1,
    PlayerState.OUT: 2,
    PlayerState.OVER: 3,
}


def start_rows(table: Table, *, player_count: int) -> tuple[bool, list[PlayerAtCounter]]:
    """For the game start: whether the table's game type has money settings (then every seat
    must be a checked-in player or staff), and the parlor's players with their state, those who
    can sit down first. Without money settings, the players in the tablet's usual order.

    Four queries: the settings, the open visits, the staff and the players.
    """
    parlor = table.parlor
    players = list(parlor.players.order_by("kind", "name", "id"))
    if money_settings_for(table, player_count=player_count) is None:
        return False, [PlayerAtCounter(p, None, PlayerState.OUT) for p in players]
    visits = _open_visits(parlor)
    staff_users = staff_user_ids(parlor.pk)
    rows = [
        PlayerAtCounter(p, visits.get(p.pk), _state(p, visits.get(p.pk), staff_users))
        for p in players
    ]
    return True, sorted(rows, key=lambda row: _START_ORDER[row.state])
