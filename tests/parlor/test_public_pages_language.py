"""What players read on their phones, in one language they can choose: the player's own page
(also for a new player with no game yet), the standings, a tournament's and a league's public
pages each offer 日本語 / English, as the live view and the guest's page do; the player's
list of games and the event page's rounds are headed as lists, not as counts (ゲーム数); the
player's receipt opens laid out for their phone."""

from __future__ import annotations

import re

import pytest
from django.test import Client

from parlor.models import MemberRole, Parlor, Player, PlayerKind, Table
from parlor.services.leagues import StageSpec, league_create
from tests.parlor.factories import MemberFactory, TableFactory, UserFactory
from tests.parlor.money_helpers import example_setup
from tests.parlor.test_tournament_services import _new_event

pytestmark = pytest.mark.django_db


def _headings(html: str) -> list[str]:
    return [re.sub(r"<[^>]+>", "", h).strip() for h in re.findall(r"<h2[^>]*>(.*?)</h2>", html)]


@pytest.fixture
def newcomer(parlor: Parlor) -> Client:
    user = UserFactory()
    Player.objects.create(parlor=parlor, name="新人", kind=PlayerKind.GUEST, user=user)
    client = Client()
    client.force_login(user)
    return client


def test_a_new_players_page_says_they_have_no_game_yet_and_offers_english(newcomer):
    answer = newcomer.get("/me/")
    html = answer.content.decode()
    assert answer.status_code == 200 and "新人" in html
    assert "対局履歴" in _headings(html) and "ゲーム数" not in _headings(html)
    assert 'name="language" value="en"' in html
    newcomer.cookies["django_language"] = "en"
    english = newcomer.get("/me/").content.decode()
    assert "Games played" in _headings(english) and "No games yet." in english


def test_the_standings_event_and_league_pages_offer_both_languages(parlor: Parlor):
    table: Table = TableFactory(parlor=parlor, label="1", ruleset_key="standard")
    event = _new_event(parlor, [table], None)
    league = league_create(
        parlor=parlor,
        name="秋季リーグ",
        tables=[table],
        stages=[StageSpec(name="本戦", session_count=1, advance=None)],
        by=None,
    )
    for path in (
        f"/standings/{parlor.slug}/",
        f"/events/{event.public_id}/",
        f"/leagues/{league.public_id}/",
    ):
        html = Client().get(path).content.decode()
        assert 'name="language" value="en"' in html, path
    manager = Client()
    manager.force_login(MemberFactory(parlor=parlor, role=MemberRole.MANAGER).user)
    headings = _headings(manager.get(f"/manage/events/{event.public_id}/").content.decode())
    assert "回戦" in headings and "回戦数" not in headings
    league_page = manager.get(f"/manage/leagues/{league.public_id}/").content.decode()
    assert '<span data-ruleset="standard">標準ルール</span>' in league_page


def test_the_players_page_opens_a_receipt_laid_out_for_a_phone(parlor, players, personas):
    """The A4 receipt's ten columns run off a 390 px phone; the 80 mm roll's layout fits it,
    and its own links still lead to A4 and the PDFs."""
    example_setup(parlor, players, personas)
    me = Client()
    me.force_login(players[0].user)
    html = me.get("/me/").content.decode()
    links = re.findall(r'href="(/receipts/[^"]+)"', html)
    assert links and all(link.endswith("?paper=80") for link in links), links
    assert me.get(links[0]).status_code == 200
