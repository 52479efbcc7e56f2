"""What every reading of a winning hand shares, and the yaku of one reading: the parts of
the evaluator that the han/fu count and the point count (点数制) both use."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from scoring.errors import HandError
from scoring.hand_value.checks import (
    check_copies,
    check_flags,
    check_meld,
    check_tile_count,
    check_winds,
    parse_tiles,
)
from scoring.hand_value.fu import hand_fu
from scoring.hand_value.hand import MeldKind, WinningHand
from scoring.hand_value.readings import SEQUENCE, TRIPLET, Reading, Shape, readings_of
from scoring.hand_value.tiles import FIVES_PS, RED_NAMES, parse_tile
from scoring.hand_value.value import WIND_ORDER
from scoring.hand_value.yaku import (
    Group,
    HandFacts,
    group_yaku,
    reading_yakuman,
    situational_yaku,
    suit_yaku,
    tile_yakuman,
)
from scoring.hand_value.yaku_table import SUPERSEDES, YakuHan, YakuTable
from scoring.ruleset import Ruleset


@dataclass(frozen=True, slots=True)
class HandYaku:
    """The yaku every reading of a hand shares."""

    keys: tuple[str, ...]  # situational and suit yaku
    yakuman: tuple[str, ...]  # 天和, 地和 and the yakuman of the tiles held


def shared_yaku(facts: HandFacts, worth: Mapping[str, YakuHan]) -> HandYaku:
    keys = [*situational_yaku(facts), *suit_yaku(facts)]
    yakuman = tile_yakuman(facts)
    if facts.flags.renhou:
        # 人和 is a yakuman in some houses and han added to the other yaku in others.
        renhou = worth.get("renhou")
        (yakuman if renhou is not None and renhou.is_yakuman else keys).append("renhou")
    return HandYaku(tuple(keys), tuple(yakuman))


def hand_facts(hand: WinningHand) -> HandFacts:
    check_winds(hand)
    check_tile_count(hand, len(hand.concealed))
    counts = [0] * 34
    tiles = parse_tiles(hand.concealed, field="concealed")
    for tile in tiles:
        counts[tile.kind] += 1
    reds = sum(hand.concealed.count(name) for name in RED_NAMES)
    physical = list(counts)  # the copies held, for the five-copies check
    if any(tile.is_joker for tile in tiles):
        # An all-mighty tile may stand for a fifth copy, and is no red or gold five.
        for tile in tiles:
            physical[tile.kind] -= tile.is_joker
    fives = physical[FIVES_PS[0]] + physical[FIVES_PS[1]]
    concealed_counts = tuple(counts)
    win = parse_tile(hand.win_tile, field="win_tile").kind
    if not counts[win]:
        raise HandError("the winning tile must be among the concealed tiles",
                        field="win_tile", code="win_tile_not_in_hand")
    groups: list[Group] = []
    for i, meld in enumerate(hand.melds):
        tiles = parse_tiles(meld.tiles, field=f"melds[{i}].tiles")
        check_meld(meld, tiles, field=f"melds[{i}]")
        if meld.kind is MeldKind.CHI and hand.player_count == 3:
            raise HandError("three-player mahjong has no chi", field=f"melds[{i}].kind",
                            code="bad_meld")
        for tile in tiles:
            counts[tile.kind] += 1
            physical[tile.kind] += 1
            reds += tile.is_red
            fives += tile.kind in FIVES_PS
        kind = meld.kind
        groups.append((SEQUENCE if kind is MeldKind.CHI else TRIPLET,
                       min(t.kind for t in tiles), kind.is_kan, kind is MeldKind.ANKAN))
    check_copies(physical, player_count=hand.player_count)
    is_open = any(m.kind.is_open for m in hand.melds)
    check_flags(hand, is_open=is_open)
    return HandFacts(counts=tuple(counts), concealed_counts=concealed_counts,
                     present=tuple(k for k, count in enumerate(counts) if count),
                     meld_groups=tuple(groups), red_fives=reds, fives_held=fives, win=win,
                     is_open=is_open, is_tsumo=hand.is_tsumo, has_melds=bool(hand.melds),
                     seat_wind=27 + WIND_ORDER.index(hand.seat_wind),
                     round_wind=27 + WIND_ORDER.index(hand.round_wind), flags=hand.flags)


def winning_readings(facts: HandFacts, table: YakuTable) -> list[Reading]:
    """Every reading of the concealed tiles; HandError ``not_a_win`` if there is none."""
    readings = readings_of(list(facts.concealed_counts), facts.win,
                           seven_pairs_with_four=table.seven_pairs_with_four)
    if not readings:
        raise HandError("these tiles do not make a winning hand (four sets and a pair, seven "
                        "pairs or thirteen orphans)", field="concealed", code="not_a_win")
    return readings


def reading_groups(reading: Reading, facts: HandFacts) -> list[Group]:
    """The reading's sets with the melds; a triplet completed by a ron is open."""
    won, tsumo = reading.won_set, facts.is_tsumo
    groups: list[Group] = [
        (shape, tile, False, shape == TRIPLET and (tsumo or index != won))
        for index, (shape, tile) in enumerate(reading.sets)]
    groups.extend(facts.meld_groups)
    return groups


def yakuman_names(groups: list[Group], reading: Reading, facts: HandFacts, shared: HandYaku,
                  worth: Mapping[str, YakuHan]) -> list[str]:
    return [name for name in (*shared.yakuman, *reading_yakuman(groups, reading, facts))
            if name in worth and worth[name].is_yakuman]


def normal_yaku(reading: Reading, facts: HandFacts, shared: HandYaku, groups: list[Group], *,
                ruleset: Ruleset, worth: Mapping[str, YakuHan]
                ) -> tuple[tuple[YakuHan, ...], int | None, bool]:
    """The yaku of a reading other than yakuman, its fu and whether it is pinfu."""
    keys = list(shared.keys)
    is_pinfu = False
    if reading.shape is Shape.SEVEN_PAIRS:
        keys.append("chiitoitsu")
        fu: int | None = ruleset.chiitoitsu_fu
    elif reading.shape is Shape.THIRTEEN_ORPHANS:
        fu = None
    else:
        keys.extend(group_yaku(groups, reading, facts))
        is_pinfu = "pinfu" in keys
        fu = hand_fu(groups=groups, pair=reading.pair, wait=reading.wait,
                     is_open=facts.is_open, is_tsumo=facts.is_tsumo, is_pinfu=is_pinfu,
                     pinfu_tsumo_fu=ruleset.pinfu_tsumo_fu, seat_wind=facts.seat_wind,
                     round_wind=facts.round_wind, double_wind_fu=ruleset.double_wind_pair_fu)
    counted = [k for k in keys if k in worth]
    for first, second in SUPERSEDES:
        if first in counted and second in counted:
            counted.remove(second)
    return tuple(worth[k] for k in counted), fu, is_pinfu
