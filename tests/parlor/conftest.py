"""Personas for permissions: a manager, staff and a player here, staff at another parlor,
a user with no role, and anonymous; plus API helpers that play a game through the API."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from django.test import Client
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from parlor.models import MemberRole, Parlor, Player, Table
from tests.parlor.factories import (
    MemberFactory,
    ParlorFactory,
    PlayerFactory,
    TableFactory,
    UserFactory,
)


def client_for(user: Any | None) -> APIClient:
    """An API client that authenticates like a tablet, with the user's token."""
    client = APIClient()
    if user is not None:
        client.credentials(HTTP_AUTHORIZATION=f"Token {Token.objects.get(user=user).key}")
    return client


@pytest.fixture
def parlor(db: None) -> Parlor:
    return ParlorFactory(name="点棒クラブ")


@pytest.fixture
def other_parlor(db: None) -> Parlor:
    return ParlorFactory(name="Other parlor")


@pytest.fixture
def players(parlor: Parlor) -> list[Player]:
    return PlayerFactory.create_batch(5, parlor=parlor)


@pytest.fixture
def table(parlor: Parlor) -> Table:
    return TableFactory(parlor=parlor, label="1", ruleset_key="standard")


@pytest.fixture
def staff_user(parlor: Parlor) -> Any:
    """A member of staff at `parlor` (a Django user)."""
    return MemberFactory(parlor=parlor, role=MemberRole.STAFF).user


@pytest.fixture
def tablet(staff_user: Any) -> Client:
    """The staff tablet's browser session: Django's test client signed in as `staff_user`."""
    client = Client()
    client.force_login(staff_user)
    return client


@pytest.fixture
def personas(parlor: Parlor, other_parlor: Parlor, players: list[Player]) -> dict[str, APIClient]:
    manager = MemberFactory(parlor=parlor, role=MemberRole.MANAGER).user
    staff = MemberFactory(parlor=parlor, role=MemberRole.STAFF).user
    other_staff = MemberFactory(parlor=other_parlor, role=MemberRole.MANAGER).user
    player_user = UserFactory()
    players[0].user = player_user
    players[0].save(update_fields=["user"])
    return {
        "manager": client_for(manager),
        "staff": client_for(staff),
        "player": client_for(player_user),
        "other_parlor": client_for(other_staff),
        "no_role": client_for(UserFactory()),
        "anonymous": client_for(None),
    }


@pytest.fixture
def staff(personas: dict[str, APIClient]) -> APIClient:
    return personas["staff"]


def ok(response: Any, status: int = 200) -> Any:
    assert response.status_code == status, response.content.decode()
    return response.json()


@pytest.fixture
def start_game(staff: APIClient, players: list[Player]) -> Callable[..., dict[str, Any]]:
    def start(
        table: Table, *, count: int = 4, seating: str = "given", client: APIClient | None = None
    ) -> dict[str, Any]:
        body = {"players": [str(p.public_id) for p in players[:count]], "seating": seating}
        return ok(
            (client or staff).post(f"/api/tables/{table.public_id}/games/", body, format="json"),
            201,
        )

    return start


@pytest.fixture
def record_hand(staff: APIClient) -> Callable[..., Any]:
    def record(
        game: dict[str, Any],
        hand: dict[str, Any],
        *,
        sequence: int | None = None,
        client: APIClient | None = None,
        **headers: str,
    ) -> Any:
        if sequence is None:
            game_now = (client or staff).get(f"/api/games/{game['id']}/").json()
            sequence = game_now["hand_count"] + 1
        return (client or staff).post(
            f"/api/games/{game['id']}/hands/",
            {"sequence": sequence, "hand": hand},
            format="json",
            headers=headers or None,
        )

    return record


RON_1_BY_0 = {"result": {"kind": "ron", "loser": 0, "wins": [{"winner": 1, "han": 3, "fu": 30}]}}
TSUMO_2 = {"riichi": [2], "result": {"kind": "tsumo", "win": {"winner": 2, "han": 2, "fu": 30}}}
DRAW = {"result": {"kind": "draw", "tenpai": [0, 3]}}


@pytest.fixture(autouse=True)
def fast_password_hashing(settings: Any) -> None:
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture
def empty_local_cache() -> Any:
    """Lockouts and rate limits must not leak between tests. Only a local-memory cache is
    emptied: clear() on Redis would flush a whole database that is not ours."""
    from django.core.cache import cache, caches
    from django.core.cache.backends.locmem import LocMemCache

    def clear_local() -> None:
        if isinstance(caches["default"], LocMemCache):
            cache.clear()

    clear_local()
    yield
    clear_local()
# A hand for the calculator: seat 1's ron with riichi, tanyao and a dora (indicator 5p).
CALCULATOR_TILES = ["2m", "3m", "4m", "3p", "4p", "5p", "6p", "7p", "8p", "3s", "4s", "6s", "6s",
                    "5s"]
CALCULATOR_RON = {"winner": 1, "tsumo": False, "flags": {"riichi": True},
                  "tiles": {"hand": CALCULATOR_TILES, "win_tile": "5s",
                            "dora_indicators": ["5p"]}}
