"""The client address behind the sign-in rate limit and the lockout is the connection's;
X-Forwarded-For counts only when the connection comes from a trusted proxy."""

from __future__ import annotations

import pytest
from django.core.management import call_command
from django.core.management.base import SystemCheckError
from rest_framework.test import APIClient

from parlor.security.client_address import address_from, proxy_networks

pytestmark = pytest.mark.usefixtures("empty_local_cache")

TOKEN_URL = "/api/auth/token/"
PROXY = "10.0.0.1"


@pytest.mark.parametrize(
    ("remote", "forwarded", "trusted", "expected"),
    [
        pytest.param("203.0.113.9", "", [], "203.0.113.9", id="no-header-the-connection"),
        pytest.param("203.0.113.9", "1.2.3.4", [], "203.0.113.9", id="no-proxy-header-ignored"),
        pytest.param(
            "203.0.113.9", "1.2.3.4", [PROXY], "203.0.113.9", id="untrusted-sender-ignored"
        ),
        pytest.param(PROXY, "198.51.100.7", [PROXY], "198.51.100.7", id="the-proxy-names-it"),
        pytest.param(
            PROXY, "1.2.3.4, 198.51.100.7", [PROXY], "198.51.100.7", id="forged-left-part-ignored"
        ),
        pytest.param(
            PROXY,
            "198.51.100.7, 10.0.0.2",
            ["10.0.0.0/8"],
            "198.51.100.7",
            id="two-trusted-hops-skipped",
        ),
        pytest.param(PROXY, "not-an-ip", [PROXY], PROXY, id="garbage-the-last-vouched-hop"),
        pytest.param(PROXY, "10.0.0.2", ["10.0.0.0/8"], "10.0.0.2", id="all-trusted-the-leftmost"),
        pytest.param("::1", "2001:db8::5", ["::1"], "2001:db8::5", id="ipv6"),
    ],
)
def test_the_client_address(remote, forwarded, trusted, expected):
    assert address_from(remote, forwarded, proxy_networks(trusted)) == expected


def test_a_trusted_proxy_that_is_not_an_address_is_refused_by_name():
    with pytest.raises(ValueError, match=r"'proxy\.local' is not an IP address"):
        proxy_networks(["127.0.0.1", "proxy.local"])


def sign_in(client: APIClient, forwarded_for: str, remote: str = "203.0.113.9"):
    return client.post(
        TOKEN_URL,
        {"username": "nobody", "password": "wrong"},
        format="json",
        HTTP_X_FORWARDED_FOR=forwarded_for,
        REMOTE_ADDR=remote,
    )


@pytest.mark.django_db
def test_a_new_forwarded_for_on_every_attempt_does_not_escape_the_rate_limit(settings):
    settings.TRUSTED_PROXIES = []
    settings.LOGIN_LOCKOUT = {**settings.LOGIN_LOCKOUT, "USER_LIMIT": 1000}
    client = APIClient()
    codes = [sign_in(client, f"198.51.100.{i}").status_code for i in range(40)]
    assert codes[:20] == [400] * 20
    assert set(codes[20:]) == {429}


@pytest.mark.django_db
def test_behind_a_trusted_proxy_each_client_has_its_own_limit(settings):
    settings.TRUSTED_PROXIES = [PROXY]
    settings.LOGIN_LOCKOUT = {**settings.LOGIN_LOCKOUT, "USER_LIMIT": 1000}
    client = APIClient()
    one = [sign_in(client, "198.51.100.1", remote=PROXY).status_code for _ in range(21)]
    assert one[-1] == 429
    assert sign_in(client, "198.51.100.2", remote=PROXY).status_code == 400
    # A forged entry to the left of what the proxy appended changes nothing.
    assert sign_in(client, "1.2.3.4, 198.51.100.1", remote=PROXY).status_code == 429


@pytest.mark.django_db
def test_an_address_lockout_is_not_lifted_by_changing_the_header(settings):
    settings.TRUSTED_PROXIES = []
    settings.LOGIN_LOCKOUT = {
        "USER_LIMIT": 1000,
        "ADDRESS_LIMIT": 3,
        "WINDOW_SECONDS": 60,
        "LOCKOUT_SECONDS": 60,
    }
    client = APIClient()
    for i in range(3):
        assert sign_in(client, f"198.51.100.{i}").status_code == 400
    answer = sign_in(client, "198.51.100.99")
    assert answer.status_code == 429
    assert "from this address" in answer.json()["error"]["message"]


def test_the_system_check_refuses_a_bad_proxy_entry(settings):
    settings.TRUSTED_PROXIES = ["nginx"]
    with pytest.raises(SystemCheckError, match=r"parlor\.E803"):
        call_command("check")


def test_the_system_check_warns_behind_tls_without_a_trusted_proxy(settings, capsys):
    settings.TRUSTED_PROXIES = []
    settings.SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    call_command("check")
    assert "parlor.W805" in capsys.readouterr().err
    settings.TRUSTED_PROXIES = ["127.0.0.1"]
    call_command("check")
    assert "parlor.W805" not in capsys.readouterr().err
