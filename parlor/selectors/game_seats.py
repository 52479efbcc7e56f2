"""A game's seats and the hand it plays next, built once from the game row as typed values.

The tablet's game screen (web.game_state), the players' live view (public.live) and the table
state the floor and the API answer (selectors.games.game_live_state) each format these: none
works out a seat's wind, the dealer or the seat sitting out itself. The winds are the engine's
(`scoring.seat_winds`), from the stored next hand and the ruleset's player count; the 罰符
owed so far are the engine's stored state's (`scoring.GameState`).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any
from uuid import UUID

from parlor.models import Game, GameSeat, HandOutcome
from scoring import GameState, seat_winds


@dataclass(frozen=True, slots=True)
class NextHand:
    """The hand to play next (次の局), as the game row stores it (Game.next_state); or, by
    `played`, the hand a recorded outcome played, in the same shape."""

    round_wind: str  # 場風: E, S, W, N
    round_number: int  # 局
    dealer: int  # 親, a seat
    honba: int = 0  # 本場
    sit_out: int | None = None  # 抜け番: four people at a three-player table

    @classmethod
    def stored(cls, data: Mapping[str, Any] | None) -> NextHand | None:
        """The stored column's one reader (services.replays writes it); None once the game
        ended."""
        if not data:
            return None
        return cls(
            round_wind=data["round_wind"],
            round_number=data["round_number"],
            dealer=data["dealer"],
            honba=data.get("honba", 0),
            sit_out=data.get("sit_out"),
        )

    @classmethod
    def played(cls, outcome: HandOutcome, *, sit_out: int | None = None) -> NextHand:
        """The hand a recorded outcome played, in the same shape: its round, dealer and honba
        (the history's and the correction's round, the live view's last hand)."""
        return cls(
            round_wind=outcome.round_wind,
            round_number=outcome.round_number,
            dealer=outcome.dealer,
            honba=outcome.honba,
            sit_out=sit_out,
        )


@dataclass(frozen=True, slots=True)
class SeatAt:
    """One seat as the game stands (席)."""

    seat: int
    player_id: UUID  # the player's public id
    name: str
    score: int  # 持ち点
    wind: str | None  # 自風 of the next hand (E, S, W, N); None where it is not known
    is_dealer: bool  # 親
    sits_out: bool  # 抜け番 of the next hand
    deduction: int = 0  # 罰符 owed at the final settlement so far, in points


@dataclass(frozen=True, slots=True)
class GameSeats:
    seats: tuple[SeatAt, ...]  # in seat order
    next_hand: NextHand | None  # None once the game ended

    @property
    def winds(self) -> tuple[str, ...] | None:
        """Every seat's wind, or None where one is not known (the game ended, or a seat sits
        the hand out: then the winds depend on who does)."""
        winds = tuple(seat.wind for seat in self.seats if seat.wind is not None)
        return winds if self.seats and len(winds) == len(self.seats) else None


def game_seats(
    game: Game, *, player_count: int, seats: Iterable[GameSeat] | None = None
) -> GameSeats:
    """The game's seats with their scores, the next hand's winds and dealer, and the 罰符 each
    owes so far. `player_count`: the ruleset's (三麻 3, 四麻 4). `seats`: the game's seat rows
    with their players where the caller has them (else one query)."""
    rows = list(game.seats.select_related("player") if seats is None else seats)
    next_hand = NextHand.stored(game.next_state)
    winds: tuple[str | None, ...] = (None,) * len(rows)
    if next_hand is not None:
        winds = seat_winds(
            next_hand.dealer, seats=len(rows), players=player_count, sit_out=next_hand.sit_out
        )
    owed = GameState.from_dict(game.state).deductions if game.state else ()
    scores = list(game.scores)
    return GameSeats(
        seats=tuple(
            SeatAt(
                seat=row.seat,
                player_id=row.player.public_id,
                name=row.name,
                score=int(scores[at]) if at < len(scores) else 0,
                wind=wind,
                is_dealer=next_hand is not None and at == next_hand.dealer,
                sits_out=next_hand is not None and at == next_hand.sit_out,
                deduction=owed[at] if at < len(owed) else 0,
            )
            for at, (row, wind) in enumerate(zip(rows, winds, strict=True))
        ),
        next_hand=next_hand,
    )
