"""A tournament round's clock (大会のタイマー) per table, as the tablet, the director's page and
the board show it: the time left, and once it is up, the hands the table still plays under
the event's rule (finish the hand in play, or あとN局: the hand in play, then N more).

The hands are counted from the hands recorded since the time ran out, so nobody counts them
by hand. The time-up instant is read from the clock: a pause taken after the time ran out
moves it on by the pause, as a pause stops the round's clock.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta

from django.utils import timezone

from parlor.models import (
    EventRound,
    Game,
    GameStatus,
    Hand,
    HandState,
    RoundTable,
    TimeUpRule,
)


@dataclass(frozen=True, slots=True)
class RoundClock:
    """A table's clock in a round, as the tablet and the board show it."""

    event_name: str
    round_number: int
    seconds_left: int  # negative once the time is up
    is_paused: bool
    is_time_up: bool
    time_up_rule: str
    extra_hands: int
    hands_since_time_up: int = 0  # hands first recorded after the time ran out
    is_game_over: bool = False

    @property
    def minutes_left(self) -> int:
        """Whole minutes left, rounded up: 1 until the last second."""
        return max(0, -(-self.seconds_left // 60))

    @property
    def hands_left(self) -> int:
        """Once the time is up, the hands the table still plays: the hand in play, then N more
        under あとN局 (the first hand recorded after time-up is the one that was in play)."""
        extra = self.extra_hands if self.time_up_rule == TimeUpRule.MORE_HANDS else 0
        return max(0, 1 + extra - self.hands_since_time_up)

    @property
    def is_table_done(self) -> bool:
        """The table has played its last hand (or its game is over): the round waits on it
        no longer."""
        return self.is_game_over or (self.is_time_up and self.hands_left == 0)


def time_left(
    event_round: EventRound, round_table: RoundTable, *, now: datetime | None = None
) -> timedelta | None:
    """The time a table has left in the round (negative once over), None before the start."""
    started = event_round.timer_started_at
    if started is None:
        return None
    now = now or _reference_now(event_round)
    played = now - started - timedelta(seconds=event_round.paused_seconds)
    allowed = timedelta(
        minutes=event_round.event.round_minutes, seconds=round_table.extension_seconds
    )
    return allowed - played


def clock_of(round_table: RoundTable) -> RoundClock | None:
    """The clock of a round's table (its round and event loaded with it), None before the start."""
    event_round = round_table.round
    now = _reference_now(event_round)
    left = time_left(event_round, round_table, now=now)
    if left is None:
        return None
    seconds = int(left.total_seconds())
    game = round_table.game  # loaded with the round table by the callers
    # The hands since the instant the time ran out (now + left, left being negative).
    hands = _hands_since(game.pk, now + left) if game is not None and seconds <= 0 else 0
    return RoundClock(
        event_name=event_round.event.name,
        round_number=event_round.number,
        seconds_left=seconds,
        is_paused=event_round.paused_at is not None,
        is_time_up=seconds <= 0,
        time_up_rule=event_round.event.time_up_rule,
        extra_hands=event_round.event.extra_hands,
        hands_since_time_up=hands,
        is_game_over=game is not None and game.status != GameStatus.IN_PROGRESS,
    )


def _reference_now(event_round: EventRound) -> datetime:
    """The instant the round's clock reads: its pause, its end, or now."""
    return event_round.paused_at or event_round.ended_at or timezone.now()


def _hands_since(game_id: int, since: datetime) -> int:
    """The game's hands first recorded at `since` or later and still standing (a correction
    is no new hand; an undone hand is none). One query."""
    first_entered = Hand.objects.filter(game_id=game_id, version=1, entered_at__gte=since)
    return Hand.objects.filter(
        game_id=game_id, state=HandState.CURRENT, sequence__in=first_entered.values("sequence")
    ).count()


def game_clock(game: Game) -> RoundClock | None:
    """The round's clock of a tournament game, None for any other game (one query, and one
    more to count the hands once the time is up)."""
    round_table = (
        RoundTable.objects.select_related("round__event", "game").filter(game_id=game.pk).first()
    )
    return clock_of(round_table) if round_table is not None else None
