"""The parlor's money: settings per game type or table, adjustments, and the store's net."""

from __future__ import annotations

from datetime import date
from typing import Any

from django.urls import path
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema, extend_schema_serializer
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from parlor.api.idempotency import idempotent_response
from parlor.api.serializers import IDEMPOTENCY_KEY, ReasonField, error_responses
from parlor.domain.money import Terms
from parlor.models import (
    MAX_RATE_YEN_PER_P,
    MAX_TERM_YEN,
    MONEY_UNITS_YEN,
    AdjustmentKind,
    FeeModel,
)
from parlor.selectors.access import Role, players_for, require, table_for
from parlor.selectors.visits import adjustment_for, adjustments_of, store_net
from parlor.services.money import money_settings_set
from parlor.services.settlements import (
    MAX_ADJUSTMENT_YEN,
    adjustment_create,
    adjustment_settle,
)


class MoneySettingsSerializer(serializers.Serializer[Any]):
    player_count = serializers.IntegerField()
    table_id = serializers.UUIDField(source="table.public_id", default=None, allow_null=True)
    table_label = serializers.CharField(source="table.label", default=None, allow_null=True)
    rate_yen_per_p = serializers.IntegerField(help_text="yen per 1p (点5 = 50)")
    chip_value_yen = serializers.IntegerField()
    fee_model = serializers.CharField()
    game_fee_yen = serializers.IntegerField()
    top_prize_yen = serializers.IntegerField()
    money_unit_yen = serializers.IntegerField()
    updated_at = serializers.DateTimeField()


class MoneySettingsView(APIView):
    @extend_schema_serializer(component_name="MoneySettingsInput")
    class InputSerializer(serializers.Serializer[Any]):
        player_count = serializers.ChoiceField(choices=[3, 4])
        table = serializers.UUIDField(
            required=False, allow_null=True, default=None, help_text="a table's own terms"
        )
        rate_yen_per_p = serializers.IntegerField(min_value=0, max_value=MAX_RATE_YEN_PER_P)
        chip_value_yen = serializers.IntegerField(min_value=0, max_value=MAX_TERM_YEN, default=0)
        fee_model = serializers.ChoiceField(choices=FeeModel.values, default=FeeModel.EACH)
        game_fee_yen = serializers.IntegerField(min_value=0, max_value=MAX_TERM_YEN, default=0)
        top_prize_yen = serializers.IntegerField(min_value=0, max_value=MAX_TERM_YEN, default=0)
        money_unit_yen = serializers.ChoiceField(choices=list(MONEY_UNITS_YEN), default=10)

    @extend_schema(responses={200: MoneySettingsSerializer(many=True), **error_responses()})
    def get(self, request: Request) -> Response:
        access = require(request.user, Role.STAFF)
        rows = access.parlor.money_settings.select_related("table")
        return Response(MoneySettingsSerializer(rows, many=True).data)

    @extend_schema(
        request=InputSerializer, responses={200: MoneySettingsSerializer, **error_responses(400)}
    )
    def put(self, request: Request) -> Response:
        access = require(request.user, Role.MANAGER)
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        values = data.validated_data
        table = (
            table_for(request.user, values["table"], role=Role.MANAGER)[0]
            if values["table"]
            else None
        )
        row = money_settings_set(
            parlor=access.parlor,
            player_count=values["player_count"],
            table=table,
            terms=Terms.of(values),
            by=request.user,
        )
        return Response(MoneySettingsSerializer(row).data)


class AdjustmentSerializer(serializers.Serializer[Any]):
    id = serializers.UUIDField(source="public_id")
    player_id = serializers.UUIDField(source="player.public_id")
    player_name = serializers.CharField(source="player.name")
    kind = serializers.CharField()
    amount_yen = serializers.IntegerField(help_text="+ owed to the player, − owed by the player")
    reason = serializers.CharField()
    game_id = serializers.UUIDField(source="game.public_id", default=None, allow_null=True)
    correction_hand = serializers.IntegerField(
        source="correction.sequence", default=None, allow_null=True
    )
    created_at = serializers.DateTimeField()
    is_open = serializers.BooleanField()
    settled_at = serializers.DateTimeField(allow_null=True)


class AdjustmentListView(APIView):
    @extend_schema_serializer(component_name="AdjustmentInput")
    class InputSerializer(serializers.Serializer[Any]):
        player = serializers.UUIDField()
        amount_yen = serializers.IntegerField(
            min_value=-MAX_ADJUSTMENT_YEN,
            max_value=MAX_ADJUSTMENT_YEN,
            help_text="+ owed to the player, − owed by them",
        )
        reason = ReasonField()
        kind = serializers.ChoiceField(
            choices=[AdjustmentKind.PAYMENT, AdjustmentKind.OTHER], default=AdjustmentKind.OTHER
        )

    @extend_schema(
        parameters=[OpenApiParameter("open", bool, description="only those not settled yet")],
        responses={200: AdjustmentSerializer(many=True), **error_responses()},
    )
    def get(self, request: Request) -> Response:
        access = require(request.user, Role.STAFF)
        open_only = request.query_params.get("open", "") in ("1", "true")
        rows = adjustments_of(access.parlor, open_only=open_only)
        return Response(AdjustmentSerializer(rows, many=True).data)

    @extend_schema(
        request=InputSerializer,
        parameters=[IDEMPOTENCY_KEY],
        responses={201: AdjustmentSerializer, **error_responses(400)},
    )
    def post(self, request: Request) -> Response:
        access = require(request.user, Role.MANAGER)
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        values = data.validated_data
        [player] = players_for(access, [values["player"]])

        def call() -> tuple[int, Any]:
            row = adjustment_create(
                player=player,
                amount_yen=values["amount_yen"],
                reason=values["reason"],
                kind=AdjustmentKind(values["kind"]),
                by=request.user,
            )
            return 201, AdjustmentSerializer(row).data

        return idempotent_response(request, parlor=access.parlor, call=call)


class AdjustmentSettleView(APIView):
    @extend_schema(
        request=None,
        parameters=[IDEMPOTENCY_KEY],
        responses={200: AdjustmentSerializer, **error_responses(409)},
    )
    def post(self, request: Request, adjustment_id: str) -> Response:
        adjustment, access = adjustment_for(request.user, adjustment_id)

        def call() -> tuple[int, Any]:
            settled = adjustment_settle(adjustment=adjustment, by=request.user)
            return 200, AdjustmentSerializer(settled).data

        return idempotent_response(request, parlor=access.parlor, call=call)


class StoreNetView(APIView):
    @extend_schema(
        parameters=[OpenApiParameter("day", OpenApiTypes.DATE, description="business day; today")],
        responses={200: OpenApiTypes.OBJECT, **error_responses(400)},
        description="The parlor's own money of a business day: fees taken, penalties that left "
        "the games, rounding and staff play (本走) money, and their sum (the store's net).",
    )
    def get(self, request: Request) -> Response:
        access = require(request.user, Role.MANAGER)
        day = (
            serializers.DateField().to_internal_value(request.query_params["day"])
            if ("day" in request.query_params)
            else None
        )
        net = store_net(access.parlor, day)
        return Response(_net_data(net.day, net))


def _net_data(day: date, net: Any) -> dict[str, Any]:
    return {
        "day": day,
        "games": net.games,
        "fees_yen": net.fees_yen,
        "staff_play_games": net.staff_play_games,
        "staff_play_yen": net.staff_play_yen,
        "penalties_yen": net.penalties_yen,
        "rounding_yen": net.rounding_yen,
        "net_yen": net.net_yen,
    }


urlpatterns = [
    path("money-settings/", MoneySettingsView.as_view(), name="money-settings"),
    path("adjustments/", AdjustmentListView.as_view(), name="adjustments"),
    path(
        "adjustments/<str:adjustment_id>/settle/",
        AdjustmentSettleView.as_view(),
        name="adjustment-settle",
    ),
    path("store-net/", StoreNetView.as_view(), name="store-net"),
]
