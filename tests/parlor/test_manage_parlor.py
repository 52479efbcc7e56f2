"""The manager's parlor settings page (店舗設定): the parlor's name, time zone and business day
cutoff hour, audited before and after, for the manager's own parlor only."""

from __future__ import annotations

import pytest
from django.test import Client

from parlor.errors import InvalidInput
from parlor.models import AuditEvent, MemberRole, Parlor
from parlor.services.parlors import parlor_settings_set
from tests.parlor.factories import MemberFactory

pytestmark = pytest.mark.django_db

GOOD = {"name": "雀荘 東風", "time_zone": "Asia/Tokyo", "cutoff_hour": "5"}


def signed_in(parlor: Parlor, role: str) -> Client:
    client = Client()
    client.force_login(MemberFactory(parlor=parlor, role=role).user)
    return client


def test_a_manager_edits_their_parlor_and_the_change_is_audited(
    parlor: Parlor, other_parlor: Parlor
) -> None:
    before = {
        "name": parlor.name,
        "time_zone": parlor.time_zone,
        "business_day_cutoff_hour": parlor.business_day_cutoff_hour,
    }
    their_name = other_parlor.name
    user = MemberFactory(parlor=parlor, role=MemberRole.MANAGER).user
    manager = Client()
    manager.force_login(user)
    page = manager.get("/manage/parlor/").content.decode()
    # One language a page: the Japanese title alone.
    assert "店舗設定" in page and "Parlor settings" not in page and parlor.name in page
    assert '<option value="Asia/Tokyo" selected>' in page
    assert 'data-nav="manage-parlor"' in page and "過去の日報は作成時のまま" in page
    answer = manager.post(
        "/manage/parlor/", {"name": " 雀荘 南風 ", "time_zone": "Europe/Paris", "cutoff_hour": "4"}
    )
    assert answer.status_code == 302 and answer["Location"] == "/manage/parlor/"
    parlor.refresh_from_db()
    assert (parlor.name, parlor.time_zone, parlor.business_day_cutoff_hour) == (
        "雀荘 南風",
        "Europe/Paris",
        4,
    )
    event = AuditEvent.objects.get(parlor=parlor, subject_type="parlor")
    assert event.action == "correct" and event.subject_id == str(parlor.public_id)
    assert event.before == before
    assert event.after == {
        "name": "雀荘 南風",
        "time_zone": "Europe/Paris",
        "business_day_cutoff_hour": 4,
    }
    assert event.actor_id == user.pk
    other_parlor.refresh_from_db()
    assert other_parlor.name == their_name  # another parlor is untouched
    assert not AuditEvent.objects.filter(parlor=other_parlor).exists()


def test_saving_the_same_settings_records_no_event(parlor: Parlor) -> None:
    manager = signed_in(parlor, MemberRole.MANAGER)
    same = {
        "name": parlor.name,
        "time_zone": parlor.time_zone,
        "cutoff_hour": str(parlor.business_day_cutoff_hour),
    }
    assert manager.post("/manage/parlor/", same).status_code == 302
    assert not AuditEvent.objects.filter(parlor=parlor).exists()


@pytest.mark.parametrize(
    ("field", "typed"),
    [
        ("name", ""),
        ("name", "   "),
        ("name", "x" * 101),
        ("name", "a\x00b"),
        ("time_zone", "Mars/Olympus"),
        ("time_zone", ""),
        ("cutoff_hour", "24"),
        ("cutoff_hour", "-1"),
        ("cutoff_hour", "abc"),
        ("cutoff_hour", "1e400"),
        ("cutoff_hour", ""),
    ],
)
def test_bad_input_is_shown_beside_its_field_and_kept(
    parlor: Parlor, field: str, typed: str
) -> None:
    name = parlor.name
    manager = signed_in(parlor, MemberRole.MANAGER)
    answer = manager.post("/manage/parlor/", {**GOOD, field: typed})
    html = answer.content.decode()
    assert answer.status_code == 400
    assert f'data-error="{field}"' in html
    assert html.count('class="field-error"') == 1  # only the bad field is named
    assert "雀荘 東風" in html or field == "name"  # what was typed is kept
    parlor.refresh_from_db()
    assert parlor.name == name and parlor.business_day_cutoff_hour != 5
    assert not AuditEvent.objects.filter(parlor=parlor).exists()


@pytest.mark.parametrize(
    ("kw", "field"),
    [
        ({"name": "  "}, "name"),
        ({"name": "a\x01b"}, "name"),
        ({"time_zone": "Asia/Nowhere"}, "time_zone"),
        ({"cutoff_hour": 24}, "cutoff_hour"),
        ({"cutoff_hour": True}, "cutoff_hour"),
        ({"cutoff_hour": "5"}, "cutoff_hour"),
    ],
)
def test_the_service_refuses_bad_settings_naming_the_field(
    parlor: Parlor, kw: dict[str, object], field: str
) -> None:
    settings = {"name": "x", "time_zone": "Asia/Tokyo", "cutoff_hour": 5, **kw}
    with pytest.raises(InvalidInput) as refused:
        parlor_settings_set(parlor=parlor, **settings)  # type: ignore[arg-type]
    assert refused.value.field == field
    assert not AuditEvent.objects.filter(parlor=parlor).exists()


def test_staff_are_refused_and_a_visitor_is_sent_to_sign_in(parlor: Parlor) -> None:
    name = parlor.name
    staff = signed_in(parlor, MemberRole.STAFF)
    assert staff.get("/manage/parlor/").status_code == 403
    refused = staff.post("/manage/parlor/", GOOD)
    assert refused.status_code == 403
    assert "権限がありません" in refused.content.decode()
    assert "Forbidden" not in refused.content.decode()  # a Japanese page: Japanese only
    answer = Client().get("/manage/parlor/")
    assert answer["Location"] == "/tablet/login/?next=/manage/parlor/"
    assert Client().post("/manage/parlor/", GOOD).status_code == 302
    parlor.refresh_from_db()
    assert parlor.name == name
    assert not AuditEvent.objects.exists()
