"""The one reader of a hand entry (Hand.entry, the tenbo-game/1 hand a client posts): the
engine's Hand, read by scoring.read_hand, so what parlor counts of a stored hand (its winners,
yaku, riichi, sit-out) is the engine's value, never the JSON by key. No Django here, so the
services, the selectors and a data migration read an entry alike.
"""

from __future__ import annotations

from parlor.domain.json_shapes import HandEntry
from scoring import Hand, Ruleset, read_hand


def hand_of(entry: HandEntry, *, ruleset: Ruleset, seats: int, index: int) -> Hand:
    """A stored or posted entry as the engine's hand, the `index`-th (from 0) of a game of
    `seats` seats; raises RecordError naming its field."""
    return read_hand(entry, index=index, ruleset=ruleset, seats=seats)
