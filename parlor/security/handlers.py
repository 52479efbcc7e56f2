"""Error pages for URLs no view matched: JSON under /api/ (the API's error shape), HTML pages
in Japanese and English elsewhere (templates/403.html, 404.html, 500.html), each with a way
back. A tablet that calls a wrong URL gets an error it can read, not HTML."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse, JsonResponse
from django.views import defaults


def _is_api(request: HttpRequest) -> bool:
    return request.path.startswith("/api/")


def _error(status: int, code: str, message: str) -> JsonResponse:
    body = {"error": {"code": code, "message": message, "field": "", "hand": None}}
    return JsonResponse(body, status=status)


def forbidden(request: HttpRequest, exception: Exception) -> HttpResponse:
    if _is_api(request):
        return _error(403, "forbidden", "you may not do this")
    return defaults.permission_denied(request, exception)


def not_found(request: HttpRequest, exception: Exception) -> HttpResponse:
    if _is_api(request):
        return _error(404, "not_found", f"no API endpoint at {request.path}")
    return defaults.page_not_found(request, exception)


def server_error(request: HttpRequest) -> HttpResponse:
    if _is_api(request):
        return _error(500, "server_error", "something went wrong on the server; it was logged")
    return defaults.server_error(request)
