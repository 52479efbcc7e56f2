"""The daily report's line of one finished game: each seat's result and money, and what the
parlor keeps of it.

Money per seat comes from the parlor's own settlement arithmetic (domain.money), so the
report, the receipts and the store's net can never disagree on a yen.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from parlor.domain.house_money import HouseLines, game_house_lines, top_prize_for
from parlor.domain.money import SeatResult, Terms, game_money_compute
from parlor.domain.units import Result
from parlor.models import Game, Player
from scoring import Ruleset


@dataclass(frozen=True, slots=True)
class SeatLine:
    """One seat of one finished game: its result and its money (yen)."""

    seat: int
    player: Player
    rank: int
    result: Result  # 成績, in the game's unit
    chips: int
    points_yen: int
    chips_yen: int
    fee_yen: int  # everything the parlor took from the seat, the top prize included
    top_prize_yen: int  # the part of fee_yen that is the top prize (トップ賞)
    is_staff_play: bool  # 本走
    stand_in_by: Any  # 代走: the member of staff who stood in, or None

    @property
    def game_money_yen(self) -> int:
        return self.points_yen + self.chips_yen - self.fee_yen


@dataclass(frozen=True, slots=True)
class GameLine:
    game: Game
    terms: Terms | None  # None: the game was played without money settings
    seats: tuple[SeatLine, ...]
    # The ruleset the game was played under, read from its snapshot once: the rulesets and
    # games sections show its title for every game and seat, the yaku statistics read by it.
    ruleset: Ruleset
    # What the parlor keeps of the game, line by line (domain.house_money).
    house: HouseLines = field(default_factory=HouseLines)

    @property
    def fee_yen(self) -> int:
        return sum(s.fee_yen for s in self.seats)

    @property
    def top_prize_yen(self) -> int:
        return sum(s.top_prize_yen for s in self.seats)

    @property
    def ruleset_title(self) -> str:
        return self.ruleset.title or self.game.ruleset_key


def game_line(game: Game, terms: Terms | None, stand_ins: dict[tuple[int, int], Any]) -> GameLine:
    seats = {s.seat: s for s in game.seats.all()}
    results = sorted(game.results.all(), key=lambda r: r.seat)
    inputs = [
        SeatResult(
            r.seat,
            r.rank,
            Result(r.total_tenths, game.result_unit),
            r.chips,
            is_staff_play=seats[r.seat].is_staff_play,
        )
        for r in results
    ]
    money = {m.seat: m for m in game_money_compute(terms, inputs)} if terms else {}
    lines = []
    for r in results:
        m = money.get(r.seat)
        staff_play = seats[r.seat].is_staff_play
        lines.append(
            SeatLine(
                seat=r.seat,
                player=r.player,
                rank=r.rank,
                result=Result(r.total_tenths, game.result_unit),
                chips=r.chips,
                points_yen=m.points_yen if m else 0,
                chips_yen=m.chips_yen if m else 0,
                fee_yen=m.fee_yen if m else 0,
                top_prize_yen=top_prize_for(terms, rank=r.rank, is_staff_play=staff_play)
                if terms
                else 0,
                is_staff_play=staff_play,
                stand_in_by=stand_ins.get((game.pk, r.seat)),
            )
        )
    house = game_house_lines(terms, tuple(money.values())) if terms else HouseLines()
    return GameLine(game=game, terms=terms, seats=tuple(lines), ruleset=game.ruleset, house=house)
