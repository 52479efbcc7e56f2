"""Visits (来店): check-in, ラス半, 代走, check-out and the receipt. Also the URL entries of
the money views (parlor/api/money.py), included once from parlor/api/urls.py."""

from __future__ import annotations

from typing import Any

from django.urls import path, reverse
from drf_spectacular.utils import extend_schema, extend_schema_serializer
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from parlor.api import money, standings
from parlor.api.idempotency import idempotent_response
from parlor.api.manager_confirm import ManagerConfirmInput, manager_of
from parlor.api.serializers import IDEMPOTENCY_KEY, error_responses
from parlor.api.waiting import WishSerializer, wish_of
from parlor.public_address import public_url
from parlor.selectors.access import Role, player_for, players_for, require
from parlor.selectors.guest import guest_token
from parlor.selectors.visits import (
    game_of_parlor,
    receipt_of,
    visit_for,
    visit_summary,
    visits_of_player,
    visits_open,
)
from parlor.services.visits import (
    adjustments_pay_out,
    visit_check_in,
    visit_check_out,
    visit_last_game_call,
    visit_stand_in,
)


class LineSerializer(serializers.Serializer[Any]):
    position = serializers.IntegerField()
    kind = serializers.CharField(help_text="game or adjustment")
    game_id = serializers.UUIDField(source="game.public_id", default=None, allow_null=True)
    table_label = serializers.CharField()
    played_at = serializers.DateTimeField(allow_null=True)
    ruleset_key = serializers.CharField()
    ruleset_title = serializers.CharField()
    rank = serializers.IntegerField(allow_null=True)
    result = serializers.SerializerMethodField(
        help_text="成績 in result_unit: p (p_1000), points, or a point count's 点 (ten)."
    )
    result_unit = serializers.CharField(help_text="p_1000, points or ten")
    chips = serializers.IntegerField()
    rate_yen_per_p = serializers.IntegerField(
        help_text="yen per 1,000 points (= per 1p), or per 点 where result_unit is ten"
    )
    chip_value_yen = serializers.IntegerField()
    points_yen = serializers.IntegerField()
    chips_yen = serializers.IntegerField()
    fee_yen = serializers.IntegerField()
    amount_yen = serializers.IntegerField(help_text="game money, or the adjustment")
    description = serializers.CharField()
    stand_in = serializers.BooleanField(help_text="代走: staff played some hands of this game")

    def get_result(self, line: Any) -> float:
        value: float = line.result_tenths / 10  # tenths of result_unit
        return value


class ReceiptSerializer(serializers.Serializer[Any]):
    visit = serializers.JSONField()
    is_closed = serializers.BooleanField(help_text="closed receipts never change")
    closed_at = serializers.DateTimeField(allow_null=True)
    games_in_progress = serializers.IntegerField()
    lines = LineSerializer(many=True)
    totals = serializers.JSONField(
        help_text="points_yen, chips_yen, fees_yen, adjustments_yen, total_yen "
        "(+ paid to the player, − paid by the player)"
    )


def receipt_data(visit: Any) -> dict[str, Any]:
    receipt = receipt_of(visit)
    return ReceiptSerializer(
        {
            "visit": visit_summary(visit),
            "is_closed": receipt.is_closed,
            "closed_at": receipt.closed_at,
            "games_in_progress": receipt.games_in_progress,
            "lines": receipt.lines,
            "totals": receipt.totals,
        }
    ).data


class CheckInAnswerSerializer(ReceiptSerializer):
    guest_url = serializers.URLField(
        help_text="the guest's phone page (their place on the waiting list, then their table): "
        "a signed link for a QR code, which ends at check-out"
    )


class VisitListView(APIView):
    @extend_schema_serializer(component_name="VisitCheckInInput")
    class InputSerializer(serializers.Serializer[Any]):
        player = serializers.UUIDField()
        wish = WishSerializer(required=False, allow_null=True, default=None, help_text="希望")

    @extend_schema(responses={200: ReceiptSerializer(many=True), **error_responses()})
    def get(self, request: Request) -> Response:
        access = require(request.user, Role.STAFF)
        return Response([receipt_data(v) for v in visits_open(access.parlor)])

    @extend_schema(
        request=InputSerializer,
        parameters=[IDEMPOTENCY_KEY],
        responses={201: CheckInAnswerSerializer, **error_responses(400, 409)},
    )
    def post(self, request: Request) -> Response:
        access = require(request.user, Role.STAFF)
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        [player] = players_for(access, [data.validated_data["player"]])

        def call() -> tuple[int, Any]:
            wish = wish_of(data.validated_data["wish"])
            visit = visit_check_in(player=player, by=request.user, wish=wish)
            guest = reverse("public:guest", kwargs={"token": guest_token(visit)})
            return 201, {**receipt_data(visit), "guest_url": public_url(request, guest)}

        return idempotent_response(request, parlor=access.parlor, call=call)


class VisitDetailView(APIView):
    @extend_schema(responses={200: ReceiptSerializer, **error_responses()})
    def get(self, request: Request, visit_id: str) -> Response:
        visit, _ = visit_for(request.user, visit_id, role=Role.PLAYER)
        return Response(receipt_data(visit))


class LastGameView(APIView):
    @extend_schema_serializer(component_name="LastGameInput")
    class InputSerializer(serializers.Serializer[Any]):
        called = serializers.BooleanField(default=True, help_text="false takes the call back")

    @extend_schema(
        request=InputSerializer,
        parameters=[IDEMPOTENCY_KEY],
        responses={200: ReceiptSerializer, **error_responses(409)},
    )
    def post(self, request: Request, visit_id: str) -> Response:
        visit, access = visit_for(request.user, visit_id)
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)

        def call() -> tuple[int, Any]:
            called = visit_last_game_call(
                visit=visit, called=data.validated_data["called"], by=request.user
            )
            return 200, receipt_data(called)

        return idempotent_response(request, parlor=access.parlor, call=call)


class StandInView(APIView):
    @extend_schema_serializer(component_name="StandInInput")
    class InputSerializer(serializers.Serializer[Any]):
        game = serializers.UUIDField()
        note = serializers.CharField(max_length=200, required=False, default="", allow_blank=True)

    @extend_schema(
        request=InputSerializer,
        parameters=[IDEMPOTENCY_KEY],
        responses={200: ReceiptSerializer, **error_responses(400, 409)},
    )
    def post(self, request: Request, visit_id: str) -> Response:
        visit, access = visit_for(request.user, visit_id)
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        game = game_of_parlor(access, data.validated_data["game"])

        def call() -> tuple[int, Any]:
            note = data.validated_data["note"]
            visit_stand_in(visit=visit, game=game, by=request.user, note=note)
            return 200, receipt_data(visit)

        return idempotent_response(request, parlor=access.parlor, call=call)


class CheckOutView(APIView):
    @extend_schema(
        request=ManagerConfirmInput,
        parameters=[IDEMPOTENCY_KEY],
        responses={201: ReceiptSerializer, **error_responses(400, 409)},
        description="A line beyond the parlor's bound answers 409 large_amount_needs_manager "
        "naming the line, unless a manager checks out or confirms.",
    )
    def post(self, request: Request, visit_id: str) -> Response:
        visit, access = visit_for(request.user, visit_id)
        manager = manager_of(request, access.parlor.pk)

        def call() -> tuple[int, Any]:
            settlement = visit_check_out(visit=visit, by=request.user, confirmed_by=manager)
            return 201, receipt_data(settlement.visit)

        return idempotent_response(request, parlor=access.parlor, call=call)


class PayOutView(APIView):
    @extend_schema(
        request=ManagerConfirmInput,
        parameters=[IDEMPOTENCY_KEY],
        responses={201: ReceiptSerializer, **error_responses(400, 409)},
        description="Pays out (or collects) the player's open adjustments at the counter: the "
        "receipt of a visit with no game whose lines are the adjustments. A line beyond the "
        "parlor's bound needs a manager (409 large_amount_needs_manager).",
    )
    def post(self, request: Request, player_id: str) -> Response:
        access = require(request.user, Role.STAFF)
        player, _ = player_for(request.user, player_id)  # 404 for another parlor's
        manager = manager_of(request, access.parlor.pk)

        def call() -> tuple[int, Any]:
            settlement = adjustments_pay_out(player=player, by=request.user, confirmed_by=manager)
            return 201, receipt_data(settlement.visit)

        return idempotent_response(request, parlor=access.parlor, call=call)


class PlayerVisitsView(APIView):
    @extend_schema(responses={200: ReceiptSerializer(many=True), **error_responses()})
    def get(self, request: Request, player_id: str) -> Response:
        player, _ = player_for(request.user, player_id)
        return Response([receipt_data(v) for v in visits_of_player(player)])


urlpatterns = [
    path("visits/", VisitListView.as_view(), name="visits"),
    path("visits/<str:visit_id>/", VisitDetailView.as_view(), name="visit"),
    path("visits/<str:visit_id>/last-game/", LastGameView.as_view(), name="visit-last-game"),
    path("visits/<str:visit_id>/stand-in/", StandInView.as_view(), name="visit-stand-in"),
    path("visits/<str:visit_id>/check-out/", CheckOutView.as_view(), name="visit-check-out"),
    path("players/<str:player_id>/visits/", PlayerVisitsView.as_view(), name="player-visits"),
    path("players/<str:player_id>/pay-out/", PayOutView.as_view(), name="player-pay-out"),
    path(
        "players/<str:player_id>/stats/", standings.PlayerStatsView.as_view(), name="player-stats"
    ),
    path(
        "standings-settings/", standings.StandingsSettingsView.as_view(), name="standings-settings"
    ),
    *money.urlpatterns,
]
