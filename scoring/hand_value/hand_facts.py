"""What every reading of a winning hand shares, and the yaku of one reading: the parts of
the evaluator that the han/fu count and the point count (点数制) both use."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from scoring.errors import HandError
from scoring.hand_value.checks import (
    check_copies,
    check_flags,
    check_tile_count,
    check_winds,
    meld_kinds,
    tile_kinds,
)
from scoring.hand_value.fu import hand_fu
from scoring.hand_value.hand import MeldKind, WinningHand
from scoring.hand_value.readings import SEQUENCE, TRIPLET, Reading, Shape, readings_of
from scoring.hand_value.tiles import (
    FIVES_PS,
    JOKER_NAMES,
    KIND_OF,
    RED_NAMES,
    TERMINAL_COUNTS,
    WIND_KINDS,
    parse_tile,
)
from scoring.hand_value.yaku import (
    Group,
    HandFacts,
    group_yaku,
    reading_yakuman,
    situational_yaku,
    suit_yaku,
    tile_yakuman,
)
from scoring.hand_value.yaku_table import SUPERSEDES, SUPERSEDING, YakuHan, YakuTable
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
    """Long because it reads every tile once, concealed then melded, counting copies, red
    fives and all-mighty tiles in the same pass."""
    check_winds(hand)
    concealed = hand.concealed
    check_tile_count(hand, len(concealed))
    counts = [0] * 34
    for k in tile_kinds(concealed, field="concealed"):
        counts[k] += 1
    win = parse_tile(hand.win_tile, field="win_tile").kind
    if not counts[win]:
        raise HandError("the winning tile must be among the concealed tiles",
                        field="win_tile", code="win_tile_not_in_hand")
    reds = 0 if RED_NAMES.isdisjoint(concealed) else sum(map(concealed.count, RED_NAMES))
    physical = list(counts)  # the copies held, for the five-copies check
    if not JOKER_NAMES.isdisjoint(concealed):
        # An all-mighty tile may stand for a fifth copy, and is no red or gold five.
        for name in concealed:
            if name in JOKER_NAMES:
                physical[KIND_OF[name]] -= 1
    concealed_counts = tuple(counts)
    groups: list[Group] = []
    is_open = False
    for i, meld in enumerate(hand.melds):
        kinds = meld_kinds(meld, index=i)
        kind = meld.kind
        if kind is MeldKind.CHI and hand.player_count == 3:
            raise HandError("three-player mahjong has no chi", field=f"melds[{i}].kind",
                            code="bad_meld")
        for name, k in zip(meld.tiles, kinds):
            counts[k] += 1
            physical[k] += name not in JOKER_NAMES  # as in the concealed tiles above
        if not RED_NAMES.isdisjoint(meld.tiles):
            reds += sum(map(meld.tiles.count, RED_NAMES))
        is_open = is_open or kind.is_open
        groups.append((SEQUENCE if kind is MeldKind.CHI else TRIPLET, min(kinds), kind.is_kan,
                       kind is MeldKind.ANKAN))
    check_copies(physical, player_count=hand.player_count)
    check_flags(hand, is_open=is_open)
    suits, has_honors, has_simples, has_outside = tiles_held(counts)
    return HandFacts(
        counts=tuple(counts), concealed_counts=concealed_counts, suits=suits,
        has_honors=has_honors, has_simples=has_simples, has_outside=has_outside,
        meld_groups=tuple(groups), red_fives=reds,
        fives_held=physical[FIVES_PS[0]] + physical[FIVES_PS[1]], win=win,
        is_open=is_open, is_tsumo=hand.is_tsumo, has_melds=bool(hand.melds),
        seat_wind=WIND_KINDS[hand.seat_wind], round_wind=WIND_KINDS[hand.round_wind],
        flags=hand.flags)


def tiles_held(counts: list[int]) -> tuple[tuple[bool, bool, bool], bool, bool, bool]:
    """Which suits (man, pin, sou) are held, and whether any honor, simple (2–8) and
    terminal or honor (么九牌) is."""
    has_honors = any(counts[27:])
    return ((any(counts[0:9]), any(counts[9:18]), any(counts[18:27])), has_honors,
            any(counts[1:8]) or any(counts[10:17]) or any(counts[19:26]),
            has_honors or any(TERMINAL_COUNTS(counts)))


def with_tiles(facts: HandFacts, counts: list[int], concealed_counts: list[int]) -> HandFacts:
    """``facts`` with other tiles of the same kind: all-mighty tiles (白マティ) read as other
    faces. The melds, reds, fives held, winning tile, flags and winds stay."""
    suits, has_honors, has_simples, has_outside = tiles_held(counts)
    return HandFacts(
        counts=tuple(counts), concealed_counts=tuple(concealed_counts), suits=suits,
        has_honors=has_honors, has_simples=has_simples, has_outside=has_outside,
        meld_groups=facts.meld_groups, red_fives=facts.red_fives,
        fives_held=facts.fives_held, win=facts.win, is_open=facts.is_open,
        is_tsumo=facts.is_tsumo, has_melds=facts.has_melds, seat_wind=facts.seat_wind,
        round_wind=facts.round_wind, flags=facts.flags)


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
    if reading.shape is Shape.THIRTEEN_ORPHANS or facts.may_be_yakuman_by_reading:
        names = [*shared.yakuman, *reading_yakuman(groups, reading, facts)]
    elif shared.yakuman:
        names = list(shared.yakuman)
    else:
        return []
    return [name for name in names if name in worth and worth[name].is_yakuman]


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
        keys += group_yaku(groups, reading, facts)
        is_pinfu = "pinfu" in keys
        fu = hand_fu(groups, reading.pair, reading.wait, facts=facts, is_pinfu=is_pinfu,
                     ruleset=ruleset)
    counted = [k for k in keys if k in worth]
    if not SUPERSEDING.isdisjoint(counted):
        for first, second in SUPERSEDES:
            if first in counted and second in counted:
                counted.remove(second)
    return tuple(map(worth.__getitem__, counted)), fu, is_pinfu
