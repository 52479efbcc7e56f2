"""The preset registry: ruleset key → Ruleset, read from ``rulesets/presets/*.toml``.

Once a preset has been used for a game, change it by adding a new id, never by editing
it: games keep a snapshot, but a new game under the old id should mean the old rules.
"""

from __future__ import annotations

from pathlib import Path
from types import MappingProxyType

from scoring.ruleset import Ruleset
from scoring.ruleset_files import load_directory

PRESET_DIR = Path(__file__).resolve().parent / "presets"

PRESETS: MappingProxyType[str, Ruleset] = MappingProxyType(load_directory(PRESET_DIR))


def preset(key: str) -> Ruleset:
    """The preset whose ruleset key is ``key``; KeyError if there is none."""
    return PRESETS[key]
