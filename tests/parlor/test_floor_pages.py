"""The floor page's proposal and one-tap start, the counter's board, and the fragment both poll
(ETag, 304 while unchanged)."""

from __future__ import annotations

import html
import re

import pytest

from parlor.models import Game, GameStatus, MoneySettings
from parlor.services.games import game_start
from parlor.services.seating import Seating
from parlor.services.visits import visit_check_in, visit_check_out, visit_last_game_call
from tests.parlor.factories import PlayerFactory, TableFactory
from tests.parlor.test_floor import non_dealer_ron

pytestmark = pytest.mark.django_db


@pytest.fixture
def guests(parlor):
    MoneySettings.objects.create(parlor=parlor, player_count=4, rate_yen_per_p=50)
    people = PlayerFactory.create_batch(4, parlor=parlor)
    for player in people:
        visit_check_in(player=player, by=None)
    return people


def _proposed_ids(page: str) -> list[str]:
    return re.findall(r'<input type="hidden" name="players" value="([^"]+)">', page)


def test_the_floor_proposes_the_waiting_guests_and_one_tap_starts_their_game(tablet, table, guests):
    page = tablet.get("/tablet/").content.decode()
    assert 'data-proposal="1" data-outcome="formed"' in page
    ids = _proposed_ids(page)
    assert sorted(ids) == sorted(str(p.public_id) for p in guests)
    assert f"?picked={','.join(ids)}" in page  # "change it": the start page, pre-filled
    response = tablet.post(f"/tablet/tables/{table.public_id}/form/", {"players": ids})
    game = Game.objects.get(table=table)
    assert response.status_code == 302
    assert response["Location"] == f"/tablet/games/{game.public_id}/?seated=draw"
    assert game.status == GameStatus.IN_PROGRESS
    assert sorted(s.player_id for s in game.seats.all()) == sorted(p.pk for p in guests)
    assert game.seat_draw.method == "random"


def test_a_stale_proposal_is_refused_with_a_message_and_the_new_proposal(
    tablet, table, guests, staff_user
):
    ids = _proposed_ids(tablet.get("/tablet/").content.decode())
    visit_check_out(visit=guests[0].visits.get(), by=staff_user)
    response = tablet.post(f"/tablet/tables/{table.public_id}/form/", {"players": ids}, follow=True)
    assert not Game.objects.exists()
    page = response.content.decode()
    assert "この提案を表示した後に" in page  # the message, in Japanese by default
    assert 'data-short-by="1"' in page  # the new proposal: one player short


def test_the_board_shows_the_floor_without_controls(tablet, table, guests):
    page = tablet.get("/tablet/floor/board/").content.decode()
    assert 'data-board-table="1"' in page
    assert '<form method="post" action="/tablet/tables/' not in page
    assert all(guest.name in page for guest in guests)


@pytest.mark.parametrize("view", ["floor", "board"])
def test_the_live_fragment_answers_304_while_nothing_changed(tablet, table, guests, view):
    first = tablet.get(f"/tablet/floor/live/{view}/")
    assert first.status_code == 200 and first["ETag"]
    # The page is drawn with the same state: its first poll swaps nothing.
    page = tablet.get("/tablet/" if view == "floor" else "/tablet/floor/board/")
    assert f'data-etag="{html.escape(first["ETag"])}"' in page.content.decode()
    again = tablet.get(f"/tablet/floor/live/{view}/", HTTP_IF_NONE_MATCH=first["ETag"])
    assert again.status_code == 304
    visit_check_in(player=PlayerFactory(parlor=table.parlor, name="新顔"), by=None)
    changed = tablet.get(f"/tablet/floor/live/{view}/", HTTP_IF_NONE_MATCH=first["ETag"])
    assert changed.status_code == 200 and "新顔" in changed.content.decode()


def test_an_unknown_live_view_is_not_found(tablet):
    assert tablet.get("/tablet/floor/live/nothing/").status_code == 404


def test_a_guest_left_waiting_is_told_why_in_the_staffs_language(tablet, table, guests):
    visit_check_in(player=PlayerFactory(parlor=table.parlor, name="五人目"), by=None)
    tablet.cookies["django_language"] = "en"
    page = tablet.get("/tablet/").content.decode()
    fifth = page[page.index('data-floor-waiting="五人目"') :]
    assert "The seats went to guests who waited longer" in fifth[: fifth.index("</li>")]
    assert "Start with these players" in page


def test_a_table_at_all_last_shows_its_ras_han_call_and_the_next_game(tablet, parlor, guests):
    table = TableFactory(parlor=parlor, label="7", ruleset_key="tenhou-4p-tonpuu")
    game = game_start(table=table, players=guests, seating=Seating.GIVEN, by=None)
    visit_last_game_call(visit=guests[1].visits.get(), by=None)
    visit_check_in(player=PlayerFactory(parlor=parlor, name="次の人"), by=None)
    for sequence in (1, 2, 3):
        non_dealer_ron(game, sequence, None)
    page = tablet.get("/tablet/").content.decode()
    card = page[page.index('data-slot="7"') :]
    assert "data-all-last" in card and f"ラス半: {guests[1].name}" in card
    assert 'data-seats-coming="1"' in card
    assert "次の対局" in card and "次に入る: 次の人" in card


def test_an_empty_table_nobody_waits_for_says_nothing_of_players_short(tablet, parlor, table):
    MoneySettings.objects.create(parlor=parlor, player_count=4, rate_yen_per_p=50)
    page = tablet.get("/tablet/").content.decode()
    assert "data-short-by" not in page  # nobody waits: no "players short" on an empty table
    visit_check_in(player=PlayerFactory(parlor=parlor), by=None)
    page = tablet.get("/tablet/").content.decode()
    assert 'data-proposal="1" data-outcome="short"' in page and 'data-short-by="3"' in page


def test_a_playing_tables_card_links_straight_to_its_game(tablet, table, guests, staff_user):
    free = tablet.get("/tablet/").content.decode()
    assert f'href="/tablet/tables/{table.public_id}/"' in free  # a free table: its start
    game = game_start(table=table, players=guests, seating=Seating.GIVEN, by=staff_user)
    playing = tablet.get("/tablet/").content.decode()
    assert f'href="/tablet/games/{game.public_id}/" data-table="1"' in playing  # no redirect
