"""A real parlor's network: `scripts/serve.sh --lan` as the README says, a tablet opening it at
the machine's LAN address, and a player's phone on the same network following the table from
the tablet's 観戦QR, updated when staff confirm a hand. The QR code is checked as a phone reads
it: its modules are the code of the URL in the markup, and that URL is the LAN address, never
127.0.0.1 (also for a tablet that opened the server at 127.0.0.1 itself)."""

from __future__ import annotations

import re
import socket
import subprocess
import urllib.request
from contextlib import suppress
from http.cookiejar import CookieJar
from ipaddress import IPv4Address
from pathlib import Path
from typing import Any

import pytest
import segno

from tests.browser.tablet import Tablet
from tests.parlor.money_helpers import ron
from tests.test_serve_script import free_port, serve_env, serving, sign_in

TABLET = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}


def machine_lan_address() -> str | None:
    """A non-loopback IPv4 address of this machine: the one its default route leaves from (a
    UDP socket's connect sends nothing), else the first `hostname -I` lists."""
    found = []
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe, suppress(OSError):
        probe.connect(("10.255.255.255", 9))
        found.append(probe.getsockname()[0])
    with suppress(OSError):
        found += subprocess.run(["hostname", "-I"], capture_output=True, text=True).stdout.split()
    usable = [
        a
        for a in found
        if re.fullmatch(r"[0-9.]+", a)
        and not (IPv4Address(a).is_loopback or IPv4Address(a).is_link_local)
    ]
    return usable[0] if usable else None


def qr_modules(svg: str) -> str:
    """The drawing of a QR code's dark modules (the path of segno's SVG)."""
    path = re.search(r'<path[^>]* d="([^"]+)"', svg)
    assert path, svg
    return path[1]


def code_of(url: str) -> str:
    """The drawing the tablet's code has when it encodes `url` (parlor/templatetags/live_qr.py)."""
    return qr_modules(segno.make(url, error="m").svg_inline(border=2, omitsize=True))


def sign_in_on_the_tablet(page: Any, lan: str) -> None:
    page.goto(lan + "/tablet/login/")
    page.fill('input[name="username"]', "staff")
    page.fill('input[name="password"]', "tenbo-staff-demo")
    page.click('main form button[type="submit"]')
    page.wait_for_url(lan + "/tablet/")


def test_a_phone_on_the_parlor_network_follows_a_table_from_the_tablet_qr_code(
    browser: Any, tmp_path: Path
) -> None:
    address = machine_lan_address()
    if address is None:
        pytest.skip("this machine has no IPv4 address but 127.0.0.1: no network to serve")
    port = free_port()
    lan = f"http://{address}:{port}"
    env = serve_env(tmp_path / "lan.sqlite3")
    env = {k: v for k, v in env.items() if k not in {"ALLOWED_HOSTS", "PUBLIC_BASE_URL"}}
    says = (f"tablets open {lan}/tablet/",)
    with serving(env, "--lan", str(port), port=port, says=says) as local:
        # The tablet on the parlor's Wi-Fi, at the address the script printed.
        tablet_context = browser.new_context(viewport=TABLET)
        tablet = Tablet(tablet_context.new_page(), lan, prefix="lan")
        sign_in_on_the_tablet(tablet.page, lan)
        tablet.page.click('a.table-card[data-table="7"]')  # the demo's game under way
        tablet.page.wait_for_selector("body[data-screen='game']")
        game_path = tablet.page.url.removeprefix(lan)
        assert re.fullmatch(r"/tablet/games/[^/]+/", game_path), game_path
        tablet.page.click('[data-action="live-qr"]')
        svg = tablet.page.wait_for_selector("dialog#live-qr[open] svg.qr-code").evaluate(
            "svg => svg.outerHTML"
        )
        url = str(tablet.page.get_attribute("[data-live-url]", "data-live-url"))
        assert url.startswith(f"{lan}/live/"), url
        assert qr_modules(svg) == code_of(url)  # what a phone's camera reads
        scores = tablet.scores()

        # The player's phone, on the same network: no session, portrait.
        phone_context = browser.new_context(
            viewport=PHONE, device_scale_factor=3, is_mobile=True, has_touch=True
        )
        phone = phone_context.new_page()
        phone.goto(url)
        phone.wait_for_selector("#live .seat")
        shown = phone.eval_on_selector_all(".seat .score", "s => s.map(e => +e.dataset.score)")
        assert shown == scores and len(scores) == 4
        assert phone.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
        # Staff confirm a hand: the phone shows the new scores by itself, over the network.
        hands = phone.evaluate("document.querySelector('#live').dataset.hands")
        tablet.page.click('dialog#live-qr button[type="submit"]')
        tablet.page.wait_for_selector("dialog#live-qr", state="hidden")
        tablet.enter(ron(2, 1, han=3, fu=30))
        tablet.confirm()
        phone.wait_for_function(
            f"() => document.querySelector('#live').dataset.hands !== '{hands}'", timeout=15_000
        )
        shown = phone.eval_on_selector_all(".seat .score", "s => s.map(e => +e.dataset.score)")
        assert shown == tablet.scores() != scores
        phone_context.close()
        tablet_context.close()

        # A tablet that opened the server at 127.0.0.1 (the server's own screen) still gives
        # phones the LAN address.
        jar = CookieJar()
        opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar))
        sign_in(opener, local, jar)
        html = opener.open(f"{local}{game_path}live-qr/").read().decode()
        shown_url = re.search(r'data-live-url="([^"]+)"', html)
        assert shown_url and shown_url[1].startswith(f"{lan}/live/"), shown_url
        assert qr_modules(html) == code_of(shown_url[1])
        assert "127.0.0.1" not in html
