"""Tobi payments (飛び賞 / トビ払い): what a busted player pays (rules README §3.7).

Seed 000 moves 10,000 points to the player who busted them, inside the hand; seed 001
pays a 5p bonus that only enters the final settlement.
"""

from __future__ import annotations

from collections.abc import Sequence

from scoring.ledger import Reason, Transfer, deltas_of
from scoring.payments import turn_order_from
from scoring.ruleset import Ruleset, Tobi, TobiOnNoten, TobiPaymentUnit

P = 1000


def is_busted(score: int, ruleset: Ruleset) -> bool:
    if ruleset.tobi is Tobi.BELOW_ZERO:
        return score < 0
    if ruleset.tobi is Tobi.AT_OR_BELOW_ZERO:
        return score <= 0
    return False


def buster_of(seat: int, start: int, transfers: Sequence[Transfer], winners: Sequence[int],
              ruleset: Ruleset) -> int | None:
    """The winner whose payment first took ``seat`` under, payments applied in order
    (head order on a multiple ron)."""
    running = start
    for t in transfers:
        if t.payer == seat:
            running -= t.amount
            if t.payee in winners and is_busted(running, ruleset):
                return t.payee
        elif t.payee == seat:
            running += t.amount
    return None


def tobi_after_win(scores: tuple[int, ...], transfers: Sequence[Transfer],
                   winners: Sequence[int], *, ruleset: Ruleset
                   ) -> tuple[tuple[Transfer, ...], tuple[int, ...]]:
    """Payments in points and bonuses (in points, 1p = 1,000) owed after a win."""
    rule = ruleset.tobi_payment
    bonuses = [0] * len(scores)
    if rule is None:
        return (), tuple(bonuses)
    after = [s + d for s, d in zip(scores, deltas_of(transfers, len(scores)))]
    payments = []
    for seat, score in enumerate(after):
        if not is_busted(score, ruleset):
            continue
        payee = buster_of(seat, scores[seat], transfers, winners, ruleset)
        if payee is None:
            continue
        if rule.unit is TobiPaymentUnit.POINTS:
            payments.append(Transfer(seat, payee, rule.amount, Reason.TOBI_PAYMENT))
        else:
            bonuses[seat] -= rule.amount * P
            bonuses[payee] += rule.amount * P
    return tuple(payments), tuple(bonuses)


def tobi_after_noten(scores: tuple[int, ...], transfers: Sequence[Transfer],
                     tenpai: Sequence[int], active: tuple[int, ...], *,
                     ruleset: Ruleset) -> tuple[Transfer, ...]:
    """A player busted by no-ten money pays the nearest tenpai player on their
    shimocha side (seed 000)."""
    rule = ruleset.tobi_payment
    if (rule is None or rule.only_on_win or rule.on_noten is TobiOnNoten.NONE
            or rule.unit is not TobiPaymentUnit.POINTS):
        return ()
    after = [s + d for s, d in zip(scores, deltas_of(transfers, len(scores)))]
    payments = []
    for seat, score in enumerate(after):
        paid_noten = any(t.payer == seat and t.reason is Reason.NOTEN for t in transfers)
        if not is_busted(score, ruleset) or not paid_noten:
            continue
        nearest = next((s for s in turn_order_from(seat, active) if s in tenpai), None)
        if nearest is not None:
            payments.append(Transfer(seat, nearest, rule.amount, Reason.TOBI_PAYMENT))
    return tuple(payments)
