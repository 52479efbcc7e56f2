"""What settling one hand gives: its kind of outcome and its ledger (scoring.settle)."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from scoring.ledger import Transfer
from scoring.notes import Note


class OutcomeKind(StrEnum):
    WIN = "win"
    DRAW = "draw"
    ABORTIVE = "abortive"
    CHOMBO = "chombo"  # the hand is replayed


@dataclass(frozen=True, slots=True)
class HandSettlement:
    kind: OutcomeKind
    transfers: tuple[Transfer, ...]
    deltas: tuple[int, ...]
    sticks_after: int
    winners: tuple[int, ...] = ()  # in head order; the first is the head winner
    tenpai: tuple[int, ...] = ()
    bonuses: tuple[int, ...] = ()  # settlement bonuses in points (tobi bonus in p)
    # 罰符 taken at the final settlement, in points: a chombo deduction (精算時の減点), and
    # the other players' shares where the ruleset splits it among them. Empty or zeros where
    # the chombo is paid at the table.
    deductions: tuple[int, ...] = ()
    notes: tuple[Note, ...] = ()
    chips: tuple[int, ...] = ()  # 祝儀 moved in this hand, per seat


def outcome_of(kind: OutcomeKind, transfers: tuple[Transfer, ...], sticks_after: int,
               winners: tuple[int, ...] = (), *, tenpai: tuple[int, ...] = (),
               notes: tuple[Note, ...] = ()) -> HandSettlement:
    """A hand's settlement before its deltas: settle_hand works them out once, over the
    whole hand's ledger."""
    return HandSettlement(kind=kind, transfers=transfers, deltas=(), sticks_after=sticks_after,
                          winners=winners, tenpai=tenpai, notes=notes)
