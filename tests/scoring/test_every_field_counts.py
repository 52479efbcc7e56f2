"""Nothing silently ignored: every field of the ruleset schema, changed alone from a preset,
changes the result of a hand, a game's flow or its final settlement built to exercise it, or
the value is refused with the field named (docs/rulesets.md)."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any

import pytest

from rulesets.registry import PRESETS
from scoring.errors import RulesetError, ScoringError
from scoring.final import in_unit, settle_game
from scoring.flow import advance
from scoring.record import parse_record
from scoring.ruleset import Ruleset
from scoring.settle import settle_hand

Probe = Callable[[Ruleset], object]


def changed(base: str, field: str, value: Any) -> Ruleset:
    return Ruleset.from_dict({**PRESETS[base].to_dict(), field: value})


def hand(entry: dict[str, Any], *, start: dict[str, Any] | None = None,
         players: int | None = None) -> Probe:
    """One hand from ``start``: what it pays and what follows, or the refused field."""
    def probe(ruleset: Ruleset) -> object:
        record: dict[str, Any] = {
            "format": "tenbo-game/1", "ruleset": ruleset.id, "hands": [entry],
            "players": [f"P{i}" for i in range(players or ruleset.player_count)]}
        if start is not None:
            record["start"] = start
        try:
            parsed = parse_record(record, presets={ruleset.id: ruleset})
            state, one = parsed.start, parsed.hands[0]
            settled = settle_hand(state, one, ruleset=ruleset)
            step = advance(state, one, settled, ruleset=ruleset)
        except ScoringError as e:
            return ("refused", e.field)
        nxt = step.next_state
        return (settled.deltas, settled.sticks_after, settled.chips, settled.bonuses,
                settled.deductions,
                step.end, nxt and (nxt.round_wind, nxt.round_number, nxt.dealer, nxt.honba,
                                   nxt.scores))
    return probe


def final(scores: tuple[int, ...], *, sticks: int = 0, dealer: int = 3) -> Probe:
    def probe(ruleset: Ruleset) -> object:
        settled = settle_game(scores, sticks=sticks, ruleset=ruleset, dealer=dealer)
        return settled.total, [in_unit(t, ruleset) for t in settled.total]
    return probe


def ron(loser: int, *wins: dict[str, Any], **more: Any) -> dict[str, Any]:
    return {"result": {"kind": "ron", "loser": loser, "wins": list(wins)}, **more}


def tsumo(**win: Any) -> dict[str, Any]:
    return {"result": {"kind": "tsumo", "win": win}}


def draw(*tenpai: int, **more: Any) -> dict[str, Any]:
    return {"result": {"kind": "draw", "tenpai": list(tenpai)}, **more}


def chombo(offender: int, **more: Any) -> dict[str, Any]:
    return {"result": {"kind": "chombo", "offender": offender, **more}}


SOUTH_4 = {"round_wind": "S", "round_number": 4}
SMALL = {"winner": 1, "han": 1, "fu": 30}
DOUBLE_RON = ron(0, {"winner": 1, "han": 1, "fu": 30}, {"winner": 3, "han": 1, "fu": 30})
CHIP_RULE = {"events": ["ippatsu"], "ron_paid_by": "discarder", "tsumo_paid_by": "each"}

# (field, base preset, new value, probe): the probe must give another result.
EFFECTS: list[tuple[str, str, Any, Probe]] = [
    ("game_length", "standard", "tonpuu",
     hand(ron(0, SMALL), start={"round_wind": "E", "round_number": 4})),
    ("dealer_rotation", "standard", "winner_becomes_dealer", hand(ron(0, SMALL))),
    ("round_wind_fixed", "seed-003", "S", hand(ron(0, {"winner": 1, "points": 5}))),
    ("start_points", "standard", 20000, hand(ron(0, SMALL))),
    ("return_points", "standard", 25000, final((41200, 27400, 27400, 4000))),
    ("uma", "standard", [30, 10, -10, -30], final((41200, 27400, 27400, 4000))),
    ("uma_by_floaters", "seed-000",
     [[0, 0, 0, 0], [12, -1, -3, -8], [8, 4, -4, -8], [8, 3, 1, -12], [0, 0, 0, 0]],
     final((41200, 27400, 27400, 4000))),
    ("point_unit", "standard", 1, hand(ron(0, SMALL))),
    ("settlement_unit", "standard", "points", final((41200, 27400, 27400, 4000))),
    ("settlement_rounding", "standard", "none", final((41200, 27400, 27400, 4000))),
    ("box_under_settlement", "standard", False, final((61200, 27400, 27400, -16000))),
    ("tie_break", "standard", "dealer_order_at_end",
     final((41200, 27400, 27400, 4000), dealer=2)),
    ("leftover_sticks_at_end", "standard", "lost",
     final((40200, 27400, 27400, 4000), sticks=1)),
    ("chips", "standard", CHIP_RULE, hand(ron(0, {**SMALL, "chips": 2}))),
    ("value_input", "standard", "han_fixed_40fu",
     hand(ron(0, {"winner": 1, "han": 2, "fu": 30}))),
    ("min_han", "standard", 2, hand(ron(0, SMALL))),
    ("min_han_from_honba", "standard", {"honba": 1, "han": 2},
     hand(ron(0, SMALL), start={"honba": 1})),
    ("pinfu_tsumo_fu", "standard", None, hand(tsumo(winner=1, han=2, fu=20))),
    ("kiriage_mangan", "standard", [{"fu": 30, "han": 4}],
     hand(ron(0, {"winner": 1, "han": 4, "fu": 30}))),
    ("limits", "standard", [
        {"min_han": 5, "name": "mangan", "base": 2000},
        {"min_han": 6, "name": "haneman", "base": 3500},
        {"min_han": 8, "name": "baiman", "base": 4000},
        {"min_han": 11, "name": "sanbaiman", "base": 6000},
        {"min_han": 13, "name": "yakuman", "base": 8000}],
     hand(ron(0, {"winner": 1, "han": 6}))),
    ("yakuman_stacking", "standard", False, hand(ron(0, {"winner": 1, "yakuman": 2}))),
    ("yakuman_max_multiple", "standard", 1, hand(ron(0, {"winner": 1, "yakuman": 2}))),
    ("big_yakuman", "standard", ["daisangen"],
     hand(ron(0, {"winner": 1, "yakuman": ["daisangen"]}))),
    ("double_yakuman", "standard", ["suuankou_tanki"],
     hand(ron(0, {"winner": 1, "yakuman": ["suuankou_tanki"]}))),
    ("kazoe_yakuman_stacking", "standard", True, hand(ron(0, {"winner": 1, "han": 26}))),
    ("tsuuiisou_compound_mangan", "standard", 2,
     hand(ron(0, {"winner": 1, "yakuman": ["tsuuiisou", "daisangen"]}))),
    ("point_count_yakuman", "seed-003", 40, hand(ron(0, {"winner": 1, "yakuman": 1}))),
    ("sanma_tsumo", "tenhou-3p-hanchan", "no_tsumo_son_table",
     hand(tsumo(winner=1, han=5))),
    ("honba_ron", "standard", 500, hand(ron(0, SMALL), start={"honba": 1})),
    ("honba_tsumo_per_payer", "standard", 200,
     hand(tsumo(winner=1, han=1, fu=30), start={"honba": 1})),
    ("riichi_stick", "standard", 2000, hand(ron(0, SMALL, riichi=[2]))),
    ("riichi_min_points", "standard", 30000, hand(ron(0, SMALL, riichi=[2]))),
    ("riichi_cancel_fee", "standard", 1000,
     hand(draw(0, riichi=[2], riichi_cancelled=[2]))),
    ("penalty_deposit", "standard", 1000,
     hand(ron(0, SMALL, penalties=[{"kind": "deposit", "seat": 2}]))),
    ("wareme", "standard", {"factor": 2, "applies_to_chombo": False},
     hand(ron(0, SMALL, wareme=0))),
    ("pao", "standard", None, hand(tsumo(winner=1, yakuman=["daisangen"], pao=2))),
    # 大明槓の責任払い: the feeder of the open kan pays the whole rinshan tsumo.
    ("pao", "standard", {"yaku": ["daisangen", "daisuushii"], "ron": "half",
                         "ron_honba_paid_by": "discarder",
                         "ron_odd_unit_paid_by": "discarder", "daiminkan_rinshan": True},
     hand(tsumo(winner=1, han=3, fu=30, daiminkan_feeder=2))),
    ("open_riichi", "standard", {"han": 2, "dealin_by_non_riichi": "yakuman"},
     hand(ron(0, SMALL, riichi=[1], open_riichi=[1]))),
    ("nagashi", "standard", {"value": "mangan", "treated_as": "tsumo_win"},
     hand({"result": {"kind": "draw", "tenpai": [], "nagashi": [1]}})),
    ("multi_ron", "standard", "head_bump", hand(DOUBLE_RON)),
    ("triple_ron", "standard", "head_bump",
     hand(ron(0, {"winner": 1, "han": 1, "fu": 30}, {"winner": 2, "han": 1, "fu": 30},
              {"winner": 3, "han": 1, "fu": 30}))),
    ("multi_ron_sticks_to", "standard", "each",
     hand(DOUBLE_RON, start={"sticks": 2})),
    ("multi_ron_honba_to", "standard", "each", hand(DOUBLE_RON, start={"honba": 1})),
    ("multi_ron_renchan", "standard", "head_winner_decides",
     hand(ron(1, {"winner": 2, "han": 1, "fu": 30}, {"winner": 0, "han": 1, "fu": 30}))),
    ("noten_penalty_total", "standard", 6000, hand(draw(0))),
    ("renchan_on_dealer_win", "standard", False, hand(ron(1, {**SMALL, "winner": 0}))),
    ("renchan_on_dealer_tenpai", "standard", False, hand(draw(0))),
    ("renchan_on_all_noten", "standard", True, hand(draw())),
    ("renchan_on_any_draw", "seed-000", True, hand(draw(1))),
    ("all_last_dealer_keeps_on_draw", "standard", True, hand(draw(0), start=SOUTH_4)),
    ("abortive_draws", "seed-002", [],
     hand({"result": {"kind": "abortive", "reason": "four_winds"}})),
    ("tobi", "standard", "off",
     hand(ron(0, {"winner": 1, "han": 5}), start={"scores": [5000, 25000, 25000, 45000]})),
    ("tobi_payment", "standard",
     {"amount": 10000, "unit": "points", "on_noten": "none", "only_on_win": True},
     hand(ron(0, {"winner": 1, "han": 5}), start={"scores": [5000, 25000, 25000, 45000]})),
    ("agari_yame", "standard", "automatic_if_top",
     hand(ron(1, {**SMALL, "winner": 3}), start={**SOUTH_4,
                                                 "scores": [20000, 20000, 20000, 40000]})),
    ("tenpai_yame", "standard", "automatic_if_top",
     hand(draw(3), start={**SOUTH_4, "scores": [20000, 20000, 20000, 40000]})),
    ("stop_min_points", "standard", 50000,
     hand(ron(1, {**SMALL, "winner": 3}, stop=True),
          start={**SOUTH_4, "scores": [20000, 20000, 20000, 40000]})),
    ("extension", "tenhou-4p-hanchan", "kaeri_ton_sudden_death",
     hand(ron(0, SMALL), start=SOUTH_4)),
    ("extension_target", "tenhou-4p-hanchan", {"points": 20000, "strict": False},
     hand(ron(0, SMALL), start=SOUTH_4)),
    ("chombo_payment", "standard", "fixed_all", hand(chombo(1))),
    ("chombo_amount", "standard", 4000, hand(chombo(1))),
    ("chombo_amount_sit_out", "seed-003", 10,
     hand(ron(0, {"winner": 1, "points": 5}, sit_out=3,
              penalties=[{"kind": "chombo", "offender": 3}]), players=4)),
    ("chombo_hand", "standard", "continue_dead_hand",
     hand(ron(0, SMALL, penalties=[{"kind": "chombo", "offender": 2}]))),
    ("chombo_compensation", "seed-001", None,
     hand(chombo(1, compensation={"to": 2, "han": 6}))),
    ("noten_riichi", "standard", "invalid", hand(draw(0, riichi=[2]))),
]

# (field, base preset, new value, the field the refusal names)
REFUSED: list[tuple[str, str, Any, str]] = [
    ("sit_out_rotation", "seed-003", "none", "chombo_amount_sit_out"),
    ("schema_version", "standard", 99, "schema_version"),
    ("id", "standard", "house rules!", "id"),
    ("title", "standard", " ", "title"),
    ("title_en", "standard", "", "title_en"),
    ("player_count", "standard", 3, "uma"),
    ("seat_winds", "standard", "east_south_west_only", "seat_winds"),
    ("rounding_residual_to", "standard", "bottom", "rounding_residual_to"),
    ("chiitoitsu_fu", "standard", 30, "chiitoitsu_fu"),
    ("riichi_cancel_fee", "seed-004", 2000, "riichi_cancel_fee"),
    ("extension", "standard", "extra_round", "extension_target"),
    ("point_count_yakuman", "standard", 50, "point_count_yakuman"),
    ("tobi_payment", "standard",
     {"amount": 5, "unit": "p", "on_noten": "nearest_tenpai_shimocha", "only_on_win": False},
     "tobi_payment.on_noten"),
    ("uma_by_floaters", "standard",
     [[0, 0, 0, 0], [12, -1, -3, -8], [8, 4, -4, -8], [8, 3, 1, -12], [0, 0, 0, 0]], "uma"),
    ("extension_hands", "tenhou-4p-hanchan", 2, "extension_hands"),
    ("chombo_deduction_to", "standard", "nobody", "chombo_deduction_to"),
    ("renchan_on_any_draw", "standard", True, "renchan_on_any_draw"),
]

# Fields that describe the game for staff and for the parlor's seating; no point moves by them.
INFORMATION = {
    "kicha_selection": "the parlor's seating picks the first dealer (parlor/services/seating.py)",
    "seat_change_interval_games": "the parlor's seating redraws seats (seating.py)",
    "seat_winds": "three-player seat winds; refused for four players (see REFUSED)",
    "double_wind_pair_fu": "staff count fu; shown on the ruleset page",
    "nukidora": "staff count extra dora into han",
    "red_fives": "staff count red fives into han",
    "keishiki_tenpai": "staff decide tenpai at the table",
}


@pytest.mark.parametrize(("field", "base", "value", "probe"), EFFECTS,
                         ids=[f"{f}-{v}" for f, _, v, _ in EFFECTS])
def test_changing_the_field_alone_changes_the_result(field: str, base: str, value: Any,
                                                      probe: Probe) -> None:
    before, after = PRESETS[base], changed(base, field, value)
    assert after.to_dict()[field] == value or getattr(after, field) is None
    assert probe(after) != probe(before)


@pytest.mark.parametrize(("field", "base", "value", "named"), REFUSED,
                         ids=[f"{f}-{v}" for f, _, v, _ in REFUSED])
def test_a_value_that_cannot_apply_is_refused_with_the_field_named(
        field: str, base: str, value: Any, named: str) -> None:
    with pytest.raises(RulesetError) as refused:
        changed(base, field, value)
    assert refused.value.field == named


def test_every_field_is_covered() -> None:
    fields = {f.name for f in dataclasses.fields(Ruleset)}
    covered = ({f for f, *_ in EFFECTS} | {f for f, *_ in REFUSED} | set(INFORMATION))
    assert fields - covered == set()
    assert covered - fields == set()
