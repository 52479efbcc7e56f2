"""Idempotency-Key: a retried POST returns the first response and changes nothing."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable
from typing import Any

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction

from parlor.models import IdempotencyRecord, Parlor, Table
from parlor.services.errors import Conflict, InvalidInput

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
) -> tuple[int, Any, bool]:
    """Runs `call` once per (table, key) or (parlor, key): returns (status, body, replayed).

    Exactly one of `table` (a table's POSTs) and `parlor` (the visit and money POSTs) is given.
    Its row is locked before the key is looked up, so a retry that arrives while the first
    request is still running waits for it and then gets its response. Errors are not stored:
    the transaction rolls back and a retry runs again.

    `call` always runs in a transaction opened here, with a key or without: the services
    it calls open no savepoint of their own (hands.hand_record), since an error leaves this
    block and rolls everything back.
    """
    if (table is None) == (parlor is None):
        raise TypeError("idempotent_call takes a table or a parlor, not both or neither")
    if len(key) > MAX_KEY_LENGTH:
        raise InvalidInput(
            f"Idempotency-Key is longer than {MAX_KEY_LENGTH} characters",
            code="idempotency_key_too_long",
            field="Idempotency-Key",
        )
    if not key:
        with transaction.atomic():
            status, body = call()
        return status, body, False
    scope: dict[str, Any] = {"table": table} if table is not None else {"parlor": parlor}
    with transaction.atomic():
        _scope_lock(table=table, parlor=parlor)
        existing = IdempotencyRecord.objects.filter(**scope, key=key).first()
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
        IdempotencyRecord.objects.create(
            **scope,
            key=key,
            fingerprint=fingerprint,
            status_code=status,
            response_body=body,
            user=user,
        )
        return status, body, False


def _scope_lock(*, table: Table | None, parlor: Parlor | None) -> None:
    """Locks the table's or the parlor's row (a query) until the transaction ends."""
    if table is not None:
        # No ordering: `.first()` ordered by the table's Meta ordering, which joins the parlor,
        # and FOR UPDATE then locked the parlor's row too, so every tablet of the parlor waited
        # for every other one's write.
        list(Table.objects.select_for_update().filter(pk=table.pk).order_by().values_list("pk"))
        return
    assert parlor is not None
    # Every keyed visit and money POST of the parlor waits for the one before: few enough.
    # FOR NO KEY UPDATE (PostgreSQL) rather than FOR UPDATE: a transaction that wrote a row
    # naming the parlor (a visit, an adjustment, an audit event) takes FOR KEY SHARE on it when
    # its deferred foreign key checks run at commit, which FOR UPDATE would make wait: every
    # write of the parlor would queue behind this one, and a game start holding its players'
    # visits would deadlock with a check-out waiting for one of them. SQLite takes no row locks.
    list(
        Parlor.objects.select_for_update(no_key=True, of=("self",))
        .filter(pk=parlor.pk)
        .order_by()
        .values_list("pk")
    )
