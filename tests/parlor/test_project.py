"""The project around the API: settings, schema, pages, demo data, tokens, constraints."""

from __future__ import annotations

import os
from io import StringIO

import pytest
from django.core.management import call_command
from django.db import IntegrityError, connection, transaction

from parlor.env import env_bool, env_int, env_list
from parlor.models import (
    Game,
    GameSeat,
    GameStatus,
    Hand,
    MoneySettings,
    Parlor,
    Player,
    Settlement,
    Table,
    Visit,
    VisitGame,
    VisitStatus,
)
from parlor.selectors.visits import receipt_of
from parlor.services import demo
from parlor.services.demo import (
    DEMO_CHECKED_OUT,
    DEMO_GAME_PRESETS,
    DEMO_MONEY,
    DEMO_SLUG,
    DEMO_USERS,
    PLAYER_NAMES,
)
from parlor.services.money import Terms
from rulesets.registry import PRESETS
from tests.parlor.conftest import RON_1_BY_0, ok
from tests.parlor.factories import PlayerFactory


def test_the_database_is_the_one_database_url_names():
    expected = (
        "postgresql" if os.environ.get("DATABASE_URL", "").startswith("postgres") else "sqlite"
    )
    assert connection.vendor == expected


@pytest.mark.parametrize(
    ("raw", "value"), [("1", True), ("yes", True), ("off", False), ("", False)]
)
def test_env_bool_reads_the_usual_spellings(monkeypatch, raw, value):
    monkeypatch.setenv("X_FLAG", raw)
    assert env_bool("X_FLAG", not value) is value


def test_env_helpers_fall_back_to_defaults(monkeypatch):
    monkeypatch.delenv("X_MISSING", raising=False)
    monkeypatch.setenv("X_HOSTS", "a.example, b.example")
    assert env_int("X_MISSING", 7) == 7
    assert env_list("X_HOSTS", []) == ["a.example", "b.example"]
    with pytest.raises(ValueError, match="not a boolean"):
        monkeypatch.setenv("X_FLAG", "maybe")
        env_bool("X_FLAG", False)


@pytest.mark.django_db
def test_the_schema_documents_the_error_responses(client):
    schema = client.get("/api/schema/?format=json").json()
    record = schema["paths"]["/api/games/{game_id}/hands/"]["post"]
    assert {"201", "400", "401", "403", "404", "409"} <= set(record["responses"])
    assert any(p["name"] == "Idempotency-Key" for p in record["parameters"])
    assert client.get("/api/docs/").status_code == 200


@pytest.mark.django_db
def test_the_index_page_links_admin_and_api_docs(client):
    page = client.get("/").content.decode()
    assert "/admin/" in page and "/api/docs/" in page


@pytest.mark.django_db
def test_load_demo_is_idempotent_and_prints_the_logins(client):
    out = StringIO()
    call_command("load_demo", stdout=out)
    call_command("load_demo", stdout=StringIO())
    for username, password, _role in DEMO_USERS:
        assert f"{username}" in out.getvalue() and password in out.getvalue()
        assert client.login(username=username, password=password)
    assert Table.objects.count() == len(PRESETS)
    assert sorted(Table.objects.values_list("ruleset_key", flat=True)) == sorted(PRESETS)
    demo_tables = [key for key in DEMO_GAME_PRESETS if key in PRESETS]
    assert Game.objects.filter(status=GameStatus.FINISHED).count() == 2 * len(demo_tables)
    assert not Game.objects.exclude(status=GameStatus.FINISHED).exists()


def _demo_rows() -> dict[str, object]:
    return {
        "visits": sorted(Visit.objects.values_list("player__member_number", "status")),
        "settlements": sorted(Settlement.objects.values_list("visit__player__name", "total_yen")),
        "money": sorted(MoneySettings.objects.values_list("player_count", "rate_yen_per_p")),
        "games": Game.objects.count(),
        "links": VisitGame.objects.count(),
    }


@pytest.mark.django_db
def test_the_demo_plays_for_money_and_settles_two_visits():
    call_command("load_demo", stdout=StringIO())
    parlor = Parlor.objects.get(slug=DEMO_SLUG)
    for player_count, terms in DEMO_MONEY.items():
        row = MoneySettings.objects.get(parlor=parlor, player_count=player_count, table=None)
        assert Terms.of(row) == terms
    # Every demo game was played by checked-in players, so every seat is settled.
    assert not GameSeat.objects.filter(game__money__isnull=True).exists()
    assert VisitGame.objects.count() == GameSeat.objects.count()
    closed = Visit.objects.filter(status=VisitStatus.CLOSED)
    assert sorted(v.player.member_number for v in closed) == sorted(DEMO_CHECKED_OUT)
    for visit in closed:
        receipt = receipt_of(visit)
        assert receipt.is_closed and receipt.lines
        assert visit.settlement.total_yen == receipt.totals["total_yen"]
    # The others stay checked in: the tablet can start a four-player game out of the box.
    assert Visit.objects.filter(status=VisitStatus.OPEN).count() >= 4
    before = _demo_rows()
    call_command("load_demo", stdout=StringIO())
    assert _demo_rows() == before


@pytest.mark.django_db
def test_a_demo_loaded_before_it_had_money_gets_its_players_checked_in(monkeypatch):
    with monkeypatch.context() as old_demo:  # the demo as it was: no money, no visits
        old_demo.setattr(demo, "DEMO_MONEY", {})
        old_demo.setattr(demo, "_demo_check_in", lambda players: None)
        old_demo.setattr(demo, "_demo_check_out", lambda players: None)
        call_command("load_demo", stdout=StringIO())
    assert not Visit.objects.exists() and Game.objects.exists()
    call_command("load_demo", stdout=StringIO())
    assert MoneySettings.objects.count() == len(DEMO_MONEY)
    assert Visit.objects.filter(status=VisitStatus.OPEN).count() == len(PLAYER_NAMES)
    before = _demo_rows()
    call_command("load_demo", stdout=StringIO())
    assert _demo_rows() == before


@pytest.mark.django_db
def test_a_token_is_issued_for_a_tablet(client):
    call_command("load_demo", stdout=StringIO())
    token = ok(
        client.post("/api/auth/token/", {"username": "staff", "password": "tenbo-staff-demo"})
    )["token"]
    tables = client.get("/api/tables/", HTTP_AUTHORIZATION=f"Token {token}")
    assert tables.status_code == 200 and len(tables.json()) == len(PRESETS)


# SQLite names the columns, PostgreSQL the constraint.
@pytest.mark.django_db
def test_the_database_holds_one_open_game_per_table(table, start_game):
    game = Game.objects.get(public_id=start_game(table)["id"])
    with (
        pytest.raises(IntegrityError, match=r"game_one_open_per_table|parlor_game\.table_id"),
        transaction.atomic(),
    ):
        Game.objects.create(
            table=table,
            seat_draw=game.seat_draw,
            ruleset_key="standard",
            ruleset_snapshot={},
            schema_version=1,
        )


@pytest.mark.django_db
def test_the_database_holds_one_current_version_per_hand(table, start_game, record_hand):
    game = start_game(table)
    ok(record_hand(game, RON_1_BY_0, sequence=1), 201)
    with (
        pytest.raises(
            IntegrityError,
            match=r"hand_one_current_per_sequence|parlor_hand\.game_id, parlor_hand\.sequence",
        ),
        transaction.atomic(),
    ):
        Hand.objects.create(game=Game.objects.get(), sequence=1, version=2, entry={})


@pytest.mark.django_db
def test_the_database_holds_unique_member_numbers(parlor):
    PlayerFactory(parlor=parlor, member_number="0001")
    with (
        pytest.raises(
            IntegrityError,
            match=r"player_unique_member_number|parlor_player\.parlor_id, parlor_player\.member_",
        ),
        transaction.atomic(),
    ):
        Player.objects.create(parlor=parlor, name="x", kind="member", member_number="0001")
