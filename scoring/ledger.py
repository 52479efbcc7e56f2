"""The ledger: every movement of points in a hand, with payer, payee and reason."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import Any


class Reason(StrEnum):
    RIICHI = "riichi"  # a stick put on the table
    RIICHI_RETURN = "riichi_return"  # sticks handed back after a chombo replay
    DEPOSIT_RETURN = "deposit_return"  # penalty deposits handed back after a chombo replay
    RON = "ron"
    TSUMO = "tsumo"
    HONBA = "honba"  # 積み棒
    STICKS = "sticks"  # 供託 collected by the winner
    NOTEN = "noten"  # 不聴罰符
    NAGASHI = "nagashi"
    CHOMBO = "chombo"
    COMPENSATION = "compensation"
    PAO = "pao"  # 包
    TOBI_PAYMENT = "tobi_payment"
    DEPOSIT = "deposit"
    OPEN_RIICHI = "open_riichi"


# What a winner is paid for the hand itself (not honba, sticks or penalties).
WIN_PAYMENTS = frozenset({Reason.RON, Reason.TSUMO, Reason.PAO})


@dataclass(frozen=True, slots=True)
class Transfer:
    payer: int | None  # None: out of the sticks on the table
    payee: int | None  # None: onto the table
    amount: int
    reason: Reason

    def to_dict(self) -> dict[str, object]:
        return {"from": self.payer, "to": self.payee, "amount": self.amount,
                "reason": self.reason.value}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Transfer:
        """A transfer as `to_dict` gives it (a stored outcome), back as the engine's value.

        >>> Transfer.from_dict(Transfer(2, 1, 3900, Reason.RON).to_dict())
        Transfer(payer=2, payee=1, amount=3900, reason=<Reason.RON: 'ron'>)
        """
        return cls(data["from"], data["to"], int(data["amount"]), Reason(data["reason"]))


def deltas_of(transfers: Iterable[Transfer], seats: int) -> tuple[int, ...]:
    """Net change of each seat's score over the transfers.

    >>> deltas_of([Transfer(2, 1, 3900, Reason.RON)], 4)
    (0, 3900, -3900, 0)
    """
    deltas = [0] * seats
    for t in transfers:
        if t.payer is not None:
            deltas[t.payer] -= t.amount
        if t.payee is not None:
            deltas[t.payee] += t.amount
    return tuple(deltas)


def round_up(amount: int, unit: int) -> int:
    """Round up to a multiple of ``unit`` (切り上げ).

    >>> round_up(3840, 100)
    3900
    """
    return -(-amount // unit) * unit
