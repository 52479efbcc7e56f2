"""Hypothesis strategy: random coherent rulesets, a random value for every field of the
schema (not only the presets' values), for the property tests."""

from __future__ import annotations

from typing import Any

from hypothesis import strategies as st

from scoring.ruleset import (
    SCHEMA_VERSION,
    AbortiveReason,
    ChomboHand,
    ChomboPayment,
    DealerRotation,
    Extension,
    GameLength,
    KichaSelection,
    LeftoverSticks,
    MultiRon,
    MultiRonRenchan,
    MultiRonTo,
    NotenRiichi,
    Ruleset,
    SettlementRounding,
    SettlementUnit,
    StopPolicy,
    TieBreak,
    Tobi,
    TripleRon,
    ValueInput,
)

UMA = {4: ([0, 0, 0, 0], [20, 10, -10, -20], [30, 10, -10, -30], [15, 5, -5, -15]),
       3: ([0, 0, 0], [20, 0, -20], [15, 0, -15], [30, -10, -20])}
FLOATERS = {4: [[0, 0, 0, 0], [12, -1, -3, -8], [8, 4, -4, -8], [8, 3, 1, -12], [0, 0, 0, 0]],
            3: [[0, 0, 0], [12, -4, -8], [8, 0, -8], [0, 0, 0]]}
LIMITS = [
    [{"min_han": 5, "name": "mangan", "base": 2000},
     {"min_han": 6, "name": "haneman", "base": 3000},
     {"min_han": 8, "name": "baiman", "base": 4000},
     {"min_han": 11, "name": "sanbaiman", "base": 6000},
     {"min_han": 13, "name": "yakuman", "base": 8000}],
    [{"min_han": 5, "name": "mangan", "base": 2000},
     {"min_han": 6, "name": "haneman", "base": 3000},
     {"min_han": 8, "name": "baiman", "base": 4000},
     {"min_han": 10, "name": "two_and_half_mangan", "base": 5000},
     {"min_han": 11, "name": "sanbaiman", "base": 6000}],
]


def pick(draw: st.DrawFn, values: Any) -> Any:
    return draw(st.sampled_from(list(values)))


def values_of(enum: Any) -> list[str]:
    return [m.value for m in enum]


def multiples(draw: st.DrawFn, options: list[int], unit: int) -> int:
    return pick(draw, [v for v in options if v % unit == 0])


@st.composite
def random_rulesets(draw: st.DrawFn) -> Ruleset:
    """A coherent ruleset with every field drawn at random within its rules."""
    n = pick(draw, (3, 4))
    value_input = pick(draw, values_of(ValueInput))
    unit = 1 if value_input == "point_count" else pick(draw, (1, 100, 1000))
    game_length = pick(draw, values_of(GameLength))
    open_ended = game_length == GameLength.OPEN_ENDED
    extension = (Extension.NONE.value if game_length in ("open_ended", "one_hand")
                 else pick(draw, values_of(Extension)))
    multi_ron = pick(draw, values_of(MultiRon))
    triple_ron = (TripleRon.ALLOWED.value if multi_ron == "all_allowed"
                  else pick(draw, ("abortive_draw", "head_bump")))
    abortive = draw(st.lists(st.sampled_from(values_of(AbortiveReason)), unique=True))
    if triple_ron == "abortive_draw" and "triple_ron" not in abortive:
        abortive.append("triple_ron")
    chombo_payment = pick(draw, values_of(ChomboPayment))
    deduction_to = (pick(draw, ("nobody", "others"))
                    if chombo_payment == "final_deduction" else None)
    chombo_amount = {"mangan_reverse": 2000,
                     "fixed_all": multiples(draw, [3000, 6000, 8000], unit),
                     "final_deduction": 30000 if deduction_to == "others" else 20000,
                     }[chombo_payment]
    sit_out = n == 3 and draw(st.booleans())
    floating = draw(st.booleans())
    any_draw = draw(st.booleans())
    tobi_payment = pick(draw, (
        None,
        {"amount": 10000, "unit": "points", "on_noten": "nearest_tenpai_shimocha",
         "only_on_win": False},
        {"amount": 10000, "unit": "points", "on_noten": "none", "only_on_win": True},
        {"amount": 5, "unit": "p", "on_noten": "none", "only_on_win": draw(st.booleans())}))
    start = pick(draw, (25000, 30000, 35000))
    stacking = draw(st.booleans())
    cap = pick(draw, (None, 1, 2, 6)) if stacking else pick(draw, (None, 1))
    above_one = stacking and cap != 1
    counted = value_input == "point_count"
    data: dict[str, Any] = {
        "schema_version": SCHEMA_VERSION, "id": "random", "title": "乱数ルール",
        "title_en": "Random rules",
        "player_count": n,
        "sit_out_rotation": "discarder_or_tsumo_kamicha" if sit_out else "none",
        "game_length": game_length,
        "dealer_rotation": pick(draw, values_of(DealerRotation)),
        "kicha_selection": pick(draw, values_of(KichaSelection)),
        "seat_change_interval_games": pick(draw, (None, 1, 6)),
        "seat_winds": pick(draw, ("by_dealer", "east_south_west_only")) if n == 3
        else "by_dealer",
        "round_wind_fixed": pick(draw, (None, "E", "S")) if open_ended else None,
        "start_points": start,
        "return_points": start + pick(draw, (0, 5000)),
        "uma": [0] * n if floating else pick(draw, UMA[n]),
        "uma_by_floaters": FLOATERS[n] if floating else None,
        "point_unit": unit,
        "settlement_unit": pick(draw, values_of(SettlementUnit)),
        "settlement_rounding": pick(draw, values_of(SettlementRounding)),
        "rounding_residual_to": "top",
        "box_under_settlement": draw(st.booleans()),
        "tie_break": pick(draw, values_of(TieBreak)),
        "leftover_sticks_at_end": pick(draw, values_of(LeftoverSticks)),
        "chips": pick(draw, (None, {"events": ["ippatsu", "ura_dora"],
                                    "ron_paid_by": "discarder", "tsumo_paid_by": "each"})),
        "value_input": value_input,
        "min_han": pick(draw, (1, 2)),
        "min_han_from_honba": pick(draw, (None, {"honba": 5, "han": 2})),
        "pinfu_tsumo_fu": pick(draw, (None, 20)),
        "chiitoitsu_fu": 25,
        "double_wind_pair_fu": pick(draw, (2, 4)),
        "kiriage_mangan": pick(draw, ([], [{"fu": 30, "han": 4}],
                                      [{"fu": 30, "han": 4}, {"fu": 60, "han": 3}])),
        "limits": LIMITS[0] if above_one else pick(draw, LIMITS),
        "yakuman_stacking": stacking,
        "yakuman_max_multiple": cap,
        "big_yakuman": pick(draw, ([], ["daisuushii", "junsei_chuuren"]))
        if above_one and not counted else [],
        "double_yakuman": pick(draw, ([], ["suuankou_tanki", "kokushi_13"]))
        if above_one else [],
        "kazoe_yakuman_stacking": above_one and not counted and draw(st.booleans()),
        "tsuuiisou_compound_mangan": pick(draw, (None, 2)) if above_one and not counted
        else None,
        "point_count_yakuman": pick(draw, (30, 50)) if value_input == "point_count" else None,
        "sanma_tsumo": ("each_pays_count" if value_input == "point_count"
                        else pick(draw, ("tsumo_son", "no_tsumo_son_table")) if n == 3
                        else "tsumo_son"),
        "nukidora": pick(draw, ([], ["north"])),
        "red_fives": "random",
        "honba_ron": multiples(draw, [0, 300, 1000, 1500], unit),
        "honba_tsumo_per_payer": multiples(draw, [0, 100, 500, 1000], unit),
        "riichi_stick": 1000,
        "riichi_min_points": pick(draw, (0, 1000)),
        "riichi_cancel_fee": pick(draw, (None, 1000)),
        "penalty_deposit": pick(draw, (None, 1000, 2000)),
        "wareme": pick(draw, (None, {"factor": 2, "applies_to_chombo":
                                     chombo_payment != "final_deduction" and
                                     draw(st.booleans())})),
        "pao": pick(draw, (None, {"yaku": ["daisangen", "daisuushii"],
                                  "ron": pick(draw, ("half", "full")),
                                  "ron_honba_paid_by": pick(draw, ("discarder", "pao")),
                                  "ron_odd_unit_paid_by": pick(draw, ("discarder", "pao")),
                                  "daiminkan_rinshan": draw(st.booleans())})),
        "open_riichi": pick(draw, (None, {"han": 2, "dealin_by_non_riichi":
                                          pick(draw, ("yakuman", "normal"))})),
        "nagashi": pick(draw, (None, {"value": pick(draw, ("mangan", "yakuman")),
                                      "treated_as": pick(draw, ("tsumo_win", "draw"))})),
        "multi_ron": multi_ron,
        "triple_ron": triple_ron,
        "multi_ron_sticks_to": pick(draw, values_of(MultiRonTo)),
        "multi_ron_honba_to": pick(draw, ("head", "each")),
        "multi_ron_renchan": pick(draw, values_of(MultiRonRenchan)),
        "noten_penalty_total": multiples(draw, [0, 3000, 6000, 12000], unit * (2 if n == 3
                                                                              else 6)),
        "keishiki_tenpai": draw(st.booleans()),
        "renchan_on_dealer_win": draw(st.booleans()),
        "renchan_on_dealer_tenpai": any_draw or draw(st.booleans()),
        "renchan_on_all_noten": any_draw or draw(st.booleans()),
        "renchan_on_any_draw": any_draw,
        "all_last_dealer_keeps_on_draw": draw(st.booleans()),
        "abortive_draws": abortive,
        "tobi": pick(draw, values_of(Tobi)),
        "tobi_payment": tobi_payment,
        "agari_yame": pick(draw, values_of(StopPolicy)),
        "tenpai_yame": pick(draw, values_of(StopPolicy)),
        "stop_min_points": pick(draw, (None, 30000)),
        "extension": extension,
        "extension_target": None if extension == "none" else {
            "points": pick(draw, (30000, 40000)), "strict": draw(st.booleans())},
        "extension_hands": draw(st.integers(1, n)) if extension == "extra_hands" else None,
        "chombo_payment": chombo_payment,
        "chombo_amount": chombo_amount,
        "chombo_deduction_to": deduction_to,
        "chombo_amount_sit_out": pick(draw, (None, 2000)) if sit_out else None,
        "chombo_hand": pick(draw, values_of(ChomboHand)),
        "chombo_compensation": pick(draw, (None, {"min_limit": "haneman",
                                                  "share_percent": 50})),
        "noten_riichi": pick(draw, values_of(NotenRiichi)),
    }
    return Ruleset.from_dict(data)
