"""The JSON answers about a game, its hands and a table: one builder per shape, for every door.

The API's game (GET, and every write that answers with the game; without its hands, a
player's games), the short answer to a recorded hand, a hand with its outcome and a table's
state are built here alone; the OpenAPI schema documents them with api.serializers
(GameDetailSerializer, GameSummarySerializer, HandSerializer) and api.tables
(TableStateSerializer), and tests/parlor/test_query_counts.py
(test_the_game_answer_has_the_fields_the_schema_documents) checks that the answers have the
fields the schema names. The pages read the typed values these are built from.
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime
from typing import Any

from django.db.models import QuerySet
from django.utils import timezone

from parlor.models import Game, GameResult, GameSeat, GameStatus, Hand, HandOutcome
from parlor.selectors.game_seats import GameSeats
from parlor.selectors.games import TableNow


def when(value: datetime | None) -> str | None:
    """A time as the API writes it: ISO 8601 in the current time zone, UTC as `Z` (as DRF's
    DateTimeField writes it)."""
    if value is None:
        return None
    text = timezone.localtime(value).isoformat()
    return text[:-6] + "Z" if text.endswith("+00:00") else text


def game_answer(
    game: Game,
    *,
    seats: Iterable[GameSeat] | None = None,
    hands: Iterable[Hand] | None = None,
    results: Iterable[GameResult] | None = None,
) -> dict[str, Any]:
    """The game (its table loaded) with its seats, results and every hand version.

    At most three queries (seats, results, every hand version with its outcome), whatever the
    number of hands. A write that has the rows as it stored them passes them in: `seats` with
    their players, `hands` every version in (sequence, version) order with its outcome and
    users, `results` in seat order with their players; those queries are then left out.
    """
    if seats is None:
        seats = GameSeat.objects.filter(game=game).select_related("player")
    hands = list(_hands(game) if hands is None else hands)
    # A correction supersedes a version of the same game, so it is among `hands`: no join.
    versions = {hand.pk: hand.version for hand in hands}
    return {
        **game_summary_answer(
            game, seats=seats, results=_results(game) if results is None else results
        ),
        "schema_version": game.schema_version,
        "ruleset": game.ruleset_snapshot,
        "is_closed_by_staff": game.is_closed_by_staff,
        "cancel_reason": game.void_reason,
        "hands": [hand_answer(hand, versions) for hand in hands],
    }


def game_summary_answer(
    game: Game, *, seats: Iterable[GameSeat], results: Iterable[GameResult]
) -> dict[str, Any]:
    """A game without its hands (a player's games): the game row and its table, the `seats`
    with their players, the `results` with theirs, in the answer's order."""
    return {
        "id": str(game.public_id),
        "table_id": str(game.table.public_id),
        "table_label": game.table.label,
        "status": str(game.status),
        "ruleset_key": game.ruleset_key,
        "number_in_seating": game.number_in_seating,
        "started_at": when(game.started_at),
        "ended_at": when(game.ended_at),
        "end_reason": game.end_reason,
        "hand_count": game.hand_count,
        "scores": [int(score) for score in game.scores],
        "sticks": game.sticks,
        "next": game.next_state,
        "seats": [
            {"seat": s.seat, "player_id": str(s.player.public_id), "name": s.name} for s in seats
        ],
        "results": [_result(r) for r in results],
    }


def _hands(game: Game) -> QuerySet[Hand]:
    """Every version of the game's hands with its outcome and users (one query)."""
    return (
        Hand.objects.filter(game=game)
        .select_related("outcome", "entered_by", "voided_by")
        .order_by("sequence", "version")
    )


def hand_recorded_answer(hand: Hand, game: Game) -> dict[str, Any]:
    """The short answer to a recorded hand: the hand with its outcome, and the game as that
    hand left it (scores, sticks, the next hand; `finished` once the hand ended it). Built from
    the hand's version alone, so a retry gets the same answer built again from the stored hand
    (services.hands.hand_record_once); the results and the end's reason are the GET's."""
    outcome = hand.outcome
    return {
        "game": {
            "id": str(game.public_id),
            "status": str(GameStatus.IN_PROGRESS if outcome.next_state else GameStatus.FINISHED),
            "hand_count": hand.sequence,
            "scores": [int(score) for score in outcome.scores_after],
            "sticks": outcome.sticks_after,
            "next": outcome.next_state,
        },
        "hand": hand_answer(hand, {hand.pk: hand.version}),
    }


def _results(game: Game) -> Iterable[GameResult]:
    """The game's results (one query), none for a game in progress without a query: results
    are written (replays.game_end_store) only when the game ended, and deleted by every
    replay that may reopen it (an appended hand cannot reopen a game)."""
    if game.status == GameStatus.IN_PROGRESS:
        return []
    return GameResult.objects.filter(game=game).select_related("player")


def _result(result: GameResult) -> dict[str, Any]:
    return {
        "seat": result.seat,
        "player_id": str(result.player.public_id),
        "rank": result.rank,
        "final_score": result.final_score,
        "oka": result.oka_tenths / 10,
        "uma": result.uma_tenths / 10,
        "bonus": result.bonus_tenths / 10,
        "deduction": result.deduction_tenths / 10,
        "total": result.total_tenths / 10,
        "chips": result.chips,
    }


def hand_answer(hand: Hand, versions: dict[int, int]) -> dict[str, Any]:
    """A hand version with its outcome; `versions`: the version of each hand (by pk) at hand,
    to name the one it supersedes without a query."""
    outcome: HandOutcome | None = getattr(hand, "outcome", None)
    supersedes: int | None = None
    if hand.supersedes_id is not None:
        supersedes = versions.get(hand.supersedes_id)
        if supersedes is None:  # not among the versions given: read it (one query)
            supersedes = hand.supersedes.version if hand.supersedes else None
    return {
        "id": str(hand.public_id),
        "sequence": hand.sequence,
        "version": hand.version,
        "state": str(hand.state),
        "entry": hand.entry,
        "entered_by": hand.entered_by.username if hand.entered_by else None,
        "entered_at": when(hand.entered_at),
        "reason": hand.reason,
        "supersedes_version": supersedes,
        "voided_at": when(hand.voided_at),
        "void_reason": hand.void_reason,
        "outcome": None if outcome is None else _outcome(outcome),
    }


def _outcome(outcome: HandOutcome) -> dict[str, Any]:
    return {
        "round_wind": outcome.round_wind,
        "round_number": outcome.round_number,
        "honba": outcome.honba,
        "dealer": outcome.dealer,
        "sticks_before": outcome.sticks_before,
        "scores_before": [int(score) for score in outcome.scores_before],
        "transfers": outcome.transfers,
        "deltas": [int(delta) for delta in outcome.deltas],
        "scores_after": [int(score) for score in outcome.scores_after],
        "sticks_after": outcome.sticks_after,
        "next": outcome.next_state,
        "notes": outcome.notes,
        "deductions": [int(points) for points in outcome.deductions],
    }


def table_answer(state: TableNow) -> dict[str, Any]:
    """A table, its ruleset, what its next game needs and its open game (GET /tables/)."""
    table, ruleset, seating = state.table, state.ruleset, state.seating
    answer: dict[str, Any] = {
        "id": table.public_id,
        "label": table.label,
        "ruleset_key": table.ruleset_key,
        "ruleset": None,
        "seating": None,
        "game": None
        if state.game is None or state.at_table is None
        else game_live_answer(state.game, state.at_table),
    }
    if ruleset is None or seating is None:
        answer["ruleset_error"] = state.ruleset_error
        return answer
    answer["ruleset"] = {
        "key": table.ruleset_key,
        "title": ruleset.title,
        "title_en": ruleset.title_en,
        "player_count": ruleset.player_count,
    }
    players, next_first = seating.players, seating.next_first_dealer_position
    answer["seating"] = {
        "players": [{"id": p.public_id, "name": p.name} for p in players],
        "games_played": seating.games_played,
        "seat_change_interval_games": seating.interval,
        "seat_draw_required": seating.is_draw_required,
        "next_first_dealer": players[next_first].public_id if next_first is not None else None,
    }
    return answer


def game_live_answer(game: Game, at_table: GameSeats) -> dict[str, Any]:
    """A table's open game: round, honba, sticks, scores and winds of the hand to play next
    (from the game row; no winds where a seat sits the hand out)."""
    return {
        "id": game.public_id,
        "status": game.status,
        "hand_count": game.hand_count,
        "scores": game.scores,
        "sticks": game.sticks,
        "end_reason": game.end_reason or None,
        "started_at": game.started_at,
        "seats": [
            {"seat": s.seat, "player_id": s.player_id, "name": s.name} for s in at_table.seats
        ],
        "next": game.next_state,
        "winds": None if at_table.winds is None else list(at_table.winds),
    }
