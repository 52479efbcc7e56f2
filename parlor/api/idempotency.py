"""Runs a table's or a parlor's write at most once per Idempotency-Key."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rest_framework.request import Request
from rest_framework.response import Response

from parlor.models import Parlor, Table
from parlor.services.idempotency import (
    Answer,
    KeyedRequest,
    idempotent_call,
    request_keyed,
)


def keyed_request(request: Request) -> KeyedRequest:
    """The request's Idempotency-Key, its fingerprint and its user."""
    return request_keyed(
        headers=request.headers,
        method=request.method or "POST",
        path=request.path,
        body=request.data,
        user=request.user,
    )


def answer_response(answer: Answer) -> Response:
    response = Response(answer.body, status=answer.status)
    if answer.replayed:
        response["Idempotent-Replayed"] = "true"
    return response


def idempotent_response(
    request: Request,
    *,
    table: Table | None = None,
    parlor: Parlor | None = None,
    call: Callable[[], tuple[int, Any]],
) -> Response:
    """The response of `call`, or, for a retry with the same key, the first response again.

    Scoped to `table` (a table's POSTs) or to `parlor` (every other write)."""
    return answer_response(
        idempotent_call(table=table, parlor=parlor, request=keyed_request(request), call=call)
    )
