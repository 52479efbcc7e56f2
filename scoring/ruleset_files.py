"""Preset files: one TOML file per preset, every field spelled out.

TOML has no null, so an unset optional field is written ``"none"``. The engine reads
the files as data; it never imports the ``rulesets`` package.
"""

from __future__ import annotations

import os
import tomllib
from pathlib import Path
from typing import Any

from scoring.errors import RulesetError
from scoring.ruleset import Ruleset

PRESET_DIR_ENV = "TENBO_PRESET_DIR"


def default_preset_dir() -> Path:
    """``$TENBO_PRESET_DIR``, else ``rulesets/presets`` beside this package."""
    configured = os.environ.get(PRESET_DIR_ENV)
    if configured:
        return Path(configured)
    return Path(__file__).resolve().parent.parent / "rulesets" / "presets"


def load_file(path: Path) -> Ruleset:
    with path.open("rb") as f:
        data = tomllib.load(f)
    return ruleset_of_file(data, path)


def ruleset_of_file(data: dict[str, Any], path: Path) -> Ruleset:
    """The ruleset a preset file holds (its TOML read as `data`); errors name the file, and the
    id must be the file's name."""
    try:
        ruleset = Ruleset.from_dict(data)
    except RulesetError as e:
        raise RulesetError(f"{path.name}: {e.message}", field=e.field) from None
    if ruleset.id != path.stem:
        raise RulesetError(f"{path.name}: id {ruleset.id!r} must match the file name",
                           field="id")
    return ruleset


def load_directory(directory: Path) -> dict[str, Ruleset]:
    """Every ``*.toml`` preset of ``directory``, by id, in file-name order."""
    return {path.stem: load_file(path) for path in sorted(directory.glob("*.toml"))}
