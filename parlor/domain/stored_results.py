"""The one reader of the engine's results as parlor stores them: a game's state after its
latest hand (Game.state, written by GameState.to_dict) and a hand's ledger
(HandOutcome.transfers, written by Transfer.to_dict), read back as the engine's values, so
parlor reads their attributes, never their keys. No Django here: the models, the selectors and
a data migration's rows read them alike.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from scoring import GameState, Transfer


def state_of(stored: Mapping[str, Any]) -> GameState:
    """A stored Game.state as the engine's GameState."""
    return GameState.from_dict(stored)


def ledger_of(stored: Iterable[Mapping[str, Any]] | None) -> tuple[Transfer, ...]:
    """A stored HandOutcome.transfers as the engine's ledger (None, a hand with no outcome row
    in a joined read: no transfers)."""
    return tuple(Transfer.from_dict(transfer) for transfer in stored or ())
