"""The standings page, the TV board and the player page read a fixed number of queries,
however many games the parlor and the player have: each is asserted with few and with many
games, so a query per game (or per visit) fails here."""

from __future__ import annotations

from datetime import timedelta

import pytest
import time_machine
from django.contrib.auth import get_user_model
from django.test import Client

from parlor.services.visits import visit_check_in, visit_check_out
from tests.reports.day import DayOfGames, at, play_day, play_game

pytestmark = pytest.mark.django_db
# What each page needs, whatever the number of games: the ceiling of its queries.
STANDINGS_QUERIES = 5  # parlor, public?, standings settings, today, month
# The page's period chooser: the seasons, the tables' rulesets and the parlor's rulesets.
CHOOSER_QUERIES = 3
# session, user, player, statistics, results, visits (+ an open one), yaku: seats, the games'
# rulesets (to read the stored entries) and hands,
# the seasons (none here; a closed one adds its stored rows, an open one its live standings)
PLAYER_PAGE_QUERIES = 11


def play_more(d: DayOfGames, count: int) -> None:
    """`count` more games in the morning of the day, each in a visit of its own."""
    a, b, c, e, _f = d.members
    for n in range(count):
        start = at(5, 1, 7) + timedelta(minutes=30 * n)
        seated = [[a, b, c, e], [b, c, e, a], [c, e, a, b]][n % 3]
        with time_machine.travel(start - timedelta(minutes=5), tick=False):
            visits = [visit_check_in(player=p, by=d.staff) for p in seated]
        play_game(d.tables["1"], seated, start=start, end=start + timedelta(minutes=25), by=d.staff)
        with time_machine.travel(start + timedelta(minutes=27), tick=False):
            for visit in visits:
                visit_check_out(visit=visit, by=d.staff)


@pytest.fixture(params=[0, 8], ids=["few-games", "many-games"])
def day(request: pytest.FixtureRequest) -> DayOfGames:
    d = play_day()
    play_more(d, request.param)
    return d


@pytest.mark.parametrize("path", ["", "tv/"], ids=["standings", "tv-board"])
def test_the_standings_pages_read_a_fixed_number_of_queries(
    day, path, django_assert_max_num_queries
):
    client = Client()
    with (
        time_machine.travel(at(5, 1, 23, 50), tick=False),
        # The TV board has no chooser: it reads the period the query names, if any.
        django_assert_max_num_queries(STANDINGS_QUERIES + (CHOOSER_QUERIES if not path else 0)),
    ):
        response = client.get(f"/standings/{day.parlor.slug}/{path}")
    assert response.status_code == 200
    assert day.members[0].name in response.content.decode()


def test_the_player_page_reads_a_fixed_number_of_queries(day, django_assert_max_num_queries):
    player = day.members[0]
    player.user = get_user_model().objects.create_user("yamada", password="pw")
    player.save(update_fields=["user"])
    client = Client()
    client.force_login(player.user)
    with (
        time_machine.travel(at(5, 2, 12), tick=False),
        django_assert_max_num_queries(PLAYER_PAGE_QUERIES),
    ):
        response = client.get("/me/")
    assert response.status_code == 200
    html = response.content.decode()
    assert 'data-stat="games"' in html and "/receipts/" in html
