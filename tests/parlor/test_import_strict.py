"""A game import passes entry's checks: names as the counter takes them, a ruleset id a game can
store, nobody in two open games, never onto a table with a game in progress, visits and money as
for a game started at the table. Each refusal is a clear 400 or 409 that writes nothing."""

from __future__ import annotations

import json

import pytest

from parlor.models import (
    AuditEvent,
    Game,
    GameStatus,
    MoneySettings,
    Player,
    SeatDraw,
    Table,
    VisitGame,
)
from parlor.selectors.live import live_game, live_token
from parlor.services.visits import visit_check_in
from tests.parlor.conftest import RON_1_BY_0, ok

pytestmark = pytest.mark.django_db


@pytest.fixture
def manager(personas):
    return personas["manager"]


def _record(names, *, ruleset="standard", finished=False):
    return {
        "format": "tenbo-game/1",
        "ruleset": ruleset,
        "players": names,
        "hands": [RON_1_BY_0],
        "finished": finished,
    }


def _import(client, table, record, **extra):
    # JSON written here, ASCII only, so a lone surrogate travels as the escape a client sends.
    return client.post(
        f"/api/tables/{table.public_id}/games/import/",
        json.dumps({"record": record, **extra}),
        content_type="application/json",
    )


def _error(response, status):
    assert response.status_code == status, response.content.decode()
    return response.json()["error"]


@pytest.mark.parametrize(
    ("name", "code"),
    [
        pytest.param("長" * 61, "too_long", id="over-60-characters"),
        pytest.param("A\x00B", "control_characters", id="nul"),
        pytest.param("A\x07B", "control_characters", id="bel"),
        pytest.param("A\tB", "control_characters", id="tab-in-a-one-line-name"),
        pytest.param("A\x85B", "control_characters", id="c1-next-line"),
        pytest.param("A\ud800B", "control_characters", id="lone-surrogate"),
        pytest.param("   ", "name_required", id="blank"),
    ],
)
def test_a_name_the_counter_would_refuse_is_a_400_naming_the_seat(table, manager, name, code):
    error = _error(_import(manager, table, _record(["A", name, "C", "D"])), 400)
    assert (error["code"], error["field"]) == (code, "players[1]")
    assert not Game.objects.exists()
    assert not Player.objects.filter(name="A").exists()


def test_a_name_is_stripped_and_a_new_guest_is_created_as_at_the_counter(table, manager):
    body = ok(_import(manager, table, _record([" A ", "B", "C", "D"])), 201)
    assert [s["name"] for s in body["seats"]] == ["A", "B", "C", "D"]
    guest = Player.objects.get(name="A")
    assert AuditEvent.objects.filter(subject_id=str(guest.public_id)).exists()


@pytest.mark.parametrize(
    ("ruleset", "field"),
    [
        pytest.param("x" * 5000, "ruleset", id="preset-id"),
        pytest.param({"base": "x" * 5000}, "ruleset.base", id="base-preset-id"),
    ],
)
def test_a_long_preset_id_is_a_short_400(table, manager, ruleset, field):
    response = _import(manager, table, _record(["A", "B", "C", "D"], ruleset=ruleset))
    error = _error(response, 400)
    assert error["field"] == field and "5000 characters" in error["message"]
    assert len(response.content) < 1000


@pytest.mark.parametrize("ruleset", [5, None, ["standard"]], ids=["number", "null", "list"])
def test_a_ruleset_neither_an_id_nor_an_object_is_a_400_saying_so(table, manager, ruleset):
    error = _error(_import(manager, table, _record(["A", "B", "C", "D"], ruleset=ruleset)), 400)
    assert error["field"] == "ruleset" and "preset's id or a ruleset object" in error["message"]


@pytest.mark.parametrize(
    ("ruleset", "code", "field"),
    [
        pytest.param({"base": "standard", "id": "y" * 51}, "too_long", "ruleset.id", id="id"),
        pytest.param(
            {"base": "standard", "title": "T" * 101}, "too_long", "ruleset.title", id="title"
        ),
        pytest.param(
            {"base": "standard", "title_en": "a\x07"},
            "control_characters",
            "ruleset.title_en",
            id="title-control",
        ),
    ],
)
def test_a_custom_ruleset_that_cannot_be_stored_is_a_400(table, manager, ruleset, code, field):
    error = _error(_import(manager, table, _record(["A", "B", "C", "D"], ruleset=ruleset)), 400)
    assert (error["code"], error["field"]) == (code, field)
    assert not Game.objects.exists()


@pytest.mark.parametrize("by", ["name", "id"])
def test_a_player_in_an_open_game_cannot_be_imported_into_another(
    parlor, table, manager, start_game, players, by
):
    start_game(table)  # players[0..3] at table 1
    names = [p.name for p in players[1:5]]
    extra = {"players": [str(p.public_id) for p in players[1:5]]} if by == "id" else {}
    for label in ("2", "3"):
        other = Table.objects.create(parlor=parlor, label=label, ruleset_key="standard")
        error = _error(_import(manager, other, _record(names), **extra), 409)
        assert error["code"] == "player_in_open_game"
        assert "table 1" in error["message"]
    assert Game.objects.filter(status=GameStatus.IN_PROGRESS).count() == 1


def test_a_finished_record_of_a_player_now_playing_still_imports(
    parlor, table, manager, start_game, players
):
    start_game(table)
    other = Table.objects.create(parlor=parlor, label="2", ruleset_key="standard")
    names = [p.name for p in players[1:5]]
    body = ok(_import(manager, other, _record(names, finished=True)), 201)
    assert body["status"] == "finished"


@pytest.mark.parametrize("finished", [True, False], ids=["finished", "unfinished"])
def test_no_record_goes_onto_a_table_with_a_game_in_progress(
    table, manager, start_game, players, finished
):
    game = start_game(table)
    draws = list(SeatDraw.objects.values_list("pk", flat=True))
    token = live_token(Game.objects.get(public_id=game["id"]).seat_draw)
    names = ["New A", "New B", "New C", "New D"]
    error = _error(_import(manager, table, _record(names, finished=finished)), 409)
    assert error["code"] == "table_has_open_game"
    assert list(SeatDraw.objects.values_list("pk", flat=True)) == draws
    assert str(live_game(token).game.public_id) == game["id"]  # the phones' link still works
    seating = ok(manager.get(f"/api/tables/{table.public_id}/"))["seating"]
    assert [p["id"] for p in seating["players"]] == [s["player_id"] for s in game["seats"]]
    assert not Player.objects.filter(name__startswith="New ").exists()


def test_an_unfinished_record_at_a_money_table_needs_its_players_checked_in(
    parlor, table, manager, players
):
    MoneySettings.objects.create(parlor=parlor, player_count=4, rate_yen_per_p=50)
    ids = [str(p.public_id) for p in players[:4]]
    names = [p.name for p in players[:4]]
    error = _error(_import(manager, table, _record(names), players=ids), 409)
    assert error["code"] == "player_not_checked_in"
    assert not Game.objects.exists()

    visits = [visit_check_in(player=p, by=None) for p in players[:4]]
    body = ok(_import(manager, table, _record(names), players=ids), 201)
    assert body["status"] == "in_progress"
    joined = VisitGame.objects.filter(game__public_id=body["id"]).values_list("visit", flat=True)
    assert set(joined) == {v.pk for v in visits}
