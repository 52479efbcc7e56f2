"""The units of a game's result and of its money, kept apart by type.

A game's result (成績) is in its ruleset's settlement unit: p (1p = 1,000 points, 点5 = 50 yen per
1p), points (われポン's 100点まで計算: the scoreboard's points themselves) or a point count's 点
(白マティ). A rate (レート) is yen per 1,000 points for the first two and yen per 点 for a point
count. `Result` and `Rate` are values without arithmetic between them, so `result * rate` does
not type-check: money is made from them in one named function, `points_money`.

No Django here: the money arithmetic (domain.money) and every page read these.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from scoring.ruleset_choices import SettlementUnit

__all__ = [
    "POINTS_PER_P",
    "Rate",
    "RateBasis",
    "Result",
    "SettlementUnit",
    "UnitMismatch",
    "points_money",
    "rate_basis_of",
    "round_money",
    "settlement_unit_of",
]

POINTS_PER_P = 1000  # 1p = 1,000 points (点5 = 50 yen per 1,000 points)


class UnitMismatch(ValueError):
    """Two results of different units were added, or a rate met a result it is not per."""


class RateBasis(StrEnum):
    """What a rate is per."""

    PER_1000_POINTS = "per_1000_points"  # 円/1,000点 (= yen per 1p)
    PER_TEN = "per_ten"  # 円/点, a point count


def settlement_unit_of(snapshot: object) -> SettlementUnit:
    """The settlement unit of a stored ruleset snapshot (a game's or a ruleset's dict).

    >>> settlement_unit_of({"settlement_unit": "points"}).value, settlement_unit_of({}).value
    ('points', 'p_1000')
    """
    value = snapshot.get("settlement_unit") if isinstance(snapshot, dict) else None
    return SettlementUnit(value) if value else SettlementUnit.P_1000


def rate_basis_of(unit: SettlementUnit) -> RateBasis:
    """What the rate of a table settled in `unit` is per.

    >>> rate_basis_of(SettlementUnit.POINTS).value, rate_basis_of(SettlementUnit.TEN).value
    ('per_1000_points', 'per_ten')
    """
    return RateBasis.PER_TEN if unit is SettlementUnit.TEN else RateBasis.PER_1000_POINTS


# The denominator that turns (tenths of the unit × yen per rate basis) into yen.
_YEN_DENOMINATOR = {
    SettlementUnit.P_1000: 10,  # tenths of a p × yen per p
    SettlementUnit.POINTS: 10 * POINTS_PER_P,  # tenths of a point × yen per 1,000 points
    SettlementUnit.TEN: 10,  # tenths of a 点 × yen per 点
}


@dataclass(frozen=True, slots=True, order=True)
class Result:
    """成績: a result in tenths of its settlement unit (Result(520, P_1000) is +52.0p,
    Result(160_000, POINTS) is +16,000 points, Result(300, TEN) is +30点).

    Results of one unit add up; adding two units raises UnitMismatch.

    >>> Result(520, SettlementUnit.P_1000) + Result(-130, SettlementUnit.P_1000)
    Result(tenths=390, unit=<SettlementUnit.P_1000: 'p_1000'>)
    >>> Result(160_000, SettlementUnit.POINTS).in_p_tenths()
    160
    """

    tenths: int
    unit: SettlementUnit

    def __add__(self, other: Result) -> Result:
        if other.unit is not self.unit:
            raise UnitMismatch(f"cannot add a result in {other.unit} to one in {self.unit}")
        return Result(self.tenths + other.tenths, self.unit)

    def __neg__(self) -> Result:
        return Result(-self.tenths, self.unit)

    @classmethod
    def zero(cls, unit: SettlementUnit) -> Result:
        return cls(0, unit)

    @property
    def is_negative(self) -> bool:
        return self.tenths < 0

    @property
    def converts_to_p(self) -> bool:
        """p and points convert to p (1,000 points = 1p); a point count's 点 does not."""
        return self.unit is not SettlementUnit.TEN

    def in_p_tenths(self) -> int:
        """The result in tenths of a p (points: 1,000 points = 1p, half away from zero).

        Raises UnitMismatch for a point count, which has no p.
        """
        if self.unit is SettlementUnit.P_1000:
            return self.tenths
        if self.unit is SettlementUnit.TEN:
            raise UnitMismatch("a point count's 点 has no p")
        whole, rest = divmod(abs(self.tenths), POINTS_PER_P)
        whole += 2 * rest >= POINTS_PER_P
        return whole if self.tenths >= 0 else -whole

    def in_p(self) -> Result:
        """This result as p (tenths of a p)."""
        return Result(self.in_p_tenths(), SettlementUnit.P_1000)

    def number(self) -> str:
        """The number as staff read it, without its unit: +52.0 (p), +16,000 (points), +30 (点).

        >>> [Result(t, u).number() for t, u in ((520, SettlementUnit.P_1000),
        ...     (-160_000, SettlementUnit.POINTS), (300, SettlementUnit.TEN))]
        ['+52.0', '-16,000', '+30']
        """
        sign = "-" if self.tenths < 0 else "+" if self.tenths > 0 else "±"
        whole, tenth = divmod(abs(self.tenths), 10)
        if self.unit is SettlementUnit.P_1000 or tenth:
            return f"{sign}{whole:,}.{tenth}"
        return f"{sign}{whole:,}"


@dataclass(frozen=True, slots=True)
class Rate:
    """レート: yen per 1,000 points (= per 1p), or per 点 for a point count."""

    yen: int
    basis: RateBasis

    @classmethod
    def for_unit(cls, yen: int, unit: SettlementUnit) -> Rate:
        return cls(yen, rate_basis_of(unit))


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


def points_money(result: Result, rate: Rate, *, money_unit_yen: int) -> int:
    """The yen a result is worth at a rate, rounded to the money unit: the one conversion.

    >>> p5 = Rate(50, RateBasis.PER_1000_POINTS)
    >>> points_money(Result(160_000, SettlementUnit.POINTS), p5, money_unit_yen=10)
    800
    >>> points_money(Result(520, SettlementUnit.P_1000), p5, money_unit_yen=10)
    2600
    >>> per_ten = Rate(30, RateBasis.PER_TEN)
    >>> points_money(Result(300, SettlementUnit.TEN), per_ten, money_unit_yen=10)
    900
    """
    if rate.basis is not rate_basis_of(result.unit):
        raise UnitMismatch(f"a rate {rate.basis} does not apply to a result in {result.unit}")
    return round_money(result.tenths * rate.yen, _YEN_DENOMINATOR[result.unit], unit=money_unit_yen)


def exact_money(result: Result, rate: Rate) -> tuple[int, int]:
    """The yen a result is worth as an exact fraction (numerator, denominator), for sums
    that are rounded once."""
    if rate.basis is not rate_basis_of(result.unit):
        raise UnitMismatch(f"a rate {rate.basis} does not apply to a result in {result.unit}")
    return result.tenths * rate.yen, _YEN_DENOMINATOR[result.unit]
