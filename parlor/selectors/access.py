"""Who a user is at which parlor, and scoped lookups that never cross parlors.

Roles: a manager (店長) reads and writes all of their parlor; staff record and correct at
their parlor; a player reads their own games; anyone else reads nothing. An object at another
parlor is reported as not found, so its existence does not leak.
"""

from __future__ import annotations

import uuid
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.core.exceptions import ObjectDoesNotExist

from parlor.errors import Forbidden, InvalidInput, NotFound
from parlor.models import Game, MemberRole, Parlor, ParlorMember, Player, Table


class Role(StrEnum):
    MANAGER = "manager"
    STAFF = "staff"
    PLAYER = "player"


_RANK = {Role.PLAYER: 0, Role.STAFF: 1, Role.MANAGER: 2}


@dataclass(frozen=True, slots=True)
class Access:
    parlor: Parlor
    role: Role
    player: Player | None  # the user's own player, if they play

    def at_least(self, role: Role) -> bool:
        return _RANK[self.role] >= _RANK[role]


def access_for(user: AbstractBaseUser | AnonymousUser) -> Access:
    """The user's parlor and role; Forbidden if they have none. The sign-in of a request loads
    the user's roles with the user (security.user_roles.USER_ROLES), so this reads nothing more
    then; a user loaded otherwise has them read here (a query each)."""
    if not user.is_authenticated:
        raise Forbidden("sign in first", code="not_authenticated")
    member: ParlorMember | None = _related(user, "parlor_member")
    player: Player | None = _related(user, "player")
    if member is not None:
        role = Role.MANAGER if member.role == MemberRole.MANAGER else Role.STAFF
        return Access(
            member.parlor, role, player if player and player.parlor_id == member.parlor_id else None
        )
    if player is not None:
        return Access(player.parlor, Role.PLAYER, player)
    raise Forbidden("this account has no role at any parlor; ask a manager", code="no_role")


def _related(user: Any, name: str) -> Any:
    """The user's one-to-one row `name` (ParlorMember or Player), or None if they have none."""
    try:
        return getattr(user, name)
    except ObjectDoesNotExist:
        return None


def is_manager(user: Any, parlor_id: int | None = None) -> bool:
    """Whether the user is a manager (店長): of parlor `parlor_id`, or of any (a user works at
    one parlor at most). One query."""
    members = ParlorMember.objects.filter(user_id=user.pk, role=MemberRole.MANAGER)
    if parlor_id is not None:
        members = members.filter(parlor_id=parlor_id)
    return members.exists()


def require(user: Any, role: Role) -> Access:
    access = access_for(user)
    if not access.at_least(role):
        raise Forbidden(f"this needs the {role} role; you are {access.role}", code="role_required")
    return access


def _uuid(value: Any, what: str) -> uuid.UUID:
    try:
        return uuid.UUID(str(value))
    except ValueError as exc:
        raise NotFound(f"no {what} {value!r}", code=f"{what}_not_found") from exc


def table_for(user: Any, table_id: Any, *, role: Role = Role.STAFF) -> tuple[Table, Access]:
    """A table at the user's parlor: one query (the user's roles came with their sign-in)."""
    access = require(user, role)
    table = (
        Table.objects.select_related("parlor")
        .filter(parlor=access.parlor, public_id=_uuid(table_id, "table"))
        .first()
    )
    if table is None:
        raise NotFound(f"no table {table_id} at {access.parlor.name}", code="table_not_found")
    return table, access


def game_for(
    user: Any, game_id: Any, *, role: Role = Role.STAFF, lock: bool = False
) -> tuple[Game, Access]:
    """A game at the user's parlor, with its table and parlor. With role=PLAYER a player may
    read only games they sat in. One query for staff and managers (every tablet request): the
    user's roles came with their sign-in.

    `lock`: the game's row is locked until the transaction ends, by the same query (only the
    game's row, as games.game_lock locks it, with its seat draw as game_lock has it); the
    caller is in a transaction.
    """
    access = require(user, role)
    games = Game.objects.all()
    if lock:
        games = Game.objects.select_for_update(of=("self",)).select_related("seat_draw")
    game = (
        games.select_related("table__parlor")
        .filter(table__parlor=access.parlor, public_id=_uuid(game_id, "game"))
        .first()
    )
    if game is None:
        raise NotFound(f"no game {game_id} at {access.parlor.name}", code="game_not_found")
    if access.role == Role.PLAYER and not game.seats.filter(player=access.player).exists():
        raise Forbidden("a player can read only the games they played", code="not_your_game")
    return game, access


def player_for(user: Any, player_id: Any) -> tuple[Player, Access]:
    access = require(user, Role.PLAYER)
    player = Player.objects.filter(
        parlor=access.parlor, public_id=_uuid(player_id, "player")
    ).first()
    if player is None:
        raise NotFound(f"no player {player_id} at {access.parlor.name}", code="player_not_found")
    if access.role == Role.PLAYER and player != access.player:
        raise Forbidden("a player can read only their own games", code="not_your_player")
    return player, access


def players_for(access: Access, player_ids: list[Any]) -> list[Player]:
    """The parlor's players for the ids, in the order given; NotFound names a missing one."""
    wanted = [_uuid(pid, "player") for pid in player_ids]
    found = {
        p.public_id: p for p in Player.objects.filter(parlor=access.parlor, public_id__in=wanted)
    }
    missing = [str(pid) for pid in wanted if pid not in found]
    if missing:
        raise InvalidInput(
            f"no player {missing[0]} at {access.parlor.name}",
            code="unknown_player",
            field="players",
        )
    return [found[pid] for pid in wanted]
