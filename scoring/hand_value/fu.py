"""Fu 符 of a four-sets-and-a-pair reading, with each part named (符計算).

Triplets and kans are 2 fu, doubled for a terminal or honor, for a concealed set, and four
times for a kan (明刻2 暗刻4 明槓8 暗槓16, ×2 for 么九牌).

>>> from scoring.hand_value.readings import SEQUENCE, TRIPLET
>>> from scoring.hand_value.hand import WinFlags
>>> from scoring.ruleset_files import load_directory, default_preset_dir
>>> standard = load_directory(default_preset_dir())["standard"]
>>> facts = HandFacts(counts=(), concealed_counts=(), suits=(True, False, False),
...                   has_honors=True, has_simples=True, has_outside=True, meld_groups=(),
...                   red_fives=0, fives_held=0, win=4, is_open=False, is_tsumo=False,
...                   has_melds=False, seat_wind=28, round_wind=27, flags=WinFlags())
>>> parts: list[FuPart] = []
>>> hand_fu([(TRIPLET, 27, False, True), (SEQUENCE, 0, False, True)], 4, Wait.TANKI,
...         facts=facts, is_pinfu=False, ruleset=standard, parts=parts)
40
>>> [(p.reason, p.fu) for p in parts]
[('base', 20), ('closed_ron', 10), ('closed_triplet', 8), ('wait_tanki', 2)]
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from types import MappingProxyType

from scoring.hand_value.readings import TRIPLET, Wait
from scoring.hand_value.tiles import DRAGONS, TERMINALS_AND_HONORS
from scoring.hand_value.yaku import Group, HandFacts
from scoring.ruleset import Ruleset

BASE_FU = 20  # 副底
CLOSED_RON_FU = 10  # 門前加符
TSUMO_FU = 2  # ツモ符
WAIT_FU = 2  # 嵌張・辺張・単騎
VALUE_PAIR_FU = 2  # 役牌の雀頭
OPEN_PINFU_RON_FU = 30  # 喰い平和形の栄和は30符
NO_FU = -1  # the tile of a part that is about the whole hand


@dataclass(frozen=True, slots=True)
class FuPart:
    reason: str  # base, closed_ron, tsumo, wait_<kind>, pair, open_/closed_ triplet/kan, ...
    tile: int  # the tile of the set or pair; NO_FU for the hand-wide parts
    fu: int


BASE_PART = FuPart("base", NO_FU, BASE_FU)
CLOSED_RON_PART = FuPart("closed_ron", NO_FU, CLOSED_RON_FU)
TSUMO_PART = FuPart("tsumo", NO_FU, TSUMO_FU)
OPEN_PINFU_RON_PART = FuPart("open_pinfu_ron", NO_FU, OPEN_PINFU_RON_FU - BASE_FU)
WAIT_PARTS = MappingProxyType({wait: FuPart(f"wait_{wait.value}", NO_FU, WAIT_FU)
                               for wait in (Wait.KANCHAN, Wait.PENCHAN, Wait.TANKI)})


def pair_fu(pair: int, *, seat_wind: int, round_wind: int, double_wind_fu: int) -> int:
    """A dragon, seat-wind or round-wind pair is 2 fu; a pair of both winds is the ruleset's
    ``double_wind_pair_fu`` (連風牌)."""
    if pair < 27:
        return 0
    if pair in DRAGONS:
        return VALUE_PAIR_FU
    if pair == seat_wind and pair == round_wind:
        return double_wind_fu
    if pair in (seat_wind, round_wind):
        return VALUE_PAIR_FU
    return 0


def set_fu(tile: int, *, is_kan: bool, concealed: bool) -> int:
    """明刻2 暗刻4 明槓8 暗槓16, twice that for a terminal or honor (么九牌)."""
    return 2 << ((tile in TERMINALS_AND_HONORS) + concealed + 2 * is_kan)


# (tile, is_kan, is_concealed) → the part a triplet or kan adds, with its fu
SET_PARTS = MappingProxyType({
    (tile, is_kan, concealed): FuPart(
        f"{'closed' if concealed else 'open'}_{'kan' if is_kan else 'triplet'}", tile,
        set_fu(tile, is_kan=is_kan, concealed=concealed))
    for tile in range(34) for is_kan in (False, True) for concealed in (False, True)})


def hand_fu(groups: Sequence[Group], pair: int, wait: Wait, *, facts: HandFacts,
            is_pinfu: bool, ruleset: Ruleset, parts: list[FuPart] | None = None) -> int:
    """The fu, rounded up to 10; each part is appended to ``parts`` when it is given (the
    evaluator asks for them on the chosen reading only)."""
    if parts is not None:
        parts.append(BASE_PART)
    is_tsumo = facts.is_tsumo
    if is_pinfu and is_tsumo and ruleset.pinfu_tsumo_fu is not None:
        return ruleset.pinfu_tsumo_fu
    total = BASE_FU
    if not is_tsumo and not facts.is_open:
        total += CLOSED_RON_FU
        if parts is not None:
            parts.append(CLOSED_RON_PART)
    for shape, tile, is_kan, concealed in groups:
        if shape == TRIPLET:
            part = SET_PARTS[tile, is_kan, concealed]
            total += part.fu
            if parts is not None:
                parts.append(part)
    value_pair = pair_fu(pair, seat_wind=facts.seat_wind, round_wind=facts.round_wind,
                         double_wind_fu=ruleset.double_wind_pair_fu)
    if value_pair:
        total += value_pair
        if parts is not None:
            parts.append(FuPart("pair", pair, value_pair))
    if wait is not Wait.RYANMEN and wait is not Wait.SHANPON:  # 嵌張・辺張・単騎
        total += WAIT_FU
        if parts is not None:
            parts.append(WAIT_PARTS[wait])
    if is_tsumo:  # a pinfu tsumo has returned above unless the ruleset counts it 30 fu
        total += TSUMO_FU
        if parts is not None:
            parts.append(TSUMO_PART)
    elif total == BASE_FU and facts.is_open:
        # 喰い平和: an open hand with no fu at all is 30 on a ron.
        total = OPEN_PINFU_RON_FU
        if parts is not None:
            parts.append(OPEN_PINFU_RON_PART)
    return -(-total // 10) * 10
