"""Per-game money (shared/spec/settlement.md): points × rate, chips × chip value, fees.

    money_from_points = round_money(game_result × rate)
    money_from_chips  = chip_balance × chip_value
    game_money        = money_from_points + money_from_chips − fee

Everything is integer yen. Results are stored in tenths of the ruleset's unit, so a result
times a rate is an exact fraction with denominator 10 and rounding is done on integers.
The stored terms and results are read by selectors.money; this module only computes.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Protocol


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


@dataclass(frozen=True, slots=True)
class SeatResult:
    seat: int
    rank: int  # 着順, 1 = top
    result_tenths: int  # 成績 in tenths of the ruleset's unit (p)
    chips: int  # the engine's final.chips for the seat
    is_staff_play: bool = False  # 本走: no fee


@dataclass(frozen=True, slots=True)
class SeatMoney:
    seat: int
    rank: int
    result_tenths: int
    chips: int
    points_yen: int
    chips_yen: int
    fee_yen: int
    is_staff_play: bool

    @property
    def game_money_yen(self) -> int:
        return self.points_yen + self.chips_yen - self.fee_yen


def round_money(numerator: int, denominator: int, *, unit: int) -> int:
    """numerator / denominator yen, rounded half away from zero to a multiple of `unit` yen.

    >>> [round_money(yen, 1, unit=100) for yen in (350, -350, -349)]
    [400, -400, -300]
    >>> round_money(45 * 50, 10, unit=10)  # +4.5p at 50 yen per 1p: 225 yen → 230
    230
    """
    scale = denominator * unit
    magnitude = (2 * abs(numerator) + scale) // (2 * scale)
    return (magnitude if numerator >= 0 else -magnitude) * unit


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
    >>> rows = [SeatResult(0, 1, 520, 3), SeatResult(1, 2, 70, 0), SeatResult(2, 3, -130, -1),
    ...         SeatResult(3, 4, -460, -2)]
    >>> [m.game_money_yen for m in game_money_compute(terms, rows)]
    [2300, -50, -1150, -2900]
    """
    unit = terms.money_unit_yen
    points = {
        s.seat: round_money(s.result_tenths * terms.rate_yen_per_p, 10, unit=unit) for s in seats
    }
    top = min(seats, key=lambda s: (s.rank, s.seat)) if seats else None
    if top is not None:
        exact_total = sum(s.result_tenths for s in seats) * terms.rate_yen_per_p
        others = sum(points[s.seat] for s in seats if s.seat != top.seat)
        points[top.seat] = round_money(exact_total, 10, unit=unit) - others
    return tuple(
        SeatMoney(
            seat=s.seat,
            rank=s.rank,
            result_tenths=s.result_tenths,
            chips=s.chips,
            points_yen=points[s.seat],
            chips_yen=s.chips * terms.chip_value_yen,
            fee_yen=fee_for(terms, rank=s.rank, is_staff_play=s.is_staff_play),
            is_staff_play=s.is_staff_play,
        )
        for s in sorted(seats, key=lambda s: s.seat)
    )
