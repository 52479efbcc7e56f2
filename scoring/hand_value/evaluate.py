"""From the tiles of a win to its value (点数計算): yaku, han, fu, limit and payment.

Every reading of the hand is scored and the highest kept (高点法); the payment goes
through the ruleset's own payment code (``scoring.values``).

>>> from scoring.ruleset_files import load_directory, default_preset_dir
>>> from scoring.hand_value.hand import WinFlags
>>> tenhou = load_directory(default_preset_dir())["tenhou-4p-hanchan"]
>>> hand = WinningHand(concealed=tuple("1m 2m 3m 4p 5p 6p 7s 8s 9s 2s 3s 4s 5m 5m".split()),
...                    win_tile="4s", is_tsumo=False, seat_wind="S",
...                    flags=WinFlags(riichi=True))
>>> value = evaluate_hand(hand, ruleset=tenhou)
>>> [y.key for y in value.yaku], value.han, value.fu, value.points
(['riichi', 'pinfu'], 2, 30, 2000)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace

from scoring.errors import HandError
from scoring.hand_value.checks import (
    check_copies,
    check_flags,
    check_meld,
    check_tile_count,
    check_winds,
    parse_tiles,
)
from scoring.hand_value.dora import dora_yaku
from scoring.hand_value.fu import hand_fu
from scoring.hand_value.hand import MeldKind, WinningHand
from scoring.hand_value.readings import SEQUENCE, TRIPLET, Reading, Shape, readings_of
from scoring.hand_value.tiles import FIVES_PS, JOKER, RED_NAMES, parse_tile, tile_name
from scoring.hand_value.value import (
    WIND_ORDER,
    HandValue,
    Scored,
    hand_value,
    reading_rank,
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
from scoring.hand_value.yaku_table import (
    SUPERSEDES,
    TENHOU_YAKU,
    JokerRule,
    YakuHan,
    YakuTable,
)
from scoring.ruleset import Ruleset, ValueInput


def evaluate_hand(hand: WinningHand, *, ruleset: Ruleset,
                  yaku_table: YakuTable = TENHOU_YAKU) -> HandValue:
    """The value of ``hand`` under ``ruleset``: its best reading, with yaku, fu and payment.

    Raises HandError (with ``code`` and ``field``) for a hand that is not a valid win.
    """
    if hand.win_tile == JOKER or JOKER in hand.concealed:
        return evaluate_with_joker(hand, ruleset=ruleset, yaku_table=yaku_table)
    return evaluate_faces(hand, ruleset=ruleset, yaku_table=yaku_table)


def evaluate_with_joker(hand: WinningHand, *, ruleset: Ruleset,
                        yaku_table: YakuTable) -> HandValue:
    """An all-mighty tile is read as every face in play in turn; the reading that pays most
    is kept (高点法), as for any other choice of reading."""
    check_joker(hand, yaku_table, ruleset_key=ruleset.id)
    best: HandValue | None = None
    refusal: HandError | None = None
    for face in faces_in_play(hand.player_count):
        as_face = JOKER + face
        candidate = replace(hand, win_tile=as_face, concealed=tuple(
            as_face if name == JOKER else name for name in hand.concealed))
        try:
            value = evaluate_faces(candidate, ruleset=ruleset, yaku_table=yaku_table)
        except HandError as e:
            refusal = refusal or e
            continue
        if best is None or joker_rank(value) > joker_rank(best):
            best = replace(value, joker_faces=(face,))
    if best is None:
        assert refusal is not None
        raise HandError("whatever the all-mighty tile stands for, the hand is not a win with "
                        f"a yaku ({refusal.message})", field="concealed", code=refusal.code)
    return best


def check_joker(hand: WinningHand, table: YakuTable, *, ruleset_key: str) -> None:
    if table.joker is JokerRule.NONE:
        raise HandError(f"ruleset {ruleset_key} has no all-mighty tile: write each tile's face "
                        "instead of '*'", field="concealed", code="joker_not_in_ruleset")
    # 白ポッチ: the dotted white drawn after riichi is the winning tile of a tsumo.
    if (hand.win_tile != JOKER or hand.concealed.count(JOKER) != 1 or not hand.is_tsumo
            or not (hand.flags.riichi or hand.flags.double_riichi)):
        raise HandError("the white pocchi is all-mighty only as the winning tile, drawn "
                        "after riichi: give win_tile '*', one '*' among the concealed tiles, "
                        "tsumo and riichi", field="win_tile", code="joker_not_allowed")


def faces_in_play(player_count: int) -> tuple[str, ...]:
    """Every face a joker may stand for: sanma has no 2m–8m."""
    kinds = [k for k in range(34) if player_count == 4 or not 0 < k < 8]
    return tuple(tile_name(k) for k in kinds)


def joker_rank(value: HandValue) -> tuple[int, int, int]:
    return value.points, value.han or 0, value.fu or 0


def evaluate_faces(hand: WinningHand, *, ruleset: Ruleset, yaku_table: YakuTable) -> HandValue:
    """The value of a hand whose every tile has a face."""
    if ruleset.value_input is ValueInput.POINT_COUNT:
        raise HandError(f"ruleset {ruleset.id} counts points (点数制), not han and fu; "
                        "the calculator does not count points yet", field="ruleset",
                        code="unsupported_ruleset")
    facts = hand_facts(hand)
    if hand.kita and "north" not in ruleset.nukidora:
        raise HandError(f"ruleset {ruleset.id} does not set North aside (no 北抜き)",
                        field="kita", code="inconsistent_flags")
    flowers = sum(1 for name in ruleset.nukidora if "flower" in name)
    if not 0 <= hand.flowers <= flowers:
        raise HandError(f"ruleset {ruleset.id} has {flowers} flowers (花牌); got "
                        f"{hand.flowers}", field="flowers", code="inconsistent_flags")
    if hand.flags.renhou and yaku_table.value("renhou", is_open=False) is None:
        raise HandError(f"ruleset {ruleset.id} has no renhou (人和)", field="flags.renhou",
                        code="yaku_not_in_ruleset")
    readings = readings_of(list(facts.concealed_counts), facts.win,
                           seven_pairs_with_four=yaku_table.seven_pairs_with_four)
    if not readings:
        raise HandError("these tiles do not make a winning hand (four sets and a pair, seven "
                        "pairs or thirteen orphans)", field="concealed", code="not_a_win")
    worth = yaku_table.yaku_of(is_open=facts.is_open)
    shared = shared_yaku(facts, worth)
    valid = []
    for reading in readings:
        scored = score_reading(reading, facts, shared, ruleset=ruleset, worth=worth)
        if scored.yakuman or scored.han >= ruleset.min_han:
            valid.append(scored)
    if not valid:
        raise HandError(f"no yaku: the hand needs at least {ruleset.min_han} han from yaku "
                        "(dora do not count)", field="concealed", code="no_yaku")
    dora = () if any(c.yakuman for c in valid) else dora_yaku(hand, facts, yaku_table)
    dora_han = sum(d.han for d in dora)
    best = valid[0]
    if len(valid) > 1:
        best = max(valid, key=lambda c: reading_rank(c, dora_han, hand, ruleset))
    return hand_value(best, dora, hand, facts, ruleset)


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


def score_reading(reading: Reading, facts: HandFacts, shared: HandYaku, *, ruleset: Ruleset,
                  worth: Mapping[str, YakuHan]) -> Scored:
    won, tsumo = reading.won_set, facts.is_tsumo
    groups: list[Group] = [
        (shape, tile, False, shape == TRIPLET and (tsumo or index != won))
        for index, (shape, tile) in enumerate(reading.sets)]
    groups.extend(facts.meld_groups)
    names = [name for name in (*shared.yakuman, *reading_yakuman(groups, reading, facts))
             if name in worth and worth[name].is_yakuman]
    if names:
        yaku = tuple(worth[name] for name in names)
        return Scored(reading, yaku, 0, None, tuple(groups), False, tuple(names),
                      sum(y.han for y in yaku))
    keys = list(shared.keys)
    is_pinfu = False
    if reading.shape is Shape.SEVEN_PAIRS:
        keys.append("chiitoitsu")
        fu = ruleset.chiitoitsu_fu
    else:
        keys.extend(group_yaku(groups, reading, facts))
        is_pinfu = "pinfu" in keys
        fu = hand_fu(groups=groups, pair=reading.pair, wait=reading.wait,
                     is_open=facts.is_open, is_tsumo=tsumo, is_pinfu=is_pinfu,
                     pinfu_tsumo_fu=ruleset.pinfu_tsumo_fu, seat_wind=facts.seat_wind,
                     round_wind=facts.round_wind, double_wind_fu=ruleset.double_wind_pair_fu)
    counted = [k for k in keys if k in worth]
    for first, second in SUPERSEDES:
        if first in counted and second in counted:
            counted.remove(second)
    yaku = tuple(worth[k] for k in counted)
    return Scored(reading, yaku, sum(y.han for y in yaku), fu, tuple(groups), is_pinfu, (), 0)


