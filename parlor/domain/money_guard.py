"""The guard on amounts no game can reach (確認が必要な金額).

A receipt line or an adjustment beyond a bound needs a manager's confirmation: a typo in a
rate or a result (a 12,000-point win entered as 120,000) otherwise pays out without a word.
The parlor may set one bound in yen for every line; without one, a game line's bound is
derived from that game: what a result of twice every point the table starts with (start
points × players, 200p at 25,000 × 4) is worth at its rate. No game reaches that without
going far below zero, so an honest line never asks. A line without a game (a manual
adjustment) is held to what such a result is worth at the parlor's highest rate. No Django.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime

from parlor.domain.units import POINTS_PER_P, Rate, Result, SettlementUnit, points_money

REACH_MULTIPLE = 2  # twice every point on the table
STANDARD_TABLE_POINTS = 4 * 25_000  # four players at 25,000: the bound of a line without a game
FALLBACK_BOUND_YEN = 10_000  # a parlor without any rate: 200p at 点5


def game_reach_yen(*, rate: Rate, unit: SettlementUnit, table_points: int) -> int:
    """The most a game's line is expected to reach, in yen: a result of twice the table's
    start points (in the game's settlement unit) at its rate.

    >>> from parlor.domain.units import RateBasis
    >>> p5 = Rate(50, RateBasis.PER_1000_POINTS)
    >>> game_reach_yen(rate=p5, unit=SettlementUnit.P_1000, table_points=100_000)
    10000
    >>> game_reach_yen(rate=p5, unit=SettlementUnit.POINTS, table_points=100_000)
    10000
    >>> game_reach_yen(rate=Rate(30, RateBasis.PER_TEN), unit=SettlementUnit.TEN, table_points=150)
    9000
    """
    if unit is SettlementUnit.P_1000:
        tenths = table_points * 10 // POINTS_PER_P
    else:  # points, or a point count's 点: the start points are in the unit itself
        tenths = table_points * 10
    reach = Result(REACH_MULTIPLE * tenths, unit)
    return points_money(reach, rate, money_unit_yen=1)


def loose_reach_yen(rates_yen_per_p: Iterable[int]) -> int:
    """The bound of a line without a game: a 200p result at the parlor's highest rate.

    >>> loose_reach_yen([50, 100]), loose_reach_yen([])
    (20000, 10000)
    """
    highest = max(rates_yen_per_p, default=0)
    if highest == 0:
        return FALLBACK_BOUND_YEN
    return REACH_MULTIPLE * STANDARD_TABLE_POINTS // POINTS_PER_P * highest


@dataclass(frozen=True, slots=True)
class GuardedLine:
    """A line checked against its bound, named as staff read it."""

    amount_yen: int  # + to the player, − from the player
    bound_yen: int
    table_label: str = ""  # the game's table; empty for a manual adjustment
    played_at: datetime | None = None  # when the game started
    description: str = ""  # an adjustment's reason

    @property
    def is_beyond(self) -> bool:
        return abs(self.amount_yen) > self.bound_yen

    def english(self) -> str:
        """The line as the error's English message names it."""
        if self.table_label:
            when = f" started {self.played_at:%Y-%m-%d %H:%M} UTC" if self.played_at else ""
            what = f"the game at table {self.table_label}{when}"
        else:
            what = f"the adjustment '{self.description}'"
        return (
            f"{what} comes to {self.amount_yen:+,} yen, beyond the {self.bound_yen:,} yen "
            "no game reaches: a manager confirms it"
        )


def first_beyond(lines: Iterable[GuardedLine]) -> GuardedLine | None:
    """The first line beyond its bound, if any."""
    return next((line for line in lines if line.is_beyond), None)
