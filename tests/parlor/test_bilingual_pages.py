"""Japanese first, English second where a person looks: the error pages (JSON stays under
/api/), the admin's model names, and ruleset titles instead of their ids."""

from __future__ import annotations

from typing import Any

import pytest
from django.apps import apps
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


def assert_bilingual(page: str, japanese: str, english: str) -> None:
    assert japanese in page and english in page
    assert page.index(japanese) < page.index(english)
    assert all(link in page for link in BACK)  # a way back


def test_a_missing_page_is_a_bilingual_404_with_a_way_back() -> None:
    answer = Client().get("/no-such-page/")
    assert answer.status_code == 404
    assert_bilingual(answer.content.decode(), "ページが見つかりません", "Page not found")


def test_the_api_keeps_its_json_errors() -> None:
    answer = Client().get("/api/no-such-endpoint/")
    assert answer.status_code == 404 and answer.json()["error"]["code"] == "not_found"
    request = RequestFactory().get("/api/tables/")
    refused = handlers.forbidden(request, PermissionDenied())
    assert refused.status_code == 403 and b'"code": "forbidden"' in refused.content


def test_a_refusal_outside_the_api_is_a_bilingual_403() -> None:
    request = RequestFactory().get("/tablet/somewhere/")
    answer = handlers.forbidden(request, PermissionDenied())
    assert answer.status_code == 403
    assert_bilingual(answer.content.decode(), "権限がありません", "Forbidden")


def test_a_server_error_is_a_bilingual_500() -> None:
    answer = handlers.server_error(RequestFactory().get("/tablet/"))
    assert answer.status_code == 500
    assert_bilingual(answer.content.decode(), "サーバーエラー", "Server error")


@pytest.mark.parametrize(
    "model", [m for m in apps.get_app_config("parlor").get_models()], ids=lambda m: m.__name__
)
def test_every_model_is_named_in_japanese_then_english(model: Any) -> None:
    for name in (str(model._meta.verbose_name), str(model._meta.verbose_name_plural)):
        japanese, _, english = name.partition(" ")
        assert japanese and not japanese.isascii(), name
        assert english and english[0].isupper() and english.isascii(), name


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
    assert "卓 Tables" in index and "雀荘 Parlor" in index and "点棒" in index
    tables = admin_client.get("/admin/parlor/table/").content.decode()
    assert PRESETS["seed-004"].title in tables
    assert ">seed-004<" not in tables
    form = admin_client.get("/admin/parlor/table/add/").content.decode()
    assert "卓番 Label" in form and "ルール Ruleset" in form and "使用中 In use" in form


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


@pytest.mark.parametrize("choices", [MemberRole, PlayerKind], ids=lambda c: c.__name__)
def test_the_roles_and_player_kinds_read_japanese_first(choices: Any) -> None:
    for label in choices.labels:
        japanese, _, english = label.partition(" ")
        assert not japanese.isascii() and english.isascii() and english[0].isupper(), label


def test_the_audit_actions_read_in_one_language() -> None:
    """The audit log's actions are translated: Japanese alone in Japanese, English in English."""
    with translation.override("ja"):
        japanese = [str(label) for label in AuditAction.labels]
    with translation.override("en"):
        english = [str(label) for label in AuditAction.labels]
    assert japanese == ["作成", "訂正", "取消", "終了", "無効", "締め"]
    assert english == ["Created", "Corrected", "Taken back", "Finished", "Game voided", "Closed"]
