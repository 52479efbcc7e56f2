"""Replays a game's current hands and persists what the engine returned.

Every write replays the whole game (the engine is fast) and then stores the outcome of each
hand from `from_sequence` on, the live state on the game row, and the results once it ended.
"""

from __future__ import annotations

from typing import Any

from django.db import IntegrityError, transaction
from django.utils import timezone

from parlor.domain.money import SeatMoney, SeatResult, Terms, game_money_compute
from parlor.errors import Conflict
from parlor.models import (
    Game,
    GameMoney,
    GameResult,
    GameSeat,
    GameStatus,
    Hand,
    HandOutcome,
    HandState,
)
from parlor.models.write_batch import WriteBatch, bulk_insert
from parlor.services import engine
from parlor.services.seat_stats import seat_stats_store
from parlor.services.settlements import (
    SettledMoneyChange,
    settled_money_changes,
    settlement_reconcile_game,
)


def current_hands(game: Game) -> list[Hand]:
    """The game's current hand versions in order (one query)."""
    return list(game.hands.filter(state=HandState.CURRENT).order_by("sequence"))


def game_record(
    game: Game, entries: list[dict[str, Any]] | None = None, *, finished: bool | None = None
) -> dict[str, Any]:
    """The game's tenbo-game/1 record, with `entries` instead of the stored hands if given."""
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
)


def outcome_fields(item: dict[str, Any]) -> dict[str, Any]:
    return {
        "round_wind": item["round_wind"],
        "round_number": item["round_number"],
        "honba": item["honba"],
        "dealer": item["dealer"],
        "sticks_before": item["sticks_before"],
        "scores_before": item["scores_before"],
        "transfers": item["transfers"],
        "deltas": item["deltas"],
        "scores_after": item["scores_after"],
        "sticks_after": item["sticks_after"],
        "next_state": item.get("next"),
        "notes": item.get("notes", []),
    }


def tenths(value: Any) -> int:
    """A number in the ruleset's unit (at most one decimal) as an integer count of tenths."""
    return round(float(value) * 10)


def replay_apply(
    game: Game,
    replay: dict[str, Any],
    hands: list[Hand],
    *,
    from_sequence: int,
    appended: bool = False,
    writes: WriteBatch | None = None,
) -> list[GameResult]:
    """Stores `replay` (of `hands`, in order) on the locked `game` and its hands. Returns the
    game's results as stored (none unless the replay ended the game), players loaded.

    `appended`: the change only added new hands to a game in progress, so none of them has an
    outcome yet, the game has no results, and the game cannot reopen: nothing to delete first.
    `writes` (appended hands only, inserted into that batch first): what is written goes into
    the batch instead, the new hands' outcomes, the game's live state and, should the game
    end, its results and the players' figures. The batch is then flushed here (one round
    trip), before settlement_reconcile_game reads what the end wrote; a hand that leaves the
    game going leaves its rows in the batch for the caller to flush with its own.
    """
    if writes is not None and not appended:
        raise ValueError("a batch takes appended hands only (nothing to delete first)")
    items = replay["hands"]
    changed = [hand for hand in hands if hand.sequence >= from_sequence]
    if not appended:
        HandOutcome.objects.filter(hand__in=changed).delete()
    outcomes = [HandOutcome(hand=h, **outcome_fields(items[h.sequence - 1])) for h in changed]
    if writes is None:
        HandOutcome.objects.bulk_create(outcomes)
    else:
        for outcome in outcomes:
            writes.insert(outcome, hand_id=writes.ref_of(outcome.hand))
    _live_state_store(game, replay, hands, may_reopen=not appended, writes=writes)
    results = _results_store(game, replay, stored=not appended, writes=writes)
    # The players' figures come from this replay and these results, as just stored: the
    # outcome of every current hand is its item of the replay.
    seat_stats_store(
        game,
        appended=appended,
        results=[(r.seat, r.rank, r.total_tenths) for r in results],
        hands=[(hand.entry, items[hand.sequence - 1]["transfers"]) for hand in hands],
        writes=writes,
    )
    if writes is not None and game.status == GameStatus.FINISHED:
        writes.flush()
    settlement_reconcile_game(game)  # a settled game that changed: an adjustment
    return results


def _live_state_store(
    game: Game,
    replay: dict[str, Any],
    hands: list[Hand],
    *,
    may_reopen: bool,
    writes: WriteBatch | None = None,
) -> None:
    items = replay["hands"]
    if items:
        last = items[-1]
        game.scores, game.sticks, game.next_state = (
            last["scores_after"],
            last["sticks_after"],
            last.get("next"),
        )
    else:
        ruleset = engine.ruleset_from_snapshot(game.ruleset_snapshot)
        start = engine.start_state(ruleset, game.start_state, game.seats.count())
        game.scores, game.sticks = start["scores"], start["sticks"]
        game.next_state = {
            key: start[key] for key in ("round_wind", "round_number", "dealer", "honba")
        }
    game.hand_count = len(hands)
    end = replay.get("end")
    if end:
        game.end_reason = end["reason"]
        game.next_state = None
        if game.status != GameStatus.FINISHED:
            game.status, game.ended_at = GameStatus.FINISHED, timezone.now()
    else:
        game.end_reason = ""
        if game.status == GameStatus.FINISHED:
            game.status, game.ended_at = GameStatus.IN_PROGRESS, None
    fields = ["scores", "sticks", "next_state", "hand_count", "end_reason", "status", "ended_at"]
    if writes is not None:
        writes.update(game, fields)
        return
    if not may_reopen:
        game.save(update_fields=fields)
        return
    try:
        with transaction.atomic():
            game.save(update_fields=fields)
    except IntegrityError as exc:
        # A correction can turn a finished game back into one in progress; the table may
        # meanwhile have started its next game, and a table has one open game at most.
        raise Conflict(
            f"this change would reopen the game, but table {game.table.label} already has a "
            "game in progress",
            code="table_has_open_game",
        ) from exc


def _results_store(
    game: Game, replay: dict[str, Any], *, stored: bool, writes: WriteBatch | None = None
) -> list[GameResult]:
    """`stored`: the game may have results already (they are replaced). Returns the results
    written (or added to `writes`), in seat order, each with its player (the seat's, loaded
    with the seats)."""
    if stored:
        GameResult.objects.filter(game=game).delete()
    final = replay.get("final")
    if not final:
        return []
    seats = {seat.seat: seat for seat in game.seats.all()}
    results = [
        GameResult(
            game=game,
            seat=seat,
            # The player itself where the seats came with theirs (an answer shows them).
            **_player_of(seats[seat]),
            final_score=final["scores"][seat],
            rank=final["ranks"][seat],
            oka_tenths=tenths(final["oka"][seat]),
            uma_tenths=tenths(final["uma"][seat]),
            bonus_tenths=tenths(final["bonuses"][seat]),
            total_tenths=tenths(final["total_points"][seat]),
            chips=int(final["chips"][seat]),
        )
        for seat in sorted(seats)
    ]
    return bulk_insert(results, writes=writes)


def _player_of(seat: GameSeat) -> dict[str, Any]:
    if GameSeat.player.is_cached(seat):
        return {"player": seat.player}
    return {"player_id": seat.player_id}


def replay_money_changes(game: Game, replay: dict[str, Any]) -> list[SettledMoneyChange]:
    """The adjustments storing `replay` would create for players already checked out: what
    settlement_reconcile_game will find once the results are those of the replay's end.

    Nothing when the replay leaves the game unfinished (reconciling waits for its end). Reads
    the closed visits' lines and, if there are any, the game's money terms and seats.
    """
    final = replay.get("final")
    if not final:
        return []

    def money_of() -> dict[int, SeatMoney]:
        terms = GameMoney.objects.filter(game=game).first()
        if terms is None:
            return {}
        seats = [
            SeatResult(
                seat.seat,
                final["ranks"][seat.seat],
                tenths(final["total_points"][seat.seat]),  # as _results_store stores them
                int(final["chips"][seat.seat]),
                is_staff_play=seat.is_staff_play,
            )
            for seat in game.seats.all()
        ]
        return {m.seat: m for m in game_money_compute(Terms.of(terms), seats)}

    return settled_money_changes(game, money_of)
