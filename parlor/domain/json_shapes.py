"""Named shapes of the JSON parlor carries on purpose, where the engine's typed values are
not the thing passed. No Django here.

A `dict[str, Any]` says nothing of what it holds; the engine's values (its Hand, HandOutcome,
Transfer, GameState, FinalSettlement, Ruleset) cross parlor typed. What remains JSON is named
here, with why, and tests/test_typed_boundary.py allows no other alias of it.
"""

from __future__ import annotations

from typing import Any

# A hand as the tablet or the API posts it and Hand.entry keeps it, verbatim (tenbo-game/1
# `hands[i]`, docs/game-record.md). It is stored as sent, so it stays JSON; the engine parses
# it (scoring.read_hand, through domain.hand_entries.hand_of) and parlor reads the parsed
# Hand, never a key.
HandEntry = dict[str, Any]
