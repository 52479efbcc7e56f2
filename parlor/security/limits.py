"""Numeric bounds on what the API accepts, in one place.

The engine range-checks every hand (han 1-99, fu 20-130, seats, honba 0-100, ...) and answers
400 with the field. These bounds sit in front of it and of the database: a number no mahjong
record needs must never reach an integer column (PostgreSQL `integer` stops at 2,147,483,647) or
a computation whose cost grows with the number.
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from typing import Any

from parlor.errors import InvalidInput
from scoring import RulesetError

# Any number anywhere in a JSON body: far beyond any score, yet far below integer overflow.
JSON_MAX_ABS_NUMBER = 1_000_000_000
# Nesting of a JSON body: a whole tenbo-game/1 record is 6 deep; the engine recurses into it.
JSON_MAX_DEPTH = 20
# A ruleset's numbers (start 25,000, return 30,000, uma 30, ...); results are stored in tenths.
RULESET_MAX_ABS_NUMBER = 1_000_000
# The number of a hand within one game (1 = the first); the engine caps honba at 100.
HAND_SEQUENCE_MAX = 999
# A reason typed by staff (a correction's, a void's, an adjustment's): a sentence or two.
REASON_MAX_LENGTH = 500
# Players at one table: four, or three plus one sitting out (抜け番).
TABLE_MAX_PLAYERS = 4
# A hand for the calculator: fourteen tiles, four melds, ten indicators, twelve gari and the
# flags fit in about 1 kB; eight leave room for any spacing. The engine bounds every list
# (scoring/hand_value/bounds.py), and this keeps a worker from parsing a large body first.
CALCULATOR_REQUEST_MAX_BYTES = 8 * 1024


def body_size_check(content_length: str | None, *, limit: int) -> None:
    """InvalidInput (400, `request_too_large`) for a body over `limit` bytes, by its
    Content-Length, before anything reads it (a malformed length is the middleware's 400)."""
    try:
        length = int(content_length or 0)
    except ValueError:
        return
    if length > limit:
        raise InvalidInput(
            f"the request body is {length:,} bytes; a hand for the calculator needs less than "
            f"{limit:,}",
            code="request_too_large",
        )


def json_numbers(value: Any, path: str = "") -> Iterator[tuple[str, int | float]]:
    """Every number in a JSON value with its path (`uma[0]`), walked without recursion."""
    stack: list[tuple[str, Any]] = [(path, value)]
    while stack:
        where, item = stack.pop()
        if isinstance(item, dict):
            children = [(f"{where}.{key}" if where else str(key), v) for key, v in item.items()]
            stack.extend(reversed(children))  # popped in document order
        elif isinstance(item, (list, tuple)):
            stack.extend(reversed([(f"{where}[{i}]", v) for i, v in enumerate(item)]))
        elif isinstance(item, (int, float)) and not isinstance(item, bool):
            yield where, item


def json_depth_exceeds(value: Any, limit: int) -> bool:
    """Whether a JSON value nests deeper than `limit` (walked without recursion)."""
    stack: list[tuple[Any, int]] = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, (dict, list, tuple)):
            if depth > limit:
                return True
            children = item.values() if isinstance(item, dict) else item
            stack.extend((child, depth + 1) for child in children)
    return False


def number_out_of_range(value: Any, limit: int) -> tuple[str, int | float] | None:
    """The first number (path, value) outside ±limit or not finite, if any."""
    for where, number in json_numbers(value):
        if isinstance(number, float) and not math.isfinite(number):
            return where, number
        if abs(number) > limit:
            return where, number
    return None


def number_out_of_range_text(
    value: Any, limit: int, *, numbers: str, field: str
) -> tuple[str, str] | None:
    """(path, sentence) for the first number outside ±limit or not finite, if any; `numbers`
    names what the bound applies to ("numbers in a request"), `field` the value as a whole."""
    found = number_out_of_range(value, limit)
    if found is None:
        return None
    where, number = found
    return where, (
        f"{where or field}: {number!r} is out of range; {numbers} lie between "
        f"-{limit:,} and {limit:,}"
    )


def ruleset_numbers_check(definition: Any, *, field: str = "definition") -> None:
    """Rejects a ruleset definition with a number no ruleset needs (a RulesetError, so the API
    and the admin's form report it like the engine's own checks, naming the field)."""
    found = number_out_of_range_text(
        definition, RULESET_MAX_ABS_NUMBER, numbers="a ruleset's numbers", field=field
    )
    if found is not None:
        where, message = found
        raise RulesetError(
            message,
            code="out_of_range",
            field=where or field,  # like the engine's own errors: "uma[0]"
        )
