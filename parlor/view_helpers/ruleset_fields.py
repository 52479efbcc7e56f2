"""What each ruleset field means, for the people who choose one: its label and a line of
help, in the page's language (Japanese as the parlor's rule sheet would say it, English when
chosen; the Japanese is in locale/ja under the contexts "ruleset field" and "ruleset field
help").

The engine's names are the keys (``scoring.ruleset.Ruleset``); a test checks that every
field of the engine has an entry here with its Japanese, so a new option cannot reach the
rulesets pages without its explanation.
"""

from __future__ import annotations

from typing import NamedTuple

from django.utils.functional import Promise
from django.utils.translation import pgettext_lazy


class FieldHelp(NamedTuple):
    label: str | Promise  # 配給原点 / Start points
    help: str | Promise


class FieldWords(NamedTuple):
    """A field's label and help as the page shows them, in its language."""

    label: str
    help: str


def _label(text: str) -> Promise:
    return pgettext_lazy("ruleset field", text)


def _help(text: str) -> Promise:
    return pgettext_lazy("ruleset field help", text)


FIELD_HELP: dict[str, FieldHelp] = {
    "schema_version": FieldHelp(
        _label("Format version"),
        _help("The version of this ruleset format.")),
    "id": FieldHelp(_label("Key"), _help("The ruleset's key; a game keeps it in its snapshot.")),
    "title": FieldHelp(_label("Title"), _help("The name staff and players see.")),
    "title_en": FieldHelp(_label("English title"), _help("The English name.")),
    # 1.1 table and game structure
    "player_count": FieldHelp(_label("Players"), _help("Four or three players.")),
    "sit_out_rotation": FieldHelp(
        _label("Sitting out"),
        _help("Who sits out at a three-player table with four people.")),
    "game_length": FieldHelp(
        _label("Game length"),
        _help("How long a game is: one hand, East, East-South, East to North, or open-ended.")),
    "dealer_rotation": FieldHelp(
        _label("Dealer rotation"),
        _help("Whether the deal passes in seat order or to the winner.")),
    "kicha_selection": FieldHelp(
        _label("First dealer"),
        _help("How each game's first dealer is chosen.")),
    "seat_change_interval_games": FieldHelp(
        _label("Seat change"),
        _help("Seats are redrawn every N games.")),
    "seat_winds": FieldHelp(_label("Seat winds"), _help("How seat winds follow the dealer.")),
    "round_wind_fixed": FieldHelp(_label("Fixed round wind"), _help("A fixed round wind.")),
    # 1.2 points, sticks and settlement
    "start_points": FieldHelp(_label("Start points"), _help("Each player's points at the start.")),
    "return_points": FieldHelp(
        _label("Return points"),
        _help("Subtracted at the settlement; the difference from the start, times the players, "
              "is the top's oka.")),
    "uma": FieldHelp(
        _label("Uma"),
        _help("Rank bonus in p, one per rank; sums to zero and never rises with rank.")),
    "uma_by_floaters": FieldHelp(
        _label("Uma by floaters"),
        _help("Uma by how many players finish at or above the return points: row k is the uma "
              "by rank when k players float; it replaces the uma.")),
    "point_unit": FieldHelp(_label("Point unit"), _help("Every payment is a multiple of it.")),
    "settlement_unit": FieldHelp(_label("Settlement unit"), _help("The unit of the final result.")),
    "settlement_rounding": FieldHelp(
        _label("Rounding"),
        _help("How a score is rounded at the settlement, a negative half rounded upward "
              "included.")),
    "rounding_residual_to": FieldHelp(
        _label("Rounding remainder"),
        _help("Who absorbs the rounding: the top.")),
    "box_under_settlement": FieldHelp(
        _label("Below zero at the settlement"),
        _help("A negative score counts as it is, or as zero.")),
    "tie_break": FieldHelp(
        _label("Ties"),
        _help("How equal scores are ranked, or shared: tied players split their uma and oka.")),
    "leftover_sticks_at_end": FieldHelp(
        _label("Sticks left at the end"),
        _help("Sticks left at the end go to the top, or nobody.")),
    "chips": FieldHelp(_label("Chips"), _help("Chip events and who pays.")),
    # 1.3 hand value
    "value_input": FieldHelp(_label("Hand value input"), _help("What staff enter for a win.")),
    "min_han": FieldHelp(_label("Minimum han"), _help("The minimum han.")),
    "min_han_from_honba": FieldHelp(
        _label("Minimum han from honba"),
        _help("From this honba a win needs more han.")),
    "pinfu_tsumo_fu": FieldHelp(_label("Pinfu tsumo"), _help("Fu of a pinfu tsumo.")),
    "chiitoitsu_fu": FieldHelp(_label("Seven pairs"), _help("Seven pairs are 25 fu.")),
    "double_wind_pair_fu": FieldHelp(
        _label("Double-wind pair"),
        _help("Fu of a double-wind pair (staff count fu).")),
    "kiriage_mangan": FieldHelp(
        _label("Kiriage mangan"),
        _help("The han/fu values rounded up to mangan.")),
    "limits": FieldHelp(
        _label("Limit hands"),
        _help("The limit classes: from which han, at which base.")),
    "yakuman_stacking": FieldHelp(
        _label("Yakuman stacking"),
        _help("Whether several yakuman add up.")),
    "yakuman_max_multiple": FieldHelp(_label("Yakuman cap"), _help("Cap on the yakuman multiple.")),
    "big_yakuman": FieldHelp(
        _label("Big yakuman"),
        _help("Yakuman paid six mangan instead of four.")),
    "double_yakuman": FieldHelp(
        _label("Double yakuman"),
        _help("Yakuman paid as two yakuman by name; pao covers only its own part.")),
    "kazoe_yakuman_stacking": FieldHelp(
        _label("Counted yakuman multiples"),
        _help("Whether a counted yakuman counts once per yakuman class: 26 han is a double.")),
    "tsuuiisou_compound_mangan": FieldHelp(
        _label("Tsuuiisou in a compound"),
        _help("Mangan that tsuuiisou adds in a compound.")),
    "point_count_yakuman": FieldHelp(
        _label("Yakuman points"),
        _help("The points of a yakuman in a point-count ruleset.")),
    "sanma_tsumo": FieldHelp(_label("Tsumo loss"), _help("How a three-player tsumo is paid.")),
    "nukidora": FieldHelp(_label("Nukidora"), _help("Tiles set aside as dora (information).")),
    "red_fives": FieldHelp(_label("Red fives"), _help("Red fives (information).")),
    # 1.4 payments for a win
    "honba_ron": FieldHelp(_label("Honba"), _help("Added to a ron per honba.")),
    "honba_tsumo_per_payer": FieldHelp(
        _label("Honba (tsumo)"),
        _help("Each payer's honba on a tsumo.")),
    "riichi_stick": FieldHelp(_label("Riichi stick"), _help("The riichi stick.")),
    "riichi_min_points": FieldHelp(
        _label("Riichi condition"),
        _help("Points needed to declare riichi.")),
    "riichi_cancel_fee": FieldHelp(
        _label("Riichi cancel"),
        _help("The fee to take a riichi back.")),
    "penalty_deposit": FieldHelp(
        _label("Penalty deposit"),
        _help("Points put on the table for a false call.")),
    "wareme": FieldHelp(_label("Wareme"), _help("The broken wall's factor.")),
    "pao": FieldHelp(
        _label("Pao (liability)"),
        _help("Liability for the final meld of these yakuman.")),
    "open_riichi": FieldHelp(_label("Open riichi"), _help("Open riichi.")),
    "nagashi": FieldHelp(
        _label("Nagashi mangan"),
        _help("Nagashi mangan: its value and whether it is a win.")),
    # 1.5 multiple ron
    "multi_ron": FieldHelp(
        _label("Head bump or double ron"),
        _help("How many claimants of one discard win.")),
    "triple_ron": FieldHelp(_label("Three rons"), _help("Three claimants of one discard.")),
    "multi_ron_sticks_to": FieldHelp(
        _label("Sticks on a multiple ron"),
        _help("Sticks on a multiple ron: all to the head, split, or each winner's own back.")),
    "multi_ron_honba_to": FieldHelp(
        _label("Honba on a multiple ron"),
        _help("Honba on a multiple ron.")),
    "multi_ron_renchan": FieldHelp(
        _label("Renchan on a multiple ron"),
        _help("Whether the dealer keeps the deal.")),
    # 1.6 draws, dealer rotation and honba
    "noten_penalty_total": FieldHelp(
        _label("Noten money"),
        _help("The total paid by noten players at a draw.")),
    "keishiki_tenpai": FieldHelp(
        _label("Shape-only tenpai"),
        _help("Shape-only tenpai counts (information).")),
    "renchan_on_dealer_win": FieldHelp(
        _label("Renchan on a win"),
        _help("The dealer keeps the deal on a win.")),
    "renchan_on_dealer_tenpai": FieldHelp(
        _label("Renchan on tenpai"),
        _help("The dealer keeps the deal on a draw with the dealer tenpai.")),
    "renchan_on_all_noten": FieldHelp(
        _label("Renchan when all are noten"),
        _help("The dealer keeps the deal on a draw where nobody is tenpai.")),
    "renchan_on_any_draw": FieldHelp(
        _label("Renchan on every draw"),
        _help("The dealer keeps the deal after every exhaustive draw.")),
    "all_last_dealer_keeps_on_draw": FieldHelp(
        _label("No deal passing in the last hand"),
        _help("In the last hand a draw never passes the deal.")),
    "abortive_draws": FieldHelp(_label("Abortive draws"), _help("Which abortive draws exist.")),
    # 1.7 bust and game end
    "tobi": FieldHelp(_label("Bust"), _help("When a score ends the game.")),
    "tobi_payment": FieldHelp(_label("Bust payment"), _help("What a busted player pays.")),
    "agari_yame": FieldHelp(
        _label("Stopping after a win"),
        _help("The last dealer stopping after a win.")),
    "tenpai_yame": FieldHelp(
        _label("Stopping at tenpai"),
        _help("The last dealer stopping after tenpai at a draw.")),
    "stop_min_points": FieldHelp(
        _label("Stopping condition"),
        _help("Points the stopping dealer needs.")),
    "extension": FieldHelp(
        _label("Extension"),
        _help("The extension when nobody reaches the target.")),
    "extension_target": FieldHelp(
        _label("Extension target"),
        _help("The target that ends the extension.")),
    "extension_hands": FieldHelp(
        _label("Extension hands"),
        _help("How many deals an extension of a fixed number of hands has.")),
    # 1.8 penalties
    "chombo_payment": FieldHelp(
        _label("Chombo penalty"),
        _help("How a chombo is paid: in the game, or deducted at the final settlement.")),
    "chombo_amount": FieldHelp(_label("Chombo amount"), _help("The chombo amount.")),
    "chombo_deduction_to": FieldHelp(
        _label("Where a deduction goes"),
        _help("Where a final-settlement deduction goes: out of the game, or to the others.")),
    "chombo_amount_sit_out": FieldHelp(
        _label("Chombo to the seat sitting out"),
        _help("Paid to the seat sitting out.")),
    "chombo_hand": FieldHelp(
        _label("After a chombo"),
        _help("The hand is replayed, or goes on dead.")),
    "chombo_compensation": FieldHelp(
        _label("Chombo compensation"),
        _help("Compensation for a spoiled large win.")),
    "noten_riichi": FieldHelp(
        _label("Noten riichi"),
        _help("A noten riichi at a draw is a chombo, or refused.")),
}


def field_help(name: str) -> FieldWords:
    """The label and help of a ruleset field in the page's language; a path such as
    ``limits[2].base`` or ``pao.ron`` is explained by the field it starts with."""
    head = name.split(".")[0].split("[")[0]
    entry = FIELD_HELP.get(head, FieldHelp("", ""))
    return FieldWords(str(entry.label), str(entry.help))


def named_refusal(field: str | None, message: str) -> str:
    """The engine's refusal with the field's label in front: 「三家和 (triple_ron): …」."""
    if not field:
        return message
    label = field_help(field).label
    return f"{label} ({field}): {message}" if label else f"{field}: {message}"
