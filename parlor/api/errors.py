"""One exception handler: engine errors → 400, domain errors → their status, all as
{"error": {"code", "message", "field", "hand"}} with a message staff can act on."""

from __future__ import annotations

from typing import Any

from rest_framework import exceptions, status
from rest_framework.response import Response
from rest_framework.views import exception_handler as drf_exception_handler

from parlor.errors import DomainError, TooManyRequests
from parlor.view_helpers.inputs import first_validation_error
from scoring import RecordError, ScoringError


def _error(
    code: str, message: str, *, field: str = "", hand: int | None = None, **extra: Any
) -> dict[str, Any]:
    return {"error": {"code": code, "message": message, "field": field, "hand": hand, **extra}}


def exception_handler(exc: Exception, context: dict[str, Any]) -> Response | None:
    if isinstance(exc, RecordError):
        return Response(
            _error(exc.code, exc.message, field=exc.field, hand=exc.hand),
            status=status.HTTP_400_BAD_REQUEST,
        )
    if isinstance(exc, ScoringError):
        return Response(
            _error(exc.code, exc.message, field=exc.field), status=status.HTTP_400_BAD_REQUEST
        )
    if isinstance(exc, DomainError):
        answer = Response(exc.to_dict(), status=exc.status_code)
        if isinstance(exc, TooManyRequests):
            answer["Retry-After"] = str(exc.retry_after)
        return answer
    response = drf_exception_handler(exc, context)
    if response is None:
        return None
    if isinstance(exc, exceptions.ValidationError):
        field, message = first_validation_error(exc.detail)
        text = f"{field}: {message}" if field else message
        response.data = _error("invalid", text, field=field, details=exc.detail)
    elif isinstance(exc, exceptions.APIException):
        response.data = _error(str(exc.default_code), str(exc.detail))
    return response
