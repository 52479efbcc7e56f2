"""The hand a game plays next (次の局) as a typed value, and the one reader of its stored JSON.

The replay writes the next hand as JSON (scoring.next_hand_to_dict) into the game row
(Game.next_state) and each hand's outcome; parlor reads it back here, once, and passes the
value on: the tablet, the live view, the floor and the guest's phone read its attributes.
No Django here.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Protocol


class PlayedRound(Protocol):
    """What a recorded hand says of the hand it played (a stored outcome has these)."""

    @property
    def round_wind(self) -> str: ...
    @property
    def round_number(self) -> int: ...
    @property
    def dealer(self) -> int: ...
    @property
    def honba(self) -> int: ...


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
        """The stored JSON's one reader (scoring.next_hand_to_dict writes it); None once the
        game ended.

        >>> NextHand.stored({"round_wind": "S", "round_number": 2, "dealer": 1, "honba": 1})
        NextHand(round_wind='S', round_number=2, dealer=1, honba=1, sit_out=None)
        >>> NextHand.stored(None) is None
        True
        """
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
    def played(cls, hand: PlayedRound, *, sit_out: int | None = None) -> NextHand:
        """The hand a recorded outcome played, in the same shape: its round, dealer and honba
        (the history's and the correction's round, the live view's last hand)."""
        return cls(
            round_wind=hand.round_wind,
            round_number=hand.round_number,
            dealer=hand.dealer,
            honba=hand.honba,
            sit_out=sit_out,
        )
