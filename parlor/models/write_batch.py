"""Several rows saved in one round trip: the hot path of recording a hand writes five.

Each row is written exactly as `Model.save()` would write it: every field prepared by the field
itself (`pre_save` for auto_now and defaults, `get_db_prep_save` for JSON and UUIDs), with the
`pre_save` and `post_save` signals sent as a save sends them. What differs is the delivery:
PostgreSQL receives the whole batch as one statement (each row a data-modifying WITH clause,
which PostgreSQL runs exactly once whether or not the statement reads it); SQLite, which has
no such clauses, receives the rows one statement each, in order.

A row may point at a row inserted earlier in the same batch (a hand's outcome at the hand):
`insert` returns a `Ref` to pass in its place. Foreign keys are checked at commit, so the
order of the clauses within the statement does not matter to them.

    batch = WriteBatch()
    hand_ref = batch.insert(hand)
    batch.insert(outcome, hand_id=hand_ref)
    batch.update(game, ["scores", "hand_count"])
    batch.flush()  # one statement; hand.pk and outcome.pk are set
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

from django.db import DEFAULT_DB_ALIAS, DatabaseError, IntegrityError, connections
from django.db.models import Model
from django.db.models.signals import post_save, pre_save

M = TypeVar("M", bound=Model)


@dataclass(frozen=True, slots=True)
class Ref:
    """The id of the row that a batch's `index`th statement inserts."""

    index: int


@dataclass(frozen=True, slots=True)
class _Statement:
    instance: Model
    columns: tuple[str, ...]  # quoted
    values: tuple[Any, ...]  # prepared for the database; a Ref for a row of the batch
    update_fields: tuple[str, ...] | None  # None: an insert
    refs: tuple[tuple[str, Ref], ...] = ()  # (attname, Ref) of foreign keys into the batch

    def sql(self, quote: Any, value_sql: Any) -> str:
        """The INSERT or UPDATE, each value written by `value_sql(value)` (a placeholder, or
        for a Ref whatever the caller gives it)."""
        meta = self.instance._meta
        table = quote(meta.db_table)
        if self.update_fields is None:
            return "INSERT INTO {} ({}) VALUES ({})".format(
                table, ", ".join(self.columns), ", ".join(value_sql(v) for v in self.values)
            )
        sets = ", ".join(
            f"{column} = {value_sql(value)}"
            for column, value in zip(self.columns, self.values[:-1], strict=True)
        )
        where = f"{quote(meta.pk.column)} = {value_sql(self.values[-1])}"
        return f"UPDATE {table} SET {sets} WHERE {where}"


class WriteBatch:
    """Inserts and updates of model instances, sent to the database by `flush()`."""

    def __init__(self, using: str = DEFAULT_DB_ALIAS) -> None:
        self.using = using
        self._statements: list[_Statement] = []
        self._integrity_error: Exception | None = None

    def insert(self, instance: Model, **refs: Ref) -> Ref:
        """Adds `instance`'s INSERT. `refs` give foreign keys (by attname, `hand_id`) that
        point at rows inserted earlier in this batch. Returns the new row's Ref."""
        meta = instance._meta
        self._pre_save(instance, update_fields=None)
        connection = connections[self.using]
        fields = [
            field
            for field in meta.local_concrete_fields
            if not (field.primary_key and getattr(instance, field.attname) is None)
        ]
        values: list[Any] = []
        given = dict(refs)
        for field in fields:
            if field.attname in refs:
                values.append(refs.pop(field.attname))
            else:
                value = field.pre_save(instance, add=True)
                values.append(field.get_db_prep_save(value, connection=connection))
        if refs:
            raise TypeError(f"{meta.label} has no fields {sorted(refs)}")
        quote = connection.ops.quote_name
        columns = tuple(quote(field.column) for field in fields)
        statement = _Statement(instance, columns, tuple(values), None, tuple(given.items()))
        self._statements.append(statement)
        return Ref(len(self._statements) - 1)

    def on_integrity_error(self, error: Exception) -> None:
        """Should a constraint fire when the batch is next flushed, raise `error` instead
        (from the IntegrityError): a service's own words for what went wrong."""
        self._integrity_error = error

    def ref_of(self, instance: Model) -> Ref:
        """The Ref of `instance`, inserted earlier in this batch."""
        for index, statement in enumerate(self._statements):
            if statement.instance is instance and statement.update_fields is None:
                return Ref(index)
        raise LookupError(f"{instance._meta.label} {instance} is not inserted by this batch")

    def update(self, instance: Model, fields: Sequence[str]) -> None:
        """Adds `instance.save(update_fields=fields)`: these columns of its row."""
        meta = instance._meta
        self._pre_save(instance, update_fields=tuple(fields))
        connection = connections[self.using]
        quote = connection.ops.quote_name
        changed = [meta.get_field(name) for name in fields]
        values = [
            field.get_db_prep_save(field.pre_save(instance, add=False), connection=connection)
            for field in changed
        ]
        values.append(meta.pk.get_db_prep_value(instance.pk, connection=connection))
        columns = tuple(quote(field.column) for field in changed)
        self._statements.append(_Statement(instance, columns, tuple(values), tuple(fields)))

    def flush(self) -> None:
        """Sends the batch (one statement on PostgreSQL), sets the new rows' primary keys and
        sends post_save for each row. An update that finds no row raises DatabaseError, as
        save(update_fields=...) does; a constraint raises IntegrityError."""
        statements, self._statements = self._statements, []
        integrity_error, self._integrity_error = self._integrity_error, None
        if not statements:
            return
        connection = connections[self.using]
        try:
            if connection.vendor == "postgresql":
                counts = self._run_as_one(statements)
            else:
                counts = self._run_each(statements)
        except IntegrityError as exc:
            if integrity_error is None:
                raise
            raise integrity_error from exc
        for statement, count in zip(statements, counts, strict=True):
            instance = statement.instance
            created = statement.update_fields is None
            for attname, ref in statement.refs:
                setattr(instance, attname, counts[ref.index])
            if created and instance.pk is None:
                instance.pk = count
            elif not created and count != 1:
                raise DatabaseError(f"{instance._meta.label} {instance.pk}: no row to update")
            instance._state.adding = False
            instance._state.db = self.using
            post_save.send(
                sender=type(instance),
                instance=instance,
                created=created,
                update_fields=None if created else frozenset(statement.update_fields or ()),
                raw=False,
                using=self.using,
            )

    def _pre_save(self, instance: Model, *, update_fields: tuple[str, ...] | None) -> None:
        pre_save.send(
            sender=type(instance),
            instance=instance,
            raw=False,
            using=self.using,
            update_fields=None if update_fields is None else frozenset(update_fields),
        )

    def _run_as_one(self, statements: list[_Statement]) -> list[Any]:
        """WITH w0 AS (INSERT ... RETURNING pk), w1 AS (UPDATE ... RETURNING 1), ...
        SELECT (SELECT pk FROM w0), (SELECT count(*) FROM w1), ...: for each statement the
        new row's primary key (an insert) or the number of rows updated."""
        connection = connections[self.using]
        quote = connection.ops.quote_name
        params: list[Any] = []

        def value_sql(value: Any) -> str:
            if isinstance(value, Ref):
                pk = quote(statements[value.index].instance._meta.pk.column)
                return f"(SELECT {pk} FROM w{value.index})"
            params.append(value)
            return "%s"

        clauses, outputs = [], []
        for index, statement in enumerate(statements):
            pk = quote(statement.instance._meta.pk.column)
            sql = statement.sql(quote, value_sql)
            if statement.update_fields is None:
                clauses.append(f"w{index} AS ({sql} RETURNING {pk})")
                outputs.append(f"(SELECT {pk} FROM w{index})")
            else:
                clauses.append(f"w{index} AS ({sql} RETURNING 1)")
                outputs.append(f"(SELECT count(*) FROM w{index})")
        sql = "WITH {} SELECT {}".format(", ".join(clauses), ", ".join(outputs))
        with connection.cursor() as cursor:
            cursor.execute(sql, params)
            return list(cursor.fetchone())

    def _run_each(self, statements: list[_Statement]) -> list[Any]:
        connection = connections[self.using]
        quote = connection.ops.quote_name
        results: list[Any] = []
        with connection.cursor() as cursor:
            for statement in statements:
                params: list[Any] = []

                def value_sql(value: Any, params: list[Any] = params) -> str:
                    params.append(results[value.index] if isinstance(value, Ref) else value)
                    return "%s"

                cursor.execute(statement.sql(quote, value_sql), params)
                created = statement.update_fields is None
                results.append(cursor.lastrowid if created else cursor.rowcount)
        return results


def bulk_insert(instances: Sequence[M], *, writes: WriteBatch | None) -> list[M]:
    """`bulk_create(instances)` now, or each instance's insert added to `writes`."""
    if writes is None:
        return type(instances[0]).objects.bulk_create(instances) if instances else []
    for instance in instances:
        writes.insert(instance)
    return list(instances)
