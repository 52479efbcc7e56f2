"""Tiles as small integers: 34 kinds, the 136-tile set's faces (牌).

Kinds 0–8 are 1–9 man 萬子, 9–17 1–9 pin 筒子, 18–26 1–9 sou 索子, then the honors
字牌 27–33: East, South, West, North (winds 風牌) and white, green, red (dragons 三元牌,
haku 白, hatsu 發, chun 中). Names follow the corpus: ``1m``…``9m``, ``0m`` for a red five
(赤五), ``E S W N``, ``P`` haku, ``F`` hatsu, ``C`` chun.

>>> parse_tile("0p")
Tile(kind=13, is_red=True, is_joker=False)
>>> tile_name(31)
'P'
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from operator import itemgetter
from types import MappingProxyType

from scoring.errors import HandError

KINDS = 34
SUITS = "mps"
HONOR_NAMES = ("E", "S", "W", "N", "P", "F", "C")
EAST, SOUTH, WEST, NORTH, HAKU, HATSU, CHUN = range(27, 34)
WINDS = (EAST, SOUTH, WEST, NORTH)
DRAGONS = (HAKU, HATSU, CHUN)
TERMINALS = (0, 8, 9, 17, 18, 26)  # 老頭牌: the ones and nines
TERMINALS_AND_HONORS = frozenset((*TERMINALS, *range(27, 34)))  # 么九牌
TERMINAL_COUNTS = itemgetter(*TERMINALS)  # a count vector → the count of each terminal
GREEN = frozenset((19, 20, 21, 23, 25, HATSU))  # 緑一色: 2 3 4 6 8 sou and hatsu
COPIES = 4  # four of each face


JOKER = "*"  # an all-mighty tile (白ポッチ, 白マティ) before the evaluator chooses its face
FIVES_PS = (13, 22)  # 5p and 5s
RED_NAMES = frozenset(("0m", "0p", "0s"))
WIND_KINDS: Mapping[str, int] = MappingProxyType({"E": EAST, "S": SOUTH, "W": WEST,
                                                   "N": NORTH})


@dataclass(frozen=True, slots=True)
class Tile:
    kind: int
    is_red: bool = False  # 赤ドラ
    is_joker: bool = False  # an all-mighty tile read as this face


def is_honor(kind: int) -> bool:
    return kind >= 27


def is_terminal_or_honor(kind: int) -> bool:
    return kind in TERMINALS_AND_HONORS


def suit_of(kind: int) -> int:
    """0 man, 1 pin, 2 sou, 3 honors."""
    return kind // 9


def tile_name(kind: int) -> str:
    if kind >= 27:
        return HONOR_NAMES[kind - 27]
    return f"{kind % 9 + 1}{SUITS[kind // 9]}"


def _all_tiles() -> dict[str, Tile]:
    tiles = {name: Tile(27 + i) for i, name in enumerate(HONOR_NAMES)}
    for s, suit in enumerate(SUITS):
        tiles[f"0{suit}"] = Tile(s * 9 + 4, is_red=True)
        for number in range(1, 10):
            tiles[f"{number}{suit}"] = Tile(s * 9 + number - 1)
    # A joker read as a face is written "*" + the face's name ("*5p"): the evaluator writes
    # these names itself when it tries each face.
    for name, tile in list(tiles.items()):
        if not tile.is_red:
            tiles[JOKER + name] = Tile(tile.kind, is_joker=True)
    return tiles


TILES: Mapping[str, Tile] = MappingProxyType(_all_tiles())  # every name → its tile
KIND_OF: Mapping[str, int] = MappingProxyType({name: t.kind for name, t in TILES.items()})
JOKER_NAMES = frozenset(name for name, tile in TILES.items() if tile.is_joker)


def parse_tile(name: object, *, field: str = "tile") -> Tile:
    """One tile from its name; a clear error names the field and the accepted forms."""
    tile = TILES.get(name) if isinstance(name, str) else None
    if tile is not None:
        return tile
    raise unknown_tile(name, field=field)


def unknown_tile(name: object, *, field: str) -> HandError:
    return HandError(f"{name!r} is not a tile: write 1m…9m, 1p…9p, 1s…9s (0m/0p/0s for a "
                     f"red five) or E S W N P F C", field=field, code="unknown_tile")


def kinds_in_play(player_count: int) -> tuple[int, ...]:
    """The tile kinds a set holds: all 34, or without 2m–8m in three-player mahjong.

    >>> len(kinds_in_play(4)), len(kinds_in_play(3)), kinds_in_play(3)[:2]
    (34, 27, (0, 8))
    """
    return tuple(k for k in range(34) if player_count == 4 or not 0 < k < 8)


def dora_after(indicator: int, *, player_count: int) -> int:
    """The dora a revealed indicator points to (ドラ表示牌の次).

    >>> dora_after(8, player_count=4), dora_after(33, player_count=4)
    (0, 31)
    >>> dora_after(0, player_count=3)  # sanma has no 2m–8m: 1m points to 9m
    8
    """
    if indicator >= 31:
        return DRAGONS[(indicator - 31 + 1) % 3]
    if indicator >= 27:
        return WINDS[(indicator - 27 + 1) % 4]
    if player_count == 3 and indicator == 0:
        return 8
    return indicator - indicator % 9 + (indicator % 9 + 1) % 9
