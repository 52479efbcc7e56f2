"""The game page from the collected static files, as production and scripts/serve.sh serve it:
one script, the bundle collectstatic joins from the pad's, the menus' and the QR dialog's
scripts (parlor/static_storage.py), and the tablet works from it: a hand's payments, 確定 and
its banner, the header's menus one at a time, the players' QR code."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any
from urllib.parse import urlparse

import pytest
from django.conf import settings as django_settings
from django.core.management import call_command
from django.test import override_settings

from tests.browser.tablet import Tablet

pytestmark = pytest.mark.django_db(transaction=True)
NAMES = ["青木", "馬場", "千葉", "土井"]
DEALER_RON = {"result": {"kind": "ron", "loser": 1, "wins": [{"winner": 0, "han": 3, "fu": 30}]}}
MANIFEST = {
    **django_settings.STORAGES,
    "staticfiles": {"BACKEND": "parlor.static_storage.HashedStaticFilesStorage"},
}


@pytest.fixture
def collected(tmp_path: Path, settings: Any) -> dict[str, str]:
    """The static files collected and the pages naming their hashed names; the manifest."""
    with override_settings(STATIC_ROOT=tmp_path, STORAGES=MANIFEST, DEBUG=True):
        call_command("collectstatic", "--noinput", verbosity=0)
    settings.STATIC_ROOT = tmp_path
    settings.STORAGES = MANIFEST
    settings.STATIC_HASHED = True
    return dict(json.loads((tmp_path / "staticfiles.json").read_text())["paths"])


def serve_collected(page: Any, root: Path) -> None:
    """The test server finds static files in their sources only: the collected ones (hashed
    names, the bundle) come from the collected directory, as WhiteNoise sends them."""

    def answer(route: Any) -> None:
        path = root / urlparse(route.request.url).path.removeprefix("/static/")
        if path.is_file():
            route.fulfill(path=path)
        else:
            route.fulfill(status=404, body="")

    page.route("**/static/**", answer)


def test_the_game_page_runs_from_the_one_collected_script(tablet: Tablet, collected):
    page = tablet.page
    serve_collected(page, Path(django_settings.STATIC_ROOT))
    tablet.start_game("1", NAMES, seating="given")
    scripts: list[str] = []
    page.on("request", lambda r: scripts.append(r.url) if r.resource_type == "script" else None)
    page.reload()
    tablet.wait_ready()
    assert [url.split("/static/")[1] for url in scripts] == [collected["tablet/game-bundle.js"]]

    tablet.enter(DEALER_RON)
    assert tablet.after_scores_in_preview() == [30_800, 19_200, 25_000, 25_000]
    tablet.tap("#confirm")
    page.wait_for_selector("#toast:not([hidden])")
    assert "第1局を記録しました" in page.inner_text("#toast")
    assert tablet.scores() == [30_800, 19_200, 25_000, 25_000]

    page.reload()  # the header offers 取消 once the game has a hand
    tablet.wait_ready()
    page.click('[data-action="undo"]')
    assert page.is_visible('[data-confirm="undo"]')
    page.click('[data-action="finish"]')
    assert not page.is_visible('[data-confirm="undo"]')  # menus.js, from the bundle
    page.keyboard.press("Escape")
    page.click('[data-action="live-qr"]')
    page.wait_for_selector("dialog#live-qr[open] svg.qr-code")  # live-qr.js, from the bundle
