"""The one place the parlor talks to the scoring engine: rulesets, records, states and steps.

What crosses is typed (scoring's Ruleset, GameState, HandOutcome, GameReplay); JSON only at
the edges: the record built from the stored entries, the stored state, the API's answers.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from parlor.domain.snapshots import ruleset_of_snapshot
from rulesets.registry import PRESETS
from scoring import (
    GameReplay,
    GameState,
    Ruleset,
    read_hand,
    read_record_head,
    replay_data,
    replay_to_dict,
)
from scoring import Hand as EngineHand

RECORD_FORMAT = "tenbo-game/1"


def ruleset_from_snapshot(snapshot: Mapping[str, Any]) -> Ruleset:
    """The game's ruleset (domain.snapshots, the snapshot's one reader)."""
    return ruleset_of_snapshot(snapshot)


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


def hand_of(entry: Mapping[str, Any], *, ruleset: Ruleset, seats: int, index: int) -> EngineHand:
    """A stored or posted entry as the engine's hand (raises RecordError naming its field)."""
    return read_hand(entry, index=index, ruleset=ruleset, seats=seats)
