"""Standings settings (manager) and a player's statistics (the player, or staff)."""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import extend_schema, extend_schema_serializer
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from parlor.api.idempotency import idempotent_response
from parlor.api.serializers import IDEMPOTENCY_KEY, error_responses
from parlor.models import StandingsSettings
from parlor.selectors.access import Role, player_for, require
from parlor.services.standings import (
    DEFAULT_MONTHLY_MIN_GAMES,
    MAX_MONTHLY_MIN_GAMES,
    standings_settings_set,
)
from parlor.services.stats import player_stats


class StandingsSettingsSerializer(serializers.Serializer[Any]):
    is_public = serializers.BooleanField(help_text="the page /standings/<slug>/ is served")
    monthly_min_games = serializers.IntegerField(min_value=0, max_value=MAX_MONTHLY_MIN_GAMES)


class StandingsSettingsView(APIView):
    @extend_schema(responses={200: StandingsSettingsSerializer, **error_responses()})
    def get(self, request: Request) -> Response:
        access = require(request.user, Role.STAFF)
        row = StandingsSettings.objects.filter(parlor=access.parlor).first() or StandingsSettings(
            is_public=True, monthly_min_games=DEFAULT_MONTHLY_MIN_GAMES
        )
        return Response(StandingsSettingsSerializer(row).data)

    @extend_schema(
        request=StandingsSettingsSerializer,
        parameters=[IDEMPOTENCY_KEY],
        responses={200: StandingsSettingsSerializer, **error_responses(400, 409)},
    )
    def put(self, request: Request) -> Response:
        access = require(request.user, Role.MANAGER)
        data = StandingsSettingsSerializer(data=request.data)
        data.is_valid(raise_exception=True)

        def call() -> tuple[int, Any]:
            values = data.validated_data
            row = standings_settings_set(parlor=access.parlor, by=request.user, **values)
            return 200, StandingsSettingsSerializer(row).data

        return idempotent_response(request, parlor=access.parlor, call=call)


@extend_schema_serializer(component_name="PlayerStats")
class StatsSerializer(serializers.Serializer[Any]):
    player_count = serializers.IntegerField(help_text="the game type")
    is_point_count = serializers.BooleanField(
        help_text="a point count's games (点), counted apart from the game type's others"
    )
    games = serializers.IntegerField()
    hands = serializers.IntegerField()
    average_rank = serializers.FloatField(allow_null=True)
    top_rate = serializers.FloatField(allow_null=True)
    last_rate = serializers.FloatField(allow_null=True)
    win_rate = serializers.FloatField(allow_null=True)
    deal_in_rate = serializers.FloatField(allow_null=True)
    riichi_rate = serializers.FloatField(allow_null=True)
    tobi_rate = serializers.FloatField(allow_null=True)
    average_win_points = serializers.IntegerField(allow_null=True)


class PlayerStatsView(APIView):
    @extend_schema(
        responses={200: StatsSerializer(many=True), **error_responses()},
        description="Statistics per game type from the player's hand records (本走 excluded).",
    )
    def get(self, request: Request, player_id: str) -> Response:
        player, _ = player_for(request.user, player_id)
        return Response(StatsSerializer(player_stats(player), many=True).data)
