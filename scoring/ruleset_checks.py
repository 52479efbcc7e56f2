"""Is a ruleset coherent? Each check names the field at fault and says why
(``RulesetError``); ``Ruleset.__post_init__`` runs them all, so no incoherent ruleset exists."""

from __future__ import annotations

from math import lcm
from typing import TYPE_CHECKING

from scoring.errors import RulesetError
from scoring.ruleset_choices import (
    AbortiveReason,
    ChomboDeductionTo,
    ChomboPayment,
    Extension,
    GameLength,
    LimitName,
    MultiRon,
    MultiRonTo,
    SanmaTsumo,
    SeatWinds,
    SitOutRotation,
    TobiOnNoten,
    TobiPaymentUnit,
    TripleRon,
    ValueInput,
)
from scoring.ruleset_parts import YAKUMAN_NAMES

if TYPE_CHECKING:  # the checks read a Ruleset; scoring.ruleset calls them
    from scoring.ruleset import Ruleset


def check_coherent(r: Ruleset) -> None:
    """Raise RulesetError, naming the field, for the first incoherent value."""
    for check in _CHECKS:
        check(r)


def _fail(field: str, message: str) -> None:
    raise RulesetError(message, field=field)


def _check_identity(r: Ruleset) -> None:
    if not r.id or not r.id.replace("-", "").replace("_", "").isalnum():
        _fail("id", "id must be letters, digits, '-' or '_'")
    if not r.title.strip():
        _fail("title", "title (the Japanese title staff see) must not be empty")
    if not r.title_en.strip():
        _fail("title_en", "title_en (the English title) must not be empty")


def _check_structure(r: Ruleset) -> None:
    if r.player_count not in (3, 4):
        _fail("player_count", f"player_count must be 3 or 4, got {r.player_count}")
    if r.sit_out_rotation is not SitOutRotation.NONE and r.player_count != 3:
        _fail("sit_out_rotation", "a sit-out rotation needs a three-player ruleset")
    if r.seat_change_interval_games is not None and r.seat_change_interval_games < 1:
        _fail("seat_change_interval_games", "seat_change_interval_games must be 1 or more")
    if r.round_wind_fixed not in (None, "E", "S", "W", "N"):
        _fail("round_wind_fixed", "round_wind_fixed must be E, S, W, N or null")
    if r.round_wind_fixed is not None and r.game_length is not GameLength.OPEN_ENDED:
        _fail("round_wind_fixed", "a fixed round wind needs an open-ended game: a game of "
              "rounds ends when the round wind moves on")
    if r.seat_winds is SeatWinds.EAST_SOUTH_WEST_ONLY and r.player_count != 3:
        _fail("seat_winds", "east_south_west_only skips the empty seat's North: it needs "
              "a three-player ruleset")


def _check_points(r: Ruleset) -> None:
    if r.point_unit not in (1, 100, 1000):
        _fail("point_unit", f"point_unit must be 1, 100 or 1000, got {r.point_unit}")
    if r.start_points <= 0 or r.start_points % r.point_unit:
        _fail("start_points", "start_points must be positive and a multiple of point_unit")
    if r.return_points < r.start_points:
        _fail("return_points",
              f"return_points {r.return_points} is below start_points {r.start_points}: "
              "oka would be negative")
    if r.return_points % r.point_unit:
        _fail("return_points", "return_points must be a multiple of point_unit")
    if len(r.uma) != r.player_count:
        _fail("uma", f"uma needs {r.player_count} values, one per rank; got {len(r.uma)}")
    if sum(r.uma) != 0:
        _fail("uma", f"uma must sum to 0, got {sum(r.uma)}")
    if list(r.uma) != sorted(r.uma, reverse=True):
        _fail("uma", "uma must not increase with rank")
    _check_floating_uma(r)
    for name in ("honba_ron", "honba_tsumo_per_payer", "riichi_stick"):
        value = getattr(r, name)
        if value < 0 or value % r.point_unit:
            _fail(name, f"{name} must be a non-negative multiple of point_unit {r.point_unit}")
    if r.riichi_min_points < 0:
        _fail("riichi_min_points", "riichi_min_points must not be negative")
    splits = lcm(*range(1, r.player_count))
    if r.noten_penalty_total < 0 or r.noten_penalty_total % (r.point_unit * splits):
        _fail("noten_penalty_total",
              f"noten_penalty_total must split evenly in units of {r.point_unit}")
    for name in ("riichi_cancel_fee", "penalty_deposit"):
        value = getattr(r, name)
        if value is not None and (value <= 0 or value % r.point_unit):
            _fail(name, f"{name} must be a positive multiple of point_unit or null")
    if r.riichi_cancel_fee is not None and r.riichi_cancel_fee != r.riichi_stick:
        _fail("riichi_cancel_fee", "a cancelled riichi leaves its stick on the table as the "
              f"fee, so riichi_cancel_fee must equal riichi_stick ({r.riichi_stick}) or be null")
    if r.stop_min_points is not None and r.stop_min_points < 0:
        _fail("stop_min_points", "stop_min_points must not be negative")


def _check_floating_uma(r: Ruleset) -> None:
    rows = r.uma_by_floaters
    if rows is None:
        return
    if any(r.uma):
        _fail("uma", "with uma_by_floaters the uma depends on the floaters: set uma to zeros")
    if len(rows) != r.player_count + 1:
        _fail("uma_by_floaters", f"uma_by_floaters needs {r.player_count + 1} rows, one for "
              f"each number of players at or above return_points (0 to {r.player_count})")
    for k, row in enumerate(rows):
        where = f"uma_by_floaters[{k}]"
        if len(row) != r.player_count:
            _fail(where, f"each row needs {r.player_count} values, one per rank")
        if sum(row) != 0:
            _fail(where, f"the uma with {k} floaters must sum to 0, got {sum(row)}")
        if list(row) != sorted(row, reverse=True):
            _fail(where, "uma must not increase with rank")


def _check_value(r: Ruleset) -> None:
    if r.min_han < 1:
        _fail("min_han", "min_han must be 1 or more")
    if not r.limits or r.limits[0].name is not LimitName.MANGAN:
        _fail("limits", "limits must start with mangan")
    previous = None
    for i, limit in enumerate(r.limits):
        if limit.base <= 0 or limit.base % 100:
            _fail(f"limits[{i}].base", "a limit base must be a positive multiple of 100")
        if previous and (limit.min_han <= previous.min_han or limit.base <= previous.base):
            _fail(f"limits[{i}]", "limits must rise in both min_han and base")
        previous = limit
    names = [c.name for c in r.limits]
    if len(set(names)) != len(names):
        _fail("limits", "each limit class may appear once")
    if r.yakuman_max_multiple is not None and r.yakuman_max_multiple < 1:
        _fail("yakuman_max_multiple", "yakuman_max_multiple must be 1 or more, or null")
    _check_yakuman(r)
    if r.value_input is ValueInput.POINT_COUNT and r.point_count_yakuman is None:
        _fail("point_count_yakuman", "a point-count ruleset must value a yakuman")
    if r.value_input is ValueInput.POINT_COUNT and r.point_unit != 1:
        _fail("point_unit", "a point count is paid in whole 点 as entered: point_unit must be 1")
    if r.value_input is not ValueInput.POINT_COUNT and r.point_count_yakuman is not None:
        _fail("point_count_yakuman", "point_count_yakuman values a yakuman in a point count "
              "(value_input point_count); with han the limits value it: use null")
    counts = r.value_input is ValueInput.POINT_COUNT
    if counts != (r.sanma_tsumo is SanmaTsumo.EACH_PAYS_COUNT):
        _fail("sanma_tsumo", "each_pays_count goes with value_input point_count, and a "
              "point count is paid that way: use both or neither")
    if r.player_count == 4 and not counts and r.sanma_tsumo is not SanmaTsumo.TSUMO_SON:
        _fail("sanma_tsumo", "no tsumo-son (ツモ損なし) is a three-player rule: with four "
              "players every tsumo has three payers, so use tsumo_son")
    if r.chiitoitsu_fu != 25:
        _fail("chiitoitsu_fu", "seven pairs are 25 fu")
    if r.pinfu_tsumo_fu not in (None, 20):
        _fail("pinfu_tsumo_fu", "pinfu_tsumo_fu must be 20 or null")
    if r.double_wind_pair_fu not in (2, 4):
        _fail("double_wind_pair_fu", "double_wind_pair_fu must be 2 or 4")


def _check_yakuman(r: Ruleset) -> None:
    for name in ("big_yakuman", "double_yakuman"):
        for i, yaku in enumerate(getattr(r, name)):
            if yaku not in YAKUMAN_NAMES:
                _fail(f"{name}[{i}]", f"unknown yakuman {yaku!r}; known: "
                      f"{', '.join(sorted(YAKUMAN_NAMES))}")
    both = set(r.big_yakuman) & set(r.double_yakuman)
    if both:
        _fail("double_yakuman", f"{', '.join(sorted(both))} cannot be both a big yakuman "
              "(6× mangan) and a double yakuman (8× mangan)")
    single = not r.yakuman_stacking or r.yakuman_max_multiple == 1
    if not r.yakuman_stacking and r.yakuman_max_multiple not in (None, 1):
        _fail("yakuman_max_multiple", "without yakuman_stacking a hand is one yakuman at "
              "most: use 1 or null")
    over_one = (("big_yakuman", bool(r.big_yakuman)),
                ("double_yakuman", bool(r.double_yakuman)),
                ("tsuuiisou_compound_mangan", r.tsuuiisou_compound_mangan is not None),
                ("kazoe_yakuman_stacking", r.kazoe_yakuman_stacking))
    for name, is_set in over_one:
        if single and is_set:
            _fail(name, f"{name} values a hand above one yakuman, and this ruleset caps a "
                  "hand at one yakuman (yakuman_stacking false or yakuman_max_multiple 1)")
    if r.kazoe_yakuman_stacking and r.kazoe_yakuman_min_han is None:
        _fail("kazoe_yakuman_stacking", "kazoe_yakuman_stacking needs a counted yakuman "
              "(a yakuman class in limits)")
    counts = r.value_input is ValueInput.POINT_COUNT
    for name, is_set in (("big_yakuman", bool(r.big_yakuman)),
                         ("tsuuiisou_compound_mangan", r.tsuuiisou_compound_mangan is not None),
                         ("kazoe_yakuman_stacking", r.kazoe_yakuman_stacking)):
        if counts and is_set:
            _fail(name, f"a point count values each yakuman at point_count_yakuman: "
                  f"{name} does not apply")


def _check_multi_ron(r: Ruleset) -> None:
    if r.multi_ron is MultiRon.HEAD_BUMP and r.triple_ron is TripleRon.ALLOWED:
        _fail("triple_ron", "triple_ron cannot be allowed when multi_ron is head_bump")
    if r.multi_ron is MultiRon.ALL_ALLOWED and r.triple_ron is not TripleRon.ALLOWED:
        _fail("triple_ron", "multi_ron all_allowed means triple_ron is allowed")
    if r.multi_ron_honba_to is MultiRonTo.OWN_THEN_HEAD:
        _fail("multi_ron_honba_to", "own_then_head is for sticks: honba go to the head "
              "winner ('head') or to each winner ('each')")
    aborts_triple = r.triple_ron is TripleRon.ABORTIVE_DRAW
    if aborts_triple and AbortiveReason.TRIPLE_RON not in r.abortive_draws:
        _fail("abortive_draws", "triple_ron abortive_draw needs triple_ron in abortive_draws")


def _check_end(r: Ruleset) -> None:
    if r.extension is not Extension.NONE and r.extension_target is None:
        _fail("extension_target", "an extension needs an extension_target")
    if r.extension is Extension.NONE and r.extension_target is not None:
        _fail("extension_target", "extension_target is only for an extension: set it to "
              "null or choose an extension")
    if (r.game_length in (GameLength.OPEN_ENDED, GameLength.ONE_HAND)
            and r.extension is not Extension.NONE):
        _fail("extension", f"a {r.game_length.value} game has no extension")
    if (r.extension is Extension.EXTRA_HANDS) != (r.extension_hands is not None):
        _fail("extension_hands", "extension_hands goes with extension extra_hands, and "
              "extra_hands needs extension_hands")
    if r.extension_hands is not None and not 1 <= r.extension_hands <= r.hands_per_round:
        _fail("extension_hands", f"extension_hands must be from 1 to {r.hands_per_round}, "
              "the deals of one round")
    if r.renchan_on_any_draw and not (r.renchan_on_dealer_tenpai and r.renchan_on_all_noten):
        _fail("renchan_on_any_draw", "the dealer keeps the deal after every draw, so "
              "renchan_on_dealer_tenpai and renchan_on_all_noten must be true too")
    if r.penalty_deposit is not None and r.penalty_deposit % r.riichi_stick:
        _fail("penalty_deposit", "penalty_deposit must be a whole number of sticks")
    _check_tobi_payment(r)
    _check_chombo(r)

def _check_tobi_payment(r: Ruleset) -> None:
    rule = r.tobi_payment
    if rule is None:
        return
    if rule.amount <= 0:
        _fail("tobi_payment.amount", "tobi_payment.amount must be positive")
    if rule.unit is TobiPaymentUnit.POINTS and rule.amount % r.point_unit:
        _fail("tobi_payment.amount", f"a bust payment in points must be a multiple of "
              f"point_unit {r.point_unit}")
    if rule.on_noten is TobiOnNoten.NEAREST_TENPAI_SHIMOCHA and (
            rule.only_on_win or rule.unit is not TobiPaymentUnit.POINTS):
        _fail("tobi_payment.on_noten", "a bust by no-ten money is paid in points to the "
              "nearest tenpai player: it needs unit points and only_on_win false, or "
              "on_noten none")


def _check_chombo(r: Ruleset) -> None:
    if r.chombo_amount <= 0 or r.chombo_amount % r.point_unit:
        _fail("chombo_amount", "chombo_amount must be a positive multiple of point_unit")
    deducted = r.chombo_payment is ChomboPayment.FINAL_DEDUCTION
    if deducted != (r.chombo_deduction_to is not None):
        _fail("chombo_deduction_to", "chombo_deduction_to says where a final_deduction goes: "
              "set it (nobody or others) with final_deduction, and null otherwise")
    others = r.player_count - 1
    if (r.chombo_deduction_to is ChomboDeductionTo.OTHERS
            and r.chombo_amount % (r.point_unit * others)):
        _fail("chombo_amount", f"a deduction split among the {others} other players must "
              f"divide by {others} in units of {r.point_unit}")
    if deducted and r.wareme is not None and r.wareme.applies_to_chombo:
        _fail("wareme.applies_to_chombo", "a final-settlement chombo deduction is not a "
              "payment between players, so wareme cannot double it: use false")
    if r.chombo_amount_sit_out is not None and r.sit_out_rotation is SitOutRotation.NONE:
        _fail("chombo_amount_sit_out", "chombo_amount_sit_out needs a sit-out rotation")


_CHECKS = (_check_identity, _check_structure, _check_points, _check_value,
           _check_multi_ron, _check_end)
