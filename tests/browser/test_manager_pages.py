"""A manager's one sign-in: signed out, /reports/ sends them to the tablet's login; after it
they land on the reports and move between the manager pages and the tablet by the header;
staff asking for a manager page are told why in both languages. Screenshots of each page."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from django.utils import timezone

from parlor.models import AuditEvent, MemberRole
from tests.browser.tablet import SCREENSHOTS
from tests.parlor.factories import MemberFactory, ParlorFactory

pytestmark = pytest.mark.django_db(transaction=True)


def shot(page: Any, name: str) -> None:
    page.screenshot(path=str(SCREENSHOTS / f"manager-{name}.png"), full_page=True)


def nav(page: Any, name: str, screen: str) -> None:
    page.click(f'.manager-nav [data-nav="{name}"]')
    page.wait_for_selector(f'body[data-screen="{screen}"]')


def test_a_manager_signs_in_once_and_moves_between_the_manager_pages(
    browser: Any, live_server: Any, parlor_floor: dict[str, Any]
) -> None:
    parlor = parlor_floor["parlor"]
    manager = MemberFactory(parlor=parlor, role=MemberRole.MANAGER).user
    assert not manager.is_staff and not manager.is_superuser
    now = timezone.now()
    for summary, at, where in (
        ("青木 を登録", now - timedelta(minutes=5), parlor),
        ("1番卓 対局開始", now, parlor),
        ("隣の店の記録", now, ParlorFactory(name="隣の店")),
    ):
        AuditEvent(
            parlor=where,
            at=at,
            actor_name=manager.username,
            action="create",
            subject_type="game",
            subject_id=summary,
            summary=summary,
        ).save()
    for width, height, orientation in ((1280, 800, "landscape"), (800, 1280, "portrait")):
        context = browser.new_context(viewport={"width": width, "height": height})
        context.set_default_timeout(15_000)
        page = context.new_page()
        problems: list[str] = []
        page.on("pageerror", lambda error, problems=problems: problems.append(str(error)))
        page.on(
            "console",
            lambda message, problems=problems: (
                problems.append(message.text) if "Content Security Policy" in message.text else None
            ),
        )

        # Signed out: the reports send the manager to the one login page, and back after it.
        page.goto(live_server.url + "/reports/")
        page.wait_for_selector('body[data-screen="login"]')
        assert page.url.endswith("/tablet/login/?next=/reports/")
        shot(page, f"{orientation}-login")
        page.fill('input[name="username"]', manager.username)
        page.fill('input[name="password"]', "pw")
        page.click('form.stack button[type="submit"]')
        page.wait_for_selector('body[data-screen="reports"]')
        assert page.url == live_server.url + "/reports/"
        header = page.inner_text(".manager-bar")
        for word in ("卓一覧", "受付・精算", "日報", "監査ログ", "ログアウト", manager.username):
            assert word in header
        assert page.get_attribute('[data-nav="reports"]', "aria-current") == "page"
        shot(page, f"{orientation}-reports")

        # The audit log: this parlor's events, newest first; a bad filter is named beside it.
        nav(page, "audit", "audit-log")
        rows = page.locator("tr[data-event]").all_inner_texts()
        assert len(rows) == 2 and "1番卓 対局開始" in rows[0] and "青木 を登録" in rows[1]
        assert "隣の店の記録" not in page.content()
        shot(page, f"{orientation}-audit-log")
        page.goto(live_server.url + "/audit/?day=yesterday")
        assert "2026-05-01 のような日付を入力してください。" in page.inner_text(
            '[data-error="day"]'
        )
        shot(page, f"{orientation}-audit-log-bad-filter")

        # The counter and the floor are the tablet's pages; its header leads back.
        nav(page, "counter", "counter")
        shot(page, f"{orientation}-counter")
        page.click("[data-manager-link]")
        page.wait_for_selector('body[data-screen="reports"]')
        nav(page, "floor", "floor")
        page.click("[data-manager-link]")
        page.wait_for_selector('body[data-screen="reports"]')

        # Signing out ends the session: the reports ask for a sign-in again.
        page.click("[data-sign-out]")
        page.wait_for_selector('body[data-screen="login"]')
        page.goto(live_server.url + "/audit/")
        page.wait_for_selector('body[data-screen="login"]')
        assert problems == []
        context.close()


def test_staff_are_told_in_their_language_that_the_page_is_for_managers(
    browser: Any, live_server: Any, parlor_floor: dict[str, Any]
) -> None:
    from tests.browser.conftest import signed_in_context

    context = signed_in_context(browser, live_server, parlor_floor["staff"])
    page = context.new_page()
    assert page.goto(live_server.url + "/reports/").status == 403
    text = page.inner_text("main")
    assert "権限がありません" in text and "Forbidden" not in text
    assert page.locator("[data-manager-link]").count() == 0
    shot(page, "staff-refused")
    page.click("text=卓一覧へ戻る")
    page.wait_for_selector('body[data-screen="floor"]')
    assert page.locator("[data-manager-link]").count() == 0  # no link for staff
    missing = page.goto(live_server.url + "/tablet/no-such-page/")
    assert missing.status == 404
    assert "ページが見つかりません" in page.inner_text("body")
    shot(page, "not-found")
    context.close()
