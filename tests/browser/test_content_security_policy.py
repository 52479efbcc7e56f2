"""No page needs anything the content security policy refuses: no inline script or inline event
handler in any template, and a walk over the product's pages (the demo parlor, as its staff,
manager and player see it) logs no CSP violation in Chromium."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth import get_user_model

from parlor.models import Table, Visit, VisitStatus
from parlor.services.demo import demo_load
from tests.browser.conftest import SCREENSHOTS, signed_in_context

TEMPLATES = Path(__file__).resolve().parents[2] / "templates"
INLINE_HANDLER = re.compile(r"<[^>]*\son[a-z]+\s*=", re.IGNORECASE)
INLINE_SCRIPT = re.compile(r"<script(?![^>]*\bsrc=)(?![^>]*application/(?:ld\+)?json)[^>]*>", re.I)


def test_no_template_has_an_inline_script_or_event_handler() -> None:
    found = []
    for template in sorted(TEMPLATES.rglob("*.html")):
        text = template.read_text(encoding="utf-8")
        found += [
            f"{template.relative_to(TEMPLATES)}: {m.group(0)}"
            for m in INLINE_HANDLER.finditer(text)
        ]
        found += [
            f"{template.relative_to(TEMPLATES)}: {m.group(0)}" for m in INLINE_SCRIPT.finditer(text)
        ]
    assert found == []


@pytest.fixture
def demo(transactional_db: None) -> Any:
    return demo_load()


def walk(browser: Any, live_server: Any, username: str, paths: list[str]) -> list[str]:
    """Opens each path signed in as `username`; returns the CSP violations Chromium logged."""
    user = get_user_model().objects.get(username=username)
    context = signed_in_context(browser, live_server, user)
    page = context.new_page()
    violations: list[str] = []
    page.on(
        "console",
        lambda message: (
            violations.append(f"{page.url}: {message.text}")
            if "Content Security Policy" in message.text
            else None
        ),
    )
    for path in paths:
        response = page.goto(live_server.url + path)
        assert response is not None and response.status == 200, (path, response and response.status)
        assert "script-src 'self'" in response.headers["content-security-policy"]
        page.wait_for_load_state("networkidle")
        page.screenshot(path=str(SCREENSHOTS / f"csp-{username}-{len(violations)}.png"))
    context.close()
    return violations


def test_the_product_pages_run_under_the_content_security_policy(
    browser: Any, live_server: Any, demo: Any
) -> None:
    parlor = demo.parlor
    table = Table.objects.filter(parlor=parlor, ruleset_key="standard").get()
    closed = Visit.objects.filter(parlor=parlor, status=VisitStatus.CLOSED).first()
    assert closed is not None  # the demo checks two players out
    staff_pages = [
        "/tablet/",
        "/tablet/counter/",
        "/tablet/floor/board/",
        f"/tablet/tables/{table.public_id}/",
        "/api/docs/",
        f"/receipts/{closed.public_id}/",
    ]
    public_pages = [f"/standings/{parlor.slug}/", f"/standings/{parlor.slug}/tv/"]
    violations = walk(browser, live_server, "staff", staff_pages + public_pages)
    violations += walk(
        browser, live_server, "manager", ["/reports/", "/admin/", "/admin/parlor/game/"]
    )
    violations += walk(browser, live_server, "player", ["/me/"])
    assert violations == []


def test_the_tv_board_goes_full_screen_from_its_button(
    browser: Any, live_server: Any, demo: Any
) -> None:
    context = signed_in_context(browser, live_server, demo.parlor.members.first().user)
    page = context.new_page()
    page.goto(f"{live_server.url}/standings/{demo.parlor.slug}/tv/")
    page.click("#fullscreen")  # static/public/actions.js, not an inline handler
    # A function, not an expression: Playwright evaluates an expression with eval in the page,
    # which the policy refuses.
    page.wait_for_function("() => document.fullscreenElement !== null", timeout=5_000)
    context.close()
