"""The plain-SQL reads of a hand's write give the instances the ORM gives."""

from __future__ import annotations

import uuid
from collections.abc import Callable
from typing import Any

import pytest
from django.db.models import Model
from rest_framework.test import APIClient

from parlor.models import Game, Hand, Table
from parlor.selectors.game_rows import (
    game_locked,
    game_seats_load,
    game_with_member_role,
    hand_versions,
)
from tests.parlor.conftest import DRAW, RON_1_BY_0, TSUMO_2, ok

pytestmark = pytest.mark.django_db


def _fields(instance: Model | None) -> dict[str, Any] | None:
    if instance is None:
        return None
    return {f.attname: getattr(instance, f.attname) for f in instance._meta.concrete_fields}


@pytest.fixture
def game(
    staff: APIClient,
    table: Table,
    start_game: Callable[..., dict[str, Any]],
    record_hand: Callable[..., Any],
) -> Game:
    """A game with every kind of version: current, superseded (a correction), voided."""
    game = start_game(table)
    for hand in (RON_1_BY_0, TSUMO_2, DRAW):
        ok(record_hand(game, hand), 201)
    url = f"/api/games/{game['id']}/hands"
    ok(
        staff.post(f"{url}/2/corrections/", {"hand": DRAW, "reason": "tsumo by 3"}, format="json"),
        201,
    )
    ok(staff.post(f"{url}/3/void/", {"reason": "wrong table"}, format="json"))
    return Game.objects.get(public_id=game["id"])


def test_the_locked_game_is_the_orm_s_with_its_table_and_parlor(game: Game) -> None:
    expected = Game.objects.select_related("table__parlor").get(pk=game.pk)
    found = game_locked(game.pk)
    assert _fields(found) == _fields(expected)
    assert _fields(found.table) == _fields(expected.table)
    assert _fields(found.table.parlor) == _fields(expected.table.parlor)
    assert Game.table.is_cached(found) and Table.parlor.is_cached(found.table)
    with pytest.raises(Game.DoesNotExist):
        game_locked(10**9)


def test_the_seats_are_the_orm_s_and_read_once(game: Game, django_assert_num_queries) -> None:
    expected = list(game.seats.select_related("player").order_by("seat"))
    game_seats_load(game)
    with django_assert_num_queries(0):
        seats = list(game.seats.all())
        players = [seat.player for seat in seats]
    assert [_fields(s) for s in seats] == [_fields(s) for s in expected]
    assert [_fields(p) for p in players] == [_fields(s.player) for s in expected]


def test_every_version_is_the_orm_s_with_outcome_and_users(
    game: Game, django_assert_num_queries
) -> None:
    expected = list(
        Hand.objects.filter(game=game)
        .select_related("outcome", "entered_by", "voided_by")
        .order_by("sequence", "version")
    )
    with django_assert_num_queries(1):
        found = hand_versions(game)
        loaded = [
            (
                getattr(h, "outcome", None),
                h.entered_by.username if h.entered_by else None,
                h.voided_by.username if h.voided_by else None,
            )
            for h in found
        ]
    assert [(h.sequence, h.version, h.state) for h in found] == [
        (1, 1, "current"),
        (2, 1, "superseded"),
        (2, 2, "current"),
        (3, 1, "voided"),
    ]
    assert [_fields(h) for h in found] == [_fields(h) for h in expected]
    assert [(_fields(o), e, v) for o, e, v in loaded] == [
        (
            _fields(getattr(h, "outcome", None)),
            h.entered_by.username if h.entered_by else None,
            h.voided_by.username if h.voided_by else None,
        )
        for h in expected
    ]
    assert loaded[3][2] is not None  # the voided version names who voided it


def test_the_member_role_is_read_with_the_game(game: Game, staff_user: Any) -> None:
    found = game_with_member_role(staff_user.pk, game.public_id)
    assert found is not None
    found_game, role, player_id = found
    assert (found_game.pk, role, player_id) == (game.pk, "staff", None)
    assert found_game.table.parlor.pk == game.table.parlor_id
    assert game_with_member_role(staff_user.pk, uuid.uuid4()) is None
