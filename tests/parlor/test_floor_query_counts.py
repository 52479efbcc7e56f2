"""The floor (GET /tablet/) and the table list (GET /api/tables/) take the same number of
queries however many tables the parlor has, and show each table as the per-table read did.

The tables come in every state the floor shows: free, a game in progress, a seat change due,
a rotating first dealer (回り親), three players, four people on a three-player ruleset (抜け番),
a custom ruleset, a custom ruleset broken under a game in progress, an unknown ruleset key.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from rest_framework.renderers import JSONRenderer
from rest_framework.test import APIClient

from parlor.api.tables import TableStateSerializer
from parlor.errors import DomainError
from parlor.models import (
    Game,
    GameStatus,
    Parlor,
    Player,
    RulesetDefinition,
    Table,
)
from parlor.selectors.answers import game_live_answer, table_answer
from parlor.selectors.game_seats import game_seats
from parlor.selectors.games import table_state, tables_of, tables_state
from parlor.selectors.rulesets import ruleset_resolve
from parlor.services.games import game_finish, game_start, game_void
from parlor.services.hands import hand_record
from parlor.services.seating import Seating
from parlor.view_helpers import pages
from scoring.errors import ScoringError
from scoring.ruleset import KichaSelection, Ruleset
from tests.parlor.conftest import client_for, ok
from tests.parlor.factories import PlayerFactory

pytestmark = pytest.mark.django_db

# The tables, their open games, the games' seats with players, the parlor's custom rulesets,
# the latest seat draws with their games counted, the draws' positions with players: 6, after
# the session, the user and their role (3) or the token with its user and the role (2). The
# floor page adds the floor's read (selectors.floor.floor_read): the tables, the custom
# rulesets, the money settings, the open games and their seats, the seats of each free table's
# latest game, the open visits, the staff free to sit in, the waiting list (9), less the
# tables' own query (the floor's read passes its tables on): 17.
FLOOR_MAX = 17
TABLE_LIST_MAX = 8

RON = {"result": {"kind": "ron", "loser": 0, "wins": [{"winner": 1, "han": 3, "fu": 30}]}}
CUSTOM = {
    "every-game": {"base": "standard", "seat_change_interval_games": 1},
    "house-uma": {"base": "standard", "uma": [30, 10, -10, -30]},
    "later-broken": {"base": "standard"},
}


def _table_state_before(table: Table) -> dict[str, Any]:
    """The per-table read as it was before the floor was batched (the reference)."""
    game = (
        table.games.filter(status=GameStatus.IN_PROGRESS).prefetch_related("seats__player").first()
    )
    state: dict[str, Any] = {
        "id": table.public_id,
        "label": table.label,
        "ruleset_key": table.ruleset_key,
        "ruleset": None,
        "seating": None,
        "game": None
        if game is None
        else game_live_answer(game, game_seats(game, player_count=game.ruleset.player_count)),
    }
    try:
        ruleset = ruleset_resolve(parlor=table.parlor, key=table.ruleset_key)
    except (ScoringError, DomainError) as exc:
        state["ruleset_error"] = str(exc)
        return state
    state["ruleset"] = {
        "key": table.ruleset_key,
        "title": ruleset.title,
        "title_en": ruleset.title_en,
        "player_count": ruleset.player_count,
    }
    state["seating"] = _seating_before(table, ruleset)
    return state


def _seating_before(table: Table, ruleset: Ruleset) -> dict[str, Any]:
    draw = table.seat_draws.order_by("-drawn_at", "-id").first()
    players: list[Player] = []
    played, next_first = 0, None
    if draw is not None:
        played = draw.games.filter(status=GameStatus.FINISHED).count()
        last = draw.games.exclude(status=GameStatus.VOIDED).order_by("-number_in_seating").first()
        if ruleset.kicha_selection == KichaSelection.ROTATE_EACH_GAME and last is not None:
            next_first = (last.first_dealer_position + 1) % draw.positions.count()
        players = [p.player for p in draw.positions.select_related("player")]
    interval = ruleset.seat_change_interval_games
    return {
        "players": [{"id": p.public_id, "name": p.name} for p in players],
        "games_played": played,
        "seat_change_interval_games": interval,
        "seat_draw_required": draw is None or (interval is not None and played >= interval),
        "next_first_dealer": players[next_first].public_id if next_first is not None else None,
    }


class Floor:
    """Adds tables in a given state to the parlor, playing through the services."""

    def __init__(self, parlor: Parlor, user: Any) -> None:
        self.parlor, self.user, self.count = parlor, user, 0

    def table(self, ruleset_key: str) -> Table:
        self.count += 1
        label = f"{self.count:02d}"
        return Table.objects.create(parlor=self.parlor, label=label, ruleset_key=ruleset_key)

    def start(self, table: Table, people: int, seating: Seating = Seating.GIVEN) -> Game:
        players = PlayerFactory.create_batch(people, parlor=self.parlor)
        if seating == Seating.KEEP:
            players = []
        return game_start(table=table, players=players, seating=seating, by=self.user)

    def finish(self, game: Game) -> None:
        game_finish(game=game, by=self.user)  # staff close it before its first hand

    def free(self) -> None:
        self.table("standard")

    def playing(self) -> None:
        game = self.start(self.table("standard"), 4)
        hand_record(game=game, sequence=1, entry=RON, by=self.user)

    def everything_else(self) -> None:
        self.finish(self.start(self.table("every-game"), 4))  # a seat change due
        rotating = self.table("seed-004")  # 回り親: the next first dealer is known
        self.finish(self.start(rotating, 3))
        self.start(rotating, 3, Seating.KEEP)
        after_cancel = self.table("seed-004")  # a cancelled game does not pass the deal on
        self.finish(self.start(after_cancel, 3))
        game_void(game=self.start(after_cancel, 3, Seating.KEEP), reason="x", by=self.user)
        self.start(self.table("tenhou-3p-tonpuu"), 3)
        self.start(self.table("seed-003"), 4)  # 抜け番: four people, three seats
        self.start(self.table("house-uma"), 4)
        self.finish(self.start(self.table("standard"), 4))  # free, one game since the draw
        self.start(self.table("later-broken"), 4)
        RulesetDefinition.objects.filter(key="later-broken").update(
            definition={"base": "standard", "uma": [30, 10]}
        )
        self.table("later-broken")  # the same broken key, resolved once
        self.table("no-such-ruleset")


@pytest.fixture
def floor(parlor: Parlor, staff_user: Any) -> Floor:
    for key, definition in CUSTOM.items():
        RulesetDefinition.objects.create(parlor=parlor, key=key, title=key, definition=definition)
    return Floor(parlor, staff_user)


@pytest.fixture
def api(staff_user: Any) -> APIClient:
    return client_for(staff_user)


def _queries(get: Callable[[], Any]) -> int:
    with CaptureQueriesContext(connection) as context:
        assert get().status_code == 200
    return len(context.captured_queries)


def test_the_floor_takes_the_same_queries_for_2_tables_and_for_12(
    floor, tablet, django_assert_max_num_queries, django_assert_num_queries
):
    floor.free()
    floor.playing()
    with django_assert_max_num_queries(FLOOR_MAX):
        two = _queries(lambda: tablet.get("/tablet/"))
    floor.everything_else()
    assert floor.count == 12
    with django_assert_num_queries(two):
        page = tablet.get("/tablet/")
    assert len(page.context["cards"]) == 12


def test_the_table_list_takes_the_same_queries_for_2_tables_and_for_12(
    floor, api, django_assert_max_num_queries, django_assert_num_queries
):
    floor.free()
    floor.playing()
    with django_assert_max_num_queries(TABLE_LIST_MAX):
        two = _queries(lambda: api.get("/api/tables/"))
    floor.everything_else()
    with django_assert_num_queries(two):
        tables = ok(api.get("/api/tables/"))
    assert len(tables) == 12


def test_every_table_reads_as_it_did_one_by_one(floor, parlor, tablet, api):
    floor.free()
    floor.playing()
    floor.everything_else()
    tables = list(tables_of(parlor))
    expected = [_table_state_before(table) for table in tables]

    batched = tables_state(tables)
    one_by_one = [table_state(table) for table in tables]
    assert [table_answer(state) for state in batched] == expected
    assert [table_answer(state) for state in one_by_one] == expected
    assert ok(api.get("/api/tables/")) == _api_json(expected)
    cards = tablet.get("/tablet/").context["cards"]
    assert cards == [pages.table_card(state) for state in one_by_one]
    # The cards show what the answer says: each open game's round, sticks, names and scores.
    for card, answer in zip(cards, expected, strict=True):
        game = answer["game"]
        assert (card["label"], bool(card["game"])) == (answer["label"], bool(game))
        if game:
            tiles = card["game"]["tiles"]
            assert [(t.name, t.score) for t in tiles] == [
                (seat["name"], score) for seat, score in zip(game["seats"], game["scores"])
            ]
            assert card["game"]["sticks"] == game["sticks"]
            assert bool(card["game"]["round"]) == (game["next"] is not None)


def test_the_tables_cover_every_state_of_the_floor(floor, parlor):
    floor.free()
    floor.playing()
    floor.everything_else()
    by_label = {s["label"]: s for s in map(table_answer, tables_state(tables_of(parlor)))}
    assert by_label["01"]["seating"]["seat_draw_required"] and not by_label["01"]["game"]
    assert by_label["02"]["game"]["hand_count"] == 1
    assert by_label["03"]["seating"]["players"] and by_label["03"]["seating"]["seat_draw_required"]
    assert by_label["04"]["seating"]["next_first_dealer"] is not None
    assert by_label["05"]["seating"]["games_played"] == 1
    assert by_label["05"]["seating"]["next_first_dealer"] is not None
    assert by_label["06"]["ruleset"]["player_count"] == 3 and by_label["06"]["game"]["winds"]
    assert len(by_label["07"]["game"]["seats"]) == 4 and by_label["07"]["game"]["winds"] is None
    assert by_label["08"]["ruleset"]["key"] == "house-uma"
    assert by_label["09"]["seating"]["games_played"] == 1 and not by_label["09"]["game"]
    assert by_label["10"]["game"] and "uma" in by_label["10"]["ruleset_error"]
    assert by_label["11"]["ruleset_error"] == by_label["10"]["ruleset_error"]
    assert "unknown ruleset" in by_label["12"]["ruleset_error"]


def _api_json(states: list[dict[str, Any]]) -> Any:
    return json.loads(JSONRenderer().render(TableStateSerializer(states, many=True).data))
