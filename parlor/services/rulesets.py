"""Rulesets: a parlor adds its own, after the engine has accepted it (selectors.rulesets reads
them, presets and the parlor's own alike)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.db import transaction

from parlor.errors import Conflict
from parlor.models import Parlor, RulesetDefinition
from parlor.models.users import Actor
from parlor.security.text import text_check
from parlor.selectors.rulesets import ruleset_validate
from parlor.services.audit_log import audit_ruleset_created
from rulesets.registry import PRESETS

# The columns' lengths (models.RulesetDefinition; a game's ruleset_key is as long as the key).
RULESET_KEY_MAX_LENGTH = 50
RULESET_TITLE_MAX_LENGTH = 100


@transaction.atomic
def ruleset_create(
    *,
    parlor: Parlor,
    key: str,
    title: str,
    definition: Mapping[str, Any],
    by: Actor = None,
) -> RulesetDefinition:
    """Adds a parlor ruleset after the engine has accepted it."""
    text_check(key, field="key", max_length=RULESET_KEY_MAX_LENGTH)
    text_check(title, field="title", max_length=RULESET_TITLE_MAX_LENGTH)
    if key in PRESETS:
        raise Conflict(
            f"{key!r} is a preset's key; choose another key",
            code="ruleset_key_taken",
            field="key",
            params={"key": key},
        )
    if RulesetDefinition.objects.filter(parlor=parlor, key=key).exists():
        raise Conflict(
            f"this parlor already has a ruleset {key!r}",
            code="ruleset_key_taken",
            field="key",
            params={"key": key},
        )
    ruleset_validate(key=key, definition=definition)
    row = RulesetDefinition.objects.create(
        parlor=parlor, key=key, title=title, definition=dict(definition)
    )
    audit_ruleset_created(row, by=by)
    return row


def preset_clone_definition(ruleset_key: str) -> dict[str, Any]:
    """A full, editable copy of a preset (for the admin's "clone a preset")."""
    return PRESETS[ruleset_key].to_dict()
