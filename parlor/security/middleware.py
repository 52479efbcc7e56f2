"""Middleware: request size limit, security headers, and 503 while the database is away."""

from __future__ import annotations

import logging
from collections.abc import Callable

from django.conf import settings
from django.db import InterfaceError, OperationalError
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.utils.cache import patch_cache_control

log = logging.getLogger(__name__)

Handler = Callable[[HttpRequest], HttpResponse]


def _error(status: int, code: str, message: str, **headers: str) -> JsonResponse:
    body = {"error": {"code": code, "message": message, "field": "", "hand": None}}
    return JsonResponse(body, status=status, headers=headers or None)


class RequestSizeLimitMiddleware:
    """413 for a body over DATA_UPLOAD_MAX_MEMORY_SIZE, before anything reads it.

    Django applies that limit to form bodies only; DRF's JSON parser reads the stream without
    it. A body without Content-Length (chunked) is never read by Django, so it needs no check.
    """

    def __init__(self, get_response: Handler) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        limit = settings.DATA_UPLOAD_MAX_MEMORY_SIZE
        raw = request.META.get("CONTENT_LENGTH") or "0"
        try:
            length = int(raw)
        except ValueError:
            return _error(400, "bad_content_length", f"Content-Length {raw!r} is not a number")
        if limit is not None and length > limit:
            return _error(
                413,
                "request_too_large",
                f"the request body is {length:,} bytes; the limit is {limit:,}",
            )
        return self.get_response(request)


# Headers Django's SecurityMiddleware does not set. The policy forbids what this service never
# does (being framed, plugins, foreign form targets) and leaves scripts and styles alone, so the
# tablet pages and the API docs keep working.
# Scripts, styles, fonts and requests only from this server, and no inline script at all (the
# tablet, the public pages and the API docs load theirs from static files); inline styles stay
# allowed (style="" attributes in the templates, Swagger UI's own).
CONTENT_SECURITY_POLICY = (
    "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; "
    "img-src 'self' data:; font-src 'self' data:; connect-src 'self'; "
    "frame-ancestors 'none'; base-uri 'self'; form-action 'self'; object-src 'none'"
)
PERMISSIONS_POLICY = "camera=(), microphone=(), geolocation=(), payment=(), usb=()"


class SecurityHeadersMiddleware:
    """Adds CSP, Permissions-Policy and CORP; API answers are never stored by a cache."""

    def __init__(self, get_response: Handler) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        response.headers.setdefault("Content-Security-Policy", CONTENT_SECURITY_POLICY)
        response.headers.setdefault("Permissions-Policy", PERMISSIONS_POLICY)
        response.headers.setdefault("Cross-Origin-Resource-Policy", "same-origin")
        if request.path.startswith("/api/") and "Cache-Control" not in response.headers:
            # Scores and settlements behind a login: no shared proxy or browser cache keeps them.
            patch_cache_control(response, private=True, no_store=True)
        return response


class DatabaseUnavailableMiddleware:
    """A view that loses the database answers 503 with Retry-After, not a bare 500.

    While PostgreSQL restarts, requests fail with OperationalError; the tablet retries the same
    request (with its Idempotency-Key) after Retry-After. Persistent connections are checked
    before reuse (CONN_HEALTH_CHECKS), so the service recovers by itself once PostgreSQL is back.
    """

    def __init__(self, get_response: Handler) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        return self.get_response(request)

    def process_exception(self, request: HttpRequest, exception: Exception) -> HttpResponse | None:
        if not isinstance(exception, (OperationalError, InterfaceError)):
            return None
        log.error("database unavailable during %s %s: %s", request.method, request.path, exception)
        return _error(
            503,
            "database_unavailable",
            "the database cannot be reached right now: try again shortly; a retry with the "
            "same Idempotency-Key is applied once",
            **{"Retry-After": "2"},
        )
