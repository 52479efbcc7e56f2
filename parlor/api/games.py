"""Games: read, export, staff close, void (無効). Their answer: selectors.answers.game_answer."""

from __future__ import annotations

from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import extend_schema
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from parlor.api.idempotency import idempotent_response
from parlor.api.serializers import (
    IDEMPOTENCY_KEY,
    GameDetailSerializer,
    error_responses,
)
from parlor.selectors.access import Role, game_for
from parlor.selectors.answers import game_answer
from parlor.services.games import game_finish, game_void_at_the_table
from parlor.services.imports import game_export
from parlor.view_helpers.hand_inputs import GameVoidInput


def prefers_minimal(request: Request) -> bool:
    """`Prefer: return=minimal` (RFC 7240): the client wants the short answer of a write."""
    preferences = request.headers.get("Prefer", "")
    return any(p.strip().lower() == "return=minimal" for p in preferences.split(","))


class GameDetailView(APIView):
    @extend_schema(responses={200: GameDetailSerializer, **error_responses()})
    def get(self, request: Request, game_id: str) -> Response:
        game, _ = game_for(request.user, game_id, role=Role.PLAYER)
        return Response(game_answer(game))


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
            return 200, game_answer(game_finish(game=game, by=request.user))

        return idempotent_response(request, table=game.table, call=call)


class GameVoidView(APIView):
    """Voids the game (無効): the tablet's void, same service and errors."""

    InputSerializer = GameVoidInput

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
            return 200, game_answer(voided)

        return idempotent_response(request, table=game.table, call=call)
