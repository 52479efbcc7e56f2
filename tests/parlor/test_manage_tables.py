"""The manager's tables page (卓): list in natural order with ruleset titles, add, change the
ruleset, take out of use; refused while a game is in progress; another parlor's table is 404;
staff get 403; every change is in the audit log."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client

from parlor.models import AuditEvent, MemberRole, Parlor, RulesetDefinition, Table
from parlor.services.games import game_start
from parlor.services.seating import Seating
from tests.parlor.factories import MemberFactory, PlayerFactory, TableFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def manager(parlor: Parlor) -> Any:
    return MemberFactory(parlor=parlor, role=MemberRole.MANAGER).user


def signed_in(user: Any) -> Client:
    client = Client()
    client.force_login(user)
    return client


def test_the_list_is_in_natural_order_with_ruleset_titles(parlor, other_parlor, manager):
    RulesetDefinition.objects.create(
        parlor=parlor, key="house", title="当店ルール", definition={"base": "standard"}
    )
    for label in ("10", "2", "1"):
        TableFactory(parlor=parlor, label=label, ruleset_key="house")
    TableFactory(parlor=other_parlor, label="99")
    page = signed_in(manager).get("/manage/tables/").content.decode()
    assert (
        page.index('data-label="1"') < page.index('data-label="2"') < page.index('data-label="10"')
    )
    assert "当店ルール" in page and 'data-label="99"' not in page


def test_a_manager_adds_a_table_and_the_event_is_audited(parlor, manager):
    answer = signed_in(manager).post("/manage/tables/", {"label": "3", "ruleset_key": "standard"})
    assert answer.status_code == 302
    table = Table.objects.get(parlor=parlor, label="3")
    assert table.ruleset_key == "standard" and table.is_active
    event = AuditEvent.objects.get(subject_type="table", subject_id=str(table.public_id))
    assert event.actor_name == manager.username and event.after["label"] == "3"


def test_a_taken_label_and_an_unknown_ruleset_are_refused_beside_their_fields(parlor, manager):
    TableFactory(parlor=parlor, label="3")
    client = signed_in(manager)
    taken = client.post("/manage/tables/", {"label": "3", "ruleset_key": "standard"})
    page = taken.content.decode()
    assert 'data-error="label"' in page and 'value="3"' in page
    full_width = client.post("/manage/tables/", {"label": "３", "ruleset_key": "standard"})
    assert 'data-error="label"' in full_width.content.decode()
    unknown = client.post("/manage/tables/", {"label": "4", "ruleset_key": "nope"})
    assert 'data-error="ruleset_key"' in unknown.content.decode()
    assert Table.objects.filter(parlor=parlor).count() == 1
    assert not AuditEvent.objects.filter(subject_type="table").exists()


def test_a_manager_changes_the_ruleset_and_takes_a_table_out_of_use(parlor, manager):
    RulesetDefinition.objects.create(
        parlor=parlor, key="house", title="House", definition={"base": "standard"}
    )
    table = TableFactory(parlor=parlor, label="1")
    answer = signed_in(manager).post(f"/manage/tables/{table.public_id}/", {"ruleset_key": "house"})
    assert answer.status_code == 302
    table.refresh_from_db()
    assert table.ruleset_key == "house" and not table.is_active
    event = AuditEvent.objects.get(subject_type="table", action="correct")
    assert event.before["ruleset_key"] == "standard" and event.after == {
        "label": "1",
        "ruleset_key": "house",
        "is_active": False,
    }


def test_a_table_with_a_game_in_progress_is_not_changed(parlor, manager):
    RulesetDefinition.objects.create(
        parlor=parlor, key="house", title="House", definition={"base": "standard"}
    )
    table = TableFactory(parlor=parlor, label="1")
    players = PlayerFactory.create_batch(4, parlor=parlor)
    game = game_start(table=table, players=players, seating=Seating.GIVEN, by=None)
    client = signed_in(manager)
    url = f"/manage/tables/{table.public_id}/"
    ruleset = client.post(url, {"ruleset_key": "house", "is_active": "on"})
    assert 'data-error="ruleset_key"' in ruleset.content.decode()
    assert "対局中" in ruleset.content.decode()
    out_of_use = client.post(url, {"ruleset_key": "standard"})
    assert 'data-error="is_active"' in out_of_use.content.decode()
    table.refresh_from_db()
    game.refresh_from_db()
    assert table.ruleset_key == "standard" and table.is_active
    assert game.ruleset_key == "standard"
    assert not AuditEvent.objects.filter(subject_type="table").exists()


def test_another_parlors_table_is_not_found_and_staff_are_forbidden(parlor, other_parlor, manager):
    theirs = TableFactory(parlor=other_parlor, label="1")
    client = signed_in(manager)
    assert client.get(f"/manage/tables/{theirs.public_id}/").status_code == 404
    assert (
        client.post(f"/manage/tables/{theirs.public_id}/", {"ruleset_key": "standard"}).status_code
        == 404
    )
    theirs.refresh_from_db()
    assert theirs.is_active
    staff = signed_in(MemberFactory(parlor=parlor, role=MemberRole.STAFF).user)
    refused = staff.get("/manage/tables/")
    assert refused.status_code == 403 and "権限がありません" in refused.content.decode()
    assert Client().get("/manage/tables/").status_code == 302
