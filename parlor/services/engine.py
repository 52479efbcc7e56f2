"""Where the parlor builds a game's record and replays it with the scoring engine.

What crosses is typed (scoring's GameState, HandOutcome, GameReplay); JSON only at the edges:
the record built from the stored entries, the stored state, the API's answers. A game's
ruleset is read by domain.snapshots (Game.ruleset), a hand entry by domain.hand_entries, a
game's state and a hand's ledger by domain.stored_results (Game.engine_state,
HandOutcome.ledger): pure readers the selectors and the migrations use too.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rulesets.registry import PRESETS
from scoring import (
    GameReplay,
    GameState,
    read_record_head,
    replay_data,
    replay_to_dict,
)

RECORD_FORMAT = "tenbo-game/1"


def record_build(
    *,
    snapshot: Mapping[str, Any],
    names: Sequence[str],
    entries: Sequence[Mapping[str, Any]],
    start: Mapping[str, Any] | None = None,
    finished: bool = False,
) -> dict[str, Any]:
    """A tenbo-game/1 record whose ruleset is the game's snapshot (an object, not a ruleset key)."""
    record: dict[str, Any] = {
        "format": RECORD_FORMAT,
        "ruleset": dict(snapshot),
        "players": list(names),
    }
    if start:
        record["start"] = dict(start)
    if finished:
        record["finished"] = True
    record["hands"] = [dict(entry) for entry in entries]
    return record


def replay_game(record: Mapping[str, Any]) -> GameReplay:
    """Replays a whole record; raises scoring.errors.ScoringError on the first bad hand."""
    return replay_data(record, presets=PRESETS)


def replay(record: Mapping[str, Any]) -> dict[str, Any]:
    """The record's tenbo-replay/1 document (the API's and the export's JSON)."""
    return replay_to_dict(replay_game(record), ruleset_ref=record["ruleset"])


def start_state(record: Mapping[str, Any]) -> GameState:
    """The state before the first hand of a record (its hands are not read)."""
    head, _ = read_record_head({**record, "hands": []}, presets=PRESETS)
    return GameState.start(head.start)
