"""Nobody can change or delete an audit event: not the model, not a queryset, not raw SQL
(the database refuses), not the admin."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.db import DatabaseError, connection, transaction
from django.db.models import ProtectedError
from rest_framework.authtoken.models import Token

from parlor.models import AuditEvent, AuditLogImmutable
from parlor.services.audit_log import audit_record
from tests.parlor.conftest import RON_1_BY_0, ok

pytestmark = pytest.mark.django_db


@pytest.fixture
def event(table, start_game, record_hand) -> AuditEvent:
    game = start_game(table)
    ok(record_hand(game, RON_1_BY_0, sequence=1), 201)
    return AuditEvent.objects.get(subject_type="hand")


def test_the_model_refuses_to_save_a_change_or_delete(event):
    event.reason = "rewritten"
    with pytest.raises(AuditLogImmutable):
        event.save()
    with pytest.raises(AuditLogImmutable):
        event.delete()
    assert AuditEvent.objects.get(pk=event.pk).reason == ""


def test_querysets_refuse_update_bulk_update_and_delete(event):
    with pytest.raises(AuditLogImmutable), transaction.atomic():
        AuditEvent.objects.filter(pk=event.pk).update(reason="rewritten")
    event.reason = "rewritten"
    with pytest.raises(AuditLogImmutable), transaction.atomic():
        AuditEvent.objects.bulk_update([event], ["reason"])
    with pytest.raises(AuditLogImmutable), transaction.atomic():
        AuditEvent.objects.all().delete()
    assert AuditEvent.objects.filter(reason="").count() == AuditEvent.objects.count() == 2


def test_the_database_refuses_an_update(event):
    with (
        pytest.raises(DatabaseError, match="append-only"),
        transaction.atomic(),
        connection.cursor() as cursor,
    ):
        cursor.execute("UPDATE parlor_auditevent SET reason = 'rewritten'")
    assert not AuditEvent.objects.exclude(reason="").exists()


def test_postgresql_refuses_a_delete(event):
    if connection.vendor != "postgresql":
        pytest.skip("SQLite keeps the delete trigger off: its test runner empties tables by DELETE")
    with (
        pytest.raises(DatabaseError, match="append-only"),
        transaction.atomic(),
        connection.cursor() as cursor,
    ):
        cursor.execute("DELETE FROM parlor_auditevent")
    assert AuditEvent.objects.count() == 2


def test_a_user_who_changed_something_cannot_be_deleted(event):
    with pytest.raises(ProtectedError):
        event.actor.delete()


def test_a_system_event_has_no_actor(parlor):
    event = audit_record(
        parlor=parlor,
        by=None,
        action="close",
        subject_type="settlement",
        subject_id="s-1",
        summary="settlement closed by the nightly job",
        after={"total_yen": 0},
    )
    assert event.actor is None and event.actor_name == ""


@pytest.fixture
def admin_client(client, parlor):
    manager = get_user_model().objects.create_superuser("boss", password="pw")
    Token.objects.create(user=manager)
    client.force_login(manager)
    return client


def test_the_admin_shows_the_log_read_only(event, admin_client):
    listing = admin_client.get("/admin/parlor/auditevent/")
    # The list says each event in the admin's language (Japanese by default).
    assert listing.status_code == 200 and "1番卓：第1局を記録" in listing.content.decode()
    page = admin_client.get(f"/admin/parlor/auditevent/{event.pk}/change/")
    assert page.status_code == 200
    assert "ron" in page.content.decode() and 'name="_save"' not in page.content.decode()
    assert admin_client.get("/admin/parlor/auditevent/add/").status_code == 403
    assert admin_client.get(f"/admin/parlor/auditevent/{event.pk}/delete/").status_code == 403
    posted = admin_client.post(
        f"/admin/parlor/auditevent/{event.pk}/change/", {"reason": "rewritten"}
    )
    assert posted.status_code == 403
    bulk = admin_client.post(
        "/admin/parlor/auditevent/",
        {"action": "delete_selected", "_selected_action": [event.pk]},
    )
    assert bulk.status_code in (200, 302)
    assert AuditEvent.objects.filter(pk=event.pk, reason="").exists()
