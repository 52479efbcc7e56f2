"""The manager's audit log in a browser, in Japanese: each event in words with what it
changed (old → new), no English beside it; a screenshot of the page in test-artifacts/."""

from __future__ import annotations

from typing import Any

import pytest

from parlor.models import MemberRole, PlayerKind
from parlor.services.players import player_update
from parlor.services.tables import table_change
from tests.browser.conftest import signed_in_context
from tests.browser.tablet import SCREENSHOTS
from tests.parlor.factories import MemberFactory

pytestmark = pytest.mark.django_db(transaction=True)


def test_the_audit_log_reads_in_japanese_with_old_and_new_values(
    browser: Any, live_server: Any, parlor_floor: dict[str, Any]
) -> None:
    parlor = parlor_floor["parlor"]
    manager = MemberFactory(parlor=parlor, role=MemberRole.MANAGER).user
    table = parlor_floor["tables"]["seed-004"]
    table_change(table=table, ruleset_key=table.ruleset_key, is_active=False, by=manager)
    player = parlor_floor["players"][0]
    player_update(
        player=player,
        name=player.name,
        kana="あおき",
        kind=PlayerKind.GUEST,
        member_number="",
        by=manager,
    )

    context = signed_in_context(browser, live_server, manager)
    page = context.new_page()
    page.goto(live_server.url + "/audit/")
    page.wait_for_selector('body[data-screen="audit-log"]')

    events = page.inner_text("[data-audit-events]")
    assert f"{table.label}番卓を変更" in events
    assert "営業中: あり → なし" in events
    assert f"プレイヤー {player.name} を変更" in events
    assert "種別: 会員 → ゲスト" in events
    assert "changed" not in events and "In service" not in events
    page.screenshot(path=str(SCREENSHOTS / "audit-log-japanese.png"), full_page=True)
    context.close()
