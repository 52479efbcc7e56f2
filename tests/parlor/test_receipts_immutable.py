"""A closed receipt (a settlement and its lines) never changes: not through the model, not a
queryset, not raw SQL (a database trigger refuses it), and its closer cannot be deleted."""

from __future__ import annotations

import pytest
from django.db import DatabaseError, connection, transaction
from django.db.models import ProtectedError

from parlor.models import ReceiptImmutable, Settlement, SettlementLine
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
