"""API tokens expire after a shift, can be revoked by the tablet that holds one, and stop working
when the user's password changes."""

from __future__ import annotations

import datetime as dt

import pytest
import time_machine
from django.contrib.auth import get_user_model
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from parlor.models import MemberRole, Parlor, ParlorMember

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("empty_local_cache")]

TOKEN_URL = "/api/auth/token/"
NOW = dt.datetime(2026, 5, 1, 18, 0, tzinfo=dt.UTC)


@pytest.fixture
def user(db):
    """A member of staff, so that reading the parlor's tables answers 200 when signed in."""
    staff = get_user_model().objects.create_user("tablet1", password="right-password-1")
    parlor = Parlor.objects.create(name="点棒クラブ", slug="tenbo-club")
    ParlorMember.objects.create(parlor=parlor, user=staff, role=MemberRole.STAFF)
    return staff


def sign_in(password: str = "right-password-1") -> str:
    answer = APIClient().post(
        TOKEN_URL, {"username": "tablet1", "password": password}, format="json"
    )
    assert answer.status_code == 200, answer.content
    return answer.json()["token"]


def read(token: str):
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {token}")
    return client.get("/api/tables/")


def test_a_token_works_for_a_shift_and_is_refused_after_it(user, settings):
    settings.TOKEN_TTL_SECONDS = 14 * 3600
    with time_machine.travel(NOW, tick=False):
        token = sign_in()
    with time_machine.travel(NOW + dt.timedelta(hours=13, minutes=59), tick=False):
        assert read(token).status_code == 200
    with time_machine.travel(NOW + dt.timedelta(hours=14), tick=False):
        answer = read(token)
        assert answer.status_code == 401
        assert "expired" in answer.json()["error"]["message"]
        assert not Token.objects.filter(key=token).exists()
        fresh = sign_in()
    assert fresh != token
    with time_machine.travel(NOW + dt.timedelta(hours=14, minutes=1), tick=False):
        assert read(fresh).status_code == 200


def test_signing_in_again_after_expiry_issues_a_new_token_even_before_it_was_used(user, settings):
    settings.TOKEN_TTL_SECONDS = 3600
    with time_machine.travel(NOW, tick=False):
        first = sign_in()
    with time_machine.travel(NOW + dt.timedelta(minutes=30), tick=False):
        assert sign_in() == first  # one token per user while it lives
    with time_machine.travel(NOW + dt.timedelta(hours=2), tick=False):
        assert sign_in() != first


def test_the_tablet_revokes_its_token(user):
    token = sign_in()
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {token}")
    assert client.delete(TOKEN_URL).status_code == 204
    assert read(token).status_code == 401
    assert APIClient().delete(TOKEN_URL).status_code == 401  # nothing to revoke


def test_a_password_change_revokes_the_users_tokens(user):
    token = sign_in()
    assert read(token).status_code == 200
    user.set_password("a-new-password-2")
    user.save()
    assert read(token).status_code == 401
    assert sign_in("a-new-password-2") != token


def test_saving_the_user_without_a_new_password_keeps_the_token(user):
    token = sign_in()
    user.first_name = "Tablet"
    user.save()
    assert read(token).status_code == 200


def test_a_user_lists_their_own_tokens_and_never_sees_a_whole_key(user, settings):
    settings.TOKEN_TTL_SECONDS = 3600
    token = sign_in()
    other = get_user_model().objects.create_user("tablet2", password="other-password-2")
    Token.objects.create(user=other)
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {token}")
    listed = client.get(TOKEN_URL)
    assert listed.status_code == 200
    [mine] = listed.json()
    assert mine["key_prefix"] == token[:8] and token not in listed.content.decode()
    assert mine["is_current"] is True
    created = dt.datetime.fromisoformat(mine["created"])
    assert dt.datetime.fromisoformat(mine["expires"]) - created == dt.timedelta(hours=1)
    assert APIClient().get(TOKEN_URL).status_code == 401
