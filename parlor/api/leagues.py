"""Leagues (リーグ戦) over the API: a league's stages with their standings, the same selector
as the director's and the public pages."""

from __future__ import annotations

from typing import Any

from django.urls import path
from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from parlor.api.serializers import error_responses
from parlor.selectors.leagues import league_for, league_view


class LeagueLineSerializer(serializers.Serializer[Any]):
    rank = serializers.IntegerField(source="line.rank")
    player = serializers.IntegerField(source="line.player_id")
    name = serializers.CharField(source="line.name")
    carried_in_tenths = serializers.IntegerField(source="line.carried_in")
    session_tenths = serializers.ListField(child=serializers.IntegerField(), source="line.sessions")
    total_tenths = serializers.IntegerField(source="line.total")
    advanced = serializers.BooleanField(allow_null=True, help_text="null until the stage closes")


class LeagueStageSerializer(serializers.Serializer[Any]):
    order = serializers.IntegerField(source="stage.order")
    name = serializers.CharField(source="stage.name")
    session_count = serializers.IntegerField(source="stage.session_count")
    sessions_opened = serializers.SerializerMethodField()
    advance = serializers.IntegerField(source="stage.advance", allow_null=True)
    carry_over = serializers.CharField(source="stage.carry_over")
    is_closed = serializers.BooleanField(source="stage.is_closed")
    standings = LeagueLineSerializer(source="lines", many=True)

    def get_sessions_opened(self, view: Any) -> int:
        return len(view.sessions)


class LeagueStandingsView(APIView):
    @extend_schema(responses={200: LeagueStageSerializer(many=True), **error_responses()})
    def get(self, request: Request, league_id: str) -> Response:
        league, _access = league_for(request.user, league_id)
        return Response(LeagueStageSerializer(league_view(league), many=True).data)


urlpatterns = [
    path(
        "leagues/<str:league_id>/standings/",
        LeagueStandingsView.as_view(),
        name="league-standings",
    ),
]
