"""Reads for the counter (受付・精算) and the game start: each player of a parlor with their visit.

A player's state at the counter is one of `PlayerState`; the counter also shows an open
visit's games and its provisional money (the receipt as it would be now).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from parlor.models import (
    GameSeat,
    GameStatus,
    Parlor,
    Player,
    Table,
    Visit,
    VisitStatus,
)
from parlor.search_text import search_matches
from parlor.selectors.members import staff_user_ids
from parlor.selectors.money import money_settings_for
from parlor.selectors.visits import open_receipts, visit_is_over


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
    seated_at: str = ""  # the label of the table where the player sits in an open game

    @property
    def is_seated(self) -> bool:
        return bool(self.seated_at)

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


def _seated_at(parlor: Parlor) -> dict[int, str]:
    """The table label of every player seated in an open game of the parlor (one query)."""
    seats = GameSeat.objects.filter(
        game__table__parlor=parlor, game__status=GameStatus.IN_PROGRESS
    ).values_list("player_id", "game__table__label")
    return dict(seats)


def counter_rows(parlor: Parlor) -> list[PlayerAtCounter]:
    """Every player of the parlor, checked-in players first (earliest in first), then by name.

    Eight queries however many players, visits and games: the open visits, their provisional
    receipts (selectors.visits.open_receipts), the staff, the open games' seats and the players.
    """
    visits = _open_visits(parlor)
    receipts = open_receipts(list(visits.values()))
    staff_users = staff_user_ids(parlor.pk)
    seated = _seated_at(parlor)
    rows = []
    for player in parlor.players.order_by("name", "id"):
        visit = visits.get(player.pk)
        state = _state(player, visit, staff_users)
        if visit is None:
            rows.append(PlayerAtCounter(player, None, state, seated_at=seated.get(player.pk, "")))
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
                seated_at=seated.get(player.pk, ""),
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
    must be a checked-in player or staff), and the parlor's players with their state: those
    free to sit down first, those playing at another table last (issue 30). Without money
    settings, the players in the tablet's usual order, those playing elsewhere last.

    Five queries: the settings, the open games' seats, the open visits, the staff and the
    players.
    """
    parlor = table.parlor
    players = list(parlor.players.order_by("kind", "name", "id"))
    seated = _seated_at(parlor)
    if money_settings_for(table, player_count=player_count) is None:
        rows = [
            PlayerAtCounter(p, None, PlayerState.OUT, seated_at=seated.get(p.pk, ""))
            for p in players
        ]
        return False, sorted(rows, key=lambda r: bool(r.seated_at))
    return True, sorted(
        _player_rows(parlor, players, seated),
        key=lambda r: (bool(r.seated_at), _START_ORDER[r.state]),
    )


def _player_rows(
    parlor: Parlor, players: list[Player], seated: dict[int, str]
) -> list[PlayerAtCounter]:
    """Each player with their open visit, state and table (two queries)."""
    visits = _open_visits(parlor)
    staff_users = staff_user_ids(parlor.pk)
    return [
        PlayerAtCounter(
            p,
            visits.get(p.pk),
            _state(p, visits.get(p.pk), staff_users),
            seated_at=seated.get(p.pk, ""),
        )
        for p in players
    ]


def player_matches(player: Player, query: str) -> bool:
    """The counter's and the game start's search: by name, よみがな or member number, with
    katakana, half-width kana and hiragana alike (parlor.search_text)."""
    return search_matches(query, player.name, player.kana, player.member_number)


SEARCH_LIMIT = 100


def players_found(
    parlor: Parlor, query: str, *, limit: int = SEARCH_LIMIT
) -> list[PlayerAtCounter]:
    """The parlor's players matching `query`, by name, with whether they are checked in and
    where they sit (four queries). The comparison is folded in Python (search_text): a parlor
    has a few thousand players at most, and the database cannot fold katakana to hiragana.
    """
    players = players_matching(parlor, query)
    return _player_rows(parlor, players[:limit], _seated_at(parlor))


def players_matching(parlor: Parlor, query: str) -> list[Player]:
    """The parlor's players whose name, よみがな or member number match `query`, by name
    (one query; folded in Python as players_found says)."""
    return [p for p in parlor.players.order_by("name", "id") if player_matches(p, query)]


def visits_last_game_over(parlor: Parlor) -> list[Visit]:
    """Open visits whose ラス半 game is over: the player waits for check-out (one query)."""
    return list(
        Visit.objects.filter(parlor=parlor, status=VisitStatus.OPEN, last_game__isnull=False)
        .exclude(last_game__status=GameStatus.IN_PROGRESS)
        .select_related("player")
        .order_by("last_game__ended_at", "pk")
    )
