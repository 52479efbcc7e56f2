"""Idempotency-Key: a retried POST returns the first response and changes nothing.

One rule for every write: the key names a record, looked up under a lock the first request
held until it committed; a retry gets its answer from that record, and the key sent with
another request is refused (key_reused, 409). Most writes keep their answer in an
IdempotencyRecord (idempotent_call). A recorded hand is its own record: the hand keeps the
key (services.hands.hand_record_once), so recording a hand writes nothing more, and a retry's
answer is built again from the hand.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from django.db import IntegrityError, transaction

from parlor.errors import Conflict, InvalidInput
from parlor.models import IdempotencyRecord, Parlor, Table
from parlor.models.users import Actor, actor_row
from parlor.security.text import has_control_characters

MAX_KEY_LENGTH = 200


def request_fingerprint(*, method: str, path: str, body: Any) -> str:
    canonical = json.dumps(body, sort_keys=True, separators=(",", ":"), default=str)
    return hashlib.sha256(f"{method} {path}\n{canonical}".encode()).hexdigest()


@dataclass(frozen=True, slots=True)
class Answer:
    """A POST's answer: the status and the body, and whether it is the stored answer of an
    earlier request with the same Idempotency-Key (a retry)."""

    status: int
    body: Any
    replayed: bool = False


@dataclass(frozen=True, slots=True)
class KeyedRequest:
    """What idempotency needs of a POST: its Idempotency-Key ("" when it sent none), the
    fingerprint of its method, path and body, and who sent it."""

    key: str
    fingerprint: str
    user: Actor

    def __post_init__(self) -> None:
        if len(self.key) > MAX_KEY_LENGTH:
            raise InvalidInput(
                f"Idempotency-Key is longer than {MAX_KEY_LENGTH} characters",
                code="idempotency_key_too_long",
                field="Idempotency-Key",
            )
        if has_control_characters(self.key):
            raise InvalidInput(
                "Idempotency-Key must not contain control characters",
                code="idempotency_key_invalid",
                field="Idempotency-Key",
            )


def request_keyed(*, headers: Any, method: str, path: str, body: Any, user: Actor) -> KeyedRequest:
    """A request's KeyedRequest, the same for the API and the tablet: its Idempotency-Key
    header (stripped), the fingerprint of its method, path and parsed body, and its user."""
    return KeyedRequest(
        key=headers.get("Idempotency-Key", "").strip(),
        fingerprint=request_fingerprint(method=method, path=path, body=body),
        user=user,
    )


def idempotent_call(
    *,
    table: Table | None = None,
    parlor: Parlor | None = None,
    request: KeyedRequest,
    call: Callable[[], tuple[int, Any]],
) -> Answer:
    """Runs `call` once per (table, key) or (parlor, key) and answers; a retry gets the first
    answer again (replayed).

    Exactly one of `table` (a table's POSTs) and `parlor` (every other write) is given.
    Its row is locked before the key is looked up, so a retry that arrives while the first
    request is still running waits for it and then gets its response. Errors are not stored:
    the transaction rolls back and a retry runs again.
    """
    if (table is None) == (parlor is None):
        raise TypeError("idempotent_call takes a table or a parlor, not both or neither")
    with transaction.atomic():
        if request.key:
            scope_lock(table=table, parlor=parlor)
            stored = stored_answer(request, table=table, parlor=parlor)
            if stored is not None:
                return stored
        answer = Answer(*call())
        answer_store(request, answer, table=table, parlor=parlor)
        return answer


def scope_lock(*, table: Table | None, parlor: Parlor | None) -> None:
    """Locks the table's or the parlor's row until the transaction ends.

    The table's row alone. The parlor's row FOR NO KEY UPDATE (PostgreSQL): every keyed visit
    and money POST of the parlor waits for the one before, but a transaction that wrote a row
    naming the parlor (a visit, an adjustment, an audit event) takes FOR KEY SHARE on it when
    its deferred foreign key checks run at commit, which FOR UPDATE would make wait: every
    write of the parlor would queue behind this one, and a game start holding its players'
    visits would deadlock with a check-out waiting for one of them. SQLite takes no row locks.
    """
    if table is not None:
        list(Table.objects.select_for_update().filter(pk=table.pk).values_list("pk"))
    else:
        assert parlor is not None
        rows = Parlor.objects.select_for_update(no_key=True).filter(pk=parlor.pk)
        list(rows.values_list("pk"))


def stored_answer(
    request: KeyedRequest, *, table: Table | None = None, parlor: Parlor | None = None
) -> Answer | None:
    """The answer stored for the request's key, if any (a retry). The caller holds a lock that
    the first request held until it committed, so this statement, started after it, sees
    its record. A key used for a different request is refused."""
    if not request.key:
        return None
    scope: dict[str, Any] = {"table": table} if table is not None else {"parlor": parlor}
    record = IdempotencyRecord.objects.filter(**scope, key=request.key).first()
    if record is None:
        return None
    if record.fingerprint != request.fingerprint:
        raise key_reused()
    return Answer(record.status_code, record.response_body, replayed=True)


def answer_store(
    request: KeyedRequest,
    answer: Answer,
    *,
    table: Table | None = None,
    parlor: Parlor | None = None,
) -> None:
    """Keeps the answer under the request's key (nothing without one). Should the key be
    taken meanwhile (the same key sent with another request), the whole transaction is
    refused: the constraint's error leaves it and rolls it back."""
    if not request.key:
        return
    scope: dict[str, Any] = {"table": table} if table is not None else {"parlor": parlor}
    try:
        IdempotencyRecord.objects.create(
            **scope,
            key=request.key,
            fingerprint=request.fingerprint,
            status_code=answer.status,
            response_body=answer.body,
            user=actor_row(request.user),
        )
    except IntegrityError as exc:
        raise key_reused() from exc


def key_reused() -> Conflict:
    return Conflict(
        "this Idempotency-Key was already used for a different request; "
        "use a new key for a new request",
        code="idempotency_key_reused",
        field="Idempotency-Key",
    )
