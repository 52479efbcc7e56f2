"""The one reader of a game's ruleset snapshot (Game.ruleset_snapshot, Ruleset.to_dict()).

A game keeps the ruleset it started under as JSON; everything parlor needs of it (the title,
the player count, the start points, ...) is read from the engine's Ruleset parsed here, never
from the JSON by key. No Django here.

Parsing a snapshot takes far longer than a hand's step, and a parlor plays under a handful of
rulesets, so each parsed ruleset is kept beside a copy of the snapshot it was read from. A
snapshot finds its ruleset by the preset id it names and then by equality with that copy: a
snapshot that differs in any field, or one changed in place since it was read, is parsed
again, never answered with the ruleset of what it used to be.
"""

from __future__ import annotations

import copy
import threading
from collections import OrderedDict
from collections.abc import Mapping
from typing import Any

from rulesets.registry import PRESETS
from scoring import Ruleset

IDS_KEPT = 64  # rulesets kept by the id they name (a preset, a parlor's own ruleset)
SNAPSHOTS_KEPT_PER_ID = 8  # versions of one id kept (a ruleset edited between games)

# Per id: (a private copy of a snapshot, its ruleset), newest first.
_read: OrderedDict[object, list[tuple[Mapping[str, Any], Ruleset]]] = OrderedDict()
_lock = threading.Lock()


def ruleset_of_snapshot(snapshot: Mapping[str, Any]) -> Ruleset:
    """The engine's ruleset of a snapshot (raises ScoringError on one the engine refuses)."""
    key = snapshot_id(snapshot)
    with _lock:
        kept = _read.get(key, [])
        for seen, ruleset in kept:
            if seen == snapshot:
                _read.move_to_end(key)
                return ruleset
    ruleset = Ruleset.from_dict(snapshot, presets=PRESETS)
    with _lock:
        versions = _read.setdefault(key, [])
        versions.insert(0, (copy.deepcopy(snapshot), ruleset))
        del versions[SNAPSHOTS_KEPT_PER_ID:]
        _read.move_to_end(key)
        while len(_read) > IDS_KEPT:
            _read.popitem(last=False)
    return ruleset


def snapshot_id(snapshot: Mapping[str, Any]) -> object:
    """The id a snapshot names, hashable (a cheap first key: equality decides)."""
    named = snapshot.get("id")
    return named if isinstance(named, str | int) else None
