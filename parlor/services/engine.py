"""The one place the parlor talks to the scoring engine: rulesets, records, states and steps.

What crosses is typed (scoring's Ruleset, GameState, HandOutcome, GameReplay); JSON only at
the edges: the record built from the stored entries, the stored state, the API's answers.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from functools import lru_cache
from typing import Any

from rulesets.registry import PRESETS
from scoring.facts import Hand as EngineHand
from scoring.hand_input import read_hand
from scoring.record import read_record_head
from scoring.replay import GameReplay, replay_data, replay_to_dict
from scoring.ruleset import Ruleset
from scoring.step import GameState

RECORD_FORMAT = "tenbo-game/1"


def ruleset_from_snapshot(snapshot: Mapping[str, Any]) -> Ruleset:
    """The game's ruleset. A snapshot never changes once the game started, so the parsed
    ruleset is kept per snapshot text (parsing one takes far longer than a hand's step)."""
    return _ruleset_of(json.dumps(snapshot, sort_keys=True))


@lru_cache(maxsize=256)
def _ruleset_of(snapshot_text: str) -> Ruleset:
    return Ruleset.from_dict(json.loads(snapshot_text), presets=PRESETS)


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
