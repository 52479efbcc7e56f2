"""The address in a QR code is one a phone reaches: the host the tablet used, or the parlor's
address (PUBLIC_BASE_URL) when the tablet opened the server at 127.0.0.1 or localhost, for the
live view's code, the guest's code at the counter and the check-in's guest_url alike."""

from __future__ import annotations

import re

import pytest
from django.core.checks import run_checks
from django.test import Client

from parlor.models import Visit
from parlor.public_address import is_loopback_host, public_base_url_problem
from parlor.services.visits import visit_check_in
from tests.parlor.conftest import ok

pytestmark = pytest.mark.django_db

LAN = "http://192.168.1.20:8000"


@pytest.fixture
def parlor_network(settings):
    """As `scripts/serve.sh --lan` runs it: the LAN address known and accepted as a host."""
    settings.PUBLIC_BASE_URL = LAN
    settings.ALLOWED_HOSTS = [*settings.ALLOWED_HOSTS, "192.168.1.20", "tenbo.example.jp"]


def live_qr_url(tablet: Client, game_id: str, host: str) -> str:
    page = tablet.get(f"/tablet/games/{game_id}/live-qr/", headers={"host": host})
    assert page.status_code == 200
    html = page.content.decode()
    url = re.search(r'data-live-url="([^"]+)"', html)
    assert url, html
    assert f"<title>{url[1]}</title>" in html  # the code drawn is the code of that URL
    return url[1]


@pytest.mark.parametrize(
    ("host", "loopback"),
    [
        ("127.0.0.1:8000", True),
        ("127.1.2.3", True),
        ("localhost:8000", True),
        ("LOCALHOST", True),
        ("tablet.localhost", True),
        ("[::1]:8000", True),
        ("192.168.1.20:8000", False),
        ("10.0.0.5", False),
        ("[fd00::2]:8000", False),
        ("tenbo.example.jp", False),
        ("localhost.example.jp", False),
    ],
)
def test_it_knows_a_loopback_host(host, loopback):
    assert is_loopback_host(host) is loopback


def test_a_tablet_at_127_0_0_1_shows_the_parlor_address_in_the_live_qr_code(
    parlor_network, tablet, table, start_game
):
    game = start_game(table)
    for host in ("127.0.0.1:8000", "localhost:8000", "[::1]:8000"):
        url = live_qr_url(tablet, game["id"], host)
        assert url.startswith(f"{LAN}/live/"), url
    # The address reaches the same live view.
    assert Client().get(url.removeprefix(LAN)).status_code == 200


def test_a_tablet_keeps_the_host_it_used_when_that_is_not_a_loopback_one(
    parlor_network, tablet, table, start_game
):
    game = start_game(table)
    assert live_qr_url(tablet, game["id"], "tenbo.example.jp").startswith(
        "http://tenbo.example.jp/live/"
    )
    assert live_qr_url(tablet, game["id"], "192.168.1.20:8000").startswith(f"{LAN}/live/")


def test_without_the_parlor_address_the_link_is_the_host_the_tablet_used(tablet, table, start_game):
    game = start_game(table)
    assert live_qr_url(tablet, game["id"], "127.0.0.1:8000").startswith(
        "http://127.0.0.1:8000/live/"
    )


def test_the_guest_qr_code_at_the_counter_and_the_api_guest_url_carry_it_too(
    parlor_network, tablet, staff, staff_user, players
):
    visit = visit_check_in(player=players[0], by=staff_user)
    page = tablet.get(
        f"/tablet/counter/?guest={visit.public_id}", headers={"host": "127.0.0.1:8000"}
    ).content.decode()
    assert f'data-guest-url="{LAN}/guest/' in page
    body = {"player": str(players[1].public_id)}
    answer = staff.post("/api/visits/", body, format="json", headers={"host": "localhost:8000"})
    assert ok(answer, 201)["guest_url"].startswith(f"{LAN}/guest/")
    assert Visit.objects.count() == 2


@pytest.mark.parametrize(
    ("base", "problem"),
    [
        ("192.168.1.20:8000", "must start with http:// or https://"),
        ("ftp://192.168.1.20", "must start with http:// or https://"),
        ("http://", "must start with http:// or https://"),
        ("http://192.168.1.20:80x", "is not a URL"),
        ("http://192.168.1.20:8000/tenbo", "must be only scheme, host and port"),
        ("http://192.168.1.20:8000/?a=1", "must be only scheme, host and port"),
        ("http://127.0.0.1:8000", "this machine's own address"),
        ("http://localhost", "this machine's own address"),
    ],
)
def test_a_parlor_address_that_no_phone_could_use_is_refused_at_start(settings, base, problem):
    assert problem in str(public_base_url_problem(base))
    settings.PUBLIC_BASE_URL = base
    assert [m.id for m in run_checks() if m.id and m.id.startswith("parlor.E80")] == ["parlor.E806"]


def test_the_parlor_address_must_be_an_allowed_host(settings):
    settings.PUBLIC_BASE_URL = "https://tenbo.example.jp/"
    settings.ALLOWED_HOSTS = ["localhost"]
    [error] = [m for m in run_checks() if m.id == "parlor.W807"]
    assert "tenbo.example.jp" in error.msg
    settings.ALLOWED_HOSTS = ["localhost", ".example.jp"]
    assert [m for m in run_checks() if m.id == "parlor.W807"] == []
    assert public_base_url_problem("https://tenbo.example.jp/") is None
