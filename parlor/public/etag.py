"""The small JSON answers the public pages poll: compact, with an ETag, 304 when unchanged."""

from __future__ import annotations

import hashlib
import json
from typing import Any

from django.http import HttpRequest, HttpResponse, HttpResponseNotModified


def compact_json(payload: dict[str, Any]) -> bytes:
    return json.dumps(payload, ensure_ascii=False, separators=(",", ":")).encode()


def json_with_etag(request: HttpRequest, payload: dict[str, Any]) -> HttpResponse:
    """`payload` as compact JSON with an ETag of its bytes; 304 when the browser has it."""
    body = compact_json(payload)
    etag = '"' + hashlib.blake2b(body, digest_size=8).hexdigest() + '"'
    return json_answer(request, etag, body)


def is_current(request: HttpRequest, etag: str) -> bool:
    """The browser sent `etag` back: it has this answer."""
    return etag in request.headers.get("If-None-Match", "")


def json_answer(request: HttpRequest, etag: str, body: bytes) -> HttpResponse:
    """304 when the browser has `etag`, else `body` (JSON); with the ETag either way."""
    if is_current(request, etag):
        response: HttpResponse = HttpResponseNotModified()
    else:
        response = HttpResponse(body, content_type="application/json")
    response["ETag"] = etag
    # The browser keeps the answer but asks again every time: the If-None-Match above.
    response["Cache-Control"] = "private, no-cache"
    response["Vary"] = "Cookie"
    return response
