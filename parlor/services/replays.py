"""What the engine says of a game's hands, stored: each hand's outcome, the game's state and,
once it ended, its results and the players' stats.

Recording a hand stores the engine's step of the state stored after the hand before
(hands.hand_record); a correction, an undo of the last hand or a close replays the whole log
and stores that (`replay_store`). Both write through the same functions here.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django.db import IntegrityError, transaction
from django.utils import timezone

from parlor.domain.money import SeatMoney, SeatResult, Terms, game_money_compute
from parlor.domain.units import Result
from parlor.errors import Conflict
from parlor.models import (
    Game,
    GameMoney,
    GameResult,
    GameStatus,
    Hand,
    HandOutcome,
    HandState,
)
from parlor.services import engine
from parlor.services.live_views import live_view_changed
from parlor.services.seat_stats import seat_stats_store, stats_of_hands
from parlor.services.settlements import (
    SettledMoneyChange,
    settled_money_changes,
    settlement_reconcile_game,
)
from parlor.services.shift_corrections import shift_money_changes, shift_reconcile_game
from scoring import (
    FinalSettlement,
    GameReplay,
    GameState,
    Ruleset,
    hand_start_to_dict,
    in_tenths,
    next_hand_to_dict,
)
from scoring import HandOutcome as EngineOutcome


def current_hands(game: Game) -> list[Hand]:
    """The game's current hand versions in order (one query)."""
    return list(game.hands.filter(state=HandState.CURRENT).order_by("sequence"))


def game_record_build(
    game: Game, entries: list[dict[str, Any]] | None = None, *, finished: bool | None = None
) -> dict[str, Any]:
    """Builds the game's tenbo-game/1 record document (a dict) for the engine, with `entries`
    instead of the stored hands if given. Not `hand_record`, which records (stores) a hand."""
    if entries is None:
        entries = [hand.entry for hand in current_hands(game)]
    seats = sorted(game.seats.all(), key=lambda seat: seat.seat)  # prefetched ones if any
    return engine.record_build(
        snapshot=game.ruleset_snapshot,
        names=[seat.name for seat in seats],
        entries=entries,
        start=game.start_state,
        finished=game.is_closed_by_staff if finished is None else finished,
    )


def has_sit_out(ruleset: Ruleset, seats: int) -> bool:
    """Four people at a three-player table (抜け番)."""
    return seats > ruleset.player_count


OUTCOME_FIELDS = (
    "round_wind",
    "round_number",
    "honba",
    "dealer",
    "sticks_before",
    "scores_before",
    "transfers",
    "deltas",
    "scores_after",
    "sticks_after",
    "next_state",
    "notes",
    "deductions",
)


def outcome_row(hand: Hand, outcome: EngineOutcome, *, sit_out: bool) -> HandOutcome:
    """The engine's outcome of `hand` as its row (JSON columns hold lists and dicts)."""
    before, settled = outcome.before, outcome.settled
    return HandOutcome(
        hand=hand,
        round_wind=before.round_wind,
        round_number=before.round_number,
        honba=before.honba,
        dealer=before.dealer,
        sticks_before=before.sticks,
        scores_before=list(before.scores),
        transfers=[transfer.to_dict() for transfer in settled.transfers],
        deltas=list(settled.deltas),
        scores_after=list(outcome.scores_after),
        sticks_after=settled.sticks_after,
        next_state=next_hand_to_dict(outcome, sit_out=sit_out),
        notes=[note.text() for note in settled.notes],
        deductions=list(settled.deductions) if any(settled.deductions) else [],
    )


def live_state_set(
    game: Game, state: GameState, *, next_state: dict[str, Any] | None, hands: int
) -> None:
    """Copies the engine's state onto the game row (not saved): the stored state itself and
    the columns the floor and the answers read (scores, sticks, the next hand, the end), and
    has the live view of the game's seat draw renewed when the transaction commits."""
    live_view_changed(game.seat_draw.public_id)
    game.state = state.to_dict()
    game.scores, game.sticks = list(state.table.scores), state.table.sticks
    game.hand_count = hands
    if state.end is not None:
        game.end_reason, game.next_state = state.end.value, None
        if game.status != GameStatus.FINISHED:
            game.status, game.ended_at = GameStatus.FINISHED, timezone.now()
    else:
        game.end_reason, game.next_state = "", next_state
        if game.status == GameStatus.FINISHED:
            game.status, game.ended_at = GameStatus.IN_PROGRESS, None


LIVE_FIELDS = (
    "state",
    "running_stats",
    "scores",
    "sticks",
    "next_state",
    "hand_count",
    "end_reason",
    "status",
    "ended_at",
)


def game_start_state_store(game: Game) -> None:
    """The state before the first hand of a game just started (its seats written)."""
    state = engine.start_state(game_record_build(game, []))
    live_state_set(game, state, next_state=hand_start_to_dict(state.table), hands=0)
    game.running_stats = stats_of_hands(state.seats, [])
    game.save(update_fields=LIVE_FIELDS)


def results_rows(
    game: Game, final: FinalSettlement, ruleset: Ruleset, seats: Sequence[Any]
) -> list[GameResult]:
    """The results (成績) of the final settlement, in seat order, each with its seat's player."""
    return [
        GameResult(
            game=game,
            seat=seat.seat,
            player=seat.player,
            final_score=final.scores[seat.seat],
            rank=final.ranks[seat.seat],
            oka_tenths=in_tenths(final.oka[seat.seat], ruleset),
            uma_tenths=in_tenths(final.uma[seat.seat], ruleset),
            bonus_tenths=in_tenths(final.bonuses[seat.seat], ruleset),
            deduction_tenths=in_tenths(final.deductions[seat.seat], ruleset),
            total_tenths=in_tenths(final.total[seat.seat], ruleset),
            chips=final.chips[seat.seat],
        )
        for seat in sorted(seats, key=lambda s: s.seat)
    ]


def game_end_store(
    game: Game,
    final: FinalSettlement | None,
    ruleset: Ruleset,
    *,
    had_results: bool,
) -> list[GameResult]:
    """The results and the players' stats of the game as it now stands (none unless it
    ended). `had_results`: the game may have results (a replay of its log): they are replaced,
    and the visits it was settled in are reconciled. A hand appended to a game in progress
    needs neither: no visit closes while its game is in progress (visit_game_in_progress)."""
    if had_results:
        GameResult.objects.filter(game=game).delete()
    results: list[GameResult] = []
    seats = None
    if final is not None:
        seats = list(game.seats.select_related("player"))
        results = GameResult.objects.bulk_create(results_rows(game, final, ruleset, seats))
    seat_stats_store(
        game,
        seats=seats,
        appended=not had_results,
        results=[(r.seat, r.rank, r.total_tenths) for r in results],
    )
    if had_results:
        settlement_reconcile_game(game)  # a settled game that changed: an adjustment
    if had_results or any(seat.is_staff_play for seat in seats or ()):
        # A 本走 game of a signed-out shift that changed: an adjustment for the staff member.
        # A first end needs one only if a correction had reopened the game after the shift.
        shift_reconcile_game(game)
    return results


def replay_store(
    game: Game, replay: GameReplay, hands: list[Hand], *, from_sequence: int
) -> list[GameResult]:
    """Stores `replay` (of the current `hands`, in order) on the locked `game`: the outcome of
    each hand from `from_sequence` on, the game's state, and its results once it ended. The
    rare path: a correction, an undo of the last hand, a close or an import."""
    ruleset = replay.record.ruleset
    sit_out = has_sit_out(ruleset, replay.record.seats)
    changed = [hand for hand in hands if hand.sequence >= from_sequence]
    HandOutcome.objects.filter(hand__in=changed).delete()
    rows = HandOutcome.objects.bulk_create(
        [outcome_row(h, replay.hands[h.sequence - 1], sit_out=sit_out) for h in changed]
    )
    if rows:  # the changed hands run to the last: its row holds the next hand's start
        next_state = rows[-1].next_state
    elif replay.hands:
        next_state = next_hand_to_dict(replay.hands[-1], sit_out=sit_out)
    else:
        next_state = hand_start_to_dict(replay.state.table)
    live_state_set(game, replay.state, next_state=next_state, hands=len(hands))
    game.running_stats = stats_of_hands(
        replay.record.seats,
        [(outcome.hand, outcome.settled.transfers) for outcome in replay.hands],
    )
    try:
        with transaction.atomic():
            game.save(update_fields=LIVE_FIELDS)
    except IntegrityError as exc:
        # A correction can turn a finished game back into one in progress; the table may
        # meanwhile have started its next game, and a table has one open game at most.
        raise Conflict(
            f"this change would reopen the game, but table {game.table.label} already has a "
            "game in progress",
            code="table_has_open_game",
        ) from exc
    return game_end_store(game, replay.final, ruleset, had_results=True)


def replay_money_changes(game: Game, replay: GameReplay) -> list[SettledMoneyChange]:
    """The adjustments storing `replay` would create for players already checked out, and for
    staff members whose shift was signed out: what settlement_reconcile_game and
    shift_reconcile_game will find once the results are those of the replay's end.

    Nothing when the replay leaves the game unfinished (reconciling waits for its end). Reads
    the closed visits' lines and, if there are any, the game's money terms and seats.
    """
    final, ruleset = replay.final, replay.record.ruleset
    if final is None:
        return []

    def money_of() -> dict[int, SeatMoney]:
        terms = GameMoney.objects.filter(game=game).first()
        if terms is None:
            return {}
        seats = [
            SeatResult(
                seat.seat,
                final.ranks[seat.seat],
                Result(in_tenths(final.total[seat.seat], ruleset), ruleset.settlement_unit),
                final.chips[seat.seat],
                is_staff_play=seat.is_staff_play,
            )
            for seat in game.seats.all()
        ]
        return {m.seat: m for m in game_money_compute(Terms.of(terms), seats)}

    return settled_money_changes(game, money_of) + shift_money_changes(game, money_of)
