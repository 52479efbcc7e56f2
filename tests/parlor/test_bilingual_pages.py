"""Where a person looks: the error pages in the page's one language, with a way back (JSON
stays under /api/), the admin's model names in the page's language, and ruleset titles
instead of their ids."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from django.apps import apps
from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.exceptions import PermissionDenied
from django.test import Client, RequestFactory
from django.utils import translation

from parlor.models import AuditAction, MemberRole, Parlor, PlayerKind, Table
from parlor.security import handlers
from parlor.services.rulesets import ruleset_create
from rulesets.registry import PRESETS

pytestmark = pytest.mark.django_db

HOUSE = {"base": "standard", "uma": [30, 10, -10, -30]}
BACK = ('href="/"', 'href="/tablet/"')


def assert_one_language(render: Callable[[], str], japanese: str, english: str) -> None:
    """A Japanese page (the default): Japanese only; English chosen: English only."""
    with translation.override("ja"):
        page = render()
    assert japanese in page and english not in page
    assert all(link in page for link in BACK)  # a way back
    with translation.override("en"):
        page = render()
    assert english in page and japanese not in page


def test_a_missing_page_is_a_404_in_one_language_with_a_way_back() -> None:
    answer = Client().get("/no-such-page/")
    assert answer.status_code == 404
    page = answer.content.decode()
    assert "ページが見つかりません" in page and "Page not found" not in page
    assert all(link in page for link in BACK)  # a way back
    english = Client()
    english.cookies[settings.LANGUAGE_COOKIE_NAME] = "en"
    page = english.get("/no-such-page/").content.decode()
    assert "Page not found" in page and "ページが見つかりません" not in page


def test_the_api_keeps_its_json_errors() -> None:
    answer = Client().get("/api/no-such-endpoint/")
    assert answer.status_code == 404 and answer.json()["error"]["code"] == "not_found"
    request = RequestFactory().get("/api/tables/")
    refused = handlers.forbidden(request, PermissionDenied())
    assert refused.status_code == 403 and b'"code": "forbidden"' in refused.content


def test_a_refusal_outside_the_api_is_a_403_in_one_language() -> None:
    request = RequestFactory().get("/tablet/somewhere/")
    assert handlers.forbidden(request, PermissionDenied()).status_code == 403

    def page() -> str:
        return handlers.forbidden(request, PermissionDenied()).content.decode()

    assert_one_language(page, "権限がありません", "Forbidden")


def test_a_server_error_is_a_500_in_one_language() -> None:
    request = RequestFactory().get("/tablet/")
    assert handlers.server_error(request).status_code == 500
    assert_one_language(
        lambda: handlers.server_error(request).content.decode(), "サーバーエラー", "Server error"
    )


@pytest.mark.parametrize(
    "model", [m for m in apps.get_app_config("parlor").get_models()], ids=lambda m: m.__name__
)
def test_every_model_is_named_in_one_language_at_a_time(model: Any) -> None:
    for label in ("verbose_name", "verbose_name_plural"):
        with translation.override("ja"):
            japanese = str(getattr(model._meta, label))
        with translation.override("en"):
            english = str(getattr(model._meta, label))
        assert not japanese.isascii() and " " not in japanese, japanese
        assert english.isascii() and english[0].isupper(), english


def test_roles_and_player_kinds_read_in_the_pages_language() -> None:
    with translation.override("ja"):
        assert [str(label) for label in MemberRole.labels] == ["店長", "スタッフ"]
        assert [str(label) for label in PlayerKind.labels] == ["会員", "ゲスト"]
    with translation.override("en"):
        assert [str(label) for label in MemberRole.labels] == ["Manager", "Staff"]
        assert [str(label) for label in PlayerKind.labels] == ["Member", "Guest"]


@pytest.fixture
def admin_client(parlor: Parlor) -> Client:
    boss = get_user_model().objects.create_superuser("boss", password="pw")
    client = Client()
    client.force_login(boss)
    return client


def test_the_admin_lists_models_and_rulesets_by_their_names(
    admin_client: Client, parlor: Parlor
) -> None:
    Table.objects.create(parlor=parlor, label="7", ruleset_key="seed-004")
    index = admin_client.get("/admin/").content.decode()
    assert "卓" in index and "Tables" not in index and "雀荘" in index and "点棒 管理" in index
    assert "Administration" not in index
    tables = admin_client.get("/admin/parlor/table/").content.decode()
    assert PRESETS["seed-004"].title in tables
    assert ">seed-004<" not in tables
    form = admin_client.get("/admin/parlor/table/add/").content.decode()
    assert "卓番" in form and "ルール" in form and "営業中" in form
    assert ">Label" not in form and "In use" not in form


def test_the_floor_shows_each_rulesets_title_and_the_parlors_own_name(
    parlor: Parlor, staff_user: Any
) -> None:
    ruleset_create(parlor=parlor, key="house", title="ワンスリー 東南", definition=HOUSE)
    Table.objects.create(parlor=parlor, label="1", ruleset_key="standard")
    Table.objects.create(parlor=parlor, label="2", ruleset_key="house")
    client = Client()
    client.force_login(staff_user)
    floor = client.get("/tablet/").content.decode()
    assert PRESETS["standard"].title in floor and "ワンスリー 東南" in floor
    assert ">house<" not in floor and ">standard<" not in floor
    client.post("/tablet/i18n/setlang/", {"language": "en", "next": "/tablet/"})
    english = client.get("/tablet/").content.decode()
    assert PRESETS["standard"].title_en in english and "ワンスリー 東南" in english


def test_the_audit_actions_read_in_one_language() -> None:
    """The audit log's actions are translated: Japanese alone in Japanese, English in English."""
    with translation.override("ja"):
        japanese = [str(label) for label in AuditAction.labels]
    with translation.override("en"):
        english = [str(label) for label in AuditAction.labels]
    assert japanese == ["作成", "訂正", "取消", "終了", "無効", "締め"]
    assert english == ["Created", "Corrected", "Undone", "Finished", "Game voided", "Closed"]


def test_a_form_refused_for_its_csrf_token_says_what_to_do_in_one_language() -> None:
    """A form sent from a page open too long (or after signing in elsewhere) is refused by the
    CSRF check: staff read what happened and what to do, in the page's language, with a way
    back; never Django's English "Forbidden" title or a word about DEBUG."""
    form = {"username": "staff", "password": "whatever", "csrfmiddlewaretoken": "stale"}
    answer = Client(enforce_csrf_checks=True).post("/tablet/login/", form)
    assert answer.status_code == 403
    page = answer.content.decode()
    assert "<title>送信できませんでした" in page and "再読み込み" in page
    assert "Forbidden" not in page and "DEBUG" not in page and "CSRF" not in page
    assert all(link in page for link in BACK)  # a way back
    english = Client(enforce_csrf_checks=True)
    english.cookies[settings.LANGUAGE_COOKIE_NAME] = "en"
    page = english.post("/tablet/login/", form).content.decode()
    assert "<title>Not sent" in page and "reload" in page
    assert "送信" not in page and "DEBUG" not in page


def test_the_admins_daily_reports_read_in_one_language(
    admin_client: Client, parlor: Parlor
) -> None:
    """The daily reports in the admin (its menu on every admin page, their list, filters and
    page): named in the page's language, not by their English field names."""
    from parlor.reports.models import DailyReport

    for label in ("verbose_name", "verbose_name_plural"):
        with translation.override("ja"):
            assert str(getattr(DailyReport._meta, label)) == "日報"
        with translation.override("en"):
            assert str(getattr(DailyReport._meta, label)).startswith("Daily report")
    report = DailyReport.objects.create(
        parlor=parlor, business_day="2026-11-28", format="csv", status="done"
    )
    index = admin_client.get("/admin/").content.decode()
    assert "Daily reports" not in index
    listing = admin_client.get("/admin/reports/dailyreport/").content.decode()
    for english in ("daily report", "Business day", "business day", "status で", "format で"):
        assert english not in listing, english
    assert "営業日" in listing and "形式" in listing and "作成済みの版" in listing
    page = admin_client.get(f"/admin/reports/dailyreport/{report.pk}/change/").content.decode()
    for english in ("Business day:", "Requested at", "Size bytes", "Sha256", "Lease until"):
        assert english not in page, english
    assert "営業日" in page and "依頼日時" in page and "サイズ（バイト）" in page


def test_the_admins_money_and_standings_settings_read_in_one_language(
    admin_client: Client, parlor: Parlor
) -> None:
    """The money terms a manager may edit in the admin: each field, column, filter and fee
    model under the words of the manager's money page, not an English field name."""
    from parlor.models import MoneySettings, StandingsSettings

    MoneySettings.objects.create(
        parlor=parlor, player_count=4, rate_yen_per_p=50, fee_model="each_plus_top"
    )
    StandingsSettings.objects.create(parlor=parlor)
    for path in ("/admin/parlor/moneysettings/", "/admin/parlor/moneysettings/add/"):
        page = admin_client.get(path).content.decode()
        for english in ("Chip value yen", "Fee model", "Each pays the fee", "Game fee yen",
                        "Rate yen per", "Money unit yen", "Player count", "player count"):
            assert english not in page, (path, english)
        assert "チップ単価（円）" in page and "全員がゲーム代を払い" in page, path
    for path in ("/admin/parlor/standingssettings/", "/admin/parlor/standingssettings/add/"):
        page = admin_client.get(path).content.decode()
        assert "Is public" not in page and "Monthly min games" not in page, path
        assert "月間" in page, path


@pytest.mark.parametrize("model", ["table", "player", "rulesetdefinition", "moneysettings"])
def test_the_admin_names_a_rows_parlor_in_the_pages_language(
    admin_client: Client, parlor: Parlor, model: str
) -> None:
    """The parlor a row belongs to, on its form and as its list's column: 雀荘, not the English
    field name."""
    Table.objects.create(parlor=parlor, label="7", ruleset_key="standard")
    form = admin_client.get(f"/admin/parlor/{model}/add/").content.decode()
    assert "Parlor:" not in form and "雀荘:" in form
    if model in ("table", "player"):
        listing = admin_client.get(f"/admin/parlor/{model}/").content.decode()
        assert ">Parlor<" not in listing and ">雀荘<" in listing


# What an audit of the admin found in English on Japanese pages: column headings, field labels
# and filter titles from the English field names, and rows named by a model's English __str__.
ENGLISH_FOUND = (
    "Public id", "Hand count", "Started at", "Checked in at", "Checked out at", "Closed at",
    "Fees yen", "Total yen", "visit of", "Actor name", "Subject type", "business day",
    "manager at", "staff at", " yen/p", "table 1",
)
HEADINGS = (
    r'<th scope="col" class="[^"]*column-[^"]*">\s*<div class="text">(?:<a [^>]*>)?([^<]*)<',
    r'<th class="column-[^"]*">\s*([^<]*)<',  # an inline's column
    r"<label[^>]*>([^<]*)</label>",  # a field's label
    r'data-filter-title="([^"]*)"',
    r'<td class="original">\s*<p>\s*([^<]*)<',  # an inline's row
)


def admin_pages(client: Client) -> dict[str, str]:
    """Every admin list a manager opens from the index, its add page and the change page of
    its first row: each page's address and text."""
    import re

    pages: dict[str, str] = {}
    index = client.get("/admin/").content.decode()
    for listing in sorted(set(re.findall(r'href="(/admin/(?:parlor|reports)/\w+/)"', index))):
        page = client.get(listing).content.decode()
        pages[listing] = page
        rows = re.findall(rf'href="({listing}[^"/]+/change/)', page)
        for path in [*rows[:1], *re.findall(rf'href="({listing}add/)"', page)[:1]]:
            answer = client.get(path)
            assert answer.status_code == 200, path
            pages[path] = answer.content.decode()
    return pages


def test_every_admin_page_a_manager_opens_reads_in_one_language() -> None:
    """The demo's manager walks the admin: in Japanese, no heading, label, filter or row name
    is an English field name or an English __str__; in English, none is Japanese."""
    import re

    from django.core.management import call_command

    from parlor.services.shifts import shift_sign_in

    call_command("load_demo", stdout=__import__("io").StringIO())
    staff = get_user_model().objects.get(username="staff")
    shift_sign_in(parlor=staff.parlor_member.parlor, user=staff, float_out_yen=0, by=None)
    manager = Client()
    manager.force_login(get_user_model().objects.get(username="manager"))
    pages = admin_pages(manager)
    for kind in ("game", "visit", "settlement", "auditevent", "shift", "parlor"):
        assert any(path.startswith(f"/admin/parlor/{kind}/") and "/change/" in path
                   for path in pages), kind
    for path, page in pages.items():
        for english in ENGLISH_FOUND:
            assert english not in page, (path, english)
        for pattern in HEADINGS:
            for text in re.findall(pattern, page):
                text = text.strip().rstrip(":")
                english = text.isascii() and re.search(r"[A-Za-z]{3}", text)
                assert not english, (path, text)
    ruleset_form = pages["/admin/parlor/rulesetdefinition/add/"]
    assert re.search(r'id="id_definition">\s*</textarea>', ruleset_form)  # not `null`
    manager.cookies[settings.LANGUAGE_COOKIE_NAME] = "en"
    for path, page in admin_pages(manager).items():
        for pattern in HEADINGS[:4]:
            for text in re.findall(pattern, page):
                assert text.isascii(), (path, text)
