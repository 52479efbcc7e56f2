"""Tournaments (大会) and seasons (シーズン) in the Django admin: each page lists, searches and
opens its rows for the operator; a manager sees only their own parlor's; nothing can be changed
or deleted there (a penalty and a closed season's standings are records), and every field's
label is in Japanese by default."""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date
from typing import Any

import pytest
from django.conf import settings
from django.db import connection
from django.test.utils import CaptureQueriesContext

from parlor.models import (
    Event,
    EventPenalty,
    EventPlayer,
    EventRound,
    Parlor,
    RoundTable,
    Season,
    SeasonStanding,
)
from parlor.services.seasons import season_create
from parlor.services.standings import TableKind
from parlor.services.tournament_penalties import penalty_give
from parlor.services.tournament_rounds import round_seat
from parlor.services.tournaments import event_create, event_register
from tests.parlor.admin_clients import managed_parlor, signed_in
from tests.parlor.admin_clients import operator_client as _operator
from tests.parlor.factories import PlayerFactory, TableFactory

pytestmark = pytest.mark.django_db


@dataclass
class Side:
    """One parlor's tournament and season, each named with the side's name."""

    parlor: Parlor
    manager: Any
    event: Event
    entry: EventPlayer
    round: EventRound
    round_table: RoundTable
    penalty: EventPenalty
    season: Season
    standing: SeasonStanding


def _side(name: str) -> Side:
    parlor, manager = managed_parlor(name)
    tables = [TableFactory(parlor=parlor, label=f"{name}-T{n}") for n in (1, 2)]
    event = event_create(
        parlor=parlor,
        name=f"{name} cup",
        starts_on=date(2026, 11, 28),
        ends_on=date(2026, 11, 28),
        round_count=2,
        tables=tables,
        by=manager,
    )
    players = [PlayerFactory(parlor=parlor, name=f"{name}-p{n}") for n in range(8)]
    entries = [event_register(event=event, player=p, by=manager) for p in players]
    first = round_seat(event=event, by=manager)
    season = season_create(
        parlor=parlor,
        name=f"{name} season",
        first_day=date(2026, 10, 1),
        last_day=date(2026, 10, 31),
        kind=TableKind(player_count=4),
        by=manager,
    )
    return Side(
        parlor=parlor,
        manager=manager,
        event=event,
        entry=entries[0],
        round=first,
        round_table=first.tables.get(number=1),
        penalty=penalty_give(entry=entries[0], points=5, reason=f"{name}-slow", by=manager),
        season=season,
        standing=SeasonStanding.objects.create(
            season=season,
            player=players[0],
            name=f"{name}-closed-p0",
            player_count=4,
            is_ranked=True,
            position=1,
            games=12,
            total_tenths=523,
            average_rank_hundredths=208,
            tops=4,
        ),
    )


@pytest.fixture
def sides() -> tuple[Side, Side]:
    return _side("Alpha"), _side("Bravo")


# page -> the row of a side it shows, the text the list shows for it, and a search that finds it
PAGES = {
    "event": lambda s: (s.event, s.event.name, s.event.name),
    "eventplayer": lambda s: (s.entry, s.entry.player.name, s.entry.player.name),
    "eventround": lambda s: (s.round, s.event.name, s.event.name),
    "roundtable": lambda s: (s.round_table, s.round_table.table.label, s.round_table.table.label),
    "eventpenalty": lambda s: (s.penalty, s.penalty.reason, s.penalty.reason),
    "season": lambda s: (s.season, s.season.name, s.season.name),
    "seasonstanding": lambda s: (s.standing, s.standing.name, s.standing.name),
}


@pytest.mark.parametrize("page", sorted(PAGES))
def test_the_operator_lists_searches_and_opens_each_page(sides, page):
    operator = _operator()
    (alpha_row, alpha_text, alpha_query), (_, bravo_text, _) = (PAGES[page](s) for s in sides)
    listing = operator.get(f"/admin/parlor/{page}/").content.decode()
    assert alpha_text in listing and bravo_text in listing
    found = operator.get(f"/admin/parlor/{page}/", {"q": alpha_query})
    assert found.status_code == 200
    assert alpha_text in found.content.decode()
    assert bravo_text not in found.content.decode()
    opened = operator.get(f"/admin/parlor/{page}/{alpha_row.pk}/change/")
    assert opened.status_code == 200
    assert alpha_text in opened.content.decode()


def test_a_seat_shows_on_its_round_table_and_a_player_finds_their_table(sides):
    alpha, _ = sides
    seat = alpha.round_table.seats.select_related("entry__player").first()
    operator = _operator()
    page = operator.get(f"/admin/parlor/roundtable/{alpha.round_table.pk}/change/")
    assert seat.entry.player.name in page.content.decode()
    found = operator.get("/admin/parlor/roundtable/", {"q": seat.entry.player.name})
    assert list(found.context["cl"].result_list) == [alpha.round_table]


@pytest.mark.parametrize("page", sorted(PAGES))
def test_a_manager_sees_only_their_own_parlors_rows(sides, page):
    alpha, bravo = sides
    manager = signed_in(alpha.manager)
    (own, own_text, _), (other, other_text, _) = PAGES[page](alpha), PAGES[page](bravo)
    listing = manager.get(f"/admin/parlor/{page}/").content.decode()
    assert own_text in listing
    assert other_text not in listing
    assert bravo.parlor.name not in listing  # not even in a filter by parlor
    assert manager.get(f"/admin/parlor/{page}/{own.pk}/change/").status_code == 200
    assert manager.get(f"/admin/parlor/{page}/{other.pk}/change/").status_code == 404


@pytest.mark.parametrize("page", sorted(PAGES))
def test_nothing_is_added_changed_or_deleted_here(sides, page):
    alpha, _ = sides
    row = PAGES[page](alpha)[0]
    operator = _operator()
    assert operator.get(f"/admin/parlor/{page}/add/").status_code == 403
    assert operator.post(f"/admin/parlor/{page}/{row.pk}/change/", {}).status_code == 403
    assert (
        operator.post(f"/admin/parlor/{page}/{row.pk}/delete/", {"post": "yes"}).status_code == 403
    )
    assert type(row).objects.filter(pk=row.pk).exists()


def test_a_penalty_cannot_be_changed_and_the_page_says_why(sides):
    alpha, _ = sides
    penalty = alpha.penalty
    page = f"/admin/parlor/eventpenalty/{penalty.pk}/change/"
    operator = _operator()
    posted = operator.post(page, {"points": 1, "reason": "forgiven", "entry": penalty.entry_id})
    assert posted.status_code == 403
    penalty.refresh_from_db()
    assert (penalty.points, penalty.reason) == (5, "Alpha-slow")
    assert "ペナルティは記録です" in operator.get(page).content.decode()


def test_a_closed_seasons_standing_cannot_be_changed_and_the_page_says_why(sides):
    alpha, _ = sides
    line = alpha.standing
    page = f"/admin/parlor/seasonstanding/{line.pk}/change/"
    operator = _operator()
    assert operator.post(page, {"total_tenths": 9999, "position": 2}).status_code == 403
    line.refresh_from_db()
    assert (line.total_tenths, line.position) == (523, 1)
    shown = operator.get(page).content.decode()
    assert "締めた時点の記録" in shown
    assert "+52.3p" in operator.get("/admin/parlor/seasonstanding/").content.decode()


LABEL = re.compile(
    r"<label[^>]*>(.*?)</label>|<th[^>]*class=\"[^\"]*column-[^\"]*\"[^>]*>(.*?)</th>", re.S
)


def _labels(html: str) -> list[str]:
    """The field labels and column headings of a page, as text."""
    return [re.sub(r"<[^>]+>|\s+", "", a or b) for a, b in LABEL.findall(html)]


@pytest.mark.parametrize("page", sorted(PAGES))
def test_every_label_is_japanese(sides, page):
    alpha, _ = sides
    operator = _operator()
    for path in (
        f"/admin/parlor/{page}/",
        f"/admin/parlor/{page}/{PAGES[page](alpha)[0].pk}/change/",
    ):
        labels = _labels(operator.get(path).content.decode())
        assert labels, path
        # an English word, leaving aside ID and a unit's letter (円/p)
        english = [text for text in labels if re.search(r"[A-Za-z]{2,}", text.replace("ID", ""))]
        assert english == [], path


FILTER_TITLE = re.compile(r'data-filter-title="([^"]*)"')


@pytest.mark.parametrize("page", sorted(PAGES))
def test_every_filter_is_titled_in_japanese(sides, page):
    titles = FILTER_TITLE.findall(_operator().get(f"/admin/parlor/{page}/").content.decode())
    assert "雀荘" in titles  # the operator filters by parlor
    assert [t for t in titles if re.search(r"[A-Za-z]{2,}", t)] == []


# page, a filter's choice, and whether Alpha's row is kept (each side has one of each)
FILTERED = [
    ("event", "status=running", True),  # seated its first round
    ("event", "status=registration", False),
    ("eventround", "status=seated", True),
    ("eventround", "status=finished", False),
    ("eventplayer", "is_substitute=0", True),
    ("eventplayer", "is_substitute=1", False),
    ("eventplayer", "dropped=1", False),
    ("season", "closed=0", True),
    ("season", "closed=1", False),
    ("season", "player_count=4", True),
    ("season", "player_count=3", False),
    ("seasonstanding", "is_ranked=1", True),
    ("seasonstanding", "is_ranked=0", False),
]


@pytest.mark.parametrize(("page", "choice", "kept"), FILTERED)
def test_a_filter_keeps_the_rows_of_its_choice(sides, page, choice, kept):
    alpha, _ = sides
    row = PAGES[page](alpha)[0]
    listed = _operator().get(f"/admin/parlor/{page}/?{choice}").context["cl"].result_list
    assert (row in list(listed)) is kept


def test_the_labels_are_english_when_english_is_chosen(sides):
    alpha, _ = sides
    operator = _operator()
    operator.cookies[settings.LANGUAGE_COOKIE_NAME] = "en"
    page = operator.get(f"/admin/parlor/eventpenalty/{alpha.penalty.pk}/change/").content.decode()
    assert "Points taken off" in page and "A penalty is a record" in page
    assert "減点" not in page


def test_the_pages_of_an_event_read_no_more_for_more_players(sides):
    """Each row of an inline names its player, round or table: read with the page's query,
    not one query a row."""
    alpha, _ = sides
    operator = _operator()
    pages = (
        f"/admin/parlor/event/{alpha.event.pk}/change/",
        f"/admin/parlor/eventround/{alpha.round.pk}/change/",
        f"/admin/parlor/roundtable/{alpha.round_table.pk}/change/",
        "/admin/parlor/eventplayer/",
    )

    def queries() -> list[int]:
        counted = []
        for page in pages:
            with CaptureQueriesContext(connection) as read:
                assert operator.get(page).status_code == 200
            counted.append(len(read))
        return counted

    queries()  # the first reads fill caches (content types), whatever the players
    first = queries()
    for player in PlayerFactory.create_batch(24, parlor=alpha.parlor):
        event_register(event=alpha.event, player=player, is_substitute=True, by=alpha.manager)
    assert alpha.event.entries.count() == 32
    assert queries() == first
