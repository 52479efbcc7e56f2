"""A game's seats and the hand it plays next, built once from the game row as typed values.

The tablet's game and correction screens (web.game_state, web.hands), the players' live view
(public.live) and the table state the floor and the API answer (selectors.games.table_state)
each format these: none works out a seat's wind, the dealer or the seat sitting out itself.
The winds are the engine's (`scoring.seat_winds`), from the stored next hand
(`domain.next_hand`, read from the game row: `Game.next_hand`) and the ruleset's player
count; the 罰符 owed so far are the engine's stored state's (`scoring.GameState`).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from uuid import UUID

from parlor.models import Game, GameSeat
from scoring import NextHand, seat_winds


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
    rows = game.seats.select_related("player") if seats is None else seats
    state = game.engine_state
    owed = state.deductions if state is not None else ()
    return seats_before(rows, game.scores, game.next_hand, player_count=player_count, owed=owed)


def seats_before(
    rows: Iterable[GameSeat],
    scores: Sequence[int],
    hand: NextHand | None,
    *,
    player_count: int,
    owed: Sequence[int] = (),
) -> GameSeats:
    """The seats `rows` (with their players) holding `scores` before `hand`, with its winds
    and dealer: the game as it stands (game_seats), or as a recorded hand found it (the
    correction's screen). `owed`: the 罰符 each seat owes so far."""
    rows = list(rows)
    winds: tuple[str | None, ...] = (None,) * len(rows)
    if hand is not None:
        winds = seat_winds(hand.dealer, seats=len(rows), players=player_count, sit_out=hand.sit_out)
    return GameSeats(
        seats=tuple(
            SeatAt(
                seat=row.seat,
                player_id=row.player.public_id,
                name=row.name,
                score=int(scores[at]) if at < len(scores) else 0,
                wind=wind,
                is_dealer=hand is not None and at == hand.dealer,
                sits_out=hand is not None and at == hand.sit_out,
                deduction=owed[at] if at < len(owed) else 0,
            )
            for at, (row, wind) in enumerate(zip(rows, winds, strict=True))
        ),
        next_hand=hand,
    )
