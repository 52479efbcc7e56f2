"""Presets written from a published rule sheet that still wait for an engine option.

Each ``rulesets/pending/<id>.toml`` spells out every field the engine has today, set as
near to the sheet as today's options allow, and ends with one ``[[waits_for]]`` table per
rule the engine cannot express yet: the option it needs (``option``), that option's value
for this sheet (``value``) and the rule's text (``rule``). They are not in the registry:
a table playing one of them would be paid by the nearest rule instead of the published
one, without a word. When the options land, set them, drop ``waits_for`` and move the
file to ``rulesets/presets/``.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from pathlib import Path

from scoring.errors import RulesetError
from scoring.ruleset import Ruleset
from scoring.ruleset_files import ruleset_of_file

PENDING_DIR = Path(__file__).resolve().parent / "pending"


@dataclass(frozen=True, slots=True)
class WaitingRule:
    """One published rule the engine cannot express yet."""

    option: str  # the ruleset field (or value) it needs
    value: object  # what this sheet sets it to
    rule: str  # the rule's text, as the sheet gives it


@dataclass(frozen=True, slots=True)
class PendingPreset:
    ruleset: Ruleset  # every field of today's schema, nearest to the sheet
    waits_for: tuple[WaitingRule, ...]


def load_pending_file(path: Path) -> PendingPreset:
    """One pending preset; RulesetError names the file and the field that is wrong."""
    with path.open("rb") as f:
        data = tomllib.load(f)
    waiting = data.pop("waits_for", None)
    if not isinstance(waiting, list) or not waiting:
        raise RulesetError(f"{path.name}: a pending preset lists what it waits for "
                           "in [[waits_for]] tables", field="waits_for")
    rules = []
    for i, entry in enumerate(waiting):
        if set(entry) != {"option", "value", "rule"}:
            raise RulesetError(f"{path.name}: waits_for[{i}] needs option, value and rule",
                               field=f"waits_for[{i}]")
        rules.append(WaitingRule(option=entry["option"], value=entry["value"],
                                 rule=entry["rule"]))
    return PendingPreset(ruleset=ruleset_of_file(data, path), waits_for=tuple(rules))


def load_pending(directory: Path = PENDING_DIR) -> dict[str, PendingPreset]:
    """Every pending preset of ``directory``, by id, in file-name order."""
    return {path.stem: load_pending_file(path) for path in sorted(directory.glob("*.toml"))}
