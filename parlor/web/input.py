"""What the tablet reads from a request, read as the API reads it.

The tablet's JSON is parsed by the API's bounded parser (nesting, NaN and infinity, numbers out
of range) and validated by the API's serializer for the same operation, so a body the API
refuses is refused here too: a 400 in the tablet's error shape, naming the field.
"""

from __future__ import annotations

import io
from typing import Any

from django.core.exceptions import RequestDataTooBig
from django.http import HttpRequest
from django.http.request import QueryDict
from rest_framework import serializers
from rest_framework.exceptions import ParseError

from parlor.errors import InvalidInput
from parlor.security.parsers import BoundedJSONParser, JSONBoundsError
from parlor.view_helpers.inputs import first_validation_error

# The serializers' error codes as the tablet's codes (parlor.web.errors), which carry a sentence
# in the staff's language; any other code is "invalid_value".
_CODES = {
    "required": "missing_field",
    "null": "missing_field",
    "blank": "missing_field",
    "max_length": "too_long",
    "max_string_length": "out_of_range",
    "min_value": "out_of_range",
    "max_value": "out_of_range",
    "control_characters": "control_characters",
    "null_characters_not_allowed": "control_characters",
}
# A reason or a name left out is that field's own error, which says what to write.
_MISSING = {"required", "null", "blank"}
_MISSING_BY_FIELD = {
    "reason": "reason_required",
    "name": "name_required",
    "version": "hand_version_required",  # a screen drawn before the tablet sent it
}


def json_body(request: HttpRequest) -> dict[str, Any]:
    """The request's JSON object, parsed within the API's bounds; InvalidInput otherwise."""
    if request.content_type != "application/json":
        raise InvalidInput(
            f"the request must be JSON (application/json), not {request.content_type or 'empty'}",
            code="bad_json",
        )
    try:
        raw = request.body
    except RequestDataTooBig as exc:
        raise InvalidInput("the request is too large", code="too_long") from exc
    try:
        body = BoundedJSONParser().parse(io.BytesIO(raw or b"{}"))
    except JSONBoundsError as exc:
        code = "out_of_range" if exc.field else "bad_json"
        raise InvalidInput(str(exc.detail), code=code, field=exc.field) from exc
    except ParseError as exc:
        raise InvalidInput(str(exc.detail), code="bad_json") from exc
    if not isinstance(body, dict):
        raise InvalidInput("the request must be a JSON object", code="bad_json")
    return body


def validated(
    serializer: type[serializers.Serializer[Any]], data: dict[str, Any] | QueryDict
) -> dict[str, Any]:
    """`data` as the serializer validates it; InvalidInput naming the first wrong field."""
    checked = serializer(data=data)
    if checked.is_valid():
        return dict(checked.validated_data)
    field, error = first_validation_error(checked.errors)
    if field in _MISSING_BY_FIELD and error.code in _MISSING:
        code = _MISSING_BY_FIELD[field]
    else:
        code = _CODES.get(str(error.code), "invalid_value")
    raise InvalidInput(f"{field}: {error}" if field else str(error), code=code, field=field)
