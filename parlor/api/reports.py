"""The reports API (manager): list a day's reports, ask for them, download a file."""

from __future__ import annotations

from datetime import date
from typing import Any

from django.http import HttpResponse
from django.urls import reverse
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema, extend_schema_serializer
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from parlor.api.idempotency import idempotent_response
from parlor.api.serializers import IDEMPOTENCY_KEY, error_responses
from parlor.errors import NotFound
from parlor.reports.download import file_response
from parlor.reports.listing import last_closed_day, manager_access, report_for
from parlor.reports.models import CONTENT_TYPES, DailyReport, ReportFormat
from parlor.reports.services import daily_report_request


class ReportSerializer(serializers.Serializer[Any]):
    id = serializers.UUIDField(source="public_id")
    business_day = serializers.DateField()
    format = serializers.CharField()
    status = serializers.CharField()
    is_stale = serializers.BooleanField()
    revision = serializers.IntegerField()
    built_revision = serializers.IntegerField(allow_null=True)
    built_at = serializers.DateTimeField(allow_null=True)
    size_bytes = serializers.IntegerField()
    sha256 = serializers.CharField()
    error = serializers.CharField()
    file_url = serializers.SerializerMethodField()

    def get_file_url(self, report: DailyReport) -> str | None:
        if not report.has_file:
            return None
        return reverse("api:report-file", kwargs={"report_id": report.public_id})


FILE_TYPES = [content_type.split(";")[0] for content_type in CONTENT_TYPES.values()]
DAY = OpenApiParameter(
    "day", OpenApiTypes.DATE, description="business day (default: the last closed one)"
)


class ReportListView(APIView):
    @extend_schema_serializer(component_name="ReportRequestInput")
    class InputSerializer(serializers.Serializer[Any]):
        day = serializers.DateField()
        formats = serializers.ListField(
            child=serializers.ChoiceField(choices=ReportFormat.values),
            default=list(ReportFormat.values),
            allow_empty=False,
        )
        rebuild = serializers.BooleanField(default=False)

    @extend_schema(
        parameters=[DAY], responses={200: ReportSerializer(many=True), **error_responses(400)}
    )
    def get(self, request: Request) -> Response:
        access = manager_access(request.user)
        raw = request.query_params.get("day")
        day = _day(raw) if raw else last_closed_day(access.parlor)
        rows = DailyReport.objects.filter(parlor=access.parlor, business_day=day).defer("content")
        return Response(ReportSerializer(rows.order_by("format"), many=True).data)

    @extend_schema(
        request=InputSerializer,
        parameters=[IDEMPOTENCY_KEY],
        responses={202: ReportSerializer(many=True), **error_responses(400, 409)},
    )
    def post(self, request: Request) -> Response:
        access = manager_access(request.user)
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)

        def call() -> tuple[int, Any]:
            values = data.validated_data
            reports = daily_report_request(parlor=access.parlor, by=request.user, **values)
            return 202, ReportSerializer(reports, many=True).data

        return idempotent_response(request, parlor=access.parlor, call=call)


class ReportDetailView(APIView):
    @extend_schema(responses={200: ReportSerializer, **error_responses()})
    def get(self, request: Request, report_id: str) -> Response:
        return Response(ReportSerializer(report_for(request.user, report_id)).data)


class ReportFileView(APIView):
    @extend_schema(
        responses={
            **{(200, content_type): OpenApiTypes.BINARY for content_type in FILE_TYPES},
            **error_responses(),
        }
    )
    def get(self, request: Request, report_id: str) -> HttpResponse:
        report = report_for(request.user, report_id, with_file=True)
        if not report.has_file:
            raise NotFound("the report has no file yet", code="report_not_built")
        return file_response(report)


def _day(raw: Any) -> date:
    field = serializers.DateField()
    return field.run_validation(raw)  # type: ignore[no-any-return]
