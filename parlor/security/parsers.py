"""The API's JSON parser: DRF's, bounded in nesting and in the size of numbers.

Python's json module recurses: a body of a few kilobytes of `[[[[…]]]]` raises RecursionError,
which DRF's parser does not catch (a 500). A number of a thousand digits parses fine and then
overflows an integer column. Both are a 400 here, before a view sees the data.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rest_framework.exceptions import ParseError
from rest_framework.parsers import JSONParser

from parlor.security.limits import (
    JSON_MAX_ABS_NUMBER,
    JSON_MAX_DEPTH,
    json_depth_exceeds,
    number_out_of_range_text,
)


class JSONBoundsError(ParseError):
    """A body nested too deep or holding a number out of range; `field` is the number's path."""

    def __init__(self, detail: str, *, field: str = "") -> None:
        super().__init__(detail)
        self.field = field


def json_bounds_check(data: Any) -> None:
    """Raises JSONBoundsError when parsed JSON nests too deep or holds a number out of range."""
    if json_depth_exceeds(data, JSON_MAX_DEPTH):
        raise JSONBoundsError(f"JSON parse error - nested deeper than {JSON_MAX_DEPTH} levels")
    found = number_out_of_range_text(
        data, JSON_MAX_ABS_NUMBER, numbers="numbers in a request", field="body"
    )
    if found is not None:
        where, message = found
        raise JSONBoundsError(message, field=where)


class BoundedJSONParser(JSONParser):
    def parse(
        self,
        stream: Any,
        media_type: str | None = None,
        parser_context: Mapping[str, Any] | None = None,
    ) -> Any:
        try:
            data = super().parse(stream, media_type, parser_context)
        except RecursionError as exc:
            raise JSONBoundsError(
                f"JSON parse error - nested deeper than {JSON_MAX_DEPTH} levels"
            ) from exc
        json_bounds_check(data)
        return data
