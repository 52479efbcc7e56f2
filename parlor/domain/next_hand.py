"""The one reader of the next hand (次の局) as parlor stores it.

The replay writes the next hand as JSON (scoring.next_hand_to_dict) into the game row
(Game.next_state) and each hand's outcome; parlor reads it back here, once, as the engine's
NextHand and passes the value on: the tablet, the live view, the floor and the guest's phone
read its attributes. A hand already played is the same value, `NextHand.of(outcome)`. No
Django here.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from scoring import NextHand


def stored_next_hand(stored: Mapping[str, Any] | None) -> NextHand | None:
    """A stored next hand (Game.next_state) as the engine's NextHand; None once the game ended.

    >>> stored_next_hand({"round_wind": "S", "round_number": 2, "dealer": 1, "honba": 1})
    NextHand(round_wind='S', round_number=2, dealer=1, honba=1, sit_out=None)
    >>> stored_next_hand(None) is None
    True
    """
    if not stored:
        return None
    return NextHand.from_dict(stored)
