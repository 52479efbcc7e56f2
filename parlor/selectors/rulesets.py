"""Rulesets as a table plays them: a preset from the registry, or the parlor's own definition,
validated by the engine each time it is read (a broken custom ruleset is an error, not a crash)."""

from __future__ import annotations

from collections.abc import Collection, Mapping
from typing import Any

from parlor.errors import DomainError, InvalidInput
from parlor.models import Parlor, RulesetDefinition
from parlor.security.limits import ruleset_numbers_check
from rulesets.registry import PRESETS
from scoring import Ruleset, RulesetError, ScoringError


def ruleset_validate(*, key: str, definition: Mapping[str, Any]) -> Ruleset:
    """The engine's Ruleset for a custom definition; raises RulesetError naming the field.

    The custom ruleset key becomes the snapshot's `id`, so a game's snapshot says which ruleset
    it used.
    """
    if not isinstance(definition, Mapping):
        raise RulesetError("a ruleset must be an object", field="definition")
    ruleset_numbers_check(definition)
    return Ruleset.from_dict({**definition, "id": key}, presets=PRESETS)


def ruleset_resolve(*, parlor: Parlor, key: str) -> Ruleset:
    """The ruleset a table with `ruleset_key=key` plays. Hides one query for custom keys."""
    custom = RulesetDefinition.objects.filter(parlor=parlor, key=key).first()
    return _ruleset_of(key, custom)


def rulesets_resolve(
    *, parlor_id: int, keys: Collection[str]
) -> dict[str, Ruleset | ScoringError | DomainError]:
    """Each key's ruleset as ruleset_resolve gives it, or the error it raises there, so a
    broken custom ruleset does not hide the others. One query for all the parlor's keys."""
    wanted = set(keys)
    customs = {
        row.key: row
        for row in RulesetDefinition.objects.filter(parlor_id=parlor_id, key__in=wanted)
    }
    resolved: dict[str, Ruleset | ScoringError | DomainError] = {}
    for key in wanted:
        try:
            resolved[key] = _ruleset_of(key, customs.get(key))
        except (ScoringError, DomainError) as exc:
            resolved[key] = exc
    return resolved


def _titled(custom: RulesetDefinition) -> Mapping[str, Any]:
    """The definition under the name the parlor gave it: staff and players see that title
    (in both languages, as the parlor wrote one), not the title of the preset it is based on
    or was cloned from, so two tables with different rulesets never look alike."""
    definition: Mapping[str, Any] = custom.definition  # a JSON column: a dict as stored
    if not custom.title.strip():
        return definition
    return {**custom.definition, "title": custom.title, "title_en": custom.title}


def _ruleset_of(key: str, custom: RulesetDefinition | None) -> Ruleset:
    """The parlor's own ruleset `custom` if it has one under `key`, else the preset."""
    if custom is not None:
        return ruleset_validate(key=custom.key, definition=_titled(custom))
    if key in PRESETS:
        return PRESETS[key]
    raise InvalidInput(
        f"unknown ruleset {key!r}: use a preset ({', '.join(sorted(PRESETS))}) "
        "or one of this parlor's rulesets",
        code="unknown_ruleset",
        field="ruleset_key",
    )
