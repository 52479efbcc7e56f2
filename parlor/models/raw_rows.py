"""Model instances from plain SQL, for the few hot reads where building the ORM's query costs
more than running it (a hand's record reads the game's seats and every hand version).

`Columns(Model, "alias")` writes the model's columns for a SELECT and turns that slice of a
row back into an instance exactly as the ORM does: the same field order, the same database
converters (JSON text to objects, SQLite's UUID text to UUID), `Model.from_db`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Generic, TypeVar

from django.db import connections
from django.db.models import Model

M = TypeVar("M", bound=Model)


class Columns(Generic[M]):
    """A model's concrete columns under a table alias, and the way back to instances."""

    def __init__(self, model: type[M], alias: str, *, using: str = "default") -> None:
        self.model, self.using = model, using
        connection = connections[using]
        quote = connection.ops.quote_name
        fields = list(model._meta.concrete_fields)
        self.names = [field.attname for field in fields]
        self.sql = ", ".join(f"{quote(alias)}.{quote(field.column)}" for field in fields)
        self.width = len(fields)
        self._converters: list[tuple[int, list[Callable[..., Any]], Any]] = []
        for index, field in enumerate(fields):
            column = field.get_col(alias)
            converters = connection.ops.get_db_converters(column) + field.get_db_converters(
                connection
            )
            if converters:
                self._converters.append((index, converters, column))

    def instance(self, row: Sequence[Any], start: int = 0) -> M:
        """The instance of `row[start : start + width]`."""
        values = list(row[start : start + self.width])
        connection = connections[self.using]
        for index, converters, column in self._converters:
            value = values[index]
            for converter in converters:
                value = converter(value, column, connection)
            values[index] = value
        return self.model.from_db(self.using, self.names, values)
