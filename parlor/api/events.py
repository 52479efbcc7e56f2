"""Tournaments (大会) over the API: an event's standings, and a referee's penalty and its
withdrawal (取消). The same services and selectors as the director's pages."""

from __future__ import annotations

from typing import Any

from django.urls import path
from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from parlor.api.idempotency import idempotent_response
from parlor.api.serializers import IDEMPOTENCY_KEY, error_responses
from parlor.errors import NotFound
from parlor.models import EventPenalty, EventPlayer
from parlor.selectors.tournaments import event_for, event_standings
from parlor.services.tournament_penalties import (
    MAX_PENALTY_POINTS,
    penalty_give,
    penalty_withdraw,
)


class StandingSerializer(serializers.Serializer[Any]):
    rank = serializers.IntegerField(source="position")
    entry = serializers.IntegerField(source="entry_id")
    name = serializers.CharField()
    games = serializers.IntegerField()
    score_tenths = serializers.IntegerField(help_text="results less penalties, in tenths of p")
    penalty_tenths = serializers.IntegerField(help_text="taken off, in tenths of p")
    is_dropped = serializers.BooleanField()


class EventStandingsView(APIView):
    @extend_schema(responses={200: StandingSerializer(many=True), **error_responses()})
    def get(self, request: Request, event_id: str) -> Response:
        event, _access = event_for(request.user, event_id)
        return Response(StandingSerializer(event_standings(event), many=True).data)


class EventPenaltyView(APIView):
    class InputSerializer(serializers.Serializer[Any]):
        entry = serializers.IntegerField(help_text="the player's entry in the event")
        points = serializers.IntegerField(min_value=1, max_value=MAX_PENALTY_POINTS)
        reason = serializers.CharField()

    class OutputSerializer(serializers.Serializer[Any]):
        id = serializers.IntegerField(help_text="the penalty, to withdraw it")
        entry = serializers.IntegerField(source="entry_id")
        points = serializers.IntegerField()
        reason = serializers.CharField()
        round_number = serializers.IntegerField(allow_null=True)

    @extend_schema(
        request=InputSerializer,
        parameters=[IDEMPOTENCY_KEY],
        responses={201: OutputSerializer, **error_responses(400, 409)},
    )
    def post(self, request: Request, event_id: str) -> Response:
        event, access = event_for(request.user, event_id)
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        entry = EventPlayer.objects.filter(event=event, pk=data.validated_data["entry"]).first()
        if entry is None:
            raise NotFound("no such player in the event", code="entry_not_found")

        def call() -> tuple[int, Any]:
            penalty = penalty_give(
                entry=entry,
                points=data.validated_data["points"],
                reason=data.validated_data["reason"],
                by=request.user,
            )
            return 201, self.OutputSerializer(penalty).data

        return idempotent_response(request, parlor=access.parlor, call=call)


class EventPenaltyWithdrawView(APIView):
    class WithdrawInputSerializer(serializers.Serializer[Any]):
        reason = serializers.CharField(help_text="why the penalty is withdrawn")

    class WithdrawalSerializer(serializers.Serializer[Any]):
        penalty = serializers.IntegerField(source="penalty_id")
        reason = serializers.CharField()
        withdrawn_at = serializers.DateTimeField()

    @extend_schema(
        request=WithdrawInputSerializer,
        parameters=[IDEMPOTENCY_KEY],
        responses={201: WithdrawalSerializer, **error_responses(400, 409)},
    )
    def post(self, request: Request, event_id: str, penalty_id: int) -> Response:
        event, access = event_for(request.user, event_id)
        data = self.WithdrawInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        penalty = EventPenalty.objects.filter(event=event, pk=penalty_id).first()
        if penalty is None:
            raise NotFound("no such penalty in the event", code="penalty_not_found")
        reason = data.validated_data["reason"]

        def call() -> tuple[int, Any]:
            withdrawal = penalty_withdraw(penalty=penalty, reason=reason, by=request.user)
            return 201, self.WithdrawalSerializer(withdrawal).data

        return idempotent_response(request, parlor=access.parlor, call=call)


urlpatterns = [
    path("events/<str:event_id>/standings/", EventStandingsView.as_view(), name="event-standings"),
    path("events/<str:event_id>/penalties/", EventPenaltyView.as_view(), name="event-penalties"),
    path(
        "events/<str:event_id>/penalties/<int:penalty_id>/withdraw/",
        EventPenaltyWithdrawView.as_view(),
        name="event-penalty-withdraw",
    ),
]
