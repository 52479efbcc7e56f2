"""Reading one hand of a ``tenbo-game/1`` record: riichi, sit-out (抜け番), wareme (割れ目),
penalties and the result, with the checks that need no running scores."""

from __future__ import annotations

from typing import Any

from scoring.facts import Draw, Hand, Penalty, PenaltyKind, Ron, Tsumo
from scoring.fields import FieldReader
from scoring.result_input import read_result
from scoring.ruleset import Ruleset

HAND_FIELDS = ("riichi", "open_riichi", "riichi_cancelled", "sit_out", "dice", "wareme",
               "penalties", "result", "stop")


def read_hand(data: Any, *, index: int, ruleset: Ruleset, seats: int) -> Hand:
    hand = FieldReader(data, hand=index, path=f"hands[{index}]")
    hand.only(HAND_FIELDS)
    riichi = hand.seat_list("riichi", seats=seats, what="seats whose riichi stood")
    open_riichi = hand.seat_list("open_riichi", seats=seats, what="open riichi seats")
    cancelled = hand.seat_list("riichi_cancelled", seats=seats, what="cancelled riichi")
    if open_riichi and ruleset.open_riichi is None:
        hand.fail("open_riichi", f"ruleset {ruleset.id} has no open riichi")
    if cancelled and ruleset.riichi_cancel_fee is None:
        hand.fail("riichi_cancelled", f"ruleset {ruleset.id} has no riichi cancel")
    for name, group in (("open_riichi", open_riichi), ("riichi_cancelled", cancelled)):
        for seat in group:
            if seat not in riichi:
                hand.fail(name, f"seat {seat} is listed in '{name}' but not in 'riichi'")
    sit_out = read_sit_out(hand, ruleset=ruleset, seats=seats)
    wareme = read_wareme(hand, ruleset=ruleset, seats=seats)
    result = read_result(hand.child("result"), ruleset=ruleset, seats=seats)
    penalties = read_penalties(hand, ruleset=ruleset, seats=seats)
    parsed = Hand(result=result, riichi=riichi, open_riichi=open_riichi,
                  riichi_cancelled=cancelled, sit_out=sit_out, wareme=wareme,
                  penalties=penalties, stop=hand.boolean("stop"))
    if sit_out is not None:
        check_sit_out_absent(hand, parsed)
    check_riichi_winner_closed(hand, parsed)
    return parsed


def check_riichi_winner_closed(reader: FieldReader, hand: Hand) -> None:
    """A winner whose riichi stood won with a closed hand: `open: true` on their win is
    refused (立直 needs 門前)."""
    result = hand.result
    if isinstance(result, Ron):
        wins = [(f"result.wins[{i}].open", w) for i, w in enumerate(result.wins)]
    elif isinstance(result, Tsumo):
        wins = [("result.win.open", result.win)]
    else:
        return
    for field, win in wins:
        if win.is_open and win.winner in hand.riichi:
            reader.fail(field, f"seat {win.winner} won after riichi, so with a closed hand "
                               "(門前); 'open' cannot be true", code="open_with_closed_yaku")


def read_sit_out(hand: FieldReader, *, ruleset: Ruleset, seats: int) -> int | None:
    if seats == ruleset.player_count:
        if hand.has("sit_out"):
            hand.fail("sit_out", "'sit_out' is only for a three-player game played by four")
        return None
    return hand.seat("sit_out", seats=seats, what="the seat sitting this hand out")


def read_wareme(hand: FieldReader, *, ruleset: Ruleset, seats: int) -> int | None:
    """The wareme seat, given directly or as an offset from the dealer by the dice.

    The dice offset is returned as ``-1 - offset`` and resolved against the dealer
    during the replay, where the dealer is known.
    """
    if not hand.has("dice") and not hand.has("wareme"):
        return None
    if ruleset.wareme is None:
        name = "dice" if hand.has("dice") else "wareme"
        hand.fail(name, f"ruleset {ruleset.id} has no wareme (割れ目); leave '{name}' out")
    if hand.has("dice") and hand.has("wareme"):
        hand.fail("wareme", "give either 'dice' or 'wareme', not both")
    if hand.has("wareme"):
        return hand.seat("wareme", seats=seats, what="the wareme seat")
    dice = hand.integer("dice", low=2, high=12, what="the dice total")
    return -1 - (dice - 1) % 4


def read_penalties(hand: FieldReader, *, ruleset: Ruleset,
                   seats: int) -> tuple[Penalty, ...]:
    if not hand.has("penalties"):
        return ()
    items = hand.data["penalties"]
    if not isinstance(items, list):
        hand.fail("penalties", "'penalties' must be a list")
    penalties = []
    for i, item in enumerate(items):
        p = FieldReader(item, hand=hand.hand, path=hand.where(f"penalties[{i}]"))
        kind = p.require("kind", "chombo, dead_hand or deposit")
        if kind not in {k.value for k in PenaltyKind}:
            p.fail("kind", f"unknown penalty {kind!r}; use chombo, dead_hand or deposit")
        seat_field = "offender" if kind == "chombo" else "seat"
        p.only(("kind", seat_field))
        seat = p.seat(seat_field, seats=seats, what="who is penalised")
        if kind == PenaltyKind.DEPOSIT and ruleset.penalty_deposit is None:
            p.fail("kind", f"ruleset {ruleset.id} has no penalty deposit")
        penalties.append(Penalty(kind=PenaltyKind(kind), seat=seat))
    return tuple(penalties)


def check_sit_out_absent(reader: FieldReader, hand: Hand) -> None:
    out = hand.sit_out
    involved: list[tuple[str, int]] = [("riichi", s) for s in hand.riichi]
    result = hand.result
    if isinstance(result, Ron):
        involved.append(("result.loser", result.loser))
        involved += [(f"result.wins[{i}].winner", w.winner) for i, w in enumerate(result.wins)]
    elif isinstance(result, Tsumo):
        involved.append(("result.win.winner", result.win.winner))
    elif isinstance(result, Draw):
        involved += [("result.tenpai", s) for s in result.tenpai + result.nagashi]
    for field, seat in involved:
        if seat == out:
            reader.fail(field, f"seat {seat} sits this hand out and cannot play in it")
