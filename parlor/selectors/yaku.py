"""The yaku (役) side of the hand calculator for parlor: the house yaku tables, the table a
game plays, and the yaku names. How often players and the parlor won with each yaku is in
selectors.yaku_stats."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from parlor.models import Game, RulesetDefinition
from rulesets.registry import PRESETS
from scoring import TENHOU_YAKU, YakuTable, load_yaku_tables


@lru_cache(maxsize=1)
def yaku_tables() -> dict[str, YakuTable]:
    """The house tables of rulesets/yaku, read once per process (they ship with the code)."""
    return load_yaku_tables()


def preset_of(ruleset_key: str, definition: Any) -> str:
    """The preset whose yaku table a game of `ruleset_key` plays: the key itself for a preset,
    else the base preset of the parlor's `definition` of that key (a parlor ruleset changes
    payments, not the house's yaku)."""
    if ruleset_key in PRESETS:
        return ruleset_key
    base = definition.get("base") if isinstance(definition, dict) else None
    return base if isinstance(base, str) else ruleset_key


def game_preset_id(game: Game) -> str:
    """The preset whose yaku table the game plays (preset_of).

    Hides a query for a game under a parlor ruleset.
    """
    key = str(game.ruleset_key)
    if key in PRESETS:
        return key
    definition = (
        RulesetDefinition.objects.filter(parlor_id=game.table.parlor_id, key=key)
        .values_list("definition", flat=True)
        .first()
    )
    return preset_of(key, definition)


@lru_cache(maxsize=1)
def yaku_names() -> dict[str, tuple[str, str]]:
    """(Japanese, English) per yaku key, over the standard table and every house table."""
    names: dict[str, tuple[str, str]] = {}
    for table in (TENHOU_YAKU, *yaku_tables().values()):
        for rule in table.rows:
            names.setdefault(rule.key, (rule.name_ja, rule.name))
    return names
