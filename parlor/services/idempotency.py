"""Idempotency-Key: a retried POST returns the first response and changes nothing."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from django.contrib.auth.models import AbstractBaseUser
from django.db import connections, transaction

from parlor.errors import Conflict, InvalidInput
from parlor.models import IdempotencyRecord, Parlor, Table
from parlor.models.write_batch import WriteBatch
from parlor.security.limits import has_control_characters

MAX_KEY_LENGTH = 200


def request_fingerprint(*, method: str, path: str, body: Any) -> str:
    canonical = json.dumps(body, sort_keys=True, separators=(",", ":"), default=str)
    return hashlib.sha256(f"{method} {path}\n{canonical}".encode()).hexdigest()


def idempotent_call(
    *,
    table: Table | None = None,
    parlor: Parlor | None = None,
    key: str,
    fingerprint: str,
    user: AbstractBaseUser | None,
    call: Callable[[], tuple[int, Any]],
    writes: WriteBatch | None = None,
) -> tuple[int, Any, bool]:
    """Runs `call` once per (table, key) or (parlor, key): returns (status, body, replayed).

    Exactly one of `table` (a table's POSTs) and `parlor` (the visit and money POSTs) is given.
    Its row is locked before the key is looked up, so a retry that arrives while the first
    request is still running waits for it and then gets its response. Errors are not stored:
    the transaction rolls back and a retry runs again.

    `call` always runs in a transaction opened here, with a key or without: the services
    it calls open no savepoint of their own (hands.hand_record), since an error leaves this
    block and rolls everything back.

    `writes`: a batch that `call` filled (hands.hand_record); the key's record joins it and it
    is flushed here, before the transaction commits, so the call's rows and the record go to
    the database in one round trip.
    """
    if (table is None) == (parlor is None):
        raise TypeError("idempotent_call takes a table or a parlor, not both or neither")
    if len(key) > MAX_KEY_LENGTH:
        raise InvalidInput(
            f"Idempotency-Key is longer than {MAX_KEY_LENGTH} characters",
            code="idempotency_key_too_long",
            field="Idempotency-Key",
        )
    if has_control_characters(key):
        raise InvalidInput(
            "Idempotency-Key must not contain control characters",
            code="idempotency_key_invalid",
            field="Idempotency-Key",
        )
    writes = WriteBatch() if writes is None else writes
    if not key:
        with transaction.atomic():
            status, body = call()
            writes.flush()
        return status, body, False
    scope: dict[str, Any] = {"table": table} if table is not None else {"parlor": parlor}
    with transaction.atomic():
        existing = _locked_lookup(table=table, parlor=parlor, key=key)
        if existing is not None:
            if existing.fingerprint != fingerprint:
                raise Conflict(
                    "this Idempotency-Key was already used for a different request; "
                    "use a new key for a new request",
                    code="idempotency_key_reused",
                    field="Idempotency-Key",
                )
            return existing.status_code, existing.response_body, True
        status, body = call()
        record = IdempotencyRecord(
            **scope,
            key=key,
            fingerprint=fingerprint,
            status_code=status,
            response_body=body,
            user=user,
        )
        writes.insert(record)
        writes.flush()
        return status, body, False


@dataclass(frozen=True, slots=True)
class _Stored:
    fingerprint: str
    status_code: int
    response_body: Any


def _locked_lookup(*, table: Table | None, parlor: Parlor | None, key: str) -> _Stored | None:
    """Locks the table's or the parlor's row until the transaction ends, then returns the
    key's record there, if any: two plain statements, no ORM.

    Two statements, not one: in READ COMMITTED a statement reads the snapshot taken when it
    started, so a look-up joined to the lock would miss the record of the request it waited
    for (tests/parlor/test_idempotency_money.py races two retries and fails that way).

    The table's row alone: locking through a join locks every joined row, and once the
    parlor's row was locked that way every tablet of the parlor waited for every other one's
    write. The parlor's row FOR NO KEY UPDATE (PostgreSQL): every keyed visit and money POST
    of the parlor waits for the one before, but a transaction that wrote a row naming the
    parlor (a visit, an adjustment, an audit event) takes FOR KEY SHARE on it when its
    deferred foreign key checks run at commit, which FOR UPDATE would make wait: every write
    of the parlor would queue behind this one, and a game start holding its players' visits
    would deadlock with a check-out waiting for one of them. SQLite takes no row locks.
    """
    connection = connections[IdempotencyRecord.objects.db]
    quote = connection.ops.quote_name
    if table is not None:
        scope_table, scope_column, scope_id = Table._meta.db_table, "table_id", table.pk
        lock = "UPDATE"
    else:
        assert parlor is not None
        scope_table, scope_column, scope_id = Parlor._meta.db_table, "parlor_id", parlor.pk
        lock = "NO KEY UPDATE"
    record = IdempotencyRecord._meta
    with connection.cursor() as cursor:
        if connection.features.has_select_for_update:
            cursor.execute(
                f"SELECT 1 FROM {quote(scope_table)} WHERE {quote('id')} = %s FOR {lock}",
                [scope_id],
            )
        cursor.execute(
            f"SELECT {quote('fingerprint')}, {quote('status_code')}, {quote('response_body')} "
            f"FROM {quote(record.db_table)} "
            f"WHERE {quote(scope_column)} = %s AND {quote('key')} = %s",
            [scope_id, key],
        )
        row = cursor.fetchone()
    if row is None:
        return None
    body = record.get_field("response_body").from_db_value(row[2], None, connection)
    return _Stored(row[0], row[1], body)
