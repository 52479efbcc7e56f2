"""Rounds of a tournament (回戦): seating, the games, the timer and the round's end.

The seats come from the seating generator (parlor.domain.tournament_seating: random round 1,
Swiss after, fewest repeat meetings, balanced winds) or from the director. Each table's game is
an ordinary game started through game_start with the round's seats (seat 0 is East, 起家).

End of time (時間打ち切り): the tablets show the round's clock and, once it runs out, the hands
each table still plays under the event's rule (finish the hand in play, or that hand and N
more), counted from the hands recorded since (selectors.tournament_clock); a table that has
played them is shown done. The director then ends the round:
every table still playing is closed by game_finish after the hands recorded, the staff close
a game already has (強制終了), so its results settle as they stand.
"""

from __future__ import annotations

from collections.abc import Sequence

from django.db import transaction
from django.utils import timezone

from parlor.domain.tournament_seating import (
    SeatingPlayer,
    history,
    round_seating,
    seating_check,
)
from parlor.errors import Conflict, InvalidInput
from parlor.models import (
    AuditAction,
    Event,
    EventPlayer,
    EventRound,
    EventStatus,
    GameStatus,
    RoundSeat,
    RoundStatus,
    RoundTable,
)
from parlor.models.users import Actor
from parlor.selectors.tournaments import entry_scores, round_tables_of
from parlor.services.games import game_finish, game_start
from parlor.services.seating import Seating
from parlor.services.tournaments import event_audit, event_lock

MAX_EXTENSION_MINUTES = 60


def _next_number(event: Event) -> int:
    last = EventRound.objects.filter(event=event).order_by("-number").first()
    if last is not None and last.status != RoundStatus.FINISHED:
        raise Conflict(
            f"finish round {last.number} first", code="round_open", params={"n": last.number}
        )
    number = (last.number if last else 0) + 1
    if number > event.round_count:
        raise Conflict("all the rounds have been played", code="rounds_done")
    return number


def _seatable(event: Event) -> list[EventPlayer]:
    return [e for e in EventPlayer.objects.filter(event=event) if e.is_seatable]


@transaction.atomic
def round_seat(*, event: Event, by: Actor) -> EventRound:
    """Seats the next round with the generator, from the standings and earlier meetings."""
    event = event_lock(event)
    number = _next_number(event)
    entries = _seatable(event)
    earlier = round_tables_of(event)
    seen = history(earlier, table_size=event.table_size)
    scores = entry_scores(event)
    players = [
        SeatingPlayer(
            e.pk,
            score=scores.get(e.pk, 0),
            winds=seen.winds.get(e.pk, (0,) * event.table_size),
        )
        for e in entries
    ]
    tables = round_seating(
        players, number, meetings=seen.meetings, seed=event.seed, table_size=event.table_size
    )
    return _round_store(event, number, tables, is_given=False, by=by)


@transaction.atomic
def round_seat_given(*, event: Event, tables: Sequence[Sequence[int]], by: Actor) -> EventRound:
    """Seats the next round as the director gives it: entry ids per table, East first."""
    event = event_lock(event)
    number = _next_number(event)
    seating = tuple(tuple(table) for table in tables)
    seating_check(seating, [e.pk for e in _seatable(event)], table_size=event.table_size)
    return _round_store(event, number, seating, is_given=True, by=by)


def _round_store(
    event: Event, number: int, tables: Sequence[tuple[int, ...]], *, is_given: bool, by: Actor
) -> EventRound:
    available = list(event.tables.filter(is_active=True).order_by("label"))
    if len(available) < len(tables):
        raise Conflict(
            f"the round needs {len(tables)} tables; the event has {len(available)}",
            code="not_enough_tables",
            params={"need": len(tables), "have": len(available)},
        )
    event_round = EventRound.objects.create(event=event, number=number, is_given=is_given)
    how = "given by the director" if is_given else "generated"
    event_audit(event, by=by, action=AuditAction.CREATE, summary=f"round {number} seated ({how})")
    for index, (players, table) in enumerate(zip(tables, available, strict=False), start=1):
        round_table = RoundTable.objects.create(round=event_round, number=index, table=table)
        RoundSeat.objects.bulk_create(
            RoundSeat(round_table=round_table, seat=seat, entry_id=entry_id)
            for seat, entry_id in enumerate(players)
        )
    if event.status == EventStatus.REGISTRATION:
        event.status = EventStatus.RUNNING
        event.save(update_fields=["status"])
    return event_round


@transaction.atomic
def round_swap_seats(*, event_round: EventRound, first: int, second: int, by: Actor) -> None:
    """The director swaps two players (entry ids) of a round not yet started."""
    event_round = _round_lock(event_round)
    if event_round.status != RoundStatus.SEATED:
        raise Conflict("the round has started: seats are fixed", code="round_seats_fixed")
    seats = {s.entry_id: s for s in RoundSeat.objects.filter(round_table__round=event_round)}
    if first not in seats or second not in seats or first == second:
        raise InvalidInput("choose two players of this round", code="swap_players")
    a, b = seats[first], seats[second]
    # Two updates through a free seat would trip the unique seat; swapping entries does not.
    RoundSeat.objects.filter(pk=a.pk).update(entry_id=second)
    RoundSeat.objects.filter(pk=b.pk).update(entry_id=first)
    event_round.is_given = True
    event_round.save(update_fields=["is_given"])
    event_audit(
        event_round.event,
        by=by,
        action=AuditAction.CORRECT,
        summary=f"round {event_round.number}: seats of entries {first} and {second} swapped",
    )


def _round_lock(event_round: EventRound) -> EventRound:
    return (
        EventRound.objects.select_for_update(of=("self",))
        .select_related("event__parlor")
        .get(pk=event_round.pk)
    )


def _playing_round_lock(event_round: EventRound) -> EventRound:
    event_round = _round_lock(event_round)
    if event_round.status != RoundStatus.PLAYING:
        raise Conflict("the round is not being played", code="round_not_playing")
    return event_round


@transaction.atomic
def round_start(*, event_round: EventRound, by: Actor) -> EventRound:
    """Starts every table's game with the round's seats, and the round's timer."""
    event_round = _round_lock(event_round)
    if event_round.status != RoundStatus.SEATED:
        raise Conflict("the round has already started", code="round_started")
    for round_table in RoundTable.objects.filter(round=event_round).select_related("table"):
        seats = round_table.seats.select_related("entry__player").order_by("seat")
        round_table.game = game_start(
            table=round_table.table,
            players=[s.entry.player for s in seats],
            seating=Seating.GIVEN,
            by=by,
        )
        round_table.save(update_fields=["game"])
    event_round.status = RoundStatus.PLAYING
    event_round.timer_started_at = timezone.now()
    event_round.save(update_fields=["status", "timer_started_at"])
    return event_round


@transaction.atomic
def round_timer_pause(*, event_round: EventRound, by: Actor) -> EventRound:
    """Pauses the round's clock, or starts it again if it is paused."""
    event_round = _playing_round_lock(event_round)
    now = timezone.now()
    if event_round.paused_at is None:
        event_round.paused_at = now
    else:
        event_round.paused_seconds += int((now - event_round.paused_at).total_seconds())
        event_round.paused_at = None
    event_round.save(update_fields=["paused_at", "paused_seconds"])
    return event_round


@transaction.atomic
def round_table_extend(*, round_table: RoundTable, minutes: int, by: Actor) -> RoundTable:
    """Gives one table more time (延長), e.g. for a dispute the referee settled."""
    event_round = _playing_round_lock(round_table.round)
    round_table = RoundTable.objects.select_for_update().get(pk=round_table.pk)
    if not 1 <= minutes <= MAX_EXTENSION_MINUTES:
        raise InvalidInput(
            f"extend by 1 to {MAX_EXTENSION_MINUTES} minutes",
            code="extension_minutes",
            field="minutes",
            params={"max": MAX_EXTENSION_MINUTES},
        )
    round_table.extension_seconds += minutes * 60
    round_table.save(update_fields=["extension_seconds"])
    event_audit(
        event_round.event,
        by=by,
        action=AuditAction.CORRECT,
        summary=f"round {event_round.number} table {round_table.number}: {minutes} min more",
    )
    return round_table


@transaction.atomic
def round_end(*, event_round: EventRound, by: Actor) -> EventRound:
    """Ends the round: tables still playing close after the hands recorded (game_finish)."""
    event_round = _playing_round_lock(event_round)
    for round_table in RoundTable.objects.filter(round=event_round).select_related("game"):
        game = round_table.game
        if game is not None and game.status == GameStatus.IN_PROGRESS:
            game_finish(game=game, by=by)
    event_round.status = RoundStatus.FINISHED
    event_round.ended_at = timezone.now()
    event_round.save(update_fields=["status", "ended_at"])
    event_audit(
        event_round.event,
        by=by,
        action=AuditAction.FINISH,
        summary=f"round {event_round.number} ended",
    )
    event = event_round.event
    if event_round.number == event.round_count:
        event.status = EventStatus.FINISHED
        event.save(update_fields=["status"])
    return event_round
