"""Games: read, export, staff close, void (無効); the game's detail, which most answers carry."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import extend_schema, extend_schema_serializer
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from parlor.api.idempotency import idempotent_response
from parlor.api.serializers import (
    IDEMPOTENCY_KEY,
    GameDetailSerializer,
    ReasonField,
    error_responses,
)
from parlor.models import Game, GameResult, GameSeat, GameStatus, Hand, HandOutcome
from parlor.selectors.access import Role, game_for
from parlor.services.games import game_finish, game_void_at_the_table
from parlor.services.imports import game_export

_DATETIME = serializers.DateTimeField()


def _when(value: Any) -> str | None:
    return _DATETIME.to_representation(value) if value is not None else None


def game_detail_body(
    game: Game,
    *,
    seats: Iterable[GameSeat] | None = None,
    hands: Iterable[Hand] | None = None,
    results: Iterable[GameResult] | None = None,
) -> dict[str, Any]:
    """GameDetailSerializer's answer for `game` (its table loaded), built from the rows.

    At most three queries (seats, results, every hand version with its outcome), whatever the
    number of hands; the serializer took six and built a serializer per hand, which cost more
    than the queries. A write that has the rows as it stored them passes them in: `seats` with
    their players, `hands` every version in (sequence, version) order with its outcome and
    users, `results` in seat order with their players; those queries are then left out.
    tests/parlor/test_query_counts.py checks that the serializer, a write's answer and a fresh
    read give the same JSON.
    """
    if seats is None:
        seats = GameSeat.objects.filter(game=game).select_related("player")
    if hands is None:
        hands = (
            Hand.objects.filter(game=game)
            .select_related("outcome", "entered_by", "voided_by")
            .order_by("sequence", "version")
        )
    hands = list(hands)
    # A correction supersedes a version of the same game, so it is among `hands`: no join.
    versions = {hand.pk: hand.version for hand in hands}
    return {
        "id": str(game.public_id),
        "table_id": str(game.table.public_id),
        "table_label": game.table.label,
        "status": str(game.status),
        "ruleset_key": game.ruleset_key,
        "number_in_seating": game.number_in_seating,
        "started_at": _when(game.started_at),
        "ended_at": _when(game.ended_at),
        "end_reason": game.end_reason,
        "hand_count": game.hand_count,
        "scores": [int(score) for score in game.scores],
        "sticks": game.sticks,
        "next": game.next_state,
        "seats": [
            {"seat": s.seat, "player_id": str(s.player.public_id), "name": s.name} for s in seats
        ],
        "results": [_result(r) for r in (_results(game) if results is None else results)],
        "schema_version": game.schema_version,
        "ruleset": game.ruleset_snapshot,
        "is_closed_by_staff": game.is_closed_by_staff,
        "cancel_reason": game.void_reason,
        "hands": [_hand(hand, versions) for hand in hands],
    }


def prefers_minimal(request: Request) -> bool:
    """`Prefer: return=minimal` (RFC 7240): the client wants the short answer of a write."""
    preferences = request.headers.get("Prefer", "")
    return any(p.strip().lower() == "return=minimal" for p in preferences.split(","))


def hand_recorded_body(recorded: Any) -> dict[str, Any]:
    """The short answer to a recorded hand: the hand with its outcome, and the game as that
    hand left it (scores, sticks, the next hand; `finished` once the hand ended it). Built from
    the hand's version alone, so a retry gets the same answer built again from the stored hand
    (services.hands.hand_record_answered); the results and the end's reason are the GET's."""
    hand = recorded.hand
    outcome = hand.outcome
    return {
        "game": {
            "id": str(recorded.game.public_id),
            "status": str(GameStatus.IN_PROGRESS if outcome.next_state else GameStatus.FINISHED),
            "hand_count": hand.sequence,
            "scores": [int(score) for score in outcome.scores_after],
            "sticks": outcome.sticks_after,
            "next": outcome.next_state,
        },
        "hand": _hand(hand, {hand.pk: hand.version}),
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


def _hand(hand: Hand, versions: dict[int, int]) -> dict[str, Any]:
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
        "entered_at": _when(hand.entered_at),
        "reason": hand.reason,
        "supersedes_version": supersedes,
        "voided_at": _when(hand.voided_at),
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


class GameDetailView(APIView):
    @extend_schema(responses={200: GameDetailSerializer, **error_responses()})
    def get(self, request: Request, game_id: str) -> Response:
        game, _ = game_for(request.user, game_id, role=Role.PLAYER)
        return Response(game_detail_body(game))


class GameExportView(APIView):
    @extend_schema(
        responses={200: OpenApiTypes.OBJECT, **error_responses()},
        description="The game as a tenbo-game/1 record (its ruleset snapshot inline).",
    )
    def get(self, request: Request, game_id: str) -> Response:
        game, _ = game_for(request.user, game_id, role=Role.PLAYER)
        return Response(game_export(game))


class GameFinishView(APIView):
    @extend_schema(
        request=None,
        parameters=[IDEMPOTENCY_KEY],
        responses={200: GameDetailSerializer, **error_responses(400, 409)},
        description="Staff close the game after its last hand (強制終了): final settlement.",
    )
    def post(self, request: Request, game_id: str) -> Response:
        game, _ = game_for(request.user, game_id)

        def call() -> tuple[int, object]:
            return 200, game_detail_body(game_finish(game=game, by=request.user))

        return idempotent_response(request, table=game.table, call=call)


class GameVoidView(APIView):
    """Voids the game (無効): the tablet's void, same service and errors."""

    @extend_schema_serializer(component_name="GameCancelInput")
    class InputSerializer(serializers.Serializer[Any]):
        reason = ReasonField(help_text="Why the game is voided.")
        manager_username = serializers.CharField(
            max_length=150,
            required=False,
            default="",
            allow_blank=True,
            help_text="A manager confirming the void of a game that has hands, unless the "
            "caller is a manager (a finished game: managers only).",
        )
        manager_password = serializers.CharField(
            max_length=128, required=False, default="", allow_blank=True, trim_whitespace=False
        )

    @extend_schema(
        summary="Void a game (無効)",
        request=InputSerializer,
        parameters=[IDEMPOTENCY_KEY],
        responses={200: GameDetailSerializer, **error_responses(400, 409)},
    )
    def post(self, request: Request, game_id: str) -> Response:
        game, _access = game_for(request.user, game_id)
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        values = data.validated_data

        def call() -> tuple[int, object]:
            voided = game_void_at_the_table(
                game=game,
                reason=values["reason"],
                by=request.user,
                manager_username=values["manager_username"],
                manager_password=values["manager_password"],
                request=request,
            )
            return 200, game_detail_body(voided)

        return idempotent_response(request, table=game.table, call=call)
