"""What a guest's phone shows (お客様の画面): where the guest stands between check-in and
check-out, computed from a few facts so that new states (a proposed seat) can be added here.

Pure values: the selector reads the visit, its game and the waiting list, and hands them in.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import StrEnum

from parlor.domain.wishes import TableKind, Wish
from scoring import NextHand


class GuestState(StrEnum):
    WAITING = "waiting"  # 待ち: on the waiting list
    SEATED = "seated"  # 席の準備ができました: a game started at a table, no hand recorded yet
    PLAYING = "playing"  # 対局中: the game has recorded hands
    OVER = "over"  # ラス半 over: the last game has ended, settle at the counter


@dataclass(frozen=True, slots=True)
class WaitingPlace:
    position: int  # n番目 on the whole waiting list, 1 is next
    waited_minutes: int
    ahead_for_kind: int  # guests ahead who want a table this guest could take
    wish: Wish  # 希望


@dataclass(frozen=True, slots=True)
class SeatNow:
    """The game in progress where the guest sits."""

    table_label: str  # 卓番
    hand_count: int  # hands recorded so far
    next_hand: NextHand | None  # the hand to play next (its round and honba); None: ended


@dataclass(frozen=True, slots=True)
class GuestStatus:
    state: GuestState
    is_last_game: bool = False  # ラス半 called: the game played (or the next one) is the last
    waiting: WaitingPlace | None = None
    seat: SeatNow | None = None


def guest_status(
    *,
    seat: SeatNow | None,
    waiting: WaitingPlace | None,
    last_game_called: bool,
    last_game_over: bool,
) -> GuestStatus:
    """The guest's state: over after the last game, else at a table, else waiting.

    >>> guest_status(seat=SeatNow("7", 0, None), waiting=None,
    ...              last_game_called=False, last_game_over=False).state
    <GuestState.SEATED: 'seated'>
    >>> guest_status(seat=SeatNow("7", 3, None), waiting=None,
    ...              last_game_called=True, last_game_over=False).is_last_game
    True
    >>> guest_status(seat=None, waiting=None, last_game_called=True, last_game_over=True).state
    <GuestState.OVER: 'over'>
    """
    if last_game_over:
        return GuestStatus(GuestState.OVER, is_last_game=True)
    if seat is not None:
        state = GuestState.PLAYING if seat.hand_count else GuestState.SEATED
        return GuestStatus(state, is_last_game=last_game_called, seat=seat)
    return GuestStatus(GuestState.WAITING, is_last_game=last_game_called, waiting=waiting)


def ahead_for_kind(ahead: Iterable[Wish], wish: Wish, kinds: Sequence[TableKind]) -> int:
    """How many of the guests ahead want a seat this guest could take: their wish and this
    one both fit one of the parlor's kinds of table (without any kind of table, all of them).

    >>> four, three = TableKind(4, "standard", 50), TableKind(3, "sanma", 100)
    >>> ahead_for_kind([Wish(), Wish(player_count=3), Wish(player_count=4)],
    ...                Wish(player_count=4), [four, three])
    2
    """
    ahead = list(ahead)
    if not kinds:
        return len(ahead)
    mine = [kind for kind in kinds if wish.matches(kind)]
    return sum(1 for other in ahead if any(other.matches(kind) for kind in mine))
