"""One sign-in for every role: a manager who is no Django superuser reaches the reports, the
audit log and the counter through the tablet's login; staff are refused in their language;
every manager page has the same header; the audit log shows this parlor's events only."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from django.conf import settings
from django.test import Client

from parlor.models import AuditAction, AuditEvent, MemberRole, Parlor
from parlor.web.audit_page import EVENTS_PER_PAGE
from tests.parlor.factories import MemberFactory, ParlorFactory

pytestmark = pytest.mark.django_db

MANAGER_PAGES = ["/reports/", "/audit/"]
NAV = {
    "floor": ("/tablet/", "卓一覧", "Floor"),
    "counter": ("/tablet/counter/", "受付・精算", "Counter"),
    "reports": ("/reports/", "日報", "Daily reports"),
    "audit": ("/audit/", "監査ログ", "Audit log"),
}


@pytest.fixture
def manager(parlor: Parlor) -> Any:
    user = MemberFactory(parlor=parlor, role=MemberRole.MANAGER).user
    assert not user.is_staff and not user.is_superuser
    return user


def signed_in(user: Any) -> Client:
    client = Client()
    client.force_login(user)
    return client


def event(parlor: Parlor, summary: str, *, at: datetime, actor: str = "", action: str = "create"):
    row = AuditEvent(
        parlor=parlor,
        at=at,
        actor_name=actor,
        action=action,
        subject_type="player",
        subject_id=summary,
        summary=summary,
        reason=f"why {summary}",
    )
    row.save()
    return row


def test_a_manager_signs_in_once_at_the_tablet_and_reaches_every_manager_page(manager) -> None:
    client = Client()
    login = client.get("/tablet/login/?next=/reports/")
    assert 'name="next" value="/reports/"' in login.content.decode()
    answer = client.post(
        "/tablet/login/", {"username": manager.username, "password": "pw", "next": "/reports/"}
    )
    assert answer.status_code == 302 and answer["Location"] == "/reports/"
    for path in [*MANAGER_PAGES, "/tablet/counter/", "/tablet/"]:
        assert client.get(path).status_code == 200, path


@pytest.mark.parametrize("path", MANAGER_PAGES)
def test_a_signed_out_visitor_is_sent_to_the_tablet_login_and_back(manager: Any, path: str) -> None:
    client = Client()
    answer = client.get(path + "?page=2")
    assert answer.status_code == 302
    assert answer["Location"] == f"/tablet/login/?next={path}%3Fpage%3D2"
    login = client.get(answer["Location"]).content.decode()
    assert f'name="next" value="{path}?page=2"' in login
    back = client.post(
        "/tablet/login/", {"username": manager.username, "password": "pw", "next": path + "?page=2"}
    )
    assert back["Location"] == path + "?page=2"


@pytest.mark.parametrize("path", MANAGER_PAGES)
def test_staff_are_refused_in_one_language(staff_user: Any, path: str) -> None:
    answer = signed_in(staff_user).get(path)
    page = answer.content.decode()
    assert answer.status_code == 403
    assert "権限がありません" in page and "Forbidden" not in page
    assert "店長" in page and 'href="/tablet/"' in page  # says why, and a way back
    english = signed_in(staff_user)
    english.cookies[settings.LANGUAGE_COOKIE_NAME] = "en"
    in_english = english.get(path).content.decode()
    assert "Forbidden" in in_english and "managers" in in_english
    assert "権限がありません" not in in_english
    assert 'data-nav="floor"' in page and 'data-nav="reports"' not in page  # nothing refused
    assert 'action="/tablet/logout/"' in page  # to sign in as a manager instead


@pytest.mark.parametrize("path", MANAGER_PAGES)
def test_every_manager_page_has_the_same_header(manager: Any, path: str) -> None:
    page = signed_in(manager).get(path).content.decode()
    nav = page[page.index('class="manager-nav"') : page.index("</nav>")]
    for name, (href, japanese, english) in NAV.items():
        assert f'href="{href}" data-nav="{name}"' in nav
        assert japanese in nav and english not in nav  # one language at a time
    assert 'aria-current="page"' in nav
    assert "ログアウト" in page and 'action="/tablet/logout/"' in page
    assert manager.username in page


def test_the_tablet_header_links_to_the_manager_pages_for_managers_only(
    manager: Any, staff_user: Any
) -> None:
    assert "data-manager-link" in signed_in(manager).get("/tablet/").content.decode()
    assert "data-manager-link" not in signed_in(staff_user).get("/tablet/").content.decode()


def test_a_session_from_before_learns_the_role_once(manager: Any) -> None:
    client = signed_in(manager)
    session = client.session
    del session["tenbo_is_manager"]
    session.save()
    assert "data-manager-link" in client.get("/tablet/").content.decode()
    assert client.session["tenbo_is_manager"] is True


def test_the_audit_log_shows_this_parlors_events_newest_first(manager: Any, parlor: Parlor) -> None:
    now = datetime(2026, 5, 1, 3, 0, tzinfo=UTC)
    event(parlor, "older here", at=now - timedelta(hours=1))
    event(parlor, "newer here", at=now)
    event(ParlorFactory(name="隣の店"), "elsewhere", at=now)
    page = signed_in(manager).get("/audit/").content.decode()
    assert "older here" in page and "newer here" in page and "elsewhere" not in page
    assert page.index("newer here") < page.index("older here")
    assert "why older here" in page
    assert "<form" in page and 'method="post"' not in page.split("<main>")[1]  # read-only


def test_the_audit_log_filters_by_day_action_and_user(manager: Any, parlor: Parlor) -> None:
    day = datetime(2026, 5, 1, 3, 0, tzinfo=UTC)  # 12:00 in Tokyo, business day 2026-05-01
    event(parlor, "hand by aoki", at=day, actor="aoki", action=AuditAction.CORRECT)
    event(parlor, "start by baba", at=day, actor="baba")
    event(parlor, "the day after", at=day + timedelta(days=1), actor="aoki")
    client = signed_in(manager)

    def shown(**query: str) -> set[str]:
        page = client.get("/audit/", query).content.decode()
        return {s for s in ("hand by aoki", "start by baba", "the day after") if s in page}

    assert shown(day="2026-05-01") == {"hand by aoki", "start by baba"}
    assert shown(action="correct") == {"hand by aoki"}
    assert shown(user="aoki") == {"hand by aoki", "the day after"}
    assert shown(user="aoki", day="2026-05-02") == {"the day after"}


def test_a_bad_filter_is_named_beside_its_field(manager: Any, parlor: Parlor) -> None:
    event(parlor, "still listed", at=datetime(2026, 5, 1, tzinfo=UTC), actor="aoki")
    answer = signed_in(manager).get("/audit/", {"day": "May 1st", "user": "nobody"})
    page = answer.content.decode()
    assert answer.status_code == 200
    assert 'data-error="day"' in page and "2026-05-01 のような日付を入力してください。" in page
    assert 'data-error="user"' in page and "一覧からユーザーを選んでください。" in page
    assert "still listed" in page  # a filter in error filters nothing


def test_the_audit_log_is_paged_and_the_pages_keep_the_filters(
    manager: Any, parlor: Parlor
) -> None:
    start = datetime(2026, 5, 1, 3, 0, tzinfo=UTC)
    for n in range(EVENTS_PER_PAGE + 3):
        event(parlor, f"event-{n:03d}", at=start + timedelta(minutes=n), actor="aoki")
    client = signed_in(manager)
    first = client.get("/audit/", {"user": "aoki"}).content.decode()
    assert f"event-{EVENTS_PER_PAGE + 2:03d}" in first and "event-002" not in first
    assert 'href="?user=aoki&amp;page=2"' in first
    second = client.get("/audit/", {"user": "aoki", "page": "2"}).content.decode()
    assert "event-002" in second and "event-000" in second and "event-003" not in second


def test_the_counter_is_the_managers_too(manager: Any) -> None:
    answer = signed_in(manager).get("/tablet/counter/")
    assert answer.status_code == 200 and "data-manager-link" in answer.content.decode()


def test_a_games_events_link_to_its_history(manager: Any, table: Any, start_game: Any) -> None:
    game = start_game(table)
    client = signed_in(manager)
    page = client.get("/audit/").content.decode()
    history = f"/tablet/games/{game['id']}/history/"
    assert f'href="{history}"' in page and "1番卓" in page
    assert client.get(history).status_code == 200


def test_the_header_speaks_english_alone_when_english_is_chosen(manager: Any) -> None:
    client = signed_in(manager)
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "en"
    page = client.get("/audit/").content.decode()
    nav = page[page.index('class="manager-nav"') : page.index("</nav>")]
    for _href, japanese, english in NAV.values():
        assert english in nav and japanese not in nav
    assert "Sign out" in page and "ログアウト" not in page
