"""Included by parlor/api/urls.py under reports/ (URL names in the api namespace)."""

from django.urls import path

from parlor.api import reports as api

urlpatterns = [
    path("", api.ReportListView.as_view(), name="reports"),
    path("<str:report_id>/", api.ReportDetailView.as_view(), name="report"),
    path("<str:report_id>/file/", api.ReportFileView.as_view(), name="report-file"),
]
