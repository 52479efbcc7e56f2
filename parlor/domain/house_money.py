"""The parlor's own money (店の収入) and the day's cash check: every yen that reaches no player.

A game's money goes to its players, except what the parlor keeps, each on its own line:

- fees (ゲーム代) and top prizes (トップ賞), taken from the players' seats;
- points that left the game (a chombo's 罰符 deducted to nobody, riichi sticks lost at the end):
  the results of such a game do not sum to zero, and what they sum to is the parlor's;
- rounding (端数): point money is rounded per game to the money unit, so the table may pay a
  few yen more than the exact money of what left the game;
- staff play (本走): the points and chips money of the seats staff filled for the parlor.

So for every game, the players' game money adds up to minus the parlor's lines, and a business
day's cash satisfies one identity (docs/reports.md), over what was settled in the day:

    paid in − paid out = the parlor's income from the day's games
                         − what the day's games' players have not settled in the day
                         − what corrections since a check-out in the day changed
                         + what the day's receipts took for games of earlier days
                         + adjustments paid in the day
                         + the day's shifts: each closed one's fees − back − result
                           (domain.shift_money), less the floats of the open ones

Every figure is signed from the parlor's side (+ the drawer receives). No Django here: the
daily report and the day close read the same `DayMoney`.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import TypeVar

from parlor.domain.money import FeeModel, SeatMoney, Terms
from parlor.domain.units import Result, exact_money, round_money

K = TypeVar("K", bound=Hashable)  # a seat of a game, as both sides of the bridge name it

__all__ = [
    "DayMoney",
    "HouseLines",
    "SeatPenalty",
    "cash_paid",
    "game_house_lines",
    "left_game_by_seat",
    "settled_bridge",
    "top_prize_for",
]


def top_prize_for(terms: Terms, *, rank: int, is_staff_play: bool) -> int:
    """The part of a seat's fee that is the top prize (トップ賞, each_plus_top only).

    >>> terms = Terms(50, 100, "each_plus_top", 400, 200, 10)
    >>> [top_prize_for(terms, rank=rank, is_staff_play=False) for rank in (1, 2)]
    [200, 0]
    """
    if terms.fee_model == FeeModel.EACH_PLUS_TOP and rank == 1 and not is_staff_play:
        return terms.top_prize_yen
    return 0


@dataclass(frozen=True, slots=True)
class HouseLines:
    """What the parlor keeps of some games, line by line (yen)."""

    game_fees_yen: int = 0  # ゲーム代, the top prizes left out
    top_prizes_yen: int = 0  # トップ賞
    left_game_yen: int = 0  # 罰符・供託: points (and chips) that left the game, to the yen
    rounding_yen: int = 0  # 端数: what rounding the table's point money added
    staff_play_yen: int = 0  # 本走: the staff seats' points and chips money

    def __add__(self, other: HouseLines) -> HouseLines:
        return HouseLines(
            self.game_fees_yen + other.game_fees_yen,
            self.top_prizes_yen + other.top_prizes_yen,
            self.left_game_yen + other.left_game_yen,
            self.rounding_yen + other.rounding_yen,
            self.staff_play_yen + other.staff_play_yen,
        )

    @property
    def fee_income_yen(self) -> int:
        """場代収入: game fees and top prizes."""
        return self.game_fees_yen + self.top_prizes_yen

    @property
    def income_yen(self) -> int:
        """Everything the parlor keeps: minus the players' game money of the same games."""
        return self.fee_income_yen + self.left_game_yen + self.rounding_yen + self.staff_play_yen

    @classmethod
    def total(cls, lines: Iterable[HouseLines]) -> HouseLines:
        summed = cls()
        for line in lines:
            summed = summed + line
        return summed


def game_house_lines(terms: Terms, seats: Sequence[SeatMoney]) -> HouseLines:
    """The parlor's lines of one game, from its seats' money (domain.money.game_money_compute).

    An mleague chombo at 点5 (−20p left the game): the players pay the parlor 1,000 yen besides
    their fees.

    >>> from parlor.domain.money import SeatResult, game_money_compute
    >>> from parlor.domain.units import SettlementUnit
    >>> terms = Terms(50, 0, "each", 500, 0, 10)
    >>> p = [Result(t, SettlementUnit.P_1000) for t in (500, 100, -200, -600)]
    >>> seats = game_money_compute(terms, [SeatResult(s, s + 1, r, 0) for s, r in enumerate(p)])
    >>> lines = game_house_lines(terms, seats)
    >>> lines.game_fees_yen, lines.left_game_yen, lines.rounding_yen, lines.income_yen
    (2000, 1000, 0, 3000)
    >>> -sum(m.game_money_yen for m in seats) == lines.income_yen
    True

    −2.5p left the game at 点5 is 125 yen; rounded to 10 yen the table pays 130: 5 yen rounding.

    >>> p = [Result(t, SettlementUnit.P_1000) for t in (500, 100, -200, -425)]
    >>> seats = game_money_compute(terms, [SeatResult(s, s + 1, r, 0) for s, r in enumerate(p)])
    >>> lines = game_house_lines(terms, seats)
    >>> lines.left_game_yen, lines.rounding_yen
    (125, 5)
    >>> -sum(m.game_money_yen for m in seats) == lines.income_yen
    True
    """
    if not seats:
        return HouseLines()
    total: Result = seats[0].result
    for seat in seats[1:]:
        total = total + seat.result
    exact_yen = round_money(*exact_money(total, terms.rate_for(total.unit)), unit=1)
    points_yen = sum(s.points_yen for s in seats)
    chips_yen = sum(s.chips_yen for s in seats)  # zero unless chips left the game too
    top_prizes = sum(
        top_prize_for(terms, rank=s.rank, is_staff_play=s.is_staff_play) for s in seats
    )
    return HouseLines(
        game_fees_yen=sum(s.fee_yen for s in seats) - top_prizes,
        top_prizes_yen=top_prizes,
        left_game_yen=-exact_yen - chips_yen,
        rounding_yen=exact_yen - points_yen,
        staff_play_yen=sum(s.points_yen + s.chips_yen for s in seats if s.is_staff_play),
    )


@dataclass(frozen=True, slots=True)
class SeatPenalty:
    """A seat's result and its settlement bonus (精算時の加減点), in tenths of the game's unit."""

    seat: int
    total_tenths: int
    bonus_tenths: int  # a chombo's deduction (罰符) and a tobi bonus, together


def left_game_by_seat(seats: Sequence[SeatPenalty]) -> dict[int, int]:
    """The part of each seat's result that left the game as a penalty (tenths; seats without
    one are left out), for the receipt's 「うち罰符 … (店へ)」.

    A deduction that no player receives (a chombo's final deduction to nobody) leaves the
    seat's bonus negative and nobody's positive. Where another seat's bonus is positive (a tobi
    bonus, a deduction shared among the others) the bonuses are payments between players, and
    no seat is named: whatever did leave the game still counts in the parlor's lines.

    >>> left_game_by_seat([SeatPenalty(0, 500, 0), SeatPenalty(1, -800, -200),
    ...                    SeatPenalty(2, 100, 0), SeatPenalty(3, 0, 0)])
    {1: -200}
    >>> left_game_by_seat([SeatPenalty(0, 0, 100), SeatPenalty(1, -200, -100)])
    {}
    """
    if any(s.bonus_tenths > 0 for s in seats) or sum(s.total_tenths for s in seats) >= 0:
        return {}
    return {s.seat: s.bonus_tenths for s in seats if s.bonus_tenths < 0}


def cash_paid(totals_yen: Iterable[int]) -> tuple[int, int]:
    """(paid in, paid out) of totals signed from the player's side (+ the player is paid).

    >>> cash_paid([-2300, 1500, -50])
    (2350, 1500)
    """
    totals = list(totals_yen)
    return -sum(t for t in totals if t < 0), sum(t for t in totals if t > 0)


def settled_bridge(worth_yen: Mapping[K, int], settled_yen: Mapping[K, int]) -> tuple[int, int]:
    """(not settled, corrected) for the players' seats of the day's games, from the parlor's
    side: `worth_yen` is each seat's game money now, `settled_yen` what the day's receipts paid
    for those seats (player's side, by the same key; a voided game is worth nothing now).

    Not settled: the money of the seats no receipt of the day has (+ the players owe it).
    Corrected: the change since a receipt of the day paid the seat (+ the players owe it).

    >>> settled_bridge({"a": -2300, "b": 1500, "c": -400}, {"a": -2300, "b": 1400})
    (400, -100)
    """
    open_yen = sum(yen for key, yen in worth_yen.items() if key not in settled_yen)
    changed_yen = sum(worth_yen.get(key, 0) - paid for key, paid in settled_yen.items())
    return -open_yen, -changed_yen


@dataclass(frozen=True, slots=True)
class DayMoney:
    """One business day's money from the parlor's side, and the check that it reconciles.

    >>> day = DayMoney(HouseLines(2000, 0, 1000, 0, 0), not_settled_yen=0, corrected_yen=0,
    ...                earlier_games_yen=0, adjustments_yen=0, paid_in_yen=4600, paid_out_yen=1600)
    >>> day.net_yen, day.expected_net_yen, day.is_balanced
    (3000, 3000, True)
    >>> DayMoney(HouseLines(2000), 0, 0, 0, 0, paid_in_yen=4600, paid_out_yen=1600).difference_yen
    1000
    """

    house: HouseLines  # from the day's finished games
    not_settled_yen: int  # the day's games' money no receipt of the day has
    corrected_yen: int  # corrections and voids since a receipt of the day paid the seat
    earlier_games_yen: int  # taken by the day's receipts for games of earlier days
    adjustments_yen: int  # adjustments on the day's receipts and paid at the counter
    paid_in_yen: int
    paid_out_yen: int
    shifts_yen: int = 0  # shifts: settled games (ShiftMoney.settled_yen), floats still out

    @property
    def net_yen(self) -> int:
        """What the drawer holds more at the end of the day than at its start."""
        return self.paid_in_yen - self.paid_out_yen

    @property
    def expected_net_yen(self) -> int:
        return (
            self.house.income_yen
            - self.not_settled_yen
            - self.corrected_yen
            + self.earlier_games_yen
            + self.adjustments_yen
            + self.shifts_yen
        )

    @property
    def difference_yen(self) -> int:
        """The cash less what the lines say it must be: 0 when the day reconciles."""
        return self.net_yen - self.expected_net_yen

    @property
    def is_balanced(self) -> bool:
        return self.difference_yen == 0
