"""The point count (点数制) of 白マティ (seed 003, on 東天紅): 一点、二点 instead of han and fu.

Each yaku is worth its han as points, and so is each dora; every win adds the house's
``win_points`` (バンバン 2, 親 1). A yakuman is worth the ruleset's ``point_count_yakuman``
(50) and, unlike ordinary mahjong, adds to the other yaku of the hand. The payment is the
ruleset's own (``scoring.values.point_count_value``): ``Win.points`` carries the count
without the yakuman, ``Win.yakuman`` how many there are.

>>> from scoring.ruleset_files import load_directory, default_preset_dir
>>> from scoring.hand_value.yaku_files import load_yaku_tables
>>> seed_003 = load_directory(default_preset_dir())["seed-003"]
>>> hand = WinningHand(concealed=tuple("1p 2p 3p 4p 5p 6p 7s 8s 9s 2s 3s 4s W W".split()),
...                    win_tile="4s", is_tsumo=False, seat_wind="S", player_count=3)
>>> value = count_hand(hand, ruleset=seed_003, yaku_table=load_yaku_tables()["seed-003"])
>>> [(y.key, y.han) for y in value.yaku], value.point_count, value.points
([('pinfu', 1), ('aka_dora', 1), ('banban', 2)], 4, 4)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType

from scoring.errors import HandError
from scoring.facts import Win
from scoring.hand_value.best import value_rank
from scoring.hand_value.hand import WinningHand
from scoring.hand_value.hand_facts import (
    hand_facts,
    normal_yaku,
    reading_groups,
    shared_yaku,
    winning_readings,
    yakuman_names,
)
from scoring.hand_value.readings import Reading, Shape
from scoring.hand_value.tiles import HAKU, JOKER, TILES, dora_after, parse_tile, tile_name
from scoring.hand_value.value import WIND_ORDER, HandValue, payments
from scoring.hand_value.yaku import HandFacts
from scoring.hand_value.yaku_files import SEVEN_PAIRS_ALL_HONORS
from scoring.hand_value.yaku_table import YakuHan, YakuTable
from scoring.ruleset import Ruleset
from scoring.values import point_count_value

# A yakuman adds to the other yaku (役満は…ほかの通常役と複合する), but not to the yaku it is
# made of: 大三元 does not count its three dragon triplets again, 四暗刻 not 三暗刻. House
# choice where the seed is silent: only yaku that every hand of the yakuman has are left out.
YAKUMAN_INCLUDES: Mapping[str, frozenset[str]] = MappingProxyType({
    "kokushi": frozenset({"honroutou"}),
    "kokushi_13": frozenset({"honroutou"}),
    "daisangen": frozenset({"shousangen", "haku", "hatsu", "chun"}),
    "suuankou": frozenset({"sanankou", "toitoi"}),
    "suuankou_tanki": frozenset({"sanankou", "toitoi"}),
    "suukantsu": frozenset({"sankantsu", "toitoi"}),
    "chinroutou": frozenset({"toitoi", "junchan", "chanta", "honroutou"}),
    "shousuushii": frozenset({"seat_wind", "round_wind"}),
    "daisuushii": frozenset({"seat_wind", "round_wind"}),
    "chuuren": frozenset({"chinitsu"}),
    "junsei_chuuren": frozenset({"chinitsu"}),
})
WIN_POINT_NAMES = MappingProxyType({"banban": ("Banban", "バンバン (場ゾロ)"),
                                    "dealer": ("Dealer", "親")})


def count_hand(hand: WinningHand, *, ruleset: Ruleset, yaku_table: YakuTable) -> HandValue:
    """The point count of a hand whose every tile has a face: the best reading (高点法)."""
    check_pulled(hand, ruleset)
    held = {*hand.concealed, *(t for meld in hand.melds for t in meld.tiles)}
    never = [name for name, allowed in yaku_table.gari_in_hand.items()
             if not allowed and name in held]
    if never:
        raise HandError(f"{never[0]} is set aside as dora (ガリ) and is never part of a hand",
                        field="concealed", code="gari_in_hand")
    facts = hand_facts(hand)
    readings = winning_readings(facts, yaku_table)
    worth = yaku_table.yaku_of(is_open=facts.is_open)
    shared = shared_yaku(facts, worth)
    extras = (*count_dora(hand, facts, yaku_table), *win_points(hand, yaku_table))
    gari = [k for k in facts.present if tile_name(k) in yaku_table.gari_in_hand]
    best: HandValue | None = None
    refusal = HandError(f"no yaku: the hand needs at least {ruleset.min_han} point from yaku "
                        "(dora, バンバン and 親 do not count)", field="concealed", code="no_yaku")
    for reading in readings:
        groups = reading_groups(reading, facts)
        names = yakuman_names(groups, reading, facts, shared, worth)
        if gari and not gari_allowed(gari, names, reading, yaku_table):
            refusal = gari_refusal(gari, yaku_table)
            continue
        found, _fu, _pinfu = normal_yaku(reading, facts, shared, groups, ruleset=ruleset,
                                         worth=worth)
        left_out = frozenset().union(*(YAKUMAN_INCLUDES.get(n, frozenset()) for n in names))
        yaku = tuple(y for y in found if y.key not in left_out)
        if not names and sum(y.han for y in yaku) < ruleset.min_han:
            continue
        value = reading_value(reading, hand, ruleset=ruleset,
                              yakuman=tuple(worth[n] for n in names), yaku=yaku + extras)
        if best is None or value_rank(value) > value_rank(best):
            best = value
    if best is None:
        raise refusal
    return best


def reading_value(reading: Reading, hand: WinningHand, *, ruleset: Ruleset,
                  yakuman: tuple[YakuHan, ...], yaku: tuple[YakuHan, ...]) -> HandValue:
    win = Win(winner=WIND_ORDER.index(hand.seat_wind), points=sum(y.han for y in yaku),
              yakuman=sum(y.han for y in yakuman),
              yakuman_names=tuple(y.key for y in yakuman))
    paid = payments(win, hand, ruleset)
    return HandValue(yaku=yakuman + yaku, han=None, fu=None, fu_parts=(),
                     yakuman=win.yakuman, limit="yakuman" if win.yakuman else "none",
                     points=sum(amount for _, amount in paid), payers=paid,
                     shape=reading.shape, wait=reading.wait, win=win,
                     point_count=point_count_value(win, ruleset))


def check_pulled(hand: WinningHand, ruleset: Ruleset) -> None:
    """North set aside only where the ruleset pulls it (the gari are bounded before, by
    ``bounds.check_bounds``)."""
    if hand.kita and "north" not in ruleset.nukidora:
        raise HandError(f"ruleset {ruleset.id} does not set North aside (no 北抜き)",
                        field="kita", code="inconsistent_flags")


def gari_allowed(gari: list[int], names: list[str], reading: Reading,
                 table: YakuTable) -> bool:
    """A pulled tile (ガリ) held in the hand: only for the yakuman that need it (北 for
    国士無双, 四喜和 and all honors as seven pairs; 一萬・九萬 for 国士無双 and 清老頭)."""
    tags = set(names)
    if reading.shape is Shape.SEVEN_PAIRS and "tsuuiisou" in tags:
        tags.add(SEVEN_PAIRS_ALL_HONORS)
    return all(tags & set(table.gari_in_hand[tile_name(k)]) for k in gari)


def gari_refusal(gari: list[int], table: YakuTable) -> HandError:
    rules = "; ".join(f"{tile_name(k)}: {', '.join(table.gari_in_hand[tile_name(k)]) or 'never'}"
                      for k in gari)
    return HandError(f"a tile set aside as dora (ガリ) is in the hand, which only some "
                     f"yakuman allow ({rules})", field="concealed", code="gari_in_hand")


def count_dora(hand: WinningHand, facts: HandFacts,
               table: YakuTable) -> tuple[YakuHan, ...]:
    """Dora in points: indicated tiles, 5p and 5s (always red), tiles set aside (ガリ).

    A white indicator makes every tile of the hand and every tile set aside a dora; an
    indicator pointing to the white makes every white a dora, whatever it stands for.
    """
    return dora_of(dora_sources(hand, table), facts.counts, whites_of(hand),
                   table.yaku_of(is_open=facts.is_open))


@dataclass(frozen=True, slots=True)
class Indicated:
    """What a list of indicators makes dora: every tile (a white indicator), and the faces."""

    everything: int  # white indicators (白が表示牌)
    kinds: tuple[int, ...]  # the dora each other indicator shows


@dataclass(frozen=True, slots=True)
class DoraSources:
    """What a hand's dora are counted from, apart from its tiles: the same for every face
    the whites may take."""

    pulled: tuple[int, ...]  # North (北抜き) and the gari set aside
    dora: Indicated
    ura: Indicated


def dora_sources(hand: WinningHand, table: YakuTable) -> DoraSources:
    pulled = (TILES["N"].kind,) * hand.kita + tuple(parse_tile(g).kind for g in hand.gari)
    return DoraSources(pulled, indicated(hand.dora_indicators, "dora_indicators", table),
                       indicated(hand.ura_indicators, "ura_indicators", table))


def whites_of(hand: WinningHand) -> list[int]:
    """The faces the whites of the hand stand for, in the concealed tiles and the melds."""
    whites = [TILES[name].kind for name in hand.concealed if name.startswith(JOKER)]
    whites += [TILES[name].kind for meld in hand.melds for name in meld.tiles
               if name.startswith(JOKER)]
    return whites


def dora_of(sources: DoraSources, counts: tuple[int, ...] | list[int], whites: list[int],
            worth: Mapping[str, YakuHan]) -> tuple[YakuHan, ...]:
    """The dora of ``counts`` (every tile held, the melds' included) as points."""
    return tuple(YakuHan(key, worth[key].name, worth[key].name_ja, count * worth[key].han)
                 for key, count in dora_counts(sources, counts, whites).items()
                 if count and key in worth)


def dora_counts(sources: DoraSources, counts: tuple[int, ...] | list[int],
                whites: list[int]) -> dict[str, int]:
    """How many of each kind of dora ``counts`` hold."""
    return {
        "dora": indicated_count(sources.dora, counts, sources.pulled, whites),
        "ura_dora": indicated_count(sources.ura, counts, sources.pulled, whites),
        "aka_dora": counts[13] + counts[22],  # 5p, 5s: 常時赤ドラ
        "gari": len(sources.pulled),
    }


def indicated(indicators: tuple[str, ...], field: str, table: YakuTable) -> Indicated:
    everything = 0
    kinds = []
    for i, name in enumerate(indicators):
        if name == JOKER or (name in TILES and TILES[name].kind == HAKU):
            everything += 1
            continue
        kind = parse_tile(name, field=f"{field}[{i}]").kind
        after = table.dora_after.get(tile_name(kind))
        kinds.append(TILES[after].kind if after else dora_after(kind, player_count=3))
    return Indicated(everything, tuple(kinds))


def indicated_count(indicated: Indicated, counts: tuple[int, ...] | list[int],
                    pulled: tuple[int, ...], whites: list[int]) -> int:
    total = indicated.everything * (sum(counts) + len(pulled))  # 白が表示牌: everything
    for dora in indicated.kinds:
        total += counts[dora] + pulled.count(dora)
        if dora == HAKU:  # 中が表示牌: a white is a dora whatever it stands for
            total += sum(1 for k in whites if k != HAKU)
    return total


def win_points(hand: WinningHand, table: YakuTable) -> tuple[YakuHan, ...]:
    points = []
    for key, value in table.win_points:
        if key == "dealer" and not hand.is_dealer:
            continue
        name, name_ja = WIN_POINT_NAMES[key]
        points.append(YakuHan(key, name, name_ja, value))
    return tuple(points)
