"""Dora ドラ: han from the indicated tiles, red fives 赤ドラ and pulled tiles (北抜き).

They add han to a hand that has a yaku, and are never a yaku themselves.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from scoring.hand_value.hand import WinningHand
from scoring.hand_value.tiles import NORTH, TILES, dora_after, unknown_tile
from scoring.hand_value.yaku import HandFacts
from scoring.hand_value.yaku_table import YakuHan, YakuTable

# indicator name → the dora it points to, for four and for three players
DORA_BY_INDICATOR: Mapping[int, Mapping[str, int]] = MappingProxyType({
    players: MappingProxyType({name: dora_after(tile.kind, player_count=players)
                               for name, tile in TILES.items()})
    for players in (3, 4)})


def indicated_count(indicators: tuple[str, ...], counts: tuple[int, ...], *,
                    player_count: int, field: str) -> tuple[int, int]:
    """How many of the held tiles the ``indicators`` make dora, and how many point to North."""
    table = DORA_BY_INDICATOR[player_count]
    total = north = 0
    for i, name in enumerate(indicators):
        kind = table.get(name) if isinstance(name, str) else None
        if kind is None:
            raise unknown_tile(name, field=f"{field}[{i}]")
        total += counts[kind]
        north += kind == NORTH
    return total, north


def dora_counts(hand: WinningHand, facts: HandFacts, table: YakuTable) -> dict[str, int]:
    """How many dora of each kind: ``dora``, ``ura_dora``, ``aka_dora``, ``kita``, ``flower``.

    Each North set aside is one dora, and one more per indicator pointing to North
    (Tenhou counts the extra ones as dora or ura-dora, like a North in the hand).
    """
    n, counts = hand.player_count, facts.counts
    dora, dora_north = indicated_count(hand.dora_indicators, counts, player_count=n,
                                       field="dora_indicators")
    ura, ura_north = (indicated_count(hand.ura_indicators, counts, player_count=n,
                                      field="ura_indicators")
                      if hand.ura_indicators else (0, 0))
    return {
        "dora": dora,
        "ura_dora": ura + hand.kita * ura_north,
        "aka_dora": facts.fives_held if table.fives_always_dora else facts.red_fives,
        "kita": hand.kita * (1 + dora_north),
        "flower": hand.flowers,
    }


def dora_yaku(hand: WinningHand, facts: HandFacts, table: YakuTable) -> tuple[YakuHan, ...]:
    worth = table.yaku_of(is_open=facts.is_open)
    found = []
    for key, count in dora_counts(hand, facts, table).items():
        if count:
            per_tile = worth.get(key)
            if per_tile is not None:
                found.append(YakuHan(key, per_tile.name, per_tile.name_ja,
                                     count * per_tile.han))
    return tuple(found)
