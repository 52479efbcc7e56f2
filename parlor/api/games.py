"""Games: read, export, staff close, cancel."""

from __future__ import annotations

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
    error_responses,
    game_detail_data,
)
from parlor.selectors.access import Role, game_for
from parlor.services.games import game_cancel, game_finish
from parlor.services.imports import game_export


class GameDetailView(APIView):
    @extend_schema(responses={200: GameDetailSerializer, **error_responses()})
    def get(self, request: Request, game_id: str) -> Response:
        game, _ = game_for(request.user, game_id, role=Role.PLAYER)
        return Response(game_detail_data(game))


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
            return 200, game_detail_data(game_finish(game=game, by=request.user))

        return idempotent_response(request, table=game.table, call=call)


class GameCancelView(APIView):
    @extend_schema_serializer(component_name="GameCancelInput")
    class InputSerializer(serializers.Serializer):
        reason = serializers.CharField(max_length=500)

    @extend_schema(
        request=InputSerializer,
        parameters=[IDEMPOTENCY_KEY],
        responses={200: GameDetailSerializer, **error_responses(400, 409)},
    )
    def post(self, request: Request, game_id: str) -> Response:
        game, _ = game_for(request.user, game_id, role=Role.MANAGER)
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)

        def call() -> tuple[int, object]:
            cancelled = game_cancel(
                game=game, reason=data.validated_data["reason"], by=request.user
            )
            return 200, game_detail_data(cancelled)

        return idempotent_response(request, table=game.table, call=call)
