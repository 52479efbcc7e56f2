"""Yaku and their values as data: one row per yaku, one table per house.

A row gives the han closed (門前) and open (副露後), ``None`` where the yaku needs a closed
hand; a yakuman row counts yakuman instead of han (1 = 役満, 2 = double). A house changes
values or leaves yaku out by giving its own table; the detection code stays the same.

>>> TENHOU_YAKU.value("chinitsu", is_open=True)
5
>>> TENHOU_YAKU.value("pinfu", is_open=True) is None
True
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from types import MappingProxyType


class JokerRule(StrEnum):
    """Where an all-mighty tile (オールマイティ) may stand for any tile."""

    NONE = "none"
    # 白ポッチ (seed 004): the one dotted white, drawn after riichi, wins as any tile.
    POCCHI_AFTER_RIICHI = "pocchi_after_riichi"
    # 白マティ (seed 003): every white (白) stands for any tile, in any part of the hand.
    EVERY_WHITE = "every_white"


@dataclass(frozen=True, slots=True)
class YakuRule:
    key: str
    name: str  # English
    name_ja: str
    closed: int  # han with a closed hand, or yakuman count
    opened: int | None  # han with an open hand; None: closed hands only (門前限定)
    is_yakuman: bool = False


def _rule(key: str, name: str, name_ja: str, closed: int, opened: int | None) -> YakuRule:
    return YakuRule(key, name, name_ja, closed, opened)


def _yakuman(key: str, name: str, name_ja: str, *, closed_only: bool = False) -> YakuRule:
    return YakuRule(key, name, name_ja, 1, None if closed_only else 1, is_yakuman=True)


@dataclass(frozen=True, slots=True)
class YakuHan:
    """One yaku of a valued hand; ``han`` counts yakuman for a yakuman."""

    key: str
    name: str
    name_ja: str
    han: int
    is_yakuman: bool = False


@dataclass(frozen=True, slots=True)
class YakuTable:
    """The yaku a house plays and what each is worth."""

    key: str
    rows: tuple[YakuRule, ...]
    joker: JokerRule = JokerRule.NONE
    fives_always_dora: bool = False  # every 5p and 5s is a dora (red and gold fives, seed 004)
    seven_pairs_with_four: bool = False  # 七対子の4枚使い: four of a tile as two pairs
    # 点数制 (東天紅): points every win adds to its yaku, by name (banban バンバン, dealer 親)
    win_points: tuple[tuple[str, int], ...] = ()
    # indicator → dora where the house's order differs (seed 003: 一萬→五萬→九萬→北→一萬)
    dora_after: Mapping[str, str] = field(default_factory=lambda: MappingProxyType({}))
    # pulled tiles (ガリ) kept out of ordinary hands → the yakuman that may use them
    gari_in_hand: Mapping[str, tuple[str, ...]] = field(
        default_factory=lambda: MappingProxyType({}))
    by_key: Mapping[str, YakuRule] = field(init=False, repr=False, compare=False)
    closed_yaku: Mapping[str, YakuHan] = field(init=False, repr=False, compare=False)
    open_yaku: Mapping[str, YakuHan] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "by_key", MappingProxyType({r.key: r for r in self.rows}))
        # What each yaku is worth in a closed and in an open hand; absent where it does not
        # count.
        for name, is_open in (("closed_yaku", False), ("open_yaku", True)):
            worth = {}
            for r in self.rows:
                han = r.opened if is_open else r.closed
                if han:
                    worth[r.key] = YakuHan(r.key, r.name, r.name_ja, han, r.is_yakuman)
            object.__setattr__(self, name, MappingProxyType(worth))

    def yaku_of(self, *, is_open: bool) -> Mapping[str, YakuHan]:
        """Key → the yaku with its han, for the yaku that count in such a hand."""
        return self.open_yaku if is_open else self.closed_yaku

    def value(self, key: str, *, is_open: bool) -> int | None:
        """The han (or yakuman count) of yaku ``key``; None if it does not count here."""
        rule = self.by_key.get(key)
        if rule is None:
            return None
        return rule.opened if is_open else rule.closed


# Tenhou (天鳳) and the standard rules: double yakuman count once (the payment code caps
# stacking per ruleset), no renhou (人和). Dora rows are counted, not detected: 1 han each.
STANDARD_ROWS = (
    # 1 han, by the situation
    _rule("riichi", "Riichi", "立直", 1, None),
    _rule("double_riichi", "Double Riichi", "両立直", 2, None),
    _rule("ippatsu", "Ippatsu", "一発", 1, None),
    _rule("menzen_tsumo", "Menzen Tsumo", "門前清自摸和", 1, None),
    _rule("haitei", "Haitei Raoyue", "海底摸月", 1, 1),
    _rule("houtei", "Houtei Raoyui", "河底撈魚", 1, 1),
    _rule("rinshan", "Rinshan Kaihou", "嶺上開花", 1, 1),
    _rule("chankan", "Chankan", "槍槓", 1, 1),
    # 1 han, by the tiles
    _rule("pinfu", "Pinfu", "平和", 1, None),
    _rule("tanyao", "Tanyao", "断幺九", 1, 1),  # 喰いタン: open tanyao counts
    _rule("iipeikou", "Iipeikou", "一盃口", 1, None),
    _rule("haku", "Haku", "役牌 白", 1, 1),
    _rule("hatsu", "Hatsu", "役牌 發", 1, 1),
    _rule("chun", "Chun", "役牌 中", 1, 1),
    _rule("seat_wind", "Seat Wind", "自風牌", 1, 1),
    _rule("round_wind", "Round Wind", "場風牌", 1, 1),
    # 2 han and more
    _rule("chiitoitsu", "Chiitoitsu", "七対子", 2, None),
    _rule("chanta", "Chanta", "混全帯幺九", 2, 1),
    _rule("ittsu", "Ittsu", "一気通貫", 2, 1),
    _rule("sanshoku", "Sanshoku Doujun", "三色同順", 2, 1),
    _rule("sanshoku_doukou", "Sanshoku Doukou", "三色同刻", 2, 2),
    _rule("sankantsu", "Sankantsu", "三槓子", 2, 2),
    _rule("toitoi", "Toitoi", "対々和", 2, 2),
    _rule("sanankou", "Sanankou", "三暗刻", 2, 2),
    _rule("shousangen", "Shousangen", "小三元", 2, 2),
    _rule("honroutou", "Honroutou", "混老頭", 2, 2),
    _rule("junchan", "Junchan", "純全帯幺九", 3, 2),
    _rule("ryanpeikou", "Ryanpeikou", "二盃口", 3, None),
    _rule("honitsu", "Honitsu", "混一色", 3, 2),
    _rule("chinitsu", "Chinitsu", "清一色", 6, 5),
    # dora: 1 han per tile, not yaku themselves
    _rule("dora", "Dora", "ドラ", 1, 1),
    _rule("ura_dora", "Ura Dora", "裏ドラ", 1, 1),
    _rule("aka_dora", "Aka Dora", "赤ドラ", 1, 1),
    _rule("kita", "Kita", "抜きドラ", 1, 1),
    # yakuman 役満
    _yakuman("tenhou", "Tenhou", "天和", closed_only=True),
    _yakuman("chiihou", "Chiihou", "地和", closed_only=True),
    _yakuman("kokushi", "Kokushi Musou", "国士無双", closed_only=True),
    _yakuman("kokushi_13", "Kokushi Musou 13-sided", "国士無双十三面", closed_only=True),
    _yakuman("suuankou", "Suuankou", "四暗刻", closed_only=True),
    _yakuman("suuankou_tanki", "Suuankou Tanki", "四暗刻単騎", closed_only=True),
    _yakuman("daisangen", "Daisangen", "大三元"),
    _yakuman("tsuuiisou", "Tsuuiisou", "字一色"),
    _yakuman("shousuushii", "Shousuushii", "小四喜"),
    _yakuman("daisuushii", "Daisuushii", "大四喜"),
    _yakuman("ryuuiisou", "Ryuuiisou", "緑一色"),
    _yakuman("chinroutou", "Chinroutou", "清老頭"),
    _yakuman("chuuren", "Chuuren Poutou", "九蓮宝燈", closed_only=True),
    _yakuman("junsei_chuuren", "Junsei Chuuren Poutou", "純正九蓮宝燈", closed_only=True),
    _yakuman("suukantsu", "Suukantsu", "四槓子"),
)

TENHOU_YAKU = YakuTable("tenhou", STANDARD_ROWS)

# Yaku some houses play; a house table adds them with its values (rulesets/yaku/*.toml).
HOUSE_KEYS = frozenset({
    "renhou",  # 人和: yakuman, or han added to the other yaku
    "isshoku_sanjun",  # 一色三順: three identical sequences
    "isshoku_yonjun",  # 一色四順: four identical sequences
    "sanshoku_shoudoukou",  # 三色小同刻: two triplets and the pair of one number in three suits
    "north",  # 北は共通の役牌: a North triplet is a value triplet for every seat
    "manzu_honitsu",  # 萬子混一色: man tiles and honors only (a yakuman in seed 004)
    "flower",  # 花牌: one dora per flower set aside
    "gari",  # ガリ: one dora per tile set aside (東天紅: 一萬, 五萬, 九萬 and 北)
})
DETECTED_KEYS = frozenset(r.key for r in STANDARD_ROWS) | HOUSE_KEYS

# Where a house counts the first yaku, the second is part of it and is not counted too.
SUPERSEDES = (
    ("rinshan", "haitei"),  # 嶺上開花と海底摸月は重複しない: the replacement tile is not the last
    ("isshoku_sanjun", "iipeikou"),
    ("isshoku_yonjun", "ryanpeikou"),
    ("isshoku_yonjun", "iipeikou"),
)
SUPERSEDING = frozenset(first for first, _ in SUPERSEDES)

DORA_KEYS = ("dora", "ura_dora", "aka_dora", "kita", "flower", "gari")
