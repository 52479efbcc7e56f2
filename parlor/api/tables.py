"""Tables: live state, starting a game, importing a record."""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import extend_schema, extend_schema_serializer
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from parlor.api.idempotency import idempotent_response
from parlor.api.serializers import IDEMPOTENCY_KEY, GameDetailSerializer, error_responses
from parlor.models import Game
from parlor.security.limits import TABLE_MAX_PLAYERS
from parlor.selectors.access import Role, players_for, require, table_for
from parlor.selectors.answers import game_answer, table_answer
from parlor.selectors.games import table_state, tables_of, tables_state
from parlor.services.games import game_start
from parlor.services.imports import game_import
from parlor.services.seating import Seating


class TableStateSerializer(serializers.Serializer[Any]):
    id = serializers.UUIDField()
    # The table's label (卓番), an answer field; the stubs see DRF's own Field.label (a caption).
    label = serializers.CharField()  # type: ignore[assignment]
    ruleset_key = serializers.CharField()
    ruleset = serializers.JSONField(allow_null=True)
    seating = serializers.JSONField(
        allow_null=True,
        help_text=(
            "players in turn order, games_played since the draw, seat_change_interval_games, "
            "seat_draw_required, next_first_dealer"
        ),
    )
    game = serializers.JSONField(
        allow_null=True,
        help_text=(
            "The open game: scores, sticks, next {round_wind, round_number, dealer, honba}, winds."
        ),
    )


class TableListView(APIView):
    @extend_schema(responses={200: TableStateSerializer(many=True), **error_responses()})
    def get(self, request: Request) -> Response:
        access = require(request.user, Role.STAFF)
        states = tables_state(tables_of(access.parlor))
        return Response(TableStateSerializer([table_answer(s) for s in states], many=True).data)


class TableDetailView(APIView):
    @extend_schema(responses={200: TableStateSerializer, **error_responses()})
    def get(self, request: Request, table_id: str) -> Response:
        table, _ = table_for(request.user, table_id)
        return Response(TableStateSerializer(table_answer(table_state(table))).data)


class GameStartView(APIView):
    @extend_schema_serializer(component_name="GameStartInput")
    class InputSerializer(serializers.Serializer[Any]):
        players = serializers.ListField(
            child=serializers.UUIDField(),
            required=False,
            default=list,
            max_length=TABLE_MAX_PLAYERS,
            help_text="Player ids; in turn order for 'given'.",
        )
        seating = serializers.ChoiceField(
            choices=[s.value for s in Seating],
            default="draw",
            help_text="draw: random seats and first dealer; given: "
            "players in turn order, the first deals first; keep: "
            "the table's seating, while the seat change rule allows.",
        )

    @extend_schema(
        request=InputSerializer,
        parameters=[IDEMPOTENCY_KEY],
        responses={201: GameDetailSerializer, **error_responses(400, 409)},
    )
    def post(self, request: Request, table_id: str) -> Response:
        table, access = table_for(request.user, table_id)
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)

        def call() -> tuple[int, object]:
            players = players_for(access, data.validated_data["players"])
            game = game_start(
                table=table,
                players=players,
                by=request.user,
                seating=Seating(data.validated_data["seating"]),
            )
            return 201, game_answer(Game.objects.select_related("table").get(pk=game.pk))

        return idempotent_response(request, table=table, call=call)


class GameImportView(APIView):
    @extend_schema_serializer(component_name="GameImportInput")
    class InputSerializer(serializers.Serializer[Any]):
        record = serializers.DictField(help_text="A whole tenbo-game/1 record.")
        players = serializers.ListField(
            child=serializers.UUIDField(),
            required=False,
            allow_null=True,
            max_length=TABLE_MAX_PLAYERS,
            default=None,
            help_text=(
                "Player ids in the record's seat order; left out, "
                "players are matched by name (new guests if unknown)."
            ),
        )

    @extend_schema(
        request=InputSerializer,
        parameters=[IDEMPOTENCY_KEY],
        responses={201: GameDetailSerializer, **error_responses(400, 409)},
    )
    def post(self, request: Request, table_id: str) -> Response:
        table, access = table_for(request.user, table_id, role=Role.MANAGER)
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        ids = data.validated_data["players"]

        def call() -> tuple[int, object]:
            players = players_for(access, ids) if ids is not None else None
            game = game_import(
                table=table, record=data.validated_data["record"], players=players, by=request.user
            )
            return 201, game_answer(Game.objects.select_related("table").get(pk=game.pk))

        return idempotent_response(request, table=table, call=call)
