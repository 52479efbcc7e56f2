"""A report's file as a download, the same for the manager's page and the API."""

from __future__ import annotations

from typing import Any
from urllib.parse import quote

from django.http import HttpResponse


def file_response(report: Any) -> HttpResponse:
    response = HttpResponse(bytes(report.content), content_type=report.content_type)
    name = report.filename
    disposition = f"attachment; filename=\"{name}\"; filename*=UTF-8''{quote(name)}"
    response["Content-Disposition"] = disposition
    response["Content-Length"] = str(report.size_bytes)
    response["X-Report-Revision"] = str(report.built_revision)
    return response
