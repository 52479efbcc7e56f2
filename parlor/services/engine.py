"""The one place the parlor talks to the scoring engine: rulesets, records and replays."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rulesets.registry import PRESETS
from scoring.replay import replay_record
from scoring.ruleset import Ruleset

RECORD_FORMAT = "tenbo-game/1"
WINDS = ("E", "S", "W", "N")


def ruleset_from_snapshot(snapshot: Mapping[str, Any]) -> Ruleset:
    return Ruleset.from_dict(snapshot, presets=PRESETS)


def record_build(
    *,
    snapshot: Mapping[str, Any],
    names: Sequence[str],
    entries: Sequence[Mapping[str, Any]],
    start: Mapping[str, Any] | None = None,
    finished: bool = False,
) -> dict[str, Any]:
    """A tenbo-game/1 record whose ruleset is the game's snapshot (an object, not a preset id)."""
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


def replay(record: Mapping[str, Any]) -> dict[str, Any]:
    """Replays a whole record; raises scoring.errors.ScoringError on bad input."""
    return replay_record(record, presets=PRESETS)


def start_state(ruleset: Ruleset, start: Mapping[str, Any] | None, seats: int) -> dict[str, Any]:
    """The state before the first hand: the ruleset's start unless the record resumes mid-way.

    Where `start` gives only one of dealer and round_number, the other follows from it, as in
    game-record.md (East n is dealt by seat n-1).
    """
    start = dict(start or {})
    if "dealer" in start and "round_number" not in start:
        start["round_number"] = int(start["dealer"]) + 1
    round_number = int(start.get("round_number", 1))
    return {
        "round_wind": start.get("round_wind", "E"),
        "round_number": round_number,
        "dealer": int(start.get("dealer", round_number - 1)),
        "honba": int(start.get("honba", 0)),
        "sticks": int(start.get("sticks", 0)),
        "scores": list(start.get("scores", [ruleset.start_points] * seats)),
    }


def seat_winds(dealer: int, seats: int) -> list[str]:
    """Each seat's wind: the dealer is East and the winds follow in turn order."""
    return [WINDS[(seat - dealer) % seats] for seat in range(seats)]
