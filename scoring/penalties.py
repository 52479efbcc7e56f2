"""Penalties: chombo (錯和), dead hands (和了放棄) and deposits (rules README §1.8)."""

from __future__ import annotations

from collections.abc import Iterable

from scoring.errors import HandError
from scoring.facts import Chombo, Hand, PenaltyKind, Ron, TableState, Tsumo, Win
from scoring.ledger import Reason, Transfer, round_up
from scoring.payments import doubled, wareme_seat
from scoring.ruleset import ChomboDeductionTo, ChomboHand, ChomboPayment, LimitName, Ruleset
from scoring.values import base_points, ron_amount


def dead_seats(hand: Hand, ruleset: Ruleset) -> frozenset[int]:
    """Seats that cannot win this hand and count as noten at a draw."""
    dead = {p.seat for p in hand.penalties if p.kind is PenaltyKind.DEAD_HAND}
    if ruleset.chombo_hand is ChomboHand.CONTINUE_DEAD_HAND:
        dead |= {p.seat for p in hand.penalties if p.kind is PenaltyKind.CHOMBO}
    return frozenset(dead)


def check_dead_hands(hand: Hand, ruleset: Ruleset) -> None:
    if not hand.penalties:
        return
    for i, penalty in enumerate(hand.penalties):
        field = f"penalties[{i}]"
        if (penalty.kind is PenaltyKind.CHOMBO
                and ruleset.chombo_hand is not ChomboHand.CONTINUE_DEAD_HAND):
            raise HandError(f"in ruleset {ruleset.id} a chombo stops the hand: record it "
                            "as the hand's result ({\"kind\": \"chombo\"})", field=field,
                            code="chombo_replays")
        if penalty.seat == hand.sit_out and penalty.kind is not PenaltyKind.CHOMBO:
            raise HandError(f"seat {penalty.seat} sits this hand out", field=field,
                            code="sit_out_penalty")
    dead = dead_seats(hand, ruleset)
    result = hand.result
    winners = ([w.winner for w in result.wins] if isinstance(result, Ron)
               else [result.win.winner] if isinstance(result, Tsumo) else [])
    for seat in winners:
        if seat in dead:
            raise HandError(f"seat {seat} has a dead hand (和了放棄) and cannot win",
                            field="result", code="dead_hand_win")


def deposit_transfers(hand: Hand, ruleset: Ruleset) -> tuple[Transfer, ...]:
    """供託 for a false call or false riichi: put on the table like a riichi stick."""
    return tuple(Transfer(p.seat, None, ruleset.penalty_deposit or 0, Reason.DEPOSIT)
                 for p in hand.penalties if p.kind is PenaltyKind.DEPOSIT)


def chombo_payments(state: TableState, hand: Hand, offender: int, *, ruleset: Ruleset,
                    active: tuple[int, ...]) -> tuple[Transfer, ...]:
    """満貫払い (what a mangan tsumo by each other player would cost) or n all; a seat
    sitting out pays its own amount to each player in the hand (seed 003)."""
    if ruleset.chombo_payment is ChomboPayment.FINAL_DEDUCTION:
        return ()  # deducted at the final settlement instead: chombo_deductions
    wareme = wareme_seat(state, hand, active)
    transfers = []
    for seat in active:
        if seat == offender:
            continue
        amount = ruleset.chombo_amount
        if offender == hand.sit_out and ruleset.chombo_amount_sit_out is not None:
            amount = ruleset.chombo_amount_sit_out
        elif ruleset.chombo_payment is ChomboPayment.MANGAN_REVERSE:
            factor = 2 if state.dealer in (seat, offender) else 1
            amount = round_up(amount * factor, ruleset.point_unit)
        amount = doubled(amount, offender, seat, Reason.CHOMBO, wareme=wareme,
                         ruleset=ruleset)
        transfers.append(Transfer(offender, seat, amount, Reason.CHOMBO))
    return tuple(transfers)


def chombo_deductions(offenders: Iterable[int], hand: Hand, *, seats: int,
                      active: tuple[int, ...], ruleset: Ruleset) -> tuple[int, ...]:
    """精算時の減点 (EMA, WRC, JPML): each offender's deduction at the final settlement, in
    points, and the other players' shares where the ruleset splits it among them."""
    bonuses = [0] * seats
    if ruleset.chombo_payment is not ChomboPayment.FINAL_DEDUCTION:
        return tuple(bonuses)
    for offender in offenders:
        amount = ruleset.chombo_amount
        if offender == hand.sit_out and ruleset.chombo_amount_sit_out is not None:
            amount = ruleset.chombo_amount_sit_out
        bonuses[offender] -= amount
        if ruleset.chombo_deduction_to is ChomboDeductionTo.OTHERS:
            others = [s for s in active if s != offender]
            for seat in others:
                bonuses[seat] += amount // len(others)
    return tuple(bonuses)


def recorded_chombo_offenders(hand: Hand) -> tuple[int, ...]:
    """Seats whose chombo was recorded during a hand that went on (seed 003)."""
    return tuple(p.seat for p in hand.penalties if p.kind is PenaltyKind.CHOMBO)


def penalty_chombo_transfers(state: TableState, hand: Hand, *, ruleset: Ruleset,
                             active: tuple[int, ...]) -> tuple[Transfer, ...]:
    """Chombo recorded during a hand that went on (seed 003), settled at its end."""
    transfers: tuple[Transfer, ...] = ()
    if not hand.penalties:
        return transfers
    for penalty in hand.penalties:
        if penalty.kind is PenaltyKind.CHOMBO:
            transfers += chombo_payments(state, hand, penalty.seat, ruleset=ruleset,
                                         active=active)
    return transfers


# What a chombo replay hands back for each kind of stick put down in the hand (seed 001 §5.1).
_RETURNED = {Reason.RIICHI: Reason.RIICHI_RETURN, Reason.DEPOSIT: Reason.DEPOSIT_RETURN}


def chombo_replay_transfers(state: TableState, hand: Hand, chombo: Chombo, *,
                            ruleset: Ruleset, active: tuple[int, ...]
                            ) -> tuple[Transfer, ...]:
    """The hand stopped by a chombo: sticks and deposits go back, the offender pays,
    and a spoiled large hand is compensated where the ruleset says so."""
    put = tuple(Transfer(s, None, ruleset.riichi_stick, Reason.RIICHI) for s in hand.riichi)
    put += deposit_transfers(hand, ruleset)
    returned = tuple(Transfer(None, t.payer, t.amount, _RETURNED[t.reason]) for t in put)
    paid = chombo_payments(state, hand, chombo.offender, ruleset=ruleset, active=active)
    return put + returned + paid + compensation(state, chombo, ruleset=ruleset)


def compensation(state: TableState, chombo: Chombo, *,
                 ruleset: Ruleset) -> tuple[Transfer, ...]:
    """Seed 001: half the ron value of a spoiled haneman-or-larger hand, no honba."""
    comp, rule = chombo.compensation, ruleset.chombo_compensation
    if comp is None or rule is None:
        return ()
    if comp.to == chombo.offender:
        raise HandError("the offender cannot be compensated", field="result.compensation.to",
                        code="invalid_compensation")
    spoiled = Win(winner=comp.to, han=comp.han, fu=comp.fu, yakuman=comp.yakuman)
    floor = ruleset.limit_base(rule.min_limit) or ruleset.limit_base(LimitName.MANGAN)
    if base_points(spoiled, ruleset) < (floor or 0):
        raise HandError(f"compensation is only for a {rule.min_limit.value} or larger hand",
                        field="result.compensation", code="invalid_compensation")
    value = ron_amount(spoiled, winner_is_dealer=comp.to == state.dealer, ruleset=ruleset)
    amount = round_up(value * rule.share_percent // 100, ruleset.point_unit)
    return (Transfer(chombo.offender, comp.to, amount, Reason.COMPENSATION),)
