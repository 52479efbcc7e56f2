"""House yaku tables as data: ``rulesets/yaku/<preset id>.toml`` changes the standard table
for the preset of the same id. A preset without a file plays the standard (Tenhou) values.

Each ``[yaku.<key>]`` entry either changes a standard yaku (``closed``, ``opened``) or adds a
house yaku (``name``, ``name_ja``, ``closed``, ``opened``, and ``yakuman = true`` where it is
one); ``opened = "none"`` means closed hands only. ``removed`` lists standard yaku the house
does not play. Only yaku the calculator can detect are accepted. ``[tiles]`` sets the
house's tile rules: ``joker`` (an all-mighty tile, ``JokerRule``), ``fives_always_dora`` and
``seven_pairs_with_four``. A point-count house (点数制) gives ``[win_points]`` (points every
win adds: ``banban``, ``dealer``), ``[dora_after]`` (indicator → dora where its order
differs) and ``[gari_in_hand]`` (a pulled tile → the yakuman that may use it in the hand;
``chiitoitsu_tsuuiisou`` is all honors as seven pairs).
"""

from __future__ import annotations

import tomllib
from pathlib import Path
from types import MappingProxyType
from typing import Any

from scoring.errors import RulesetError
from scoring.hand_value.tiles import TILES
from scoring.hand_value.yaku_table import (
    DETECTED_KEYS,
    STANDARD_ROWS,
    TENHOU_YAKU,
    JokerRule,
    YakuRule,
    YakuTable,
)
from scoring.ruleset_files import default_preset_dir

ENTRY_FIELDS = ("name", "name_ja", "closed", "opened", "yakuman")
TILE_FIELDS = ("joker", "fives_always_dora", "seven_pairs_with_four")
WIN_POINT_FIELDS = ("banban", "dealer")  # バンバン (場ゾロ), 親
SECTIONS = ("id", "removed", "yaku", "tiles", "win_points", "dora_after", "gari_in_hand")
SEVEN_PAIRS_ALL_HONORS = "chiitoitsu_tsuuiisou"  # 字一色 as seven pairs (七対子)
MAX_VALUE = 13


def default_yaku_dir() -> Path:
    """``yaku`` beside the preset directory (``rulesets/yaku``)."""
    return default_preset_dir().parent / "yaku"


def han_value(value: Any, *, key: str, field: str, allow_none: bool) -> int | None:
    if allow_none and value == "none":
        return None
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= MAX_VALUE:
        raise RulesetError(f"yaku {key}: {field} must be a whole number from 1 to {MAX_VALUE}"
                           + (' or "none"' if allow_none else ""),
                           field=f"yaku.{key}.{field}")
    number: int = value
    return number


def entry_rule(key: str, entry: Any, base: YakuRule | None) -> YakuRule:
    if not isinstance(entry, dict):
        raise RulesetError(f"yaku {key} must be a table of {', '.join(ENTRY_FIELDS)}",
                           field=f"yaku.{key}")
    unknown = sorted(set(entry) - set(ENTRY_FIELDS))
    if unknown:
        raise RulesetError(f"yaku {key}: unknown field {unknown[0]!r}; allowed: "
                           f"{', '.join(ENTRY_FIELDS)}", field=f"yaku.{key}.{unknown[0]}")
    if base is None:
        for needed in ("name", "name_ja", "closed", "opened"):
            if needed not in entry:
                raise RulesetError(f"yaku {key} is not a standard yaku: give its {needed}",
                                   field=f"yaku.{key}.{needed}")
    closed = han_value(entry["closed"], key=key, field="closed", allow_none=False) if (
        "closed" in entry) else None
    opened = han_value(entry["opened"], key=key, field="opened", allow_none=True) if (
        "opened" in entry) else (base.opened if base else None)
    return YakuRule(
        key=key, name=str(entry.get("name", base.name if base else key)),
        name_ja=str(entry.get("name_ja", base.name_ja if base else key)),
        closed=closed if closed is not None else (base.closed if base else 1),
        opened=opened, is_yakuman=bool(entry.get("yakuman", base.is_yakuman if base else False)))


def table_from_dict(table_id: str, data: dict[str, Any]) -> YakuTable:
    rows = {r.key: r for r in STANDARD_ROWS}
    removed = data.get("removed", [])
    for key in removed:
        if key not in rows:
            raise RulesetError(f"cannot remove {key!r}: not a standard yaku", field="removed")
        del rows[key]
    entries = data.get("yaku", {})
    for key, entry in entries.items():
        if key not in DETECTED_KEYS:
            raise RulesetError(f"the calculator cannot detect yaku {key!r}; known: "
                               f"{', '.join(sorted(DETECTED_KEYS))}", field=f"yaku.{key}")
        rows[key] = entry_rule(key, entry, rows.get(key))
    unknown = sorted(set(data) - set(SECTIONS))
    if unknown:
        raise RulesetError(f"unknown field {unknown[0]!r} in the yaku table of {table_id}",
                           field=unknown[0])
    tiles = data.get("tiles", {})
    unknown = sorted(set(tiles) - set(TILE_FIELDS))
    if unknown:
        raise RulesetError(f"unknown field {unknown[0]!r}; allowed in [tiles]: "
                           f"{', '.join(TILE_FIELDS)}", field=f"tiles.{unknown[0]}")
    joker = tiles.get("joker", JokerRule.NONE.value)
    if joker not in {rule.value for rule in JokerRule}:
        raise RulesetError(f"tiles.joker is one of {', '.join(r.value for r in JokerRule)}",
                           field="tiles.joker")
    flags = {}
    for name in ("fives_always_dora", "seven_pairs_with_four"):
        value = tiles.get(name, False)
        if not isinstance(value, bool):
            raise RulesetError(f"tiles.{name} is true or false", field=f"tiles.{name}")
        flags[name] = value
    return YakuTable(table_id, tuple(rows.values()), joker=JokerRule(joker),
                     win_points=win_points(data.get("win_points", {})),
                     dora_after=MappingProxyType(dora_order(data.get("dora_after", {}))),
                     gari_in_hand=MappingProxyType(gari_rules(data.get("gari_in_hand", {}),
                                                              rows)),
                     **flags)


def win_points(section: dict[str, Any]) -> tuple[tuple[str, int], ...]:
    unknown = sorted(set(section) - set(WIN_POINT_FIELDS))
    if unknown:
        raise RulesetError(f"unknown field {unknown[0]!r}; allowed in [win_points]: "
                           f"{', '.join(WIN_POINT_FIELDS)}", field=f"win_points.{unknown[0]}")
    points = []
    for name in WIN_POINT_FIELDS:
        if name not in section:
            continue
        value = section[name]
        if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= MAX_VALUE:
            raise RulesetError(f"win_points.{name} must be a whole number from 1 to "
                               f"{MAX_VALUE}", field=f"win_points.{name}")
        points.append((name, value))
    return tuple(points)


def dora_order(section: dict[str, Any]) -> dict[str, str]:
    for indicator, dora in section.items():
        for name in (indicator, dora):
            if name not in TILES or TILES[name].is_red or TILES[name].is_joker:
                raise RulesetError(f"dora_after: {name!r} is not a tile name (1m…9s, E S W N "
                                   "P F C)", field=f"dora_after.{indicator}")
    return {str(k): str(v) for k, v in section.items()}


def gari_rules(section: dict[str, Any], rows: dict[str, YakuRule]) -> dict[str, tuple[str, ...]]:
    allowed = {key for key, row in rows.items() if row.is_yakuman} | {SEVEN_PAIRS_ALL_HONORS}
    rules = {}
    for tile, names in section.items():
        if tile not in TILES or TILES[tile].is_red or TILES[tile].is_joker:
            raise RulesetError(f"gari_in_hand: {tile!r} is not a tile name",
                               field=f"gari_in_hand.{tile}")
        if not isinstance(names, list) or any(name not in allowed for name in names):
            raise RulesetError(f"gari_in_hand.{tile} lists yakuman of the table (or "
                               f"{SEVEN_PAIRS_ALL_HONORS})", field=f"gari_in_hand.{tile}")
        rules[str(tile)] = tuple(str(name) for name in names)
    return rules


def load_yaku_tables(directory: Path | None = None) -> dict[str, YakuTable]:
    """Every house table of ``directory`` (default ``rulesets/yaku``), by preset id."""
    tables = {}
    for path in sorted((directory or default_yaku_dir()).glob("*.toml")):
        with path.open("rb") as f:
            data = tomllib.load(f)
        if data.get("id") != path.stem:
            raise RulesetError(f"{path.name}: id must be {path.stem!r}", field="id")
        tables[path.stem] = table_from_dict(path.stem, data)
    return tables


def yaku_table_for(ruleset_key: str, tables: dict[str, YakuTable]) -> YakuTable:
    """The house table of a preset, or the standard (Tenhou) one."""
    return tables.get(ruleset_key, TENHOU_YAKU)
