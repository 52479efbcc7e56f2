"""Rankings over any period (期間ランキング) and seasons (シーズン).

GET a ranking of a range of business days or of a season, for a kind of table; a manager
creates seasons and closes them (the closed standings are kept as they closed).
"""

from __future__ import annotations

from typing import Any

from django.urls import path
from drf_spectacular.utils import extend_schema, extend_schema_serializer
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from parlor.api.idempotency import idempotent_response
from parlor.api.serializers import IDEMPOTENCY_KEY, error_responses
from parlor.models import Season
from parlor.selectors.access import Role, require
from parlor.selectors.seasons import season_of, seasons_of
from parlor.services.seasons import (
    MAX_NAME_LENGTH,
    season_close,
    season_create,
    season_standings,
    standings_of_days,
)
from parlor.services.standings import MAX_MONTHLY_MIN_GAMES, Standings, TableKind


class TableKindFields(serializers.Serializer[Any]):
    player_count = serializers.ChoiceField(
        choices=[3, 4], required=False, allow_null=True, help_text="3 or 4 players; none: both"
    )
    ruleset_key = serializers.CharField(
        max_length=50, required=False, allow_blank=True, default="", help_text="none: any ruleset"
    )
    rate_yen_per_p = serializers.IntegerField(
        min_value=0, required=False, allow_null=True, help_text="yen per p; none: any rate"
    )


def _kind(data: dict[str, Any]) -> TableKind:
    return TableKind(
        player_count=data.get("player_count"),
        ruleset_key=data.get("ruleset_key", ""),
        rate_yen_per_p=data.get("rate_yen_per_p"),
    )


class RankingQuerySerializer(TableKindFields):
    season = serializers.UUIDField(
        required=False, help_text="a season's id: its standings (the kind and days are its own)"
    )
    first_day = serializers.DateField(required=False, help_text="the first business day")
    last_day = serializers.DateField(required=False, help_text="the last business day, included")
    min_games = serializers.IntegerField(
        min_value=0, max_value=MAX_MONTHLY_MIN_GAMES, required=False, default=0
    )

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        if "season" not in attrs and not ("first_day" in attrs and "last_day" in attrs):
            raise serializers.ValidationError(
                {"first_day": "give first_day and last_day, or a season"}
            )
        return attrs


class RankingRowSerializer(serializers.Serializer[Any]):
    position = serializers.IntegerField()
    name = serializers.CharField()
    games = serializers.IntegerField()
    total_tenths = serializers.IntegerField(help_text="成績 in tenths of p (点 in a point count)")
    average_rank = serializers.FloatField()
    tops = serializers.IntegerField()


@extend_schema_serializer(component_name="RankingSection")
class RankingSectionSerializer(serializers.Serializer[Any]):
    player_count = serializers.IntegerField(help_text="the game type")
    is_point_count = serializers.BooleanField(help_text="results in 点, ranked apart from p")
    rows = RankingRowSerializer(many=True)
    below_minimum = RankingRowSerializer(many=True, help_text="規定対局数未満: not ranked")


class SeasonSerializer(TableKindFields):
    id = serializers.UUIDField(source="public_id", read_only=True)
    name = serializers.CharField(max_length=MAX_NAME_LENGTH)
    first_day = serializers.DateField()
    last_day = serializers.DateField()
    min_games = serializers.IntegerField(min_value=0, max_value=MAX_MONTHLY_MIN_GAMES, default=0)
    closed_at = serializers.DateTimeField(read_only=True, allow_null=True)


class RankingSerializer(serializers.Serializer[Any]):
    first_day = serializers.DateField()
    last_day = serializers.DateField()
    season = SeasonSerializer(allow_null=True)
    changed_games = serializers.IntegerField(
        help_text="games of a closed season corrected or voided since it closed (not counted)"
    )
    sections = RankingSectionSerializer(many=True)


def _body(
    standings: list[Standings], *, season: Season | None, changed: int, days: tuple[Any, Any]
) -> dict[str, Any]:
    return {
        "first_day": days[0],
        "last_day": days[1],
        "season": season,
        "changed_games": changed,
        "sections": standings,
    }


class RankingView(APIView):
    @extend_schema(
        parameters=[RankingQuerySerializer],
        responses={200: RankingSerializer, **error_responses(400)},
        description=(
            "The players ranked by their summed results over a range of business days (or a "
            "season), for one kind of table; players under the minimum of games are listed "
            "apart. A closed season answers the standings it closed with."
        ),
    )
    def get(self, request: Request) -> Response:
        access = require(request.user, Role.PLAYER)
        query = RankingQuerySerializer(data=request.query_params)
        query.is_valid(raise_exception=True)
        data = query.validated_data
        if "season" in data:
            season = season_of(access.parlor, data["season"])
            read = season_standings(season)
            body = _body(
                read.standings,
                season=season,
                changed=read.changed_games,
                days=(season.first_day, season.last_day),
            )
        else:
            days = (data["first_day"], data["last_day"])
            standings = standings_of_days(
                access.parlor, *days, kind=_kind(data), min_games=data["min_games"]
            )
            body = _body(standings, season=None, changed=0, days=days)
        return Response(RankingSerializer(body).data)


class SeasonListView(APIView):
    @extend_schema(responses={200: SeasonSerializer(many=True), **error_responses()})
    def get(self, request: Request) -> Response:
        access = require(request.user, Role.PLAYER)
        return Response(SeasonSerializer(seasons_of(access.parlor), many=True).data)

    @extend_schema(
        request=SeasonSerializer,
        parameters=[IDEMPOTENCY_KEY],
        responses={201: SeasonSerializer, **error_responses(400, 409)},
        description="A named season (a month, a year, any range of business days); audited.",
    )
    def post(self, request: Request) -> Response:
        access = require(request.user, Role.MANAGER)
        data = SeasonSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        fields = data.validated_data

        def call() -> tuple[int, Any]:
            season = season_create(
                parlor=access.parlor,
                name=fields["name"],
                first_day=fields["first_day"],
                last_day=fields["last_day"],
                kind=_kind(fields),
                min_games=fields["min_games"],
                by=request.user,
            )
            return 201, SeasonSerializer(season).data

        return idempotent_response(request, parlor=access.parlor, call=call)


class SeasonCloseView(APIView):
    @extend_schema(
        request=None,
        parameters=[IDEMPOTENCY_KEY],
        responses={200: SeasonSerializer, **error_responses(409)},
        description=(
            "Closes the season (締め) once its last business day is over: its standings are "
            "stored and shown as they closed from then on; audited."
        ),
    )
    def post(self, request: Request, season_id: str) -> Response:
        access = require(request.user, Role.MANAGER)
        season = season_of(access.parlor, season_id)

        def call() -> tuple[int, Any]:
            closed = season_close(season=season, by=request.user)
            return 200, SeasonSerializer(closed).data

        return idempotent_response(request, parlor=access.parlor, call=call)


urlpatterns = [
    path("rankings/", RankingView.as_view(), name="rankings"),
    path("seasons/", SeasonListView.as_view(), name="seasons"),
    path("seasons/<str:season_id>/close/", SeasonCloseView.as_view(), name="season-close"),
]
