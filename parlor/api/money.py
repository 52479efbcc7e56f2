"""The parlor's money: settings per game type or table, adjustments, and the store's net."""

from __future__ import annotations

from datetime import date
from typing import Any, ClassVar

from django.urls import path
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema, extend_schema_serializer
from rest_framework import serializers
from rest_framework.fields import empty
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from parlor.api.idempotency import idempotent_response
from parlor.api.manager_confirm import ManagerConfirmInput, manager_of
from parlor.api.serializers import IDEMPOTENCY_KEY, error_responses
from parlor.domain.own_terms import OwnTerms
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
from parlor.view_helpers.inputs import ReasonField


class MoneySettingsSerializer(serializers.Serializer[Any]):
    """A default's terms, or a table's own: null where the table inherits the default's."""

    player_count = serializers.IntegerField()
    table_id = serializers.UUIDField(source="table.public_id", default=None, allow_null=True)
    table_label = serializers.CharField(source="table.label", default=None, allow_null=True)
    rate_yen_per_p = serializers.IntegerField(
        allow_null=True, help_text="yen per 1,000 points (点5 = 50), or per 点 for a point count"
    )
    chip_value_yen = serializers.IntegerField(allow_null=True)
    fee_model = serializers.CharField(allow_null=True)
    game_fee_yen = serializers.IntegerField(allow_null=True)
    top_prize_yen = serializers.IntegerField(allow_null=True)
    money_unit_yen = serializers.IntegerField(allow_null=True)
    updated_at = serializers.DateTimeField(allow_null=True)


class TableIdField(serializers.UUIDField):
    """A table's id. Left out, the PUT sets the parlor's default; given empty ("" in a form,
    null in JSON) it is refused, not read as left out: a form that sent `table=""` meant a
    table, and must not change every table that follows the default."""

    default_error_messages: ClassVar[dict[str, Any]] = {
        "empty": "Name a table, or leave `table` out to set the parlor's default.",
    }

    def get_value(self, dictionary: Any) -> Any:
        # DRF reads a form's empty value as left out; here it stays what was sent.
        if self.field_name in dictionary and dictionary[self.field_name] in ("", None):
            return dictionary[self.field_name]
        return super().get_value(dictionary)

    def run_validation(self, data: Any = empty) -> Any:
        if data is None or data == "":
            self.fail("empty")
        return super().run_validation(data)


# What a default's term is when a PUT leaves it out (the rate is always given).
_DEFAULT_TERMS: dict[str, object] = {
    "chip_value_yen": 0,
    "fee_model": FeeModel.EACH.value,
    "game_fee_yen": 0,
    "top_prize_yen": 0,
    "money_unit_yen": 10,
}


class MoneySettingsView(APIView):
    @extend_schema_serializer(component_name="MoneySettingsInput")
    class InputSerializer(serializers.Serializer[Any]):
        """A table's PUT sets the terms given and inherits the default's for those left out
        or null; a default's PUT sets every term (left out: 0, each, 10 yen)."""

        player_count = serializers.ChoiceField(choices=[3, 4])
        table = TableIdField(
            required=False, help_text="a table's own terms; left out for the parlor's default"
        )
        rate_yen_per_p = serializers.IntegerField(
            min_value=0, max_value=MAX_RATE_YEN_PER_P, required=False, allow_null=True
        )
        chip_value_yen = serializers.IntegerField(
            min_value=0, max_value=MAX_TERM_YEN, required=False, allow_null=True
        )
        fee_model = serializers.ChoiceField(
            choices=FeeModel.values, required=False, allow_null=True
        )
        game_fee_yen = serializers.IntegerField(
            min_value=0, max_value=MAX_TERM_YEN, required=False, allow_null=True
        )
        top_prize_yen = serializers.IntegerField(
            min_value=0, max_value=MAX_TERM_YEN, required=False, allow_null=True
        )
        money_unit_yen = serializers.ChoiceField(
            choices=list(MONEY_UNITS_YEN), required=False, allow_null=True
        )

    @extend_schema(responses={200: MoneySettingsSerializer(many=True), **error_responses()})
    def get(self, request: Request) -> Response:
        access = require(request.user, Role.STAFF)
        rows = access.parlor.money_settings.select_related("table")
        return Response(MoneySettingsSerializer(rows, many=True).data)

    @extend_schema(
        request=InputSerializer,
        parameters=[IDEMPOTENCY_KEY],
        responses={200: MoneySettingsSerializer, **error_responses(400, 409)},
        description="The answer adds `changed`: the terms this PUT changed (empty: none).",
    )
    def put(self, request: Request) -> Response:
        access = require(request.user, Role.MANAGER)
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        values = data.validated_data
        table = (
            table_for(request.user, values["table"], role=Role.MANAGER)[0]
            if "table" in values
            else None
        )
        given = {name: value for name, value in values.items() if value is not None}
        terms = OwnTerms.of(given if table else {**_DEFAULT_TERMS, **given})

        def call() -> tuple[int, Any]:
            change = money_settings_set(
                parlor=access.parlor,
                player_count=values["player_count"],
                table=table,
                terms=terms,
                by=request.user,
            )
            answer = MoneySettingsSerializer(change.row).data
            return 200, {**answer, "changed": list(change.changed)}

        return idempotent_response(request, parlor=access.parlor, call=call)


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
    shift_id = serializers.UUIDField(
        source="corrects_shift.public_id",
        default=None,
        allow_null=True,
        help_text="the staff shift whose 本走 game a correction after sign-out changed",
    )
    created_at = serializers.DateTimeField()
    is_open = serializers.BooleanField()
    settled_at = serializers.DateTimeField(allow_null=True)


class AdjustmentListView(APIView):
    @extend_schema_serializer(component_name="AdjustmentInput")
    class InputSerializer(ManagerConfirmInput):
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
        manager = manager_of(request, access.parlor.pk)

        def call() -> tuple[int, Any]:
            row = adjustment_create(
                player=player,
                amount_yen=values["amount_yen"],
                reason=values["reason"],
                kind=AdjustmentKind(values["kind"]),
                by=request.user,
                confirmed_by=manager,
            )
            return 201, AdjustmentSerializer(row).data

        return idempotent_response(request, parlor=access.parlor, call=call)


class AdjustmentSettleView(APIView):
    @extend_schema(
        request=ManagerConfirmInput,
        parameters=[IDEMPOTENCY_KEY],
        responses={200: AdjustmentSerializer, **error_responses(400, 409)},
        description="A line beyond the parlor's bound needs a manager (409 "
        "large_amount_needs_manager).",
    )
    def post(self, request: Request, adjustment_id: str) -> Response:
        adjustment, access = adjustment_for(request.user, adjustment_id)
        manager = manager_of(request, access.parlor.pk)

        def call() -> tuple[int, Any]:
            settled = adjustment_settle(
                adjustment=adjustment, by=request.user, confirmed_by=manager
            )
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
