"""The manager's staff page (スタッフ): list with roles, create an account in one form, change a
role, reset a password (typed twice, Django's validators), deactivate, never delete; a manager
cannot demote or deactivate themself; another parlor's member is 404; staff get 403; audited
without the password."""

from __future__ import annotations

import json
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from rest_framework.authtoken.models import Token

from parlor.models import AuditEvent, MemberRole, Parlor, ParlorMember, Player
from tests.parlor.factories import MemberFactory

pytestmark = pytest.mark.django_db

GOOD = "kanji-tile-9573"


@pytest.fixture
def manager(parlor: Parlor) -> Any:
    return MemberFactory(parlor=parlor, role=MemberRole.MANAGER).user


@pytest.fixture
def staff(parlor: Parlor) -> ParlorMember:
    return MemberFactory(parlor=parlor, role=MemberRole.STAFF)


def signed_in(user: Any) -> Client:
    client = Client()
    client.force_login(user)
    return client


def test_the_list_shows_this_parlors_members_with_their_role(parlor, other_parlor, manager, staff):
    theirs = MemberFactory(parlor=other_parlor, role=MemberRole.STAFF)
    page = signed_in(manager).get("/manage/members/").content.decode()
    assert f'data-username="{staff.user.username}" data-role="staff"' in page
    assert f'data-username="{manager.username}" data-role="manager"' in page
    assert theirs.user.username not in page


def test_a_manager_creates_an_account_that_signs_in_and_the_audit_has_no_password(parlor, manager):
    answer = signed_in(manager).post(
        "/manage/members/",
        {"username": "hanako", "password": GOOD, "password_again": GOOD, "role": "staff"},
    )
    assert answer.status_code == 302
    member = ParlorMember.objects.get(user__username="hanako")
    assert member.parlor == parlor and member.role == MemberRole.STAFF
    assert Client().login(username="hanako", password=GOOD)
    event = AuditEvent.objects.get(subject_type="member", action="create")
    assert event.after == {"username": "hanako", "role": "staff", "is_active": True}
    assert GOOD not in json.dumps([event.before, event.after, event.summary, event.reason])


def test_bad_input_is_shown_beside_its_field_and_kept(parlor, manager, staff):
    client = signed_in(manager)
    differ = client.post(
        "/manage/members/",
        {"username": "hanako", "password": GOOD, "password_again": "other", "role": "staff"},
    ).content.decode()
    assert 'data-error="password_again"' in differ and 'value="hanako"' in differ
    weak = client.post(
        "/manage/members/",
        {"username": "hanako", "password": "123", "password_again": "123", "role": "staff"},
    ).content.decode()
    assert 'data-error="password"' in weak
    taken = client.post(
        "/manage/members/",
        {
            "username": staff.user.username,
            "password": GOOD,
            "password_again": GOOD,
            "role": "staff",
        },
    ).content.decode()
    assert 'data-error="username"' in taken
    role = client.post(
        "/manage/members/",
        {"username": "jiro", "password": GOOD, "password_again": GOOD, "role": "owner"},
    ).content.decode()
    assert 'data-error="role"' in role
    assert not get_user_model().objects.filter(username__in=["hanako", "jiro"]).exists()
    assert not AuditEvent.objects.filter(subject_type="member").exists()


def test_a_manager_changes_a_role_resets_a_password_and_deactivates(parlor, manager, staff):
    client = signed_in(manager)
    url = f"/manage/members/{staff.pk}/"
    Token.objects.get_or_create(user=staff.user)
    assert client.post(url, {"form": "role", "role-role": "manager"}).status_code == 302
    staff.refresh_from_db()
    assert staff.role == MemberRole.MANAGER
    password = {"form": "password", "password-password": GOOD, "password-password_again": GOOD}
    assert client.post(url, password).status_code == 302
    staff.user.refresh_from_db()
    assert staff.user.check_password(GOOD)
    assert not Token.objects.filter(user=staff.user).exists()
    assert client.post(url, {"form": "active"}).status_code == 302
    staff.user.refresh_from_db()
    assert not staff.user.is_active
    assert ParlorMember.objects.filter(pk=staff.pk).exists()  # deactivated, not deleted
    events = AuditEvent.objects.filter(subject_type="member").order_by("at", "pk")
    summaries = [e.summary for e in events]
    assert summaries == [
        f"role changed: {staff.user.username}",
        f"password reset: {staff.user.username}",
        f"account deactivated: {staff.user.username}",
    ]
    assert events[0].before["role"] == "staff" and events[0].after["role"] == "manager"
    assert GOOD not in json.dumps([[e.before, e.after, e.summary] for e in events])


def test_a_weak_or_mistyped_new_password_is_refused_beside_its_field(parlor, manager, staff):
    client = signed_in(manager)
    url = f"/manage/members/{staff.pk}/"
    weak = {"form": "password", "password-password": "123", "password-password_again": "123"}
    assert 'data-error="password"' in client.post(url, weak).content.decode()
    differ = {"form": "password", "password-password": GOOD, "password-password_again": "x"}
    assert 'data-error="password_again"' in client.post(url, differ).content.decode()
    staff.user.refresh_from_db()
    assert not staff.user.check_password(GOOD)
    assert not AuditEvent.objects.filter(subject_type="member").exists()


def test_a_manager_cannot_demote_or_deactivate_themself(parlor, manager):
    client = signed_in(manager)
    me = manager.parlor_member
    url = f"/manage/members/{me.pk}/"
    demote = client.post(url, {"form": "role", "role-role": "staff"}).content.decode()
    assert 'data-error="role"' in demote and "自分自身" in demote
    off = client.post(url, {"form": "active"}).content.decode()
    assert 'data-error="is_active"' in off
    me.refresh_from_db()
    manager.refresh_from_db()
    assert me.role == MemberRole.MANAGER and manager.is_active
    assert not AuditEvent.objects.filter(subject_type="member").exists()


def test_another_parlors_member_is_not_found_and_staff_are_forbidden(
    parlor, other_parlor, manager, staff
):
    theirs = MemberFactory(parlor=other_parlor, role=MemberRole.STAFF)
    client = signed_in(manager)
    url = f"/manage/members/{theirs.pk}/"
    assert client.get(url).status_code == 404
    assert client.post(url, {"form": "active"}).status_code == 404
    theirs.user.refresh_from_db()
    assert theirs.user.is_active
    refused = signed_in(staff.user).get("/manage/members/")
    assert refused.status_code == 403 and "権限がありません" in refused.content.decode()
    assert Client().get("/manage/members/").status_code == 302


def test_a_manager_who_resets_their_own_password_stays_signed_in(parlor, manager):
    client = signed_in(manager)
    url = f"/manage/members/{manager.parlor_member.pk}/"
    password = {"form": "password", "password-password": GOOD, "password-password_again": GOOD}
    assert client.post(url, password).status_code == 302
    manager.refresh_from_db()
    assert manager.check_password(GOOD)
    assert client.get("/manage/members/").status_code == 200


def test_a_manager_gives_a_member_the_name_they_sit_in_under_and_renames_it(parlor, manager, staff):
    client = signed_in(manager)
    url = f"/manage/members/{staff.pk}/"
    sent = {"form": "seat_name", "seat_name-name": "大西", "seat_name-kana": "おおにし"}
    assert client.post(url, sent).status_code == 302
    player = Player.objects.get(user=staff.user)
    assert (player.parlor, player.name, player.kana) == (parlor, "大西", "おおにし")
    assert 'value="大西"' in client.get(url).content.decode()  # the page shows it back
    renamed = {"form": "seat_name", "seat_name-name": "大西 健", "seat_name-kana": "おおにし"}
    assert client.post(url, renamed).status_code == 302
    assert Player.objects.filter(user=staff.user).get().name == "大西 健"  # the same player
    empty = client.post(url, {"form": "seat_name", "seat_name-name": " "})
    assert empty.status_code == 200 and Player.objects.get(user=staff.user).name == "大西 健"
    summaries = list(
        AuditEvent.objects.filter(subject_type="member")
        .order_by("at", "pk")
        .values_list("summary", flat=True)
    )
    assert summaries == [
        f"seat name set to 大西: {staff.user.username}",
        f"seat name set to 大西 健: {staff.user.username}",
    ]
