"""The value of the chosen reading: han with dora, the limit, and the payment through the
ruleset's own payment code (``scoring.values``)."""

from __future__ import annotations

from dataclasses import dataclass
from types import MappingProxyType

from scoring.facts import Win
from scoring.hand_value.fu import NO_FU, FuPart, hand_fu
from scoring.hand_value.hand import WinningHand
from scoring.hand_value.readings import Reading, Shape, Wait
from scoring.hand_value.yaku import HandFacts
from scoring.hand_value.yaku_table import YakuHan
from scoring.ruleset import Ruleset, ValueInput
from scoring.ruleset_choices import LimitName
from scoring.values import base_points, ron_amount, tsumo_amounts

WIND_ORDER = ("E", "S", "W", "N")
NO_LIMIT = "none"
DISCARDER = "discarder"  # the payer of a ron (放銃者)
FIXED_FU = 40  # ValueInput.HAN_FIXED_40FU
# player count → winner's seat → the other seats, who pay a tsumo
OTHER_SEATS = MappingProxyType({count: tuple(tuple(s for s in range(count) if s != winner)
                                             for winner in range(count))
                                 for count in (3, 4)})


@dataclass(frozen=True, slots=True)
class HandValue:
    yaku: tuple[YakuHan, ...]
    han: int | None  # None for a yakuman
    fu: int | None  # None for thirteen orphans
    fu_parts: tuple[FuPart, ...]
    yakuman: int  # how many yakuman; 0 for a han/fu hand
    limit: str  # none, mangan, haneman, ..., yakuman (数え役満 too)
    points: int  # honba excluded; summed over the payers of a tsumo
    payers: tuple[tuple[str, int], ...]  # each payer and amount: "discarder", or a seat wind
    shape: Shape
    wait: Wait
    win: Win  # the value as the rest of the engine takes it (scoring.facts.Win)
    joker_faces: tuple[str, ...] = ()  # what each all-mighty tile was read as
    point_count: int | None = None  # 点数制: what one payer owes, yakuman at their points


@dataclass(frozen=True, slots=True)
class Scored:
    reading: Reading
    yaku: tuple[YakuHan, ...]
    han: int
    fu: int | None
    groups: tuple[tuple[int, int, bool, bool], ...]  # the reading's sets with the melds
    is_pinfu: bool
    yakuman_names: tuple[str, ...]
    yakuman: int


def as_win(scored: Scored, dora_han: int, hand: WinningHand) -> Win:
    winner = WIND_ORDER.index(hand.seat_wind)
    if scored.yakuman:
        return Win(winner=winner, yakuman=scored.yakuman, yakuman_names=scored.yakuman_names)
    fu = scored.fu if scored.fu is not None else 30
    return Win(winner=winner, han=scored.han + dora_han, fu=fu)


def reading_rank(scored: Scored, dora_han: int, hand: WinningHand,
                 ruleset: Ruleset) -> tuple[int, int, int]:
    """Higher is better: the base points, then han, then fu (高点法)."""
    base = base_points(as_win(scored, dora_han, hand), ruleset)
    return base, scored.han, scored.fu or 0


def payments(win: Win, hand: WinningHand, ruleset: Ruleset) -> tuple[tuple[str, int], ...]:
    if not hand.is_tsumo:
        amount = ron_amount(win, winner_is_dealer=hand.is_dealer, ruleset=ruleset)
        return ((DISCARDER, amount),)
    payers = OTHER_SEATS[hand.player_count][win.winner]
    owed = tsumo_amounts(win, dealer=0, payers=payers, ruleset=ruleset)
    return tuple((WIND_ORDER[p], owed[p]) for p in payers)


def limit_name(win: Win, ruleset: Ruleset) -> str:
    if win.is_yakuman:
        return LimitName.YAKUMAN.value
    assert win.han is not None
    for limit in reversed(ruleset.limits):  # the highest class the han reach
        if win.han >= limit.min_han:
            return limit.name.value
    if base_points(win, ruleset) >= ruleset.mangan_base:
        return LimitName.MANGAN.value
    return NO_LIMIT


def fu_parts(best: Scored, facts: HandFacts, ruleset: Ruleset) -> tuple[FuPart, ...]:
    """The named parts of the chosen reading's fu."""
    shape = best.reading.shape
    if best.fu is None or shape is Shape.THIRTEEN_ORPHANS:
        return ()
    if shape is Shape.SEVEN_PAIRS:
        return (FuPart("seven_pairs", NO_FU, best.fu),)
    parts: list[FuPart] = []
    hand_fu(best.groups, best.reading.pair, best.reading.wait, facts=facts,
            is_pinfu=best.is_pinfu, ruleset=ruleset, parts=parts)
    return tuple(parts)


def hand_value(best: Scored, dora: tuple[YakuHan, ...], hand: WinningHand, facts: HandFacts,
               ruleset: Ruleset) -> HandValue:
    dora_han = sum(d.han for d in dora)
    win = as_win(best, dora_han, hand)
    paid = payments(win, hand, ruleset)
    fu, parts = best.fu, fu_parts(best, facts, ruleset)
    if ruleset.value_input is ValueInput.HAN_FIXED_40FU and not best.yakuman:
        # 符計算なし: the house pays every hand as 40 fu (seed 004).
        fu, parts = FIXED_FU, (FuPart("fixed", NO_FU, FIXED_FU),)
    return HandValue(
        yaku=best.yaku + dora, han=win.han, fu=fu, fu_parts=parts,
        yakuman=best.yakuman, limit=limit_name(win, ruleset),
        points=sum(amount for _, amount in paid), payers=paid, shape=best.reading.shape,
        wait=best.reading.wait, win=win)


