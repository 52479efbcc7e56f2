"""Repeated failed sign-ins lock a username for a while, on every sign-in path; one address
is rate-limited at the token endpoint. Counts live in Django's cache."""

from __future__ import annotations

import socket
import time

import pytest
from django.contrib.auth import get_user_model
from rest_framework.test import APIClient

from parlor.security.lockout import lockout_clear, lockout_remaining
from parlor.security.throttling import LoginRateThrottle

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("empty_local_cache")]

TOKEN_URL = "/api/auth/token/"


@pytest.fixture
def lockout(settings):
    settings.LOGIN_LOCKOUT = {
        "USER_LIMIT": 5,
        "ADDRESS_LIMIT": 100,
        "WINDOW_SECONDS": 60,
        "LOCKOUT_SECONDS": 60,
    }
    return settings.LOGIN_LOCKOUT


@pytest.fixture
def staff_user(db):
    return get_user_model().objects.create_user("tablet1", password="right-password")


def sign_in(password: str, username: str = "tablet1", client: APIClient | None = None):
    client = client or APIClient()
    return client.post(TOKEN_URL, {"username": username, "password": password}, format="json")


def test_five_failures_lock_the_username_even_for_the_right_password(lockout, staff_user):
    for _ in range(5):
        assert sign_in("wrong").status_code == 400
    locked = sign_in("right-password")
    assert locked.status_code == 429
    assert int(locked["Retry-After"]) > 0
    error = locked.json()["error"]
    assert error["code"] == "throttled" and "too many failed sign-ins" in error["message"]


def test_a_lock_holds_for_one_username_only(lockout, staff_user):
    other = get_user_model().objects.create_user("tablet2", password="pw-2")
    for _ in range(5):
        sign_in("wrong")
    assert sign_in("pw-2", username=other.username).status_code == 200


def test_the_lock_is_keyed_without_regard_to_case_or_spaces(lockout, staff_user):
    for spelling in ("tablet1", "TABLET1", " Tablet1", "tablet1 ", "tAblet1"):
        sign_in("wrong", username=spelling)
    assert lockout_remaining(username="tablet1", address="127.0.0.1") > 0


def test_a_locked_username_still_signs_in_from_an_address_that_has_not_failed(
    lockout, staff_user, caplog
):
    """Anyone can type a manager's name five times; that must not lock the manager out."""
    stranger = APIClient(REMOTE_ADDR="198.51.100.66")
    with caplog.at_level("WARNING", logger="parlor.security.lockout"):
        for _ in range(5):
            assert sign_in("wrong", client=stranger).status_code == 400
    assert sign_in("right-password", client=stranger).status_code == 429
    counter = APIClient(REMOTE_ADDR="192.0.2.10")
    assert sign_in("right-password", client=counter).status_code == 200
    assert any("sign-in locked" in r.getMessage() for r in caplog.records)  # the lock is logged


def test_a_success_forgets_earlier_failures(lockout, staff_user):
    for _ in range(4):
        sign_in("wrong")
    assert sign_in("right-password").status_code == 200
    for _ in range(4):
        sign_in("wrong")
    assert sign_in("right-password").status_code == 200


def test_the_lock_ends_after_its_time(settings, staff_user):
    settings.LOGIN_LOCKOUT = {
        "USER_LIMIT": 2,
        "ADDRESS_LIMIT": 100,
        "WINDOW_SECONDS": 60,
        "LOCKOUT_SECONDS": 1,
    }
    sign_in("wrong")
    sign_in("wrong")
    assert sign_in("right-password").status_code == 429
    time.sleep(1.2)
    assert sign_in("right-password").status_code == 200


def test_a_manager_can_lift_a_lock(lockout, staff_user):
    for _ in range(5):
        sign_in("wrong")
    lockout_clear(username="TABLET1")
    assert sign_in("right-password").status_code == 200


def test_the_admin_login_is_locked_too(lockout, staff_user, client):
    staff_user.is_staff = True
    staff_user.save(update_fields=["is_staff"])
    for _ in range(5):
        client.post("/admin/login/", {"username": "tablet1", "password": "wrong"})
    page = client.post("/admin/login/", {"username": "tablet1", "password": "right-password"})
    assert page.status_code == 200  # the form again, not the redirect of a sign-in
    assert "_auth_user_id" not in client.session


def test_failures_on_the_admin_count_for_the_token_endpoint(lockout, staff_user, client):
    for _ in range(5):
        client.post("/admin/login/", {"username": "tablet1", "password": "wrong"})
    assert sign_in("right-password").status_code == 429


def test_one_address_trying_many_usernames_is_locked(settings, staff_user):
    settings.LOGIN_LOCKOUT = {
        "USER_LIMIT": 5,
        "ADDRESS_LIMIT": 10,
        "WINDOW_SECONDS": 60,
        "LOCKOUT_SECONDS": 60,
    }
    for n in range(10):
        sign_in("guess", username=f"someone{n}")
    assert sign_in("right-password").status_code == 429


def test_the_token_endpoint_is_rate_limited_per_address(monkeypatch, lockout, staff_user):
    monkeypatch.setattr(LoginRateThrottle, "THROTTLE_RATES", {"login": "3/min"})
    statuses = [sign_in("right-password").status_code for _ in range(4)]
    assert statuses == [200, 200, 200, 429]
    other_address = APIClient(REMOTE_ADDR="10.0.0.7")
    assert sign_in("right-password", client=other_address).status_code == 200


@pytest.mark.parametrize("body", [[], "x", {"username": ["a"], "password": {"b": 1}}])
def test_odd_sign_in_bodies_are_400s(body):
    response = APIClient().post(TOKEN_URL, body, format="json")
    assert response.status_code == 400, response.content.decode()


def _redis_up() -> bool:
    try:
        with socket.create_connection(("127.0.0.1", 6379), timeout=0.5):
            return True
    except OSError:
        return False


@pytest.mark.skipif(not _redis_up(), reason="no Redis at 127.0.0.1:6379")
def test_the_lockout_works_on_the_redis_cache(settings, lockout, staff_user):
    # A prefix of its own, and every key expires within the minute: nothing is flushed.
    settings.CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": "redis://127.0.0.1:6379/15",
            "KEY_PREFIX": f"tenbo-test-{time.time_ns()}",
        }
    }
    for _ in range(5):
        sign_in("wrong")
    assert sign_in("right-password").status_code == 429
    assert 0 < lockout_remaining(username="tablet1", address="127.0.0.1") <= 60
