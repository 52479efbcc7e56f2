"""A winning hand from JSON, in the form of the Tenhou corpus lines (AGARI.md §1):
``rules.players``, ``situation`` (``seat_wind``, ``round_wind``, ``tsumo``), ``tiles``
(``hand``, ``win_tile``, ``melds``, ``kita``, ``dora_indicators``, ``ura_indicators``, and
``flowers`` or ``gari`` where a house sets them aside) and
``flags``. Other fields (ids, Tenhou's own answer) are ignored.
"""

from __future__ import annotations

from typing import Any

from scoring.fields import FieldReader
from scoring.hand_value.hand import Meld, MeldKind, WinFlags, WinningHand

FLAG_NAMES = ("riichi", "double_riichi", "ippatsu", "haitei", "houtei", "rinshan",
              "chankan", "tenhou", "chiihou", "renhou")
MELD_KINDS = tuple(kind.value for kind in MeldKind)


def tile_list(reader: FieldReader, name: str, *, what: str, required: bool = True) -> tuple[
        str, ...]:
    if not reader.has(name):
        if required:
            reader.require(name, what)
        return ()
    value = reader.data[name]
    if not isinstance(value, list) or not all(isinstance(t, str) for t in value):
        reader.fail(name, f"'{name}' must be a list of tile names ({what}), e.g. [\"1m\", \"E\"]")
    return tuple(value)


def read_meld(reader: FieldReader) -> Meld:
    kind = reader.string("type", what=f"the meld's kind: {', '.join(MELD_KINDS)}")
    if kind not in MELD_KINDS:
        reader.fail("type", f"meld type {kind!r} is not one of {', '.join(MELD_KINDS)}")
    return Meld(MeldKind(kind), tile_list(reader, "tiles", what="the meld's tiles"))


def optional_child(reader: FieldReader, name: str) -> FieldReader:
    if reader.has(name):
        return reader.child(name)
    return FieldReader({}, hand=None, path=reader.where(name))


def winning_hand_from_json(data: Any) -> WinningHand:
    """The hand of one corpus line; RecordError names the field at fault."""
    line = FieldReader(data, hand=None, path="")
    rules = optional_child(line, "rules")
    players = rules.integer("players", low=3, high=4, what="3 or 4 players", default=4)
    situation = line.child("situation")
    tiles = line.child("tiles")
    flags = optional_child(line, "flags")
    raw_melds = tiles.data.get("melds") or []
    if not isinstance(raw_melds, list):
        tiles.fail("melds", "'melds' must be a list of {\"type\", \"tiles\"} objects")
    melds = tuple(read_meld(FieldReader(m, hand=None, path=f"tiles.melds[{i}]"))
                  for i, m in enumerate(raw_melds))
    return WinningHand(
        concealed=tile_list(tiles, "hand", what="the concealed tiles with the winning tile"),
        win_tile=tiles.string("win_tile", what="the winning tile"),
        is_tsumo=situation.boolean("tsumo"),
        melds=melds,
        seat_wind=situation.string("seat_wind", what="the winner's seat wind, E S W or N"),
        round_wind=situation.string("round_wind", what="the round wind, E S W or N"),
        flags=WinFlags(**{name: flags.boolean(name) for name in FLAG_NAMES}),
        dora_indicators=tile_list(tiles, "dora_indicators", what="the dora indicators",
                                  required=False),
        ura_indicators=tile_list(tiles, "ura_indicators", what="the ura-dora indicators",
                                 required=False),
        kita=tiles.integer("kita", low=0, high=4, what="North tiles set aside", default=0),
        flowers=tiles.integer("flowers", low=0, high=8, what="flowers set aside (花牌)",
                              default=0),
        gari=tile_list(tiles, "gari", what="man tiles set aside (ガリ)", required=False),
        player_count=players,
    )
