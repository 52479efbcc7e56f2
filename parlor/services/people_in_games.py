"""One open game per person: the lock and the check that game starts and stand-ins (代走) share.

A person is in one open game at most: seated (a player, or staff playing for the parlor, 本走)
or standing in for a player (代走). people_lock serializes the game starts and stand-ins that
could put the same person in two games at once, so the check after it holds.
"""

from __future__ import annotations

from collections.abc import Sequence

from django.contrib.auth import get_user_model
from django.db.models import Q

from parlor.errors import Conflict
from parlor.models import GameSeat, GameStatus, Player, VisitGame


def people_lock(*, players: Sequence[Player], user_ids: Sequence[int]) -> None:
    """Locks the players' rows, then their users' and `user_ids` (by id, in that order)."""
    list(
        Player.objects.select_for_update()
        .filter(pk__in=[p.pk for p in players])
        .order_by("pk")
        .values_list("pk")
    )
    users = {*user_ids, *(p.user_id for p in players if p.user_id is not None)}
    if users:
        list(
            get_user_model()
            .objects.select_for_update()
            .filter(pk__in=users)
            .order_by("pk")
            .values_list("pk")
        )


def open_game_refuse(
    *,
    players: Sequence[Player] = (),
    user_ids: Sequence[int] = (),
    stand_in_game_id: int | None = None,
    field: str = "players",
) -> None:
    """Conflict (409, naming the table) if one of these people is in an open game already:
    seated there (a player, or staff playing for the parlor, 本走), or standing in for a player
    there (代走) other than in game `stand_in_game_id`. Two queries; the caller holds
    people_lock."""
    users = {*user_ids, *(p.user_id for p in players if p.user_id is not None)}
    _seated_refuse(players, users, field=field)
    _standing_in_refuse(users, stand_in_game_id, field=field)


def _seated_refuse(players: Sequence[Player], users: set[int], *, field: str) -> None:
    seat = (
        GameSeat.objects.filter(game__status=GameStatus.IN_PROGRESS)
        .filter(Q(player__in=[p.pk for p in players]) | Q(player__user_id__in=users))
        .select_related("game__table")
        .order_by("game_id", "seat")
        .first()
    )
    if seat is not None:
        raise Conflict(
            f"{seat.name} is playing at table {seat.game.table.label}",
            code="player_in_open_game",
            field=field,
            params={"name": seat.name, "table": seat.game.table.label},
        )


def _standing_in_refuse(users: set[int], stand_in_game_id: int | None, *, field: str) -> None:
    standing_in = VisitGame.objects.filter(
        game__status=GameStatus.IN_PROGRESS, stand_in_by_id__in=users
    )
    if stand_in_game_id is not None:
        standing_in = standing_in.exclude(game_id=stand_in_game_id)
    link = (
        standing_in.select_related("game__table", "stand_in_by__player").order_by("game_id").first()
    )
    if link is not None and link.stand_in_by is not None:  # not None: filtered on stand_in_by
        user = link.stand_in_by
        own = getattr(user, "player", None)
        name = own.name if own is not None else user.get_username()
        raise Conflict(
            f"{name} is standing in (代走) at table {link.game.table.label}",
            code="player_in_open_game",
            field=field,
            params={"name": name, "table": link.game.table.label, "standing_in": 1},
        )
