"""A staff shift's money (シフト精算): what a member of staff owes the parlor, or is owed, when
they sign out.

While a member of staff plays for the parlor (本走, `GameSeat.is_staff_play`), the seat pays
no fee and its money stays in the drawer: the daily report counts it as the parlor's
(house_money.HouseLines.staff_play_yen). At the end of the shift the staff member's games
become theirs:

    result  = Σ the 本走 seats' points and chips money, at each table's rate (domain.money)
    fees    = Σ the fee each of those seats would have paid as a guest
              (money.fee_for with is_staff_play=False: top prize included)
    back    = the part of the fees the parlor gives back (ゲームバック): all, half or none
    owed    = (float out − float back) + fees − back − result

`owed` is signed from the parlor's side, like every figure of the day's money: + the staff
member pays the parlor that much at sign-out, − the parlor pays them. Half back is half the
shift's fees rounded down to the yen (the parlor keeps an odd yen).

代走 (a staff member standing in for a guest, VisitGame.stand_in_by) is listed on the receipt
(table and count) but carries no money: the result of those hands is the guest's, settled on
the guest's receipt.

No Django here; selectors.shifts reads the games and calls shift_money.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum

from parlor.domain.money import SeatMoney, Terms, fee_for

__all__ = [
    "GameBackRule",
    "ShiftLine",
    "ShiftLineKind",
    "ShiftMoney",
    "StaffGame",
    "StandIn",
    "back_of",
    "staff_game",
    "stand_in_tables",
]


class GameBackRule(StrEnum):
    """ゲームバック, set per parlor (models.GameBack gives the labels)."""

    FULL = "full"  # 全額バック: the staff member plays for free
    HALF = "half"  # 半額バック: they pay half the fees
    NONE = "none"  # なし: they pay the fees as a guest would


def back_of(fees_yen: int, rule: GameBackRule | str) -> int:
    """What the parlor gives back of `fees_yen`.

    >>> [back_of(1_250, rule) for rule in GameBackRule]
    [1250, 625, 0]
    >>> back_of(1_255, "half")
    627
    """
    rule = GameBackRule(rule)
    if rule == GameBackRule.FULL:
        return fees_yen
    if rule == GameBackRule.HALF:
        return fees_yen // 2
    return 0


@dataclass(frozen=True, slots=True)
class StaffGame:
    """One 本走 game of the shift: the staff seat's money and the fee a guest would have paid."""

    table: str  # 卓番
    rank: int  # 着順
    points_yen: int  # the seat's result at the table's rate
    chips_yen: int
    fee_yen: int  # fee_for(..., is_staff_play=False)

    @property
    def result_yen(self) -> int:
        """The staff member's money from the game (+ won)."""
        return self.points_yen + self.chips_yen


def staff_game(terms: Terms, seat: SeatMoney, *, table: str) -> StaffGame:
    """A 本走 seat's money (domain.money.game_money_compute) as a game of the shift.

    >>> from parlor.domain.money import SeatResult, game_money_compute
    >>> from parlor.domain.units import Result, SettlementUnit
    >>> terms = Terms(50, 100, "each_plus_top", 400, 200, 10)
    >>> p = [Result(t, SettlementUnit.P_1000) for t in (520, 70, -130, -460)]
    >>> rows = [SeatResult(s, s + 1, r, 0, is_staff_play=s == 0) for s, r in enumerate(p)]
    >>> staff_game(terms, game_money_compute(terms, rows)[0], table="3")
    StaffGame(table='3', rank=1, points_yen=2600, chips_yen=0, fee_yen=600)
    """
    return StaffGame(
        table=table,
        rank=seat.rank,
        points_yen=seat.points_yen,
        chips_yen=seat.chips_yen,
        fee_yen=fee_for(terms, rank=seat.rank, is_staff_play=False),
    )


@dataclass(frozen=True, slots=True)
class StandIn:
    """代走 in one game of the shift: the table and the guest stood in for; no money."""

    table: str
    guest: str


class ShiftLineKind(StrEnum):
    """The lines of a shift receipt, in the order they are printed."""

    GAME = "game"  # one 本走 game's result
    FEES = "fees"  # the fees the games would have paid
    BACK = "back"  # ゲームバック
    FLOAT_OUT = "float_out"  # 釣り銭 handed out at sign-in
    FLOAT_BACK = "float_back"  # returned at sign-out
    TOTAL = "total"  # what the staff member receives (+) or pays (−)


@dataclass(frozen=True, slots=True)
class ShiftLine:
    """A receipt line, signed from the staff member's side (+ they receive), as a guest's
    receipt is signed from the guest's. The float lines are cash that crossed the counter:
    float out is shown as a −(they took it), float back as a +."""

    kind: ShiftLineKind
    yen: int
    table: str = ""  # GAME lines
    rank: int = 0  # GAME lines


@dataclass(frozen=True, slots=True)
class ShiftMoney:
    """A shift's money. `float_back_yen` is None while the shift is open (nothing returned yet:
    `owed_yen` then reads as if the whole float came back).

    Two 本走 games at 点5 (a top with 2,600 yen, a third with −1,150), fees 600 and 400 yen,
    half back, a 10,000 yen float returned in full:

    >>> games = (StaffGame("3", 1, 2_600, 0, 600), StaffGame("5", 3, -1_150, 0, 400))
    >>> money = ShiftMoney(games, (), GameBackRule.HALF, float_out_yen=10_000,
    ...                    float_back_yen=10_000)
    >>> money.result_yen, money.fees_yen, money.back_yen, money.owed_yen
    (1450, 1000, 500, -950)
    >>> money.settled_yen, money.cash_totals()
    (-950, (10000, -10000, 950))
    >>> lines = money.lines()
    >>> sum(line.yen for line in lines[:-1]) == lines[-1].yen == -money.owed_yen
    True
    >>> [(line.kind.value, line.yen) for line in lines]
    ... # doctest: +NORMALIZE_WHITESPACE
    [('game', 2600), ('game', -1150), ('fees', -1000), ('back', 500), ('float_out', -10000),
     ('float_back', 10000), ('total', 950)]
    """

    games: tuple[StaffGame, ...]
    stand_ins: tuple[StandIn, ...]
    rule: GameBackRule
    float_out_yen: int
    float_back_yen: int | None = None

    @property
    def result_yen(self) -> int:
        return sum(game.result_yen for game in self.games)

    @property
    def fees_yen(self) -> int:
        return sum(game.fee_yen for game in self.games)

    @property
    def back_yen(self) -> int:
        return back_of(self.fees_yen, self.rule)

    @property
    def float_short_yen(self) -> int:
        """The float not returned (+), or returned beyond what was handed out (−)."""
        back = self.float_out_yen if self.float_back_yen is None else self.float_back_yen
        return self.float_out_yen - back

    @property
    def settled_yen(self) -> int:
        """The shift's games as the parlor's money: fees − back − result (+ the parlor keeps).
        The day's money adds it to the parlor's income (house_money.DayMoney.shifts_yen)."""
        return self.fees_yen - self.back_yen - self.result_yen

    @property
    def owed_yen(self) -> int:
        """+ the staff member pays the parlor, − the parlor pays them, at sign-out."""
        return self.float_short_yen + self.settled_yen

    def cash_totals(self) -> tuple[int, ...]:
        """The shift's cash at the counter, each signed from the staff member's side (+ paid
        to them), as cash_drawer.drawer_of reads a day's lines: the float handed out, the float
        returned and the settlement. Open shifts have only the first."""
        if self.float_back_yen is None:
            return (self.float_out_yen,)
        return (self.float_out_yen, -self.float_back_yen, -self.owed_yen)

    def lines(self) -> tuple[ShiftLine, ...]:
        """The receipt's lines, which add up to the TOTAL line (−owed_yen). The float lines
        come once the float is back; until then the total reads as if it came back in full."""
        lines = [
            ShiftLine(ShiftLineKind.GAME, g.result_yen, table=g.table, rank=g.rank)
            for g in self.games
        ]
        lines += [
            ShiftLine(ShiftLineKind.FEES, -self.fees_yen),
            ShiftLine(ShiftLineKind.BACK, self.back_yen),
        ]
        if self.float_back_yen is not None:
            lines.append(ShiftLine(ShiftLineKind.FLOAT_OUT, -self.float_out_yen))
            lines.append(ShiftLine(ShiftLineKind.FLOAT_BACK, self.float_back_yen))
        lines.append(ShiftLine(ShiftLineKind.TOTAL, -self.owed_yen))
        return tuple(lines)


def stand_in_tables(stand_ins: Sequence[StandIn]) -> dict[str, int]:
    """代走 per table: how many games, tables in the order first stood in at.

    >>> stand_in_tables([StandIn("2", "Sato"), StandIn("5", "Ito"), StandIn("2", "Kato")])
    {'2': 2, '5': 1}
    """
    counts: dict[str, int] = {}
    for stand_in in stand_ins:
        counts[stand_in.table] = counts.get(stand_in.table, 0) + 1
    return counts
