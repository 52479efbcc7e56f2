"""The audit log says each event in the reader's language, with what it changed (old → new):
on the manager's page, in the API and in the admin; events stored before they had a kind
still show the English summary they were written with."""

from __future__ import annotations

from typing import Any

import pytest
from django.conf import settings
from django.test import Client

from parlor.models import AuditAction, AuditEvent, MemberRole, Parlor, Table
from parlor.services.audit_log import audit_record
from parlor.services.tables import table_change
from tests.parlor.conftest import DRAW, RON_1_BY_0, ok
from tests.parlor.factories import MemberFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def manager(parlor: Parlor) -> Any:
    return MemberFactory(parlor=parlor, role=MemberRole.MANAGER).user


def audit_page(user: Any, language: str) -> str:
    client = Client()
    client.force_login(user)
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = language
    page = client.get("/audit/")
    assert page.status_code == 200
    return page.content.decode()


def test_a_table_taken_out_of_service_reads_with_old_and_new_in_either_language(
    table: Table, manager: Any
) -> None:
    table_change(table=table, ruleset_key=table.ruleset_key, is_active=False, by=manager)

    japanese = audit_page(manager, "ja")
    assert f"{table.label}番卓を変更" in japanese
    assert "営業中: あり → なし" in japanese
    assert f"table {table.label} changed" not in japanese  # the stored English summary
    english = audit_page(manager, "en")
    assert f"Table {table.label} changed" in english and "In service: Yes → No" in english


def test_an_event_from_before_kinds_shows_its_stored_summary(parlor: Parlor, manager: Any) -> None:
    AuditEvent(
        parlor=parlor,
        action=AuditAction.CORRECT,
        subject_type="table",
        subject_id="old",
        summary="table 18 changed",
        before={"is_active": True},
        after={"is_active": False},
    ).save()

    japanese = audit_page(manager, "ja")
    assert "table 18 changed" in japanese  # nothing else to say it with
    assert "営業中: あり → なし" in japanese  # its snapshots still show what changed


def test_an_unknown_kind_or_data_that_does_not_fit_falls_back_to_the_summary(
    parlor: Parlor, manager: Any
) -> None:
    audit_record(
        parlor=parlor,
        by=manager,
        action=AuditAction.CREATE,
        subject_type="table",
        subject_id="x",
        kind="table.added",
        data={"label": "misnamed"},  # the sentence names %(table)s
        summary="table X added",
    )
    assert "table X added" in audit_page(manager, "ja")


def test_a_correction_reads_in_words_with_the_points_before_and_after(
    table: Table, start_game: Any, record_hand: Any, staff: Any, manager: Any
) -> None:
    game = start_game(table)
    ok(record_hand(game, RON_1_BY_0, sequence=1), 201)
    ok(
        staff.post(
            f"/api/games/{game['id']}/hands/1/corrections/",
            {"hand": DRAW, "reason": "it was a draw"},
            format="json",
        ),
        201,
    )
    # The API speaks English (parlor/web/locale.py), its old fields as they were.
    correction = ok(staff.get(f"/api/games/{game['id']}/audit/"))[-1]
    assert correction["kind"] == "hand.corrected"
    assert correction["values"] == {
        "table": table.label,
        "sequence": 1,
        "old_version": 1,
        "new_version": 2,
    }
    assert correction["text"] == f"Table {table.label}: hand 1 corrected (1st correction)"
    assert correction["summary"] == f"table {table.label}: hand 1 corrected (version 1 → 2)"
    moved = {c["field"]: c for c in correction["changes"]}["deltas"]
    old = " / ".join(f"{d:,}" for d in correction["before"]["outcome"]["deltas"])
    new = " / ".join(f"{d:,}" for d in correction["after"]["outcome"]["deltas"])
    assert (moved["name"], moved["old"], moved["new"]) == ("Points moved", old, new)
    assert old != new

    japanese = audit_page(manager, "ja")
    assert f"{table.label}番卓：第1局を訂正（1回目の訂正）" in japanese and "版" not in japanese
    assert f"点数移動: {old} → {new}" in japanese


def test_a_refusal_on_a_setup_page_names_the_table_in_the_pages_language(
    table: Table, manager: Any
) -> None:
    """Refusals quote their table in a translated sentence, not in English beside it."""
    client = Client()
    client.force_login(manager)
    taken = client.post("/manage/tables/", {"label": table.label, "ruleset_key": "standard"})
    page = taken.content.decode()
    assert f"卓番「{table.label}」はすでにあります。" in page
    assert "already has a table" not in page
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "en"
    english = client.post("/manage/tables/", {"label": table.label, "ruleset_key": "standard"})
    assert f"This parlor already has a table {table.label}." in english.content.decode()
