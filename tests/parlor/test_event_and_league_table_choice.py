"""The tables a manager picks for a tournament or a league: named as staff call them (7番卓,
Table 7), each with its ruleset (they must share one, and the refusal says so), in natural
order (2 before 10), never the model's English "<parlor> table 7"; the manager's event page
heads its players in the page's language, and a refused action leads back to it."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.test import Client

from parlor.models import MemberRole, Parlor, Table
from tests.parlor.factories import MemberFactory, PlayerFactory, TableFactory
from tests.parlor.test_tournament_services import _new_event

pytestmark = pytest.mark.django_db


@pytest.fixture
def manager(parlor: Parlor) -> Client:
    for label, key in (("10", "standard"), ("2", "standard"), ("1", "seed-004")):
        TableFactory(parlor=parlor, label=label, ruleset_key=key)
    client = Client()
    client.force_login(MemberFactory(parlor=parlor, role=MemberRole.MANAGER).user)
    return client


def _choices(html: str) -> list[str]:
    boxes = re.findall(r'<label for="id_tables_\d+">\s*<input[^>]*>\s*([^<]*?)\s*</label>', html)
    assert boxes, "no table to choose"
    return boxes


@pytest.mark.parametrize("page", ["/manage/events/", "/manage/leagues/"])
def test_the_tables_are_named_with_their_ruleset_in_natural_order(manager: Any, page: str):
    html = manager.get(page).content.decode()
    assert _choices(html) == [
        "1番卓 · 三人麻雀 東南戦 (千点単位)",
        "2番卓 · 標準ルール",
        "10番卓 · 標準ルール",
    ]
    assert " table " not in html
    manager.cookies["django_language"] = "en"
    english = _choices(manager.get(page).content.decode())
    assert english[1] == "Table 2 · Standard parlor rules"


def test_the_event_page_heads_its_players_in_japanese(manager: Any, parlor: Parlor):
    tables = list(Table.objects.filter(parlor=parlor, ruleset_key="standard"))
    event = _new_event(parlor, tables, None)
    html = manager.get(f"/manage/events/{event.public_id}/").content.decode()
    assert "Players (" not in html and "参加者 (" in html
    assert '<span data-ruleset="standard">標準ルール</span>' in html  # its title, not its key


def test_the_event_results_csv_names_each_column_once_in_japanese(manager: Any, parlor: Parlor):
    tables = list(Table.objects.filter(parlor=parlor, ruleset_key="standard"))
    event = _new_event(parlor, tables, None)
    text = Client().get(f"/events/{event.public_id}/results.csv").content.decode("utf-8-sig")
    headers = text.splitlines()[0].split(",")
    assert len(headers) == len(set(headers)), headers  # 成績 twice: which is the total?
    assert headers[:6] == ["順位", "名前", "合計", "成績", "罰則", "持ち点"]


def test_a_refused_round_leads_back_to_the_event_page(manager: Any, parlor: Parlor):
    """Five players cannot fill a four-player table: the refusal says so, with a way back to
    the event's page the manager was on, not only to the floor."""
    tables = list(Table.objects.filter(parlor=parlor, ruleset_key="standard"))[:1]
    event = _new_event(parlor, tables, None)
    page = f"http://testserver/manage/events/{event.public_id}/"
    for player in [PlayerFactory(parlor=parlor) for _ in range(5)]:
        manager.post(f"{page}register/", {"player": player.public_id})
    refused = manager.post(f"{page}round/seat/", HTTP_REFERER=page)
    html = refused.content.decode()
    assert refused.status_code in (400, 409) and "4人卓が埋まりません" in html
    assert f'<a href="{page}" data-back>元のページに戻る</a>' in html
    elsewhere = manager.post(f"{page}round/seat/", HTTP_REFERER="https://evil.example/")
    assert "data-back" not in elsewhere.content.decode()
