"""Labels of the ruleset form's choices and of the inputs inside a compound field, in the
page's language: the engine's values (``head_bump``) are the keys, so a select shows 頭ハネ and
sends ``head_bump``. A test checks that every value the engine accepts has a label."""

from __future__ import annotations

from django.utils.functional import Promise
from django.utils.translation import pgettext_lazy

# Every enum value of scoring.ruleset_choices, the winds and the yakuman names.
CHOICE_LABELS: dict[str, Promise] = {
    "nine_terminals": pgettext_lazy("ruleset choice", "Nine terminals"),
    "four_winds": pgettext_lazy("ruleset choice", "Four winds"),
    "four_kans": pgettext_lazy("ruleset choice", "Four kans"),
    "four_riichi": pgettext_lazy("ruleset choice", "Four riichi"),
    "triple_ron": pgettext_lazy("ruleset choice", "Three rons"),
    "discarder": pgettext_lazy("ruleset choice", "The discarder"),
    "each": pgettext_lazy("ruleset choice", "Each"),
    "nobody": pgettext_lazy("ruleset choice", "Nobody (out of the game)"),
    "others": pgettext_lazy("ruleset choice", "The other players"),
    "replay": pgettext_lazy("ruleset choice", "Replay the hand"),
    "continue_dead_hand": pgettext_lazy("ruleset choice", "Go on with a dead hand"),
    "mangan_reverse": pgettext_lazy("ruleset choice", "Mangan paid out"),
    "fixed_all": pgettext_lazy("ruleset choice", "Fixed points to all"),
    "final_deduction": pgettext_lazy("ruleset choice", "Deducted at the settlement"),
    "seat_order": pgettext_lazy("ruleset choice", "In seat order"),
    "winner_becomes_dealer": pgettext_lazy("ruleset choice", "The winner deals next"),
    "none": pgettext_lazy("ruleset choice", "None"),
    "kaeri_ton_sudden_death": pgettext_lazy("ruleset choice", "Back to East, sudden death"),
    "extra_round": pgettext_lazy("ruleset choice", "One more round"),
    "extra_round_sudden_death": pgettext_lazy("ruleset choice", "One more round, sudden death"),
    "extra_hands": pgettext_lazy("ruleset choice", "A number of extra hands"),
    "one_hand": pgettext_lazy("ruleset choice", "One hand"),
    "tonpuu": pgettext_lazy("ruleset choice", "East only"),
    "hanchan": pgettext_lazy("ruleset choice", "East-South"),
    "east_to_north": pgettext_lazy("ruleset choice", "East to North"),
    "open_ended": pgettext_lazy("ruleset choice", "Open-ended"),
    "dice": pgettext_lazy("ruleset choice", "Dice"),
    "rotate_each_game": pgettext_lazy("ruleset choice", "Rotates each game"),
    "top": pgettext_lazy("ruleset choice", "The top"),
    "lost": pgettext_lazy("ruleset choice", "Lost"),
    "mangan": pgettext_lazy("ruleset choice", "Mangan"),
    "haneman": pgettext_lazy("ruleset choice", "Haneman"),
    "baiman": pgettext_lazy("ruleset choice", "Baiman"),
    "two_and_half_mangan": pgettext_lazy("ruleset choice", "Two and a half mangan"),
    "sanbaiman": pgettext_lazy("ruleset choice", "Sanbaiman"),
    "yakuman": pgettext_lazy("ruleset choice", "Yakuman"),
    "head_bump": pgettext_lazy("ruleset choice", "Head bump"),
    "double_ron": pgettext_lazy("ruleset choice", "Double ron"),
    "all_allowed": pgettext_lazy("ruleset choice", "All allowed"),
    "dealer_among_winners": pgettext_lazy("ruleset choice", "When the dealer is among the winners"),
    "head_winner_decides": pgettext_lazy("ruleset choice", "The head winner decides"),
    "head": pgettext_lazy("ruleset choice", "The head winner"),
    "own_then_head": pgettext_lazy("ruleset choice", "Own stick back, the rest to the head"),
    "tsumo_win": pgettext_lazy("ruleset choice", "A tsumo win"),
    "draw": pgettext_lazy("ruleset choice", "A draw"),
    "chombo": pgettext_lazy("ruleset choice", "Chombo"),
    "invalid": pgettext_lazy("ruleset choice", "Refused"),
    "normal": pgettext_lazy("ruleset choice", "Normal"),
    "half": pgettext_lazy("ruleset choice", "Half"),
    "full": pgettext_lazy("ruleset choice", "Full"),
    "pao": pgettext_lazy("ruleset choice", "The liable player"),
    "tsumo_son": pgettext_lazy("ruleset choice", "Tsumo loss"),
    "no_tsumo_son_table": pgettext_lazy("ruleset choice", "No tsumo loss"),
    "each_pays_count": pgettext_lazy("ruleset choice", "Each pays the count"),
    "by_dealer": pgettext_lazy("ruleset choice", "By the dealer"),
    "east_south_west_only": pgettext_lazy("ruleset choice", "East, South, West only"),
    "gosha_rokunyu_abs": pgettext_lazy("ruleset choice", "Five down, six up"),
    "shisha_gonyu_abs": pgettext_lazy("ruleset choice", "Four down, five up"),
    "shisha_gonyu_half_up": pgettext_lazy(
        "ruleset choice", "Four down, five up, a negative half upward"
    ),
    "shisha_gonyu_score": pgettext_lazy(
        "ruleset choice", "The score to 1,000, half away from zero"
    ),
    "floor": pgettext_lazy("ruleset choice", "Round down"),
    "ceil": pgettext_lazy("ruleset choice", "Round up"),
    "p_1000": pgettext_lazy("ruleset choice", "p (1,000 points)"),
    "points": pgettext_lazy("ruleset choice", "Points"),
    "ten": pgettext_lazy("ruleset choice", "Ten (point count)"),
    "discarder_or_tsumo_kamicha": pgettext_lazy(
        "ruleset choice", "The discarder, or the tsumo winner's kamicha"
    ),
    "optional_if_top": pgettext_lazy("ruleset choice", "May stop if top"),
    "optional_any_rank": pgettext_lazy("ruleset choice", "May stop at any rank"),
    "automatic_if_top": pgettext_lazy("ruleset choice", "Stops if top"),
    "automatic_if_top_optional_otherwise": pgettext_lazy(
        "ruleset choice", "Stops if top, may stop otherwise"
    ),
    "kicha_order": pgettext_lazy("ruleset choice", "Kicha first"),
    "dealer_order_at_end": pgettext_lazy("ruleset choice", "From the last dealer"),
    "split": pgettext_lazy("ruleset choice", "Shared"),
    "off": pgettext_lazy("ruleset choice", "Off"),
    "below_zero": pgettext_lazy("ruleset choice", "Below zero"),
    "at_or_below_zero": pgettext_lazy("ruleset choice", "At or below zero"),
    "nearest_tenpai_shimocha": pgettext_lazy(
        "ruleset choice", "The nearest tenpai player to the right"
    ),
    "p": pgettext_lazy("ruleset choice", "p"),
    "abortive_draw": pgettext_lazy("ruleset choice", "An abortive draw"),
    "allowed": pgettext_lazy("ruleset choice", "Allowed"),
    "han_fu": pgettext_lazy("ruleset choice", "Han and fu"),
    "han_fixed_40fu": pgettext_lazy("ruleset choice", "Han only (40 fu)"),
    "point_count": pgettext_lazy("ruleset choice", "Point count"),
    "E": pgettext_lazy("ruleset choice", "East"),
    "S": pgettext_lazy("ruleset choice", "South"),
    "W": pgettext_lazy("ruleset choice", "West"),
    "N": pgettext_lazy("ruleset choice", "North"),
    "chiihou": pgettext_lazy("ruleset choice", "Chiihou"),
    "chinroutou": pgettext_lazy("ruleset choice", "Chinroutou"),
    "chuuren": pgettext_lazy("ruleset choice", "Chuuren"),
    "daisangen": pgettext_lazy("ruleset choice", "Daisangen"),
    "daisuushii": pgettext_lazy("ruleset choice", "Daisuushii"),
    "isshoku_yonjun": pgettext_lazy("ruleset choice", "Isshoku yonjun"),
    "junsei_chuuren": pgettext_lazy("ruleset choice", "Junsei chuuren"),
    "kokushi": pgettext_lazy("ruleset choice", "Kokushi"),
    "kokushi_13": pgettext_lazy("ruleset choice", "Kokushi, 13-sided wait"),
    "manzu_honitsu": pgettext_lazy("ruleset choice", "Manzu honitsu"),
    "nagashi": pgettext_lazy("ruleset choice", "Nagashi"),
    "open_riichi_dealin": pgettext_lazy("ruleset choice", "Deal-in to open riichi"),
    "renhou": pgettext_lazy("ruleset choice", "Renhou"),
    "ryuuiisou": pgettext_lazy("ruleset choice", "Ryuuiisou"),
    "shousuushii": pgettext_lazy("ruleset choice", "Shousuushii"),
    "suuankou": pgettext_lazy("ruleset choice", "Suuankou"),
    "suuankou_tanki": pgettext_lazy("ruleset choice", "Suuankou tanki"),
    "suukantsu": pgettext_lazy("ruleset choice", "Suukantsu"),
    "tenhou": pgettext_lazy("ruleset choice", "Tenhou"),
    "tsuuiisou": pgettext_lazy("ruleset choice", "Tsuuiisou"),
}

# The inputs inside a compound field (pao.ron, limits.2.base), by their own name.
PART_LABELS: dict[str, Promise] = {
    "min_han": pgettext_lazy("ruleset part", "From han"),
    "name": pgettext_lazy("ruleset part", "Limit"),
    "base": pgettext_lazy("ruleset part", "Base points"),
    "fu": pgettext_lazy("ruleset part", "Fu"),
    "han": pgettext_lazy("ruleset part", "Han"),
    "honba": pgettext_lazy("ruleset part", "From honba"),
    "factor": pgettext_lazy("ruleset part", "Factor"),
    "applies_to_chombo": pgettext_lazy("ruleset part", "Also on a chombo"),
    "yaku": pgettext_lazy("ruleset part", "Yakuman"),
    "ron": pgettext_lazy("ruleset part", "Paid on a ron"),
    "ron_honba_paid_by": pgettext_lazy("ruleset part", "Honba on a ron paid by"),
    "ron_odd_unit_paid_by": pgettext_lazy("ruleset part", "Odd unit on a ron paid by"),
    "daiminkan_rinshan": pgettext_lazy("ruleset part", "Rinshan after an open kan"),
    "dealin_by_non_riichi": pgettext_lazy("ruleset part", "Deal-in by a player not in riichi"),
    "value": pgettext_lazy("ruleset part", "Value"),
    "treated_as": pgettext_lazy("ruleset part", "Treated as"),
    "amount": pgettext_lazy("ruleset part", "Amount"),
    "unit": pgettext_lazy("ruleset part", "Unit"),
    "on_noten": pgettext_lazy("ruleset part", "On a noten bust"),
    "only_on_win": pgettext_lazy("ruleset part", "Only on a win"),
    "points": pgettext_lazy("ruleset part", "Points"),
    "strict": pgettext_lazy("ruleset part", "More than (not at least)"),
    "min_limit": pgettext_lazy("ruleset part", "From the limit"),
    "share_percent": pgettext_lazy("ruleset part", "Share (%)"),
    "events": pgettext_lazy("ruleset part", "Events"),
    "ron_paid_by": pgettext_lazy("ruleset part", "On a ron, paid by"),
    "tsumo_paid_by": pgettext_lazy("ruleset part", "On a tsumo, paid by"),
}


# The presets' red fives (赤ドラ), a line of information the engine does not read: each
# preset's words, in the page's language (a test checks every preset's has one; "none" is
# a choice's).
RED_FIVES_TEXT: dict[str, Promise] = {
    "one each of 5m 5p 5s": pgettext_lazy("red fives", "one each of 5m 5p 5s"),
    "one each of 5p 5s": pgettext_lazy("red fives", "one each of 5p 5s"),
    "5m, 5s and two 5p": pgettext_lazy("red fives", "5m, 5s and two 5p"),
    "5p and 5s always dora; 白 wild": pgettext_lazy("red fives", "5p and 5s always dora; 白 wild"),
    "every 5p and 5s: 2 red + 2 gold each": pgettext_lazy(
        "red fives", "every 5p and 5s: 2 red + 2 gold each"
    ),
    "optional": pgettext_lazy("red fives", "optional"),
    "table option": pgettext_lazy("red fives", "table option"),
}


def choice_label(value: str) -> str:
    """The label of a choice in the page's language; a value without one shows as it is (a
    test forbids that), or as the preset's red fives read."""
    label = CHOICE_LABELS.get(value) or RED_FIVES_TEXT.get(value)
    return value if label is None else str(label)


def part_label(name: str) -> str:
    return str(PART_LABELS.get(name, name))
