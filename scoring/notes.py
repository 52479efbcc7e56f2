"""The engine's notes on a settled hand: what staff should know about how it was settled.

A note is a code (`NoteCode`) and its parameters, so a reader labels it by its code. The game
record (docs/game-record.md) writes each note as its `text()`, the sentence it always had.

>>> Note(NoteCode.HEAD_BUMP, seat=2).text()
'head bump: the ron of seat 2 is void'
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum


class NoteCode(StrEnum):
    HEAD_BUMP = "head_bump"  # 頭ハネ: a ron that does not count (`seat` claimed it)
    NOTEN_RIICHI_CHOMBO = "noten_riichi_chombo"  # 不聴立直, settled as a chombo
    TRIPLE_RON = "triple_ron"  # 三家和: the hand is an abortive draw
    MIN_HAN_UNCHECKED = "min_han_unchecked"  # 二飜縛り accepted without a dora count


@dataclass(frozen=True, slots=True)
class Note:
    """One note: its code, and the seat, honba and han it names where it names them."""

    code: NoteCode
    seat: int | None = None
    honba: int | None = None
    han: int | None = None

    def text(self) -> str:
        """The note as the game record writes it.

        >>> Note(NoteCode.TRIPLE_RON).text()
        'triple_ron'
        """
        if self.code is NoteCode.HEAD_BUMP:
            return f"head bump: the ron of seat {self.seat} is void"
        if self.code is NoteCode.NOTEN_RIICHI_CHOMBO:
            return "noten riichi (不聴立直) settled as chombo"
        if self.code is NoteCode.MIN_HAN_UNCHECKED:
            return (
                f"check: at {self.honba} honba seat {self.seat}'s win needs {self.han} han "
                "without dora, and no dora count was entered"
            )
        return self.code.value  # triple_ron: the abortive reason's own name
