"""What happened at the table: the facts of a hand, as staff entered them.

These are kept apart from the ruleset (the rules) and from the engine's results.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from scoring.ruleset import AbortiveReason

WINDS = ("E", "S", "W", "N")


def seat_winds(dealer: int, *, seats: int, players: int,
               sit_out: int | None = None) -> tuple[str | None, ...]:
    """Each seat's wind (自風) in a hand: the dealer is East and the winds follow in turn
    order over the seats that play it. The seat sitting out (抜け番) has none; so has every
    seat where the seats in play are not the ruleset's `players`, or the dealer is not one
    of them (the hand is not known yet).

    >>> seat_winds(1, seats=4, players=4)
    ('N', 'E', 'S', 'W')
    >>> seat_winds(3, seats=4, players=3, sit_out=2)
    ('S', 'W', None, 'E')
    >>> seat_winds(0, seats=4, players=3)
    (None, None, None, None)
    """
    playing = [seat for seat in range(seats) if seat != sit_out]
    if len(playing) != players or dealer not in playing:
        return (None,) * seats
    start = playing.index(dealer)
    winds: list[str | None] = [None] * seats
    for offset in range(players):
        winds[playing[(start + offset) % players]] = WINDS[offset]
    return tuple(winds)


@dataclass(frozen=True, slots=True)
class RecordedYaku:
    """One yaku (役) staff recorded on a win, as the hand calculator named it.

    A note for statistics: the payment follows the win's han, fu or yakuman, never these.
    For a yakuman (``is_yakuman``) ``han`` counts yakuman (2 = double), as the calculator
    gives it; dora of each kind are entries too (``dora``, ``ura_dora``, ``aka_dora``, ...).
    """

    key: str  # the calculator's key: riichi, pinfu, kokushi, dora, ...
    han: int
    is_yakuman: bool = False


@dataclass(frozen=True, slots=True)
class Win:
    winner: int
    han: int | None = None
    fu: int | None = None
    yakuman: int = 0  # number of yakuman (2 = double)
    yakuman_names: tuple[str, ...] = ()
    points: int | None = None  # point-count rulesets (白マティ)
    dora: int | None = None  # han from dora, where staff entered it
    ippatsu: bool = False
    chips: int = 0  # 祝儀
    pao: int | None = None  # 包: the liable seat
    # 大明槓の責任払い: whose discard the winner called as an open kan before this tsumo on
    # the kan's replacement tile (嶺上開花); liable for the whole win where the ruleset says so
    daiminkan_feeder: int | None = None
    yaku: tuple[RecordedYaku, ...] = ()  # what the calculator counted; never changes payments
    # the record's `open`: True with an open meld (副露), False closed (門前), None not
    # recorded; for statistics, never changes payments
    is_open: bool | None = None

    @property
    def is_yakuman(self) -> bool:
        return self.yakuman > 0


@dataclass(frozen=True, slots=True)
class Ron:
    loser: int  # the discarder
    wins: tuple[Win, ...]  # every claimant, in the order entered


@dataclass(frozen=True, slots=True)
class Tsumo:
    win: Win


@dataclass(frozen=True, slots=True)
class Draw:
    """荒牌流局: exhaustive draw."""

    tenpai: tuple[int, ...]
    nagashi: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class Abortive:
    """途中流局."""

    reason: AbortiveReason


@dataclass(frozen=True, slots=True)
class Compensation:
    """A player whose ron-able hand the chombo spoiled (seed 001)."""

    to: int
    han: int | None = None
    fu: int | None = None
    yakuman: int = 0


@dataclass(frozen=True, slots=True)
class Chombo:
    """錯和: the hand was stopped by a chombo."""

    offender: int
    compensation: Compensation | None = None


Result = Ron | Tsumo | Draw | Abortive | Chombo


class PenaltyKind(StrEnum):
    CHOMBO = "chombo"
    DEAD_HAND = "dead_hand"  # 和了放棄
    DEPOSIT = "deposit"  # 供託 for a false call or false riichi


@dataclass(frozen=True, slots=True)
class Penalty:
    kind: PenaltyKind
    seat: int


@dataclass(frozen=True, slots=True)
class Hand:
    result: Result
    riichi: tuple[int, ...] = ()
    open_riichi: tuple[int, ...] = ()
    riichi_cancelled: tuple[int, ...] = ()
    sit_out: int | None = None  # 抜け番
    wareme: int | None = None  # the wareme seat, given or from the dice
    penalties: tuple[Penalty, ...] = ()
    stop: bool = False  # the all-last dealer chose to stop


@dataclass(frozen=True, slots=True)
class TableState:
    """The state at the start of a hand."""

    round_wind: str  # E S W N
    round_number: int
    dealer: int  # 親
    honba: int  # 本場
    sticks: int  # 供託: sticks on the table
    scores: tuple[int, ...]
    extension: bool = False  # in an extension round (西入, 返り東)
