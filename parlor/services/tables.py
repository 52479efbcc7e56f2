"""Tables (卓): the manager adds a table, changes its ruleset, takes it out of use and back.

A table is never deleted: its games refer to it. A table with a game in progress keeps its
ruleset and stays in use until the game ends; a game keeps the ruleset snapshot it started with.
"""

from __future__ import annotations

from django.db import transaction

from parlor.errors import Conflict, InvalidInput
from parlor.models import AuditAction, Game, GameStatus, Parlor, Table
from parlor.models.users import Actor
from parlor.natural_sort import natural_key
from parlor.security.text import text_check
from parlor.selectors.rulesets import ruleset_resolve
from parlor.services.audit_log import audit_record
from parlor.services.games import table_lock

# The column's length (models.Table.label).
TABLE_LABEL_MAX_LENGTH = 20


def _snapshot(table: Table) -> dict[str, object]:
    return {"label": table.label, "ruleset_key": table.ruleset_key, "is_active": table.is_active}


def _label_clean(label: str) -> str:
    label = label.strip()
    if not label:
        raise InvalidInput("Enter a table number.", code="label_required", field="label")
    return text_check(label, field="label", max_length=TABLE_LABEL_MAX_LENGTH)


@transaction.atomic
def table_create(*, parlor: Parlor, label: str, ruleset_key: str, by: Actor) -> Table:
    """Adds a table (卓) to the parlor; its label is unique in the parlor."""
    label = _label_clean(label)
    ruleset_resolve(parlor=parlor, key=ruleset_key)  # InvalidInput naming ruleset_key
    Parlor.objects.select_for_update().filter(pk=parlor.pk).first()  # one label at a time
    key = natural_key(label)
    taken = Table.objects.filter(parlor=parlor).values_list("label", flat=True)
    same = next((other for other in taken if natural_key(other) == key), None)
    if same is not None:  # "１" and "1" would be the same table on every screen
        raise Conflict(
            f"This parlor already has a table {same}.",
            code="table_label_taken",
            field="label",
            params={"label": same},
        )
    table = Table.objects.create(parlor=parlor, label=label, ruleset_key=ruleset_key)
    _audit(
        table, by=by, action=AuditAction.CREATE, kind="table.added", summary=f"table {label} added"
    )
    return table


@transaction.atomic
def table_change(*, table: Table, ruleset_key: str, is_active: bool, by: Actor) -> Table:
    """Sets a table's ruleset and whether it is in use; refused while a game is in progress
    there. Nothing changed writes nothing."""
    table = table_lock(table)
    before = _snapshot(table)
    if ruleset_key == table.ruleset_key and is_active == table.is_active:
        return table
    if Game.objects.filter(table=table, status=GameStatus.IN_PROGRESS).exists():
        field = "ruleset_key" if ruleset_key != table.ruleset_key else "is_active"
        raise Conflict(
            f"Table {table.label} has a game in progress: change it after the game ends.",
            code="table_has_open_game",
            field=field,
            params={"table": table.label},
        )
    if ruleset_key != table.ruleset_key:
        ruleset_resolve(parlor=table.parlor, key=ruleset_key)
    table.ruleset_key = ruleset_key
    table.is_active = is_active
    table.save(update_fields=["ruleset_key", "is_active"])
    _audit(
        table,
        by=by,
        action=AuditAction.CORRECT,
        kind="table.changed",
        summary=f"table {table.label} changed",
        before=before,
    )
    return table


def _audit(
    table: Table,
    *,
    by: Actor,
    action: AuditAction,
    kind: str,
    summary: str,
    before: dict[str, object] | None = None,
) -> None:
    audit_record(
        parlor=table.parlor,
        by=by,
        action=action,
        subject_type="table",
        subject_id=str(table.public_id),
        kind=kind,
        data={"table": table.label},
        summary=summary,
        before=before,
        after=_snapshot(table),
    )
