"""A closed receipt (a settlement and its lines) never changes: not through the model, not a
queryset, not raw SQL (a database trigger refuses it), it takes no new line, and its closer
cannot be deleted."""

from __future__ import annotations

import pytest
from django.db import DatabaseError, connection, transaction
from django.db.models import ProtectedError

from parlor.models import (
    Adjustment,
    AdjustmentKind,
    LineKind,
    ReceiptImmutable,
    Settlement,
    SettlementLine,
)
from tests.parlor.money_helpers import FOUR_PLAYER_EXAMPLE, check_out, example_setup, play, start

pytestmark = pytest.mark.django_db


@pytest.fixture
def receipt(parlor, players, personas) -> Settlement:
    staff, four, _, visits = example_setup(parlor, players, personas)
    play(staff, start(staff, four, players[:4]), FOUR_PLAYER_EXAMPLE)
    check_out(staff, visits[players[0].pk])
    return Settlement.objects.get()


def test_the_model_refuses_to_change_or_delete_a_receipt(receipt):
    receipt.total_yen += 1000
    with pytest.raises(ReceiptImmutable, match="make an adjustment"):
        receipt.save()
    line = receipt.lines.first()
    with pytest.raises(ReceiptImmutable):
        line.delete()
    with pytest.raises(ReceiptImmutable):
        receipt.delete()


@pytest.mark.parametrize("model", [Settlement, SettlementLine])
def test_querysets_refuse_update_bulk_update_and_delete(receipt, model):
    before = list(model.objects.values())
    with pytest.raises(ReceiptImmutable), transaction.atomic():
        model.objects.update(points_yen=0)
    rows = list(model.objects.all())
    for row in rows:
        row.points_yen = 0
    with pytest.raises(ReceiptImmutable), transaction.atomic():
        model.objects.bulk_update(rows, ["points_yen"])
    with pytest.raises(ReceiptImmutable), transaction.atomic():
        model.objects.all().delete()
    assert list(model.objects.values()) == before


@pytest.mark.parametrize("table", ["parlor_settlement", "parlor_settlementline"])
def test_the_database_refuses_a_raw_update(receipt, table):
    before = list(Settlement.objects.values()), list(SettlementLine.objects.values())
    with (
        pytest.raises(DatabaseError, match="closed receipts cannot change"),
        transaction.atomic(),
        connection.cursor() as cursor,
    ):
        cursor.execute(f"UPDATE {table} SET points_yen = 0")
    assert (list(Settlement.objects.values()), list(SettlementLine.objects.values())) == before


@pytest.mark.parametrize("table", ["parlor_settlementline", "parlor_settlement"])
def test_postgresql_refuses_a_raw_delete(receipt, table):
    if connection.vendor != "postgresql":
        pytest.skip("SQLite keeps the delete trigger off: its test runner empties tables by DELETE")
    with (
        pytest.raises(DatabaseError, match="closed receipts cannot change"),
        transaction.atomic(),
        connection.cursor() as cursor,
    ):
        cursor.execute(f"DELETE FROM {table}")
    assert SettlementLine.objects.filter(settlement=receipt).exists()


def test_the_user_who_closed_a_receipt_cannot_be_deleted(receipt):
    with pytest.raises(ProtectedError):
        receipt.closed_by.delete()


def _line_copied_sql(line: SettlementLine) -> str:
    """An INSERT of a copy of `line` at a new position, every other column as it is."""
    columns = [
        field.column
        for field in SettlementLine._meta.concrete_fields
        if field.column not in ("id", "position", "adjustment_id")
    ]
    listed = ", ".join(columns)
    return (
        f"INSERT INTO parlor_settlementline (position, {listed}) "
        f"SELECT 99, {listed} FROM parlor_settlementline WHERE id = {line.pk}"
    )


def test_the_receipt_knows_the_lines_it_was_closed_with(receipt):
    assert receipt.line_count == receipt.lines.count() >= 1


def test_the_database_refuses_a_raw_insert_of_a_line_into_a_closed_receipt(receipt):
    before = list(SettlementLine.objects.values())
    line = SettlementLine.objects.filter(settlement=receipt, kind="game").first()
    with (
        pytest.raises(DatabaseError, match=r"closed receipts cannot change \(INSERT refused\)"),
        transaction.atomic(),
        connection.cursor() as cursor,
    ):
        cursor.execute(_line_copied_sql(line))
    assert list(SettlementLine.objects.values()) == before


@pytest.mark.parametrize("how", ["create", "bulk_create"])
def test_the_database_refuses_a_new_line_of_a_closed_receipt_made_by_the_orm(receipt, how):
    before = list(SettlementLine.objects.values())
    adjustment = Adjustment.objects.create(
        parlor=receipt.visit.parlor,
        player=receipt.visit.player,
        kind=AdjustmentKind.OTHER,
        amount_yen=5000,
        reason="slipped in after the check-out",
    )
    line = SettlementLine(
        settlement=receipt,
        position=99,
        kind=LineKind.ADJUSTMENT,
        adjustment=adjustment,
        amount_yen=adjustment.amount_yen,
    )
    with (
        pytest.raises(DatabaseError, match=r"closed receipts cannot change \(INSERT refused\)"),
        transaction.atomic(),
    ):
        if how == "create":
            line.save()
        else:
            SettlementLine.objects.bulk_create([line])
    assert list(SettlementLine.objects.values()) == before
    assert Adjustment.objects.get(pk=adjustment.pk).is_open  # still owed, on a later receipt
