"""The hand a game plays next (次の局): its round, dealer and honba, and the seat sitting it
out (抜け番) where the game has one. The replay writes it as a hand's `next`
(docs/game-record.md); whoever stores that JSON reads it back with `NextHand.from_dict`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Protocol


class HandStart(Protocol):
    """A hand's round, dealer and honba: a TableState has them, and so does a stored row of a
    hand played."""

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
    """The hand to play next (次の局).

    >>> from scoring.facts import TableState
    >>> table = TableState(round_wind="S", round_number=2, dealer=1, honba=1, sticks=0,
    ...                    scores=(25000,) * 4)
    >>> NextHand.of(table).to_dict()
    {'round_wind': 'S', 'round_number': 2, 'dealer': 1, 'honba': 1}
    >>> NextHand.from_dict(NextHand.of(table, sit_out=3).to_dict())
    NextHand(round_wind='S', round_number=2, dealer=1, honba=1, sit_out=3)
    """

    round_wind: str  # 場風: E, S, W, N
    round_number: int  # 局
    dealer: int  # 親, a seat
    honba: int = 0  # 本場
    sit_out: int | None = None  # 抜け番: four people at a three-player table

    @classmethod
    def of(cls, start: HandStart, *, sit_out: int | None = None) -> NextHand:
        """The hand `start` names (a table state, or the row of a hand played), with the seat
        sitting it out (None: nobody)."""
        return cls(
            round_wind=start.round_wind,
            round_number=start.round_number,
            dealer=start.dealer,
            honba=start.honba,
            sit_out=sit_out,
        )

    def to_dict(self) -> dict[str, Any]:
        """The replay's `next`: `sit_out` only where a seat sits out."""
        out: dict[str, Any] = {
            "round_wind": self.round_wind,
            "round_number": self.round_number,
            "dealer": self.dealer,
            "honba": self.honba,
        }
        if self.sit_out is not None:
            out["sit_out"] = self.sit_out
        return out

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> NextHand:
        """The hand `to_dict` wrote (a stored column: trusted, not user input)."""
        return cls(
            round_wind=data["round_wind"],
            round_number=data["round_number"],
            dealer=data["dealer"],
            honba=data.get("honba", 0),
            sit_out=data.get("sit_out"),
        )
