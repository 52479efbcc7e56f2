"""The project around the API: settings, schema, pages, constraints (the demo: test_demo.py)."""

from __future__ import annotations

import os

import pytest
from django.db import IntegrityError, connection, transaction

from parlor.env import env_bool, env_int, env_list
from parlor.models import (
    Game,
    Hand,
    Player,
)
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
