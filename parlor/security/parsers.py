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
    number_out_of_range,
)


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
            raise ParseError(
                f"JSON parse error - nested deeper than {JSON_MAX_DEPTH} levels"
            ) from exc
        if json_depth_exceeds(data, JSON_MAX_DEPTH):
            raise ParseError(f"JSON parse error - nested deeper than {JSON_MAX_DEPTH} levels")
        found = number_out_of_range(data, JSON_MAX_ABS_NUMBER)
        if found is not None:
            where, number = found
            raise ParseError(
                f"{where or 'body'}: {number!r} is out of range; numbers in a request lie between "
                f"-{JSON_MAX_ABS_NUMBER:,} and {JSON_MAX_ABS_NUMBER:,}"
            )
        return data
