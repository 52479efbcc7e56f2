"""The signed-in user, players and rulesets."""

from __future__ import annotations

from typing import Any

from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema, extend_schema_serializer
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from parlor.api.idempotency import idempotent_response
from parlor.api.serializers import IDEMPOTENCY_KEY, GameSummarySerializer, error_responses
from parlor.selectors.access import Role, access_for, player_for, require
from parlor.selectors.answers import game_summary_answer
from parlor.selectors.counter import player_matches
from parlor.selectors.games import games_of_player
from parlor.services.players import player_create
from parlor.services.rulesets import ruleset_create
from parlor.view_helpers.inputs import PlayerInput
from rulesets.registry import PRESETS


class PlayerSerializer(serializers.Serializer[Any]):
    id = serializers.UUIDField(source="public_id")
    name = serializers.CharField()
    kana = serializers.CharField(help_text="よみがな, for search")
    member_number = serializers.CharField()
    kind = serializers.CharField()


class MeView(APIView):
    @extend_schema(responses={200: OpenApiTypes.OBJECT, **error_responses()})
    def get(self, request: Request) -> Response:
        access = access_for(request.user)
        player = PlayerSerializer(access.player).data if access.player else None
        return Response(
            {
                "username": request.user.get_username(),
                "role": access.role,
                "parlor": {"id": access.parlor.public_id, "name": access.parlor.name},
                "player": player,
            }
        )


class PlayerListView(APIView):
    InputSerializer = PlayerInput

    @extend_schema(
        parameters=[
            OpenApiParameter(
                "q",
                str,
                description="name, kana or member number; katakana, half-width kana and "
                "hiragana alike",
            )
        ],
        responses={200: PlayerSerializer(many=True), **error_responses()},
    )
    def get(self, request: Request) -> Response:
        access = require(request.user, Role.STAFF)
        query = request.query_params.get("q", "")
        rows = [p for p in access.parlor.players.all() if player_matches(p, query)]
        return Response(PlayerSerializer(rows, many=True).data)

    @extend_schema(
        request=InputSerializer,
        parameters=[IDEMPOTENCY_KEY],
        responses={201: PlayerSerializer, **error_responses(400, 409)},
    )
    def post(self, request: Request) -> Response:
        access = require(request.user, Role.STAFF)
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)

        def call() -> tuple[int, Any]:
            player = player_create(parlor=access.parlor, by=request.user, **data.validated_data)
            return 201, PlayerSerializer(player).data

        return idempotent_response(request, parlor=access.parlor, call=call)


class PlayerGamesView(APIView):
    @extend_schema(responses={200: GameSummarySerializer(many=True), **error_responses()})
    def get(self, request: Request, player_id: str) -> Response:
        player, _ = player_for(request.user, player_id)
        games = games_of_player(player)
        return Response(
            [game_summary_answer(g, seats=g.seats.all(), results=g.results.all()) for g in games]
        )


class RulesetSerializer(serializers.Serializer[Any]):
    key = serializers.CharField()
    title = serializers.CharField()
    title_en = serializers.CharField(allow_blank=True)
    player_count = serializers.IntegerField(allow_null=True)
    is_preset = serializers.BooleanField()


class RulesetListView(APIView):
    @extend_schema_serializer(component_name="RulesetCreateInput")
    class InputSerializer(serializers.Serializer[Any]):
        key = serializers.SlugField(max_length=50)
        title = serializers.CharField(max_length=100)
        definition = serializers.DictField(
            help_text=(
                "The engine's ruleset object, e.g. "
                '{"base": "standard", "uma": [30, 10, -10, -30]}.'
            )
        )

    @extend_schema(responses={200: RulesetSerializer(many=True), **error_responses()})
    def get(self, request: Request) -> Response:
        access = require(request.user, Role.STAFF)
        rows = [
            {
                "key": k,
                "title": r.title,
                "title_en": r.title_en,
                "player_count": r.player_count,
                "is_preset": True,
            }
            for k, r in PRESETS.items()
        ]
        rows += [
            {
                "key": r.key,
                "title": r.title,
                "title_en": "",
                "is_preset": False,
                "player_count": None,
            }
            for r in access.parlor.rulesets.all()
        ]
        return Response(RulesetSerializer(rows, many=True).data)

    @extend_schema(
        request=InputSerializer,
        parameters=[IDEMPOTENCY_KEY],
        responses={201: RulesetSerializer, **error_responses(400, 409)},
    )
    def post(self, request: Request) -> Response:
        access = require(request.user, Role.MANAGER)
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)

        def call() -> tuple[int, Any]:
            row = ruleset_create(parlor=access.parlor, by=request.user, **data.validated_data)
            line = {
                "key": row.key,
                "title": row.title,
                "title_en": "",
                "player_count": None,
                "is_preset": False,
            }
            return 201, RulesetSerializer(line).data

        return idempotent_response(request, parlor=access.parlor, call=call)
