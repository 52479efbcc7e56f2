"""An OpenAPI postprocessing hook: documents the answers the security layer can give to any
operation, so the schema (and the schema fuzzing) tells clients the truth.

- 400 for every operation with a body: a body that is not JSON, or nests too deep, or holds a
  number out of range (parlor.security.parsers), is refused before the view reads it.
- 413 for every operation with a body: the request size limit.
- 415 for every operation with a body: a body in a media type no parser takes (or none).
- 503 for every operation: the database could not be reached; retry after Retry-After.
"""

from __future__ import annotations

from typing import Any

ERROR = {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}
ADDED = {
    "400": "Invalid input: not JSON, nested too deep, a number out of range, or a field.",
    "413": "The request body is larger than the limit (REQUEST_MAX_BYTES).",
    "415": "The body's media type is none the API parses (JSON, form, multipart).",
}
UNAVAILABLE = "The database cannot be reached right now: retry after Retry-After seconds."


def document_security_responses(result: dict[str, Any], **kwargs: Any) -> dict[str, Any]:
    if "Error" not in result.get("components", {}).get("schemas", {}):
        return result
    for path, item in result.get("paths", {}).items():
        if not path.startswith("/api/"):
            continue
        for operation in item.values():
            responses = operation.setdefault("responses", {})
            if "requestBody" in operation:
                for status, text in ADDED.items():
                    responses.setdefault(status, {"content": ERROR, "description": text})
            responses.setdefault(
                "503",
                {
                    "content": ERROR,
                    "description": UNAVAILABLE,
                    "headers": {"Retry-After": {"schema": {"type": "integer"}}},
                },
            )
    return result
