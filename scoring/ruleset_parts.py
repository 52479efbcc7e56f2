"""The parts of a ruleset: the compound parameters as small frozen values (rules README §1);
the policies are enums in ``scoring.ruleset_choices``. ``scoring.ruleset`` puts them together."""

from __future__ import annotations

from dataclasses import dataclass

from scoring.ruleset_choices import (
    ChipRonPayer,
    ChipTsumoPayer,
    LimitName,
    NagashiTreatedAs,
    NagashiValue,
    OpenRiichiDealin,
    PaoRon,
    PaoRonHonba,
    TobiOnNoten,
    TobiPaymentUnit,
)

# The yakuman names the engine knows (a win's ``yakuman`` may list them).
YAKUMAN_NAMES = frozenset({
    "kokushi",  # 国士無双
    "kokushi_13",  # 国士無双十三面
    "suuankou",  # 四暗刻
    "suuankou_tanki",  # 四暗刻単騎
    "daisangen",  # 大三元
    "tsuuiisou",  # 字一色
    "shousuushii",  # 小四喜
    "daisuushii",  # 大四喜
    "ryuuiisou",  # 緑一色
    "chinroutou",  # 清老頭
    "chuuren",  # 九蓮宝燈
    "junsei_chuuren",  # 純正九蓮宝燈
    "suukantsu",  # 四槓子
    "tenhou",  # 天和
    "chiihou",  # 地和
    "renhou",  # 人和
    "isshoku_yonjun",  # 一色四順
    "manzu_honitsu",  # 萬子混一色 (seed 004)
    "open_riichi_dealin",  # オープンリーチへの放銃
    "nagashi",  # 流し満貫 valued as yakuman
})


@dataclass(frozen=True, slots=True)
class LimitClass:
    """A limit class (満貫以上): from ``min_han`` han the base is ``base``."""

    min_han: int
    name: LimitName
    base: int


@dataclass(frozen=True, slots=True)
class KiriageValue:
    """A (fu, han) value rounded up to mangan (切り上げ満貫)."""

    fu: int
    han: int


@dataclass(frozen=True, slots=True)
class MinHanFromHonba:
    """From ``honba`` honba a win needs ``han`` han not counting dora or ippatsu."""

    honba: int
    han: int


@dataclass(frozen=True, slots=True)
class Wareme:
    """割れ目: the broken wall's owner pays and receives ``factor`` times."""

    factor: int
    applies_to_chombo: bool


@dataclass(frozen=True, slots=True)
class Pao:
    """包: liability for feeding the final meld of these yakuman."""

    yaku: tuple[str, ...]
    ron: PaoRon
    ron_honba_paid_by: PaoRonHonba
    ron_odd_unit_paid_by: PaoRonHonba  # who pays the odd unit when a ron is split
    daiminkan_rinshan: bool


@dataclass(frozen=True, slots=True)
class OpenRiichi:
    han: int
    dealin_by_non_riichi: OpenRiichiDealin


@dataclass(frozen=True, slots=True)
class Nagashi:
    value: NagashiValue
    treated_as: NagashiTreatedAs


@dataclass(frozen=True, slots=True)
class TobiPayment:
    amount: int
    unit: TobiPaymentUnit
    on_noten: TobiOnNoten
    only_on_win: bool


@dataclass(frozen=True, slots=True)
class ExtensionTarget:
    points: int
    strict: bool  # True: more than ``points``; False: at least ``points``


@dataclass(frozen=True, slots=True)
class ChomboCompensation:
    """Seed 001: a spoiled ron of at least ``min_limit`` is paid ``share_percent`` %."""

    min_limit: LimitName
    share_percent: int


@dataclass(frozen=True, slots=True)
class ChipRule:
    """祝儀: the events a win's chip count is made of, and who pays them."""

    events: tuple[str, ...]  # ippatsu, ura_dora, red_five, gold_tile, yakuman...
    ron_paid_by: ChipRonPayer
    tsumo_paid_by: ChipTsumoPayer
