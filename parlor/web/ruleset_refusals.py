"""The engine's refusals of a ruleset in the page's language, for the manager's form.

The engine (pure Python, English) names the field at fault; here each field the engine's checks
name has a sentence a manager can act on, translated like every other string of the pages. A
test reads ``scoring/ruleset_checks.py`` and fails when a field it checks has no sentence here.
In English the engine's own message is shown: it is more precise and already in English.
"""

from __future__ import annotations

from django.utils.functional import Promise
from django.utils.translation import get_language, pgettext_lazy
from django.utils.translation import gettext as _

from scoring import ScoringError

REFUSALS: dict[str, Promise] = {
    "player_count": pgettext_lazy("ruleset refusal", "Four or three players."),
    "sit_out_rotation": pgettext_lazy("ruleset refusal", "A sit-out rotation needs three players."),
    "seat_change_interval_games": pgettext_lazy(
        "ruleset refusal",
        "Redraw the seats every 1 game or more, or leave it empty."),
    "round_wind_fixed": pgettext_lazy(
        "ruleset refusal",
        "A fixed round wind needs an open-ended game (一局清算)."),
    "seat_winds": pgettext_lazy("ruleset refusal", "East, South, West only needs three players."),
    "point_unit": pgettext_lazy(
        "ruleset refusal",
        "The unit must be 1, 100 or 1,000; a point count needs 1."),
    "start_points": pgettext_lazy(
        "ruleset refusal",
        "The start points must be positive and a multiple of the unit."),
    "return_points": pgettext_lazy(
        "ruleset refusal",
        "The return points must not be below the start points, and a multiple of the unit."),
    "uma": pgettext_lazy(
        "ruleset refusal",
        "One uma per place, summing to 0 and never rising with the place (all 0 with the uma by"
        " floaters)."),
    "uma_by_floaters": pgettext_lazy(
        "ruleset refusal",
        "One row per number of floating players (0 to all), each with one uma per place, "
        "summing to 0 and never rising with the place."),
    "honba_ron": pgettext_lazy(
        "ruleset refusal",
        "Honba must be 0 or more, a multiple of the unit."),
    "honba_tsumo_per_payer": pgettext_lazy(
        "ruleset refusal",
        "Honba must be 0 or more, a multiple of the unit."),
    "riichi_stick": pgettext_lazy(
        "ruleset refusal",
        "The riichi stick must be 0 or more, a multiple of the unit."),
    "riichi_min_points": pgettext_lazy(
        "ruleset refusal",
        "The points needed for riichi must not be negative."),
    "noten_penalty_total": pgettext_lazy(
        "ruleset refusal",
        "The noten money must split evenly among the payers in the unit."),
    "riichi_cancel_fee": pgettext_lazy(
        "ruleset refusal",
        "A cancelled riichi leaves its stick: the fee equals the riichi stick, or leave it "
        "empty."),
    "penalty_deposit": pgettext_lazy(
        "ruleset refusal",
        "The deposit must be positive, a multiple of the unit and a whole number of sticks, or "
        "empty."),
    "stop_min_points": pgettext_lazy(
        "ruleset refusal",
        "The points a stopping dealer needs must not be negative."),
    "min_han": pgettext_lazy("ruleset refusal", "A win needs 1 han or more."),
    "limits": pgettext_lazy(
        "ruleset refusal",
        "The limits start with mangan, each class once, rising in both han and base; a base is "
        "a positive multiple of 100."),
    "yakuman_max_multiple": pgettext_lazy(
        "ruleset refusal",
        "The cap must be 1 or more, or empty; without yakuman stacking it is 1 or empty."),
    "big_yakuman": pgettext_lazy(
        "ruleset refusal",
        "This values a hand above one yakuman: it needs yakuman stacking and no cap of 1, and "
        "no point count."),
    "double_yakuman": pgettext_lazy(
        "ruleset refusal",
        "A yakuman is either a big yakuman or a double yakuman, and a double needs yakuman "
        "stacking without a cap of 1."),
    "tsuuiisou_compound_mangan": pgettext_lazy(
        "ruleset refusal",
        "This values a hand above one yakuman: it needs yakuman stacking and no cap of 1, and "
        "no point count."),
    "kazoe_yakuman_stacking": pgettext_lazy(
        "ruleset refusal",
        "Counted yakuman stacking needs a yakuman class in the limits and yakuman stacking, and"
        " no point count."),
    "point_count_yakuman": pgettext_lazy(
        "ruleset refusal",
        "A point count needs a yakuman value; with han and fu leave it empty."),
    "sanma_tsumo": pgettext_lazy(
        "ruleset refusal",
        "Four players pay a tsumo with tsumo loss; each pays the count goes with a point count,"
        " and only with it."),
    "chiitoitsu_fu": pgettext_lazy("ruleset refusal", "Seven pairs are 25 fu."),
    "pinfu_tsumo_fu": pgettext_lazy("ruleset refusal", "Pinfu tsumo is 20 fu, or empty."),
    "double_wind_pair_fu": pgettext_lazy("ruleset refusal", "A double-wind pair is 2 or 4 fu."),
    "triple_ron": pgettext_lazy(
        "ruleset refusal",
        "With head bump three rons cannot all win; with all allowed they must."),
    "multi_ron_honba_to": pgettext_lazy(
        "ruleset refusal",
        "Honba go to the head winner or to each winner."),
    "abortive_draws": pgettext_lazy(
        "ruleset refusal",
        "Three rons as an abortive draw needs 三家和 ticked among the abortive draws."),
    "extension_target": pgettext_lazy(
        "ruleset refusal",
        "An extension needs a target, and a target needs an extension."),
    "extension": pgettext_lazy(
        "ruleset refusal",
        "A one-hand or open-ended game has no extension."),
    "extension_hands": pgettext_lazy(
        "ruleset refusal",
        "A number of extra hands goes with that extension: from 1 to the hands of one round."),
    "renchan_on_any_draw": pgettext_lazy(
        "ruleset refusal",
        "The dealer keeps the deal after every draw: tenpai and all-noten renchan must be "
        "ticked too."),
    "tobi_payment": pgettext_lazy(
        "ruleset refusal",
        "A bust payment must be positive and a multiple of the unit in points; a noten bust is "
        "paid in points, not only on a win."),
    "chombo_amount": pgettext_lazy(
        "ruleset refusal",
        "The chombo amount must be positive, a multiple of the unit, and split evenly when it "
        "goes to the others."),
    "chombo_deduction_to": pgettext_lazy(
        "ruleset refusal",
        "Where a deduction goes is set with a deduction at the settlement, and only then."),
    "wareme": pgettext_lazy(
        "ruleset refusal",
        "A deduction at the settlement is not doubled by wareme: untick it."),
    "chombo_amount_sit_out": pgettext_lazy(
        "ruleset refusal",
        "A payment to the seat sitting out needs a sit-out rotation."),
}


def refusal_text(exc: ScoringError) -> str:
    """What the form shows beside the field ``exc.field`` names."""
    if exc.code == "out_of_range":
        return _("This number is larger than any ruleset needs.")
    # A blank number or choice inside a part the rules use (wareme.factor) or a row filled
    # in part (limits[1].base): the engine reads the blank as nothing.
    in_row = "[" in exc.field
    if exc.message.endswith("must be a whole number"):
        return _("Enter a whole number, or empty the whole row.") if in_row else _(
            "Enter a whole number.")
    if "; use one of: " in exc.message:
        return _("Choose one, or empty the whole row.") if in_row else _("Choose one.")
    if (get_language() or "").startswith("en"):
        return exc.message
    head = exc.field.split(".")[0].split("[")[0]
    if head in REFUSALS:
        return str(REFUSALS[head])
    return _("This value cannot be used with the rest of the ruleset.")
