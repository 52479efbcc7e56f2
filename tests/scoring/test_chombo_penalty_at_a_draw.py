"""Seed 003 (白マティ): a chombo recorded during a hand is settled when the hand ends,
「和了確定時、もしくは流局時に合わせてチョンボ代を精算」, whatever else the end brings."""

from __future__ import annotations

from rulesets.registry import PRESETS
from scoring.facts import Chombo, Draw, Hand, Penalty, PenaltyKind, TableState
from scoring.hand_settlement import OutcomeKind
from scoring.ledger import Reason
from scoring.settle import settle_hand

SEED_003 = PRESETS["seed-003"]
START = TableState("E", 1, dealer=0, honba=0, sticks=0, scores=(50, 50, 50))


def test_a_recorded_chombo_is_paid_when_the_same_draw_has_a_noten_riichi() -> None:
    # Seat 1 chombo'd during the hand (30点オール); at the draw seat 2 is in riichi and noten,
    # which is itself a chombo (不聴立直). Both penalties reach the ledger.
    hand = Hand(result=Draw(tenpai=(0,)), riichi=(2,),
                penalties=(Penalty(PenaltyKind.CHOMBO, 1),))
    settled = settle_hand(START, hand, ruleset=SEED_003)
    assert settled.kind is OutcomeKind.CHOMBO
    paid = [(t.payer, t.payee, t.amount) for t in settled.transfers
            if t.reason is Reason.CHOMBO]
    assert sorted(paid) == [(1, 0, 30), (1, 2, 30), (2, 0, 30), (2, 1, 30)]
    assert settled.deltas == (60, -30, -30)


def test_a_recorded_chombo_alone_is_paid_at_the_draw() -> None:
    hand = Hand(result=Draw(tenpai=(0,)), penalties=(Penalty(PenaltyKind.CHOMBO, 1),))
    settled = settle_hand(START, hand, ruleset=SEED_003)
    # No-ten money: seats 1 and 2 pay 15 each to seat 0; then seat 1's 30 to each other.
    assert settled.deltas == (30 + 30, -15 - 60, -15 + 30)


def test_a_recorded_chombo_is_paid_when_the_hand_then_stops_on_another_chombo() -> None:
    hand = Hand(result=Chombo(offender=2), penalties=(Penalty(PenaltyKind.CHOMBO, 1),))
    settled = settle_hand(START, hand, ruleset=SEED_003)
    assert settled.deltas == (30 + 30, -60 + 30, 30 - 60)


def test_two_noten_riichi_at_one_draw_are_two_chombo() -> None:
    # Standard: each noten riichi pays a reverse mangan (満貫払い); the sticks go back.
    state = TableState("E", 1, dealer=0, honba=0, sticks=0, scores=(25000,) * 4)
    hand = Hand(result=Draw(tenpai=(0,)), riichi=(1, 2))
    settled = settle_hand(state, hand, ruleset=PRESETS["standard"])
    paid = sorted((t.payer, t.payee, t.amount) for t in settled.transfers
                  if t.reason is Reason.CHOMBO)
    assert paid == [(1, 0, 4000), (1, 2, 2000), (1, 3, 2000),
                    (2, 0, 4000), (2, 1, 2000), (2, 3, 2000)]
    assert settled.deltas == (8000, -6000, -6000, 4000)
