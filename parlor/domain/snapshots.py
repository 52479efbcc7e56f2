"""The one reader of a game's ruleset snapshot (Game.ruleset_snapshot, Ruleset.to_dict()).

A game keeps the ruleset it started under as JSON; everything parlor needs of it (the title,
the player count, the start points, ...) is read from the engine's Ruleset parsed here, never
from the JSON by key. No Django here.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from functools import lru_cache
from typing import Any

from rulesets.registry import PRESETS
from scoring import Ruleset


def ruleset_of_snapshot(snapshot: Mapping[str, Any]) -> Ruleset:
    """The engine's ruleset of a snapshot. A snapshot never changes once the game started, so
    the parsed ruleset is kept per snapshot text (parsing one takes far longer than a hand's
    step)."""
    return _ruleset_of(json.dumps(snapshot, sort_keys=True))


@lru_cache(maxsize=256)
def _ruleset_of(snapshot_text: str) -> Ruleset:
    return Ruleset.from_dict(json.loads(snapshot_text), presets=PRESETS)
