"""Leagues (リーグ戦) on the director's pages, the public page and the API: a league created
from the form with its stages, a session opened, the standings read in Japanese by default and
in English when chosen, and another parlor's league not found."""

from __future__ import annotations

from typing import Any

import pytest
from django.conf import settings
from django.test import Client

from parlor.models import AuditEvent, League, LeagueSession, LeagueStage, MemberRole, Parlor, Table
from parlor.services.leagues import league_register
from tests.parlor.conftest import client_for
from tests.parlor.factories import MemberFactory, PlayerFactory, TableFactory
from tests.parlor.test_japanese_pages_have_no_english_sentences import english_runs


@pytest.fixture
def manager(parlor: Parlor) -> Any:
    return MemberFactory(parlor=parlor, role=MemberRole.MANAGER).user


@pytest.fixture
def tables(parlor: Parlor) -> list[Table]:
    return [TableFactory(parlor=parlor, label=f"L{n}", ruleset_key="standard") for n in (1, 2)]


@pytest.fixture
def browser(manager: Any) -> Client:
    client = Client()
    client.force_login(manager)
    return client


def stage_rows(*rows: tuple[str, str, str, str]) -> dict[str, str]:
    """The stage formset's fields: (name, sessions, go on, carry) per row, six rows in all."""
    data = {"stage-TOTAL_FORMS": "6", "stage-INITIAL_FORMS": "0"}
    for index in range(6):
        name, sessions, advance, carry = rows[index] if index < len(rows) else ("", "", "", "full")
        data |= {
            f"stage-{index}-name": name,
            f"stage-{index}-session_count": sessions,
            f"stage-{index}-rounds_per_session": "1",
            f"stage-{index}-advance": advance,
            f"stage-{index}-carry_over": carry,
        }
    return data


def test_a_league_is_created_from_the_form_and_a_session_opened(browser, tables, parlor, manager):
    blank = browser.get("/manage/leagues/").content.decode()
    assert 'name="stage-INITIAL_FORMS" value="0"' in blank  # every row may be left empty
    form = {"name": "冬季リーグ", "tables": [t.pk for t in tables]}
    stages = stage_rows(("予選", "2", "4", "half"), ("決勝", "1", "", "full"))
    created = browser.post("/manage/leagues/", form | stages)
    league = League.objects.get(name="冬季リーグ")
    assert created.status_code == 302 and created["Location"].endswith(f"{league.public_id}/")
    assert [
        (s.name, s.advance, s.carry_over) for s in LeagueStage.objects.filter(league=league)
    ] == [
        ("予選", 4, "half"),
        ("決勝", None, "full"),
    ]
    assert AuditEvent.objects.filter(subject_type="league", action="create").count() == 1
    url = f"/manage/leagues/{league.public_id}/"
    for player in PlayerFactory.create_batch(8, parlor=parlor):
        assert browser.post(url + "register/", {"player": player.pk}).status_code == 302
    opened = browser.post(url + "session/", {"starts_on": "2026-12-01", "ends_on": "2026-12-01"})
    assert opened.status_code == 302
    session = LeagueSession.objects.get(stage__league=league)
    assert session.event.entries.count() == 8
    page = browser.get(url).content.decode()
    assert f"/manage/events/{session.event.public_id}/" in page and "次の節を開く" in page
    event_page = browser.get(f"/manage/events/{session.event.public_id}/").content.decode()
    assert f'href="{url}"' in event_page and "リーグ「冬季リーグ」予選 第1節" in event_page


def test_a_refused_stage_list_is_shown_beside_the_form(browser, tables):
    form = {"name": "x", "tables": [t.pk for t in tables]}
    refused = browser.post(
        "/manage/leagues/", form | stage_rows(("予選", "2", "6", "full"), ("決勝", "1", "", "full"))
    )
    assert refused.status_code == 400 and not League.objects.exists()
    assert "卓" in refused.content.decode()  # the cut fills whole tables, said in Japanese


@pytest.fixture
def league(browser, tables, parlor, manager) -> League:
    form = {"name": "春季リーグ", "tables": [t.pk for t in tables]}
    browser.post(
        "/manage/leagues/", form | stage_rows(("予選", "1", "4", "full"), ("決勝", "1", "", "full"))
    )
    league = League.objects.get(name="春季リーグ")
    for n in range(1, 9):  # Japanese names: the pages' English runs would be the UI's
        player = PlayerFactory(parlor=parlor, name=f"選手{n}")
        league_register(league=league, player=player, by=manager)
    return league


def test_the_public_page_speaks_japanese_and_english_when_chosen(league):
    client = Client()
    url = f"/leagues/{league.public_id}/"
    japanese = client.get(url).content.decode()
    assert "予選" in japanese and "上位4名が勝ち上がり" in japanese and "持ち越し" in japanese
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "en"
    english = client.get(url).content.decode()
    assert "The top 4 go on" in english and "Carried in" in english and "勝ち上がり" not in english
    assert client.get("/leagues/not-a-league/").status_code == 404


def test_the_api_reads_the_standings_at_the_league_parlor_only(league, staff_user, other_parlor):
    url = f"/api/leagues/{league.public_id}/standings/"
    stages = client_for(staff_user).get(url).json()
    assert [s["name"] for s in stages] == ["予選", "決勝"]
    assert len(stages[0]["standings"]) == 8 and stages[1]["standings"] == []
    assert {line["advanced"] for line in stages[0]["standings"]} == {None}
    stranger = MemberFactory(parlor=other_parlor, role=MemberRole.MANAGER).user
    assert client_for(stranger).get(url).status_code == 404


def test_the_japanese_league_pages_show_no_english_sentence(league, browser, parlor, manager):
    url = f"/manage/leagues/{league.public_id}/"
    browser.post(url + "session/", {"starts_on": "2026-12-01", "ends_on": "2026-12-01"})
    pages = ["/manage/leagues/", url, f"/leagues/{league.public_id}/"]
    for path in pages:
        response = browser.get(path)
        assert response.status_code == 200
        assert not english_runs(response.content.decode()), path
