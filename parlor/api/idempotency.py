"""Runs a table's or a parlor's POST at most once per Idempotency-Key."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rest_framework.request import Request
from rest_framework.response import Response

from parlor.models import Parlor, Table
from parlor.models.write_batch import WriteBatch
from parlor.services.idempotency import idempotent_call, request_fingerprint


def idempotent_response(
    request: Request,
    *,
    table: Table | None = None,
    parlor: Parlor | None = None,
    call: Callable[[], tuple[int, Any]],
    writes: WriteBatch | None = None,
) -> Response:
    """The response of `call`, or, for a retry with the same key, the first response again.

    Scoped to `table` (a table's POSTs) or to `parlor` (the visit and money POSTs). `writes`:
    the batch `call` fills, flushed with the key's record (idempotency.idempotent_call)."""
    key = request.headers.get("Idempotency-Key", "").strip()
    fingerprint = request_fingerprint(
        method=request.method or "POST", path=request.path, body=request.data
    )
    status, body, replayed = idempotent_call(
        table=table,
        parlor=parlor,
        key=key,
        fingerprint=fingerprint,
        user=request.user,
        call=call,
        writes=writes,
    )
    response = Response(body, status=status)
    if replayed:
        response["Idempotent-Replayed"] = "true"
    return response
