"""Per-game money (shared/spec/settlement.md): result × rate, chips × chip value, fees.

    money_from_points = points_money(game_result, rate)   # units.py: p, points or 点 to yen
    money_from_chips  = chip_balance × chip_value
    game_money        = money_from_points + money_from_chips − fee

Everything is integer yen. A result is a units.Result (tenths of its settlement unit) and the
rate is per 1,000 points, or per 点 for a point count, so a result times a rate is an exact
fraction and rounding is done on integers. The stored terms and results are read by
selectors.money; this module only computes.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Protocol

from parlor.domain.units import (
    Rate,
    Result,
    SettlementUnit,
    exact_money,
    points_money,
    round_money,
)


class FeeModel(StrEnum):
    """How the parlor takes its game fee (ゲーム代 / 場代); models.FeeModel gives the labels."""

    EACH = "each"  # each player pays the fee
    EACH_PLUS_TOP = "each_plus_top"  # each pays the fee; the top also pays the top prize
    TOP_ONLY = "top_only"  # only the top pays, the whole table's fee


class HasTerms(Protocol):
    """A stored row of money terms (GameMoney, MoneySettings)."""

    def terms_dict(self) -> Mapping[str, object]: ...


@dataclass(frozen=True, slots=True)
class Terms:
    """The money terms of one game (a GameMoney or MoneySettings row, as values)."""

    rate_yen_per_p: int
    chip_value_yen: int
    fee_model: str
    game_fee_yen: int
    top_prize_yen: int
    money_unit_yen: int

    @classmethod
    def of(cls, row: HasTerms | Mapping[str, object]) -> Terms:
        values = row if isinstance(row, Mapping) else row.terms_dict()
        return cls(**{name: values[name] for name in cls.__slots__})  # type: ignore[arg-type]

    def rate_for(self, unit: SettlementUnit) -> Rate:
        """The rate as yen per 1,000 points, or per 点 where the result is a point count."""
        return Rate.for_unit(self.rate_yen_per_p, unit)


@dataclass(frozen=True, slots=True)
class SeatResult:
    seat: int
    rank: int  # 着順, 1 = top
    result: Result  # 成績, in the ruleset's unit
    chips: int  # the engine's final.chips for the seat
    is_staff_play: bool = False  # 本走: no fee


@dataclass(frozen=True, slots=True)
class SeatMoney:
    seat: int
    rank: int
    result: Result
    chips: int
    points_yen: int
    chips_yen: int
    fee_yen: int
    is_staff_play: bool
    left_game_tenths: int = 0  # the part of the result that left the game (house_money)

    @property
    def game_money_yen(self) -> int:
        return self.points_yen + self.chips_yen - self.fee_yen


def fee_for(terms: Terms, *, rank: int, is_staff_play: bool) -> int:
    """What the parlor takes from one seat for one game; 本走 pays nothing.

    >>> terms = Terms(50, 100, "each_plus_top", 400, 200, 10)
    >>> [fee_for(terms, rank=rank, is_staff_play=False) for rank in (1, 2)]
    [600, 400]
    """
    if is_staff_play:
        return 0
    is_top = rank == 1
    if terms.fee_model == FeeModel.TOP_ONLY:
        return terms.game_fee_yen if is_top else 0
    if terms.fee_model == FeeModel.EACH_PLUS_TOP:
        return terms.game_fee_yen + (terms.top_prize_yen if is_top else 0)
    return terms.game_fee_yen


def game_money_compute(terms: Terms, seats: Sequence[SeatResult]) -> tuple[SeatMoney, ...]:
    """Every seat's money for one game.

    Point money is rounded per seat; where rounding cuts in, the top's line takes the
    difference (settlement.md), so the table's point money sums to the rounded sum of its
    results (zero when the results are zero-sum).

    >>> terms = Terms(50, 100, "each_plus_top", 400, 200, 10)
    >>> p = [Result(t, SettlementUnit.P_1000) for t in (520, 70, -130, -460)]
    >>> rows = [SeatResult(0, 1, p[0], 3), SeatResult(1, 2, p[1], 0), SeatResult(2, 3, p[2], -1),
    ...         SeatResult(3, 4, p[3], -2)]
    >>> [m.game_money_yen for m in game_money_compute(terms, rows)]
    [2300, -50, -1150, -2900]

    A われポン game is settled in points: +16,000 points at 50 yen per 1,000 points is 800 yen.

    >>> pts = [Result(t * 10, SettlementUnit.POINTS) for t in (16_000, 2_000, -6_000, -12_000)]
    >>> rows = [SeatResult(seat, seat + 1, r, 0) for seat, r in enumerate(pts)]
    >>> [m.points_yen for m in game_money_compute(terms, rows)]
    [800, 100, -300, -600]
    """
    unit = terms.money_unit_yen
    if not seats:
        return ()
    rate = terms.rate_for(seats[0].result.unit)
    points = {s.seat: points_money(s.result, rate, money_unit_yen=unit) for s in seats}
    top = min(seats, key=lambda s: (s.rank, s.seat))
    total = seats[0].result
    for s in seats[1:]:
        total = total + s.result  # one unit per game: UnitMismatch otherwise
    others = sum(points[s.seat] for s in seats if s.seat != top.seat)
    points[top.seat] = round_money(*exact_money(total, rate), unit=unit) - others
    return tuple(
        SeatMoney(
            seat=s.seat,
            rank=s.rank,
            result=s.result,
            chips=s.chips,
            points_yen=points[s.seat],
            chips_yen=s.chips * terms.chip_value_yen,
            fee_yen=fee_for(terms, rank=s.rank, is_staff_play=s.is_staff_play),
            is_staff_play=s.is_staff_play,
        )
        for s in sorted(seats, key=lambda s: s.seat)
    )
