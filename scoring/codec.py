"""Strict conversion between frozen dataclasses and JSON-like dicts.

Used for rulesets: every field must be present (no silent defaults), unknown fields are
refused, and each problem names the field's path.
"""

from __future__ import annotations

import dataclasses
import enum
import types
import typing
from collections.abc import Mapping
from functools import cache
from typing import Any, TypeVar

from scoring.errors import RulesetError

T = TypeVar("T")

# TOML has no null: preset files write "none" for an optional field that is unset.
NONE_IN_TOML = "none"


@cache
def _hints(cls: Any) -> dict[str, Any]:
    return typing.get_type_hints(cls)


def to_plain(value: Any) -> Any:
    """Turn a dataclass value into JSON-ready dicts, lists, strings and numbers."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: to_plain(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, enum.Enum):
        return value.value
    if isinstance(value, tuple):
        return [to_plain(v) for v in value]
    return value


def from_plain(cls: type[T], data: Any, *, path: str = "") -> T:
    """Build dataclass ``cls`` from ``data``; raise RulesetError naming the field."""
    if not isinstance(data, Mapping):
        raise RulesetError(f"{path or 'ruleset'} must be an object", field=path)
    hints = _hints(cls)  # type: ignore[arg-type]  # a class is hashable
    names = [f.name for f in dataclasses.fields(cls)]  # type: ignore[arg-type]
    unknown = sorted(set(data) - set(names))
    if unknown:
        where = _join(path, unknown[0])
        raise RulesetError(f"unknown ruleset field '{where}'", field=where)
    values = {}
    for name in names:
        where = _join(path, name)
        if name not in data:
            raise RulesetError(f"ruleset field '{where}' is missing", field=where)
        values[name] = _convert(hints[name], data[name], where)
    return cls(**values)


def _join(path: str, name: str) -> str:
    return f"{path}.{name}" if path else name


def _convert(tp: Any, value: Any, path: str) -> Any:
    origin = typing.get_origin(tp)
    if origin in (typing.Union, types.UnionType):
        options = [a for a in typing.get_args(tp) if a is not type(None)]
        if value is None or value == NONE_IN_TOML:
            return None
        return _convert(options[0], value, path)
    if origin is tuple:
        if not isinstance(value, list | tuple):
            raise RulesetError(f"'{path}' must be a list", field=path)
        item = typing.get_args(tp)[0]
        return tuple(_convert(item, v, f"{path}[{i}]") for i, v in enumerate(value))
    if isinstance(tp, type) and dataclasses.is_dataclass(tp):
        return from_plain(tp, value, path=path)
    if isinstance(tp, type) and issubclass(tp, enum.Enum):
        try:
            return tp(value)
        except ValueError:
            allowed = ", ".join(m.value for m in tp)
            raise RulesetError(
                f"'{path}' is {value!r}; use one of: {allowed}", field=path) from None
    if tp is bool:
        if not isinstance(value, bool):
            raise RulesetError(f"'{path}' must be true or false", field=path)
        return value
    if tp is int:
        if isinstance(value, bool) or not isinstance(value, int):
            raise RulesetError(f"'{path}' must be a whole number", field=path)
        return value
    if tp is str:
        if not isinstance(value, str):
            raise RulesetError(f"'{path}' must be a string", field=path)
        return value
    raise TypeError(f"unsupported field type {tp!r} at {path}")  # pragma: no cover
