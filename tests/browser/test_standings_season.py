"""The standings page's period chooser in a browser: a visitor picks a closed season and sees
its stored standings, its closing note and the export links, in Japanese."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from django.utils import timezone

from parlor.domain.business_days import business_day_of
from parlor.services.seasons import season_close, season_create, season_standings
from parlor.services.standings import TableKind
from tests.browser.tablet import SCREENSHOTS
from tests.parlor.conftest import client_for
from tests.parlor.money_helpers import play, ron, start


def test_a_visitor_chooses_a_season_on_the_standings_page(
    browser: Any, live_server: Any, parlor_floor: dict[str, Any]
) -> None:
    parlor, players = parlor_floor["parlor"], parlor_floor["players"]
    staff = client_for(parlor_floor["staff"])
    four, three = parlor_floor["tables"]["standard"], parlor_floor["tables"]["seed-004"]
    for seated in (players[:4], [players[1], players[2], players[3], players[4]]):
        play(staff, start(staff, four, seated), [ron(3, 1, han=3, fu=30)], finish=True)
    play(staff, start(staff, three, players[:3]), [ron(2, 0, han=2)], finish=True)
    today = business_day_of(parlor)
    season = season_create(
        parlor=parlor,
        name="今日の部",
        first_day=today,
        last_day=today,
        kind=TableKind(player_count=4),
        min_games=2,
    )
    season_create(
        parlor=parlor,
        name="今年",
        first_day=today.replace(month=1, day=1),
        last_day=today,
        kind=TableKind(),
    )
    season_close(season=season, at=timezone.now() + timedelta(days=2))
    (expected,) = season_standings(season).standings

    context = browser.new_context(viewport={"width": 1280, "height": 900}, locale="ja-JP")
    page = context.new_page()
    page.goto(f"{live_server.url}/standings/{parlor.slug}/")
    page.select_option("select[name=season]", label="今日の部")
    page.click("form.period button[type=submit]")
    page.wait_for_selector("[data-period] [data-closed]")
    assert page.inner_text("[data-period-title]") == "今日の部"
    names = page.eval_on_selector_all(
        "[data-period] tbody td.name", "cells => cells.map(c => c.textContent)"
    )
    assert names == [row.name for row in expected.rows]
    below = page.inner_text("[data-period] .below")
    assert all(row.name in below for row in expected.below_minimum) and expected.below_minimum
    assert f"season={season.public_id}" in page.get_attribute("[data-export=csv]", "href")
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / "standings-season-chosen.png"), full_page=True)
    context.close()


def test_a_long_season_name_keeps_the_standings_within_a_phone(
    browser: Any, live_server: Any, parlor_floor: dict[str, Any]
) -> None:
    """The season's name in the chooser (at most 60 characters) does not widen the page past a
    390 px phone: the players would scroll every ranking sideways."""
    parlor = parlor_floor["parlor"]
    today = business_day_of(parlor)
    name = "2026年11月 月間ランキング（四人打ち・標準ルール限定）店内リーグ戦 後期 第二節まで"
    season_create(parlor=parlor, name=name, first_day=today, last_day=today, kind=TableKind())
    context = browser.new_context(viewport={"width": 390, "height": 844}, locale="ja-JP")
    page = context.new_page()
    page.goto(f"{live_server.url}/standings/{parlor.slug}/")
    page.select_option("select[name=season]", label=name)
    page.click("form.period button[type=submit]")
    page.wait_for_selector("[data-period]")
    wider = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
    page.screenshot(path=str(SCREENSHOTS / "standings-long-season-phone.png"), full_page=True)
    assert wider == 0
    context.close()
