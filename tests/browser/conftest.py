"""Browser tests: Playwright (the Python package) driving Debian's Chromium against the live
server. Nothing is downloaded: the browser is /usr/bin/chromium from `apt-get install chromium`;
where it is missing, these tests are skipped with that reason.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from django.test import Client

from parlor.models import MemberRole, Parlor, Player, PlayerKind, Table
from tests.browser.tablet import SCREENSHOTS, Tablet
from tests.parlor.factories import MemberFactory, ParlorFactory

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"]
# Japanese names, so that any English word on a Japanese screen is one the tablet failed to
# translate (see test_tablet_languages.py).
PLAYER_NAMES = ("青木", "馬場", "千葉", "土井", "江藤")
HERE = Path(__file__).resolve().parent


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "browser: drives Debian's Chromium through Playwright")


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    missing = None
    if not CHROMIUM.exists():
        missing = f"{CHROMIUM} is missing: apt-get install chromium"
    else:
        try:
            import playwright.sync_api  # noqa: F401
        except ImportError:
            missing = "the playwright package is missing: pip install -r requirements-dev.txt"
    for item in items:
        if HERE in Path(str(item.fspath)).resolve().parents:
            item.add_marker(pytest.mark.browser)
            if missing:
                item.add_marker(pytest.mark.skip(reason=missing))


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """One Chromium per test module, launched from /usr/bin/chromium."""
    from playwright.sync_api import sync_playwright

    # Playwright's sync API runs an asyncio loop in this thread; Django then refuses ORM calls
    # made by the test itself (they are plain synchronous code). Allowed for these tests only.
    previous = os.environ.get("DJANGO_ALLOW_ASYNC_UNSAFE")
    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    try:
        with sync_playwright() as playwright:
            chromium = playwright.chromium.launch(
                executable_path=str(CHROMIUM), args=CHROMIUM_ARGS, headless=True
            )
            yield chromium
            chromium.close()
    finally:
        if previous is None:
            os.environ.pop("DJANGO_ALLOW_ASYNC_UNSAFE", None)
        else:
            os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = previous


@pytest.fixture
def parlor_floor(transactional_db: None) -> dict[str, Any]:
    """A parlor with a four-player and a three-player table, five players and a staff login."""
    parlor: Parlor = ParlorFactory(name="点棒クラブ")
    staff = MemberFactory(parlor=parlor, role=MemberRole.STAFF).user
    players = [
        Player.objects.create(
            parlor=parlor, name=name, kind=PlayerKind.MEMBER, member_number=f"{i + 1:04d}"
        )
        for i, name in enumerate(PLAYER_NAMES)
    ]
    tables = {
        "standard": Table.objects.create(parlor=parlor, label="1", ruleset_key="standard"),
        "seed-004": Table.objects.create(parlor=parlor, label="2", ruleset_key="seed-004"),
    }
    return {"parlor": parlor, "staff": staff, "players": players, "tables": tables}


def signed_in_context(browser: Any, live_server: Any, user: Any, **options: Any) -> Any:
    """A 10-inch tablet in landscape with the staff member's session cookie."""
    client = Client()
    client.force_login(user)
    context = browser.new_context(
        viewport={"width": 1280, "height": 800},
        device_scale_factor=1,
        has_touch=True,
        **options,
    )
    context.add_cookies(
        [{"name": "sessionid", "value": client.cookies["sessionid"].value, "url": live_server.url}]
    )
    context.set_default_timeout(15_000)
    return context


def submit_form(page: Any, form: str, *, within: str = "") -> None:
    """Sends the page's form marked `data-form="<form>"` (inside `within`, a selector, when the
    page has several) by its submit button, and waits for the page the answer leads to."""
    with page.expect_navigation():
        page.click(f'{within} form[data-form="{form}"] button[type="submit"]'.strip())


@pytest.fixture
def tablet(
    browser: Any, live_server: Any, parlor_floor: dict[str, Any], request
) -> Iterator[Tablet]:
    context = signed_in_context(browser, live_server, parlor_floor["staff"])
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(f"{error} {error.stack} at {page.url}"))
    page.on(  # whatever the tablet does must run under the content security policy
        "console",
        lambda message: (
            errors.append(f"{message.text} at {page.url}")
            if "Content Security Policy" in message.text
            else None
        ),
    )
    yield Tablet(page, live_server.url, prefix=request.node.name)
    context.close()
    assert errors == [], f"script errors or CSP violations on the page: {errors}"
