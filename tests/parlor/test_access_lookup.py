"""game_for and table_for: each persona's answer and error, and one query for staff once the
user is signed in (the sign-in loads the user's roles with the user)."""

from __future__ import annotations

import uuid
from typing import Any

import pytest
from django.contrib.auth.models import AnonymousUser
from rest_framework.authtoken.models import Token

from parlor.errors import Forbidden, NotFound
from parlor.models import Game, MemberRole, Parlor, Player, Table
from parlor.security.backends import LockoutModelBackend
from parlor.security.tokens import ExpiringTokenAuthentication
from parlor.selectors.access import Access, Role, access_for, game_for, table_for
from parlor.services.games import game_start
from parlor.services.seating import Seating
from tests.parlor.factories import MemberFactory, PlayerFactory, TableFactory, UserFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def game(table: Table, players: list[Player]) -> Game:
    return game_start(table=table, players=players[:4], seating=Seating.GIVEN, by=None)


@pytest.fixture
def users(parlor: Parlor, other_parlor: Parlor, players: list[Player]) -> dict[str, Any]:
    staff_who_plays = MemberFactory(parlor=parlor, role=MemberRole.STAFF).user
    PlayerFactory(parlor=parlor, user=staff_who_plays)  # 本走: staff with a player row
    staff_playing_elsewhere = MemberFactory(parlor=parlor, role=MemberRole.STAFF).user
    PlayerFactory(parlor=other_parlor, user=staff_playing_elsewhere)
    seated, unseated = UserFactory(), UserFactory()
    players[0].user, players[4].user = seated, unseated
    players[0].save(update_fields=["user"])
    players[4].save(update_fields=["user"])
    return {
        "manager": MemberFactory(parlor=parlor, role=MemberRole.MANAGER).user,
        "staff": MemberFactory(parlor=parlor, role=MemberRole.STAFF).user,
        "staff_who_plays": staff_who_plays,
        "staff_playing_elsewhere": staff_playing_elsewhere,
        "other_parlor": MemberFactory(parlor=other_parlor, role=MemberRole.MANAGER).user,
        "seated_player": seated,
        "unseated_player": unseated,
        "no_role": UserFactory(),
        "anonymous": AnonymousUser(),
    }


def _outcome(lookup: Any) -> tuple[str, Any]:
    try:
        found, access = lookup()
    except (Forbidden, NotFound) as exc:
        return "error", (type(exc).__name__, exc.code)
    return "found", (found.pk, access)


def _general(user: Any, model: Any, object_id: Any, role: Role) -> tuple[str, Any]:
    """The lookup spelled out: role first, then the object at the user's parlor."""

    def lookup() -> tuple[Any, Access]:
        access = access_for(user)
        if not access.at_least(role):
            raise Forbidden("", code="role_required")
        scope = {"table__parlor": access.parlor} if model is Game else {"parlor": access.parlor}
        found = model.objects.filter(**scope, public_id=object_id).first()
        if found is None:
            raise NotFound("", code=f"{model.__name__.lower()}_not_found")
        seated = model is not Game or found.seats.filter(player=access.player).exists()
        if access.role == Role.PLAYER and not seated:
            raise Forbidden("", code="not_your_game")
        return found, access

    return _outcome(lookup)


@pytest.mark.parametrize("role", [Role.PLAYER, Role.STAFF, Role.MANAGER])
@pytest.mark.parametrize(
    "who",
    [
        "manager",
        "staff",
        "staff_who_plays",
        "staff_playing_elsewhere",
        "other_parlor",
        "seated_player",
        "unseated_player",
        "no_role",
        "anonymous",
    ],
)
def test_game_and_table_lookups_answer_as_the_general_path(users, who, role, game, table):
    user = users[who]
    for lookup, model, object_id in [
        (game_for, Game, game.public_id),
        (table_for, Table, table.public_id),
    ]:
        got = _outcome(lambda: lookup(user, object_id, role=role))  # noqa: B023
        assert got == _general(user, model, object_id, role), (who, role, model.__name__)


def test_staff_who_play_carry_their_player_row(users, game, parlor):
    _, access = game_for(users["staff_who_plays"], game.public_id)
    assert access == Access(parlor, Role.STAFF, Player.objects.get(user=users["staff_who_plays"]))
    _, elsewhere = game_for(users["staff_playing_elsewhere"], game.public_id)
    assert elsewhere.player is None and elsewhere.role == Role.STAFF


def signed_in(user: Any) -> list[Any]:
    """The user as each sign-in of a request loads it: the session's and the token's."""
    Token.objects.get_or_create(user=user)
    by_token, _ = ExpiringTokenAuthentication().authenticate_credentials(
        Token.objects.get(user=user).key
    )
    return [LockoutModelBackend().get_user(user.pk), by_token]


def test_staff_find_the_game_and_their_role_in_one_query(
    users, game, table, django_assert_num_queries
):
    for manager, staff in zip(signed_in(users["manager"]), signed_in(users["staff"])):
        with django_assert_num_queries(1):
            found, access = game_for(manager, game.public_id, role=Role.MANAGER)
            assert found.table.parlor == access.parlor and access.role == Role.MANAGER
        with django_assert_num_queries(1):
            found, access = table_for(staff, table.public_id)
            assert found == table and found.parlor == access.parlor


def test_the_sign_in_brings_the_roles_so_access_reads_nothing(users, django_assert_num_queries):
    for who in ("staff_who_plays", "seated_player", "no_role"):
        own_player = Player.objects.filter(user=users[who]).first()
        for user in signed_in(users[who]):
            with django_assert_num_queries(0):
                try:
                    access = access_for(user)
                except Forbidden as exc:
                    assert (who, exc.code) == ("no_role", "no_role")
                    continue
            assert access.player == own_player and own_player is not None


def test_a_game_or_table_at_another_parlor_is_not_found_for_staff(users, other_parlor):
    elsewhere = TableFactory(parlor=other_parlor, label="9", ruleset_key="standard")
    with pytest.raises(NotFound) as error:
        table_for(users["staff"], elsewhere.public_id)
    assert error.value.code == "table_not_found"
    for bad in ("not-a-uuid", uuid.uuid4()):
        with pytest.raises(NotFound) as error:
            game_for(users["staff"], bad)
        assert error.value.code == "game_not_found"
