"""Closing the business day (締め): the day's drawer, the opening float, the close, a reopening.

The counter's 締め page calls the same services with the same errors.
"""

from __future__ import annotations

from typing import Any

from django.urls import path
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from parlor.api.idempotency import idempotent_response
from parlor.api.serializers import IDEMPOTENCY_KEY, error_responses
from parlor.domain.business_days import business_day_of
from parlor.models import DayClose
from parlor.selectors.access import Role, require
from parlor.selectors.day_close import day_close_for, day_close_state
from parlor.services.day_close import day_drawer, day_float_record
from parlor.services.day_close_counter import (
    day_close_at_the_counter,
    day_close_reopen_at_the_counter,
)
from parlor.view_helpers.inputs import DayCloseInput, DayFloatInput, DayReopenInput


def _user(user: Any) -> str | None:
    return user.get_username() if user is not None else None


class DayCloseSerializer(serializers.Serializer[Any]):
    id = serializers.UUIDField(source="public_id")
    business_day = serializers.DateField()
    float_yen = serializers.IntegerField()
    paid_in_yen = serializers.IntegerField()
    paid_out_yen = serializers.IntegerField()
    expected_yen = serializers.IntegerField(help_text="float + paid in − paid out")
    counts = serializers.DictField(
        child=serializers.IntegerField(), help_text="notes and coins counted, by yen"
    )
    counted_yen = serializers.IntegerField()
    difference_yen = serializers.IntegerField(help_text="counted − expected: + over, − short")
    reason = serializers.CharField()
    closed_at = serializers.DateTimeField()
    closed_by = serializers.SerializerMethodField()
    confirmed_by = serializers.SerializerMethodField()
    is_current = serializers.BooleanField(help_text="false once reopened (superseded)")
    reopened_at = serializers.DateTimeField(allow_null=True)
    reopened_by = serializers.SerializerMethodField()
    reopen_reason = serializers.CharField()

    def get_closed_by(self, close: DayClose) -> str | None:
        return _user(close.closed_by)

    def get_confirmed_by(self, close: DayClose) -> str | None:
        return _user(close.confirmed_by)

    def get_reopened_by(self, close: DayClose) -> str | None:
        return _user(close.reopened_by)


class DayCloseView(APIView):
    """GET: a business day at the counter; POST: close it (締め)."""

    InputSerializer = DayCloseInput

    @extend_schema(
        summary="A business day's drawer and closes",
        parameters=[OpenApiParameter("day", OpenApiTypes.DATE, description="default: today")],
        responses={200: OpenApiTypes.OBJECT, **error_responses(400)},
    )
    def get(self, request: Request) -> Response:
        access = require(request.user, Role.STAFF)
        day = serializers.DateField().to_internal_value(
            request.query_params.get("day") or business_day_of(access.parlor).isoformat()
        )
        state = day_close_state(access.parlor, day)
        float_yen = state.float_entry.float_yen if state.float_entry else None
        drawer = day_drawer(parlor=access.parlor, day=day, float_yen=float_yen or 0)
        return Response(
            {
                "day": day,
                "float_yen": float_yen,
                "paid_in_yen": drawer.paid_in_yen,
                "paid_out_yen": drawer.paid_out_yen,
                "expected_yen": drawer.expected_yen if float_yen is not None else None,
                "is_closed": state.current is not None,
                "closes": DayCloseSerializer(state.closes, many=True).data,
            }
        )

    @extend_schema(
        summary="Close the business day (締め)",
        request=InputSerializer,
        parameters=[IDEMPOTENCY_KEY],
        responses={201: DayCloseSerializer, **error_responses(400, 403, 409)},
    )
    def post(self, request: Request) -> Response:
        access = require(request.user, Role.STAFF)
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        values = data.validated_data

        def call() -> tuple[int, Any]:
            close = day_close_at_the_counter(
                parlor=access.parlor, by=request.user, request=request, **values
            )
            return 201, DayCloseSerializer(close).data

        return idempotent_response(request, parlor=access.parlor, call=call)


class DayFloatView(APIView):
    InputSerializer = DayFloatInput

    @extend_schema(
        summary="Enter today's opening float (釣り銭準備金)",
        request=InputSerializer,
        parameters=[IDEMPOTENCY_KEY],
        responses={200: OpenApiTypes.OBJECT, **error_responses(400, 409)},
    )
    def post(self, request: Request) -> Response:
        access = require(request.user, Role.STAFF)
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)

        def call() -> tuple[int, Any]:
            row = day_float_record(
                parlor=access.parlor, float_yen=data.validated_data["float_yen"], by=request.user
            )
            return 200, {"day": row.business_day.isoformat(), "float_yen": row.float_yen}

        return idempotent_response(request, parlor=access.parlor, call=call)


class DayReopenView(APIView):
    InputSerializer = DayReopenInput

    @extend_schema(
        summary="Reopen a closed business day",
        request=InputSerializer,
        parameters=[IDEMPOTENCY_KEY],
        responses={200: DayCloseSerializer, **error_responses(400, 403, 409)},
    )
    def post(self, request: Request, close_id: str) -> Response:
        close, access = day_close_for(request.user, close_id)
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)

        def call() -> tuple[int, Any]:
            reopened = day_close_reopen_at_the_counter(
                close=close, by=request.user, request=request, **data.validated_data
            )
            return 200, DayCloseSerializer(reopened).data

        return idempotent_response(request, parlor=access.parlor, call=call)


urlpatterns = [
    path("day-close/", DayCloseView.as_view(), name="day-close"),
    path("day-close/float/", DayFloatView.as_view(), name="day-float"),
    path("day-close/<str:close_id>/reopen/", DayReopenView.as_view(), name="day-reopen"),
]
