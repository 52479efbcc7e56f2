"""Reading JSON input field by field, with errors that name the field and say what to fix."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, NoReturn

from scoring.errors import RecordError


class FieldReader:
    """Reads one JSON object of a record; every error names ``hand`` and the field path."""

    def __init__(self, data: Any, *, hand: int | None, path: str) -> None:
        self.hand = hand
        self.path = path
        if not isinstance(data, Mapping):
            self.fail("", f"{path or 'the record'} must be a JSON object")
        self.data: Mapping[str, Any] = data

    def where(self, name: str) -> str:
        if not name:
            return self.path
        return f"{self.path}.{name}" if self.path else name

    def fail(self, name: str, message: str, code: str = "invalid_value") -> NoReturn:
        raise RecordError(message, hand=self.hand, field=self.where(name), code=code)

    def child(self, name: str) -> FieldReader:
        return FieldReader(self.data.get(name), hand=self.hand, path=self.where(name))

    def only(self, allowed: Sequence[str]) -> None:
        for key in self.data:
            if key not in allowed:
                self.fail(key, f"unknown field '{key}'; allowed here: {', '.join(allowed)}",
                          code="unknown_field")

    def has(self, name: str) -> bool:
        return name in self.data and self.data[name] is not None

    def require(self, name: str, what: str) -> Any:
        if not self.has(name):
            self.fail(name, f"'{name}' is missing: give {what}", code="missing_field")
        return self.data[name]

    def integer(self, name: str, *, low: int, high: int, what: str,
                default: int | None = None) -> int:
        if not self.has(name):
            if default is None:
                self.require(name, what)
            return default  # type: ignore[return-value]
        value = self.data[name]
        if isinstance(value, bool) or not isinstance(value, int):
            self.fail(name, f"'{name}' must be a whole number ({what}), got {value!r}")
        if not low <= value <= high:
            self.fail(name, f"'{name}' must be from {low} to {high} ({what}), got {value}",
                      code="out_of_range")
        number: int = value
        return number

    def boolean(self, name: str, *, default: bool = False) -> bool:
        if not self.has(name):
            return default
        value = self.data[name]
        if not isinstance(value, bool):
            self.fail(name, f"'{name}' must be true or false, got {value!r}")
        flag: bool = value
        return flag

    def string(self, name: str, *, what: str) -> str:
        value = self.require(name, what)
        if not isinstance(value, str) or not value.strip():
            self.fail(name, f"'{name}' must be a non-empty string ({what})")
        text: str = value
        return text

    def seat(self, name: str, *, seats: int, what: str = "a seat") -> int:
        return self.integer(name, low=0, high=seats - 1,
                            what=f"{what}, a seat from 0 to {seats - 1}")

    def seat_list(self, name: str, *, seats: int, what: str) -> tuple[int, ...]:
        if not self.has(name):
            return ()
        value = self.data[name]
        if not isinstance(value, list):
            self.fail(name, f"'{name}' must be a list of seats ({what})")
        for i, seat in enumerate(value):
            if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < seats:
                self.fail(f"{name}[{i}]",
                          f"{seat!r} is not a seat: seats are 0 to {seats - 1} ({what})",
                          code="out_of_range")
        if len(set(value)) != len(value):
            self.fail(name, f"'{name}' lists a seat twice ({what})")
        return tuple(value)
