"""The ruleset: every rule variant the engine needs, as one frozen, validated value.

A ruleset is data. Presets live as TOML files under ``rulesets/presets/``; a custom
ruleset is the same fields as JSON. Field names follow ``shared/rules/README.md`` §1.

>>> from scoring.ruleset_files import load_directory, default_preset_dir
>>> standard = load_directory(default_preset_dir())["standard"]
>>> Ruleset.from_dict(standard.to_dict()) == standard
True
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from scoring.codec import from_plain, to_plain
from scoring.errors import RulesetError
from scoring.ruleset_checks import check_coherent
from scoring.ruleset_choices import (
    AbortiveReason,
    ChipRonPayer,
    ChipTsumoPayer,
    ChomboDeductionTo,
    ChomboHand,
    ChomboPayment,
    DealerRotation,
    Extension,
    GameLength,
    KichaSelection,
    LeftoverSticks,
    LimitName,
    MultiRon,
    MultiRonRenchan,
    MultiRonTo,
    NagashiTreatedAs,
    NagashiValue,
    NotenRiichi,
    OpenRiichiDealin,
    PaoRon,
    PaoRonHonba,
    ResidualTo,
    SanmaTsumo,
    SeatWinds,
    SettlementRounding,
    SettlementUnit,
    SitOutRotation,
    StopPolicy,
    TieBreak,
    Tobi,
    TobiOnNoten,
    TobiPaymentUnit,
    TripleRon,
    ValueInput,
)
from scoring.ruleset_parts import (
    ChipRule,
    ChomboCompensation,
    ExtensionTarget,
    KiriageValue,
    LimitClass,
    MinHanFromHonba,
    Nagashi,
    OpenRiichi,
    Pao,
    TobiPayment,
    Wareme,
)

SCHEMA_VERSION = 2

# Version 1 had none of these fields; these values keep a v1 ruleset's results as they were.
V1_UPGRADE: dict[str, Any] = {
    "uma_by_floaters": None,
    "renchan_on_any_draw": False,
    "extension_hands": None,
    "chombo_deduction_to": None,
    "double_yakuman": [],
    "kazoe_yakuman_stacking": False,
}


@dataclass(frozen=True, slots=True)
class Ruleset:
    """Every rule variant the engine reads. Field order follows the rules model §1."""

    schema_version: int
    id: str
    title: str  # Japanese
    title_en: str
    # 1.1 table and game structure
    player_count: int
    sit_out_rotation: SitOutRotation
    game_length: GameLength
    dealer_rotation: DealerRotation
    kicha_selection: KichaSelection
    seat_change_interval_games: int | None  # 場所替え
    seat_winds: SeatWinds
    round_wind_fixed: str | None
    # 1.2 points, sticks and settlement
    start_points: int  # 配給原点
    return_points: int  # 返し
    uma: tuple[int, ...]  # in p, by rank
    uma_by_floaters: tuple[tuple[int, ...], ...] | None  # 浮き・沈みウマ: row k, k floaters
    point_unit: int
    settlement_unit: SettlementUnit
    settlement_rounding: SettlementRounding
    rounding_residual_to: ResidualTo
    box_under_settlement: bool  # 箱下精算
    tie_break: TieBreak
    leftover_sticks_at_end: LeftoverSticks
    chips: ChipRule | None  # 祝儀
    # 1.3 hand value
    value_input: ValueInput
    min_han: int
    min_han_from_honba: MinHanFromHonba | None
    pinfu_tsumo_fu: int | None
    chiitoitsu_fu: int
    double_wind_pair_fu: int
    kiriage_mangan: tuple[KiriageValue, ...]
    limits: tuple[LimitClass, ...]
    yakuman_stacking: bool
    yakuman_max_multiple: int | None
    big_yakuman: tuple[str, ...]  # 大役満, 6× mangan
    double_yakuman: tuple[str, ...]  # ダブル役満 by name: two yakuman (8× mangan)
    kazoe_yakuman_stacking: bool  # 数え役満の複数倍: one yakuman per kazoe min_han han
    tsuuiisou_compound_mangan: int | None
    point_count_yakuman: int | None
    sanma_tsumo: SanmaTsumo
    nukidora: tuple[str, ...]
    red_fives: str
    # 1.4 payments for a win
    honba_ron: int  # 積み棒
    honba_tsumo_per_payer: int
    riichi_stick: int  # 供託
    riichi_min_points: int
    riichi_cancel_fee: int | None
    penalty_deposit: int | None
    wareme: Wareme | None
    pao: Pao | None
    open_riichi: OpenRiichi | None
    nagashi: Nagashi | None
    # 1.5 multiple ron
    multi_ron: MultiRon
    triple_ron: TripleRon
    multi_ron_sticks_to: MultiRonTo
    multi_ron_honba_to: MultiRonTo
    multi_ron_renchan: MultiRonRenchan
    # 1.6 draws, dealer rotation and honba
    noten_penalty_total: int  # 不聴罰符
    keishiki_tenpai: bool  # 形式聴牌
    renchan_on_dealer_win: bool
    renchan_on_dealer_tenpai: bool
    renchan_on_all_noten: bool
    renchan_on_any_draw: bool  # 流局連荘: the dealer keeps the deal after every draw
    all_last_dealer_keeps_on_draw: bool
    abortive_draws: tuple[AbortiveReason, ...]
    # 1.7 bust and game end
    tobi: Tobi
    tobi_payment: TobiPayment | None
    agari_yame: StopPolicy
    tenpai_yame: StopPolicy
    stop_min_points: int | None  # the stopping dealer needs at least this score
    extension: Extension
    extension_target: ExtensionTarget | None
    extension_hands: int | None  # 延長局数, with Extension.EXTRA_HANDS
    # 1.8 penalties
    chombo_payment: ChomboPayment
    chombo_amount: int  # mangan_reverse: the base (2,000 = mangan); fixed_all: per player;
    # final_deduction: the deduction in points (20,000 = 20p)
    chombo_deduction_to: ChomboDeductionTo | None  # with final_deduction only
    chombo_amount_sit_out: int | None  # fixed_all from the seat sitting out (抜け番)
    chombo_hand: ChomboHand
    chombo_compensation: ChomboCompensation | None
    noten_riichi: NotenRiichi

    def __post_init__(self) -> None:
        check_coherent(self)

    # -- derived values -------------------------------------------------------------
    @property
    def hands_per_round(self) -> int:
        return self.player_count

    @property
    def oka(self) -> int:
        """オカ in points: paid to the top player."""
        return (self.return_points - self.start_points) * self.player_count

    @property
    def mangan_base(self) -> int:
        return self.limits[0].base

    @property
    def kazoe_yakuman_min_han(self) -> int | None:
        return next((c.min_han for c in self.limits if c.name is LimitName.YAKUMAN), None)

    def limit_base(self, name: LimitName) -> int | None:
        return next((c.base for c in self.limits if c.name is name), None)

    # -- conversion -----------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        return to_plain(self)  # type: ignore[no-any-return]

    @classmethod
    def from_dict(
        cls, data: Mapping[str, Any], *, presets: Mapping[str, Ruleset] | None = None
    ) -> Ruleset:
        """Build a ruleset from its JSON form.

        ``{"base": "<preset id>", ...}`` starts from a preset and overrides some fields.
        A version-1 ruleset is upgraded with ``V1_UPGRADE``.
        """
        if not isinstance(data, Mapping):
            raise RulesetError("a ruleset must be an object", field="ruleset")
        if "base" in data:
            base_id = data["base"]
            if not presets or base_id not in presets:
                known = ", ".join(sorted(presets or {}))
                raise RulesetError(
                    f"unknown base preset {base_id!r}; use one of: {known}", field="base")
            merged = presets[base_id].to_dict()
            merged.update({k: v for k, v in data.items() if k != "base"})
            data = merged
        if data.get("schema_version") == 1:
            data = {**V1_UPGRADE, **data, "schema_version": SCHEMA_VERSION}
        if data.get("schema_version") != SCHEMA_VERSION:
            raise RulesetError(
                f"schema_version must be {SCHEMA_VERSION}, got {data.get('schema_version')!r}",
                field="schema_version")
        return from_plain(cls, data)

    def replace(self, **changes: Any) -> Ruleset:
        return dataclasses.replace(self, **changes)


# The ruleset's vocabulary is importable from here too.
__all__ = [
    "SCHEMA_VERSION",
    "AbortiveReason",
    "ChipRonPayer",
    "ChipRule",
    "ChipTsumoPayer",
    "ChomboCompensation",
    "ChomboDeductionTo",
    "ChomboHand",
    "ChomboPayment",
    "DealerRotation",
    "Extension",
    "ExtensionTarget",
    "GameLength",
    "KichaSelection",
    "KiriageValue",
    "LeftoverSticks",
    "LimitClass",
    "LimitName",
    "MinHanFromHonba",
    "MultiRon",
    "MultiRonRenchan",
    "MultiRonTo",
    "Nagashi",
    "NagashiTreatedAs",
    "NagashiValue",
    "NotenRiichi",
    "OpenRiichi",
    "OpenRiichiDealin",
    "Pao",
    "PaoRon",
    "PaoRonHonba",
    "ResidualTo",
    "Ruleset",
    "SanmaTsumo",
    "SeatWinds",
    "SettlementRounding",
    "SettlementUnit",
    "SitOutRotation",
    "StopPolicy",
    "TieBreak",
    "Tobi",
    "TobiOnNoten",
    "TobiPayment",
    "TobiPaymentUnit",
    "TripleRon",
    "ValueInput",
    "Wareme",
]
