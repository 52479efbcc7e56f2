"""A person is in one open game at most: seated as a player, as staff playing for the parlor
(本走), or standing in for a player (代走). A second seat is refused naming the table."""

from __future__ import annotations

import time

import pytest
from django.db import connection

from parlor.models import Game, GameSeat, MemberRole, ParlorMember, PlayerKind, Table, VisitGame
from parlor.services import games as game_services
from parlor.services.seating import Seating
from tests.parlor.conftest import ok
from tests.parlor.factories import PlayerFactory
from tests.parlor.money_helpers import check_in, example_setup, start, table
from tests.parlor.test_concurrency_pg import _race

pytestmark = pytest.mark.django_db


def _start(staff, at, seated):
    body = {"players": [str(p.public_id) for p in seated], "seating": "given"}
    return staff.post(f"/api/tables/{at.public_id}/games/", body, format="json")


def _refused(response, *, names):
    assert response.status_code == 409, response.content.decode()
    error = response.json()["error"]
    assert (error["code"], error["field"]) == ("player_in_open_game", "players")
    assert error["message"] == names
    return error


@pytest.fixture
def floor(parlor, players, personas):
    """Tables 1 and 7 (the example's money), every player checked in, more players for 7."""
    staff, four, _, _ = example_setup(parlor, players, personas)
    second = table(parlor, "7", four.ruleset_key)
    extra = PlayerFactory.create_batch(3, parlor=parlor)
    for p in extra:
        check_in(staff, p)
    return staff, four, second, extra


@pytest.fixture
def staff_player(parlor, personas):
    user = ParlorMember.objects.get(parlor=parlor, role=MemberRole.STAFF).user
    return PlayerFactory(parlor=parlor, user=user, name="店員 山田", kind=PlayerKind.GUEST)


def test_a_player_in_an_open_game_cannot_sit_at_another_table(players, floor):
    staff, one, two, extra = floor
    players[1].name = "青木"
    players[1].save(update_fields=["name"])
    start(staff, one, players[:4])
    _refused(_start(staff, two, [players[1], *extra]), names="青木 is playing at table 1")
    assert Game.objects.filter(table=two).count() == 0
    assert start(staff, two, [players[4], *extra])["status"] == "in_progress"


def test_once_the_game_is_voided_the_player_is_free(players, floor):
    staff, one, two, extra = floor
    game = start(staff, one, players[:4])
    ok(staff.post(f"/api/games/{game['id']}/cancel/", {"reason": "卓違い"}, format="json"))
    assert start(staff, two, [players[1], *extra])["status"] == "in_progress"


def test_staff_playing_for_the_parlor_cannot_sit_at_two_tables(players, floor, staff_player):
    staff, one, two, extra = floor
    start(staff, one, [players[0], staff_player, players[2], players[3]])
    _refused(_start(staff, two, [staff_player, *extra]), names="店員 山田 is playing at table 1")


def test_staff_standing_in_cannot_sit_down_or_stand_in_at_another_table(
    parlor, players, floor, staff_player
):
    staff, one, two, extra = floor
    first = start(staff, one, players[:4])
    visit = VisitGame.objects.get(game__public_id=first["id"], seat=1).visit
    ok(staff.post(f"/api/visits/{visit.public_id}/stand-in/", {"game": first["id"]}, format="json"))
    _refused(
        _start(staff, two, [staff_player, *extra]),
        names="店員 山田 is standing in (代走) at table 1",
    )
    # Standing in again in the same game is fine; in a second open game it is not.
    ok(staff.post(f"/api/visits/{visit.public_id}/stand-in/", {"game": first["id"]}, format="json"))
    second = start(staff, two, [players[4], *extra])
    other = VisitGame.objects.get(game__public_id=second["id"], seat=0).visit
    response = staff.post(
        f"/api/visits/{other.public_id}/stand-in/", {"game": second["id"]}, format="json"
    )
    assert response.status_code == 409, response.content.decode()
    error = response.json()["error"]
    assert (error["code"], error["field"]) == ("player_in_open_game", "game")
    assert "table 1" in error["message"]
    assert VisitGame.objects.get(visit=other).stand_in_by is None


def test_staff_seated_in_a_game_cannot_stand_in_at_another(players, floor, staff_player):
    staff, one, two, extra = floor
    start(staff, one, [players[0], staff_player, players[2], players[3]])
    second = start(staff, two, [players[1], *extra])
    other = VisitGame.objects.get(game__public_id=second["id"], seat=0).visit
    response = staff.post(
        f"/api/visits/{other.public_id}/stand-in/", {"game": second["id"]}, format="json"
    )
    assert response.status_code == 409
    assert response.json()["error"]["message"] == "店員 山田 is playing at table 1"


@pytest.mark.django_db(transaction=True)
@pytest.mark.skipif(connection.vendor != "postgresql", reason="row locks need PostgreSQL")
def test_two_tables_starting_at_once_with_the_same_player_seat_them_once(
    players, floor, monkeypatch
):
    staff, one, two, extra = floor
    real_refuse = game_services.open_game_refuse

    def slow_refuse(**kwargs):
        real_refuse(**kwargs)
        time.sleep(0.3)  # checked, not yet seated: the other table's start arrives now

    monkeypatch.setattr(game_services, "open_game_refuse", slow_refuse)
    responses = _race(
        [
            lambda: _start(staff, one, players[:4]),
            lambda: _start(staff, two, [players[1], *extra]),
        ]
    )
    assert sorted(r.status_code for r in responses) == [201, 409]
    assert GameSeat.objects.filter(player=players[1], game__status="in_progress").count() == 1


def test_the_tablets_start_page_says_who_plays_where(tablet, table, players, staff_user):
    first = game_services.game_start(
        table=table, players=players[:4], seating=Seating.GIVEN, by=staff_user
    )
    other = Table.objects.create(parlor=table.parlor, label="7", ruleset_key="standard")
    response = tablet.post(
        f"/tablet/tables/{other.public_id}/start/",
        {"players": [str(p.public_id) for p in players[1:5]], "seating": "given"},
    )
    assert response.status_code == 409
    page = response.content.decode()
    assert 'data-code="player_in_open_game"' in page
    # In the page's language alone: the name and the table inside the Japanese sentence.
    assert f"{first.seats.get(seat=1).name}さんは別の卓で対局中です（1番卓）" in page
    assert "is playing at table" not in page
    assert not other.games.exists()
