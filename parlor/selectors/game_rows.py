"""The rows a write to a game reads under its lock, in plain SQL (one statement each).

Every hand recorded reads the locked game with its table and parlor, the seats with their
players and every hand version with its outcome and users. Built by the ORM, these three
queries cost a tablet's request more than running them; here each is a fixed statement, and
`raw_rows.Columns` turns the rows into the same instances the ORM would, with the same
relations loaded (`select_related` and `prefetch_related` caches), so the code that reads
them cannot tell. tests/parlor/test_game_rows.py compares both on varied games.
"""

from __future__ import annotations

import uuid
from functools import cache
from typing import Any

from django.contrib.auth import get_user_model
from django.db import connections

from parlor.models import Game, GameSeat, Hand, HandOutcome, Parlor, ParlorMember, Player, Table
from parlor.models.raw_rows import Columns

# The statements and their columns are built once per process: their text never changes.


@cache
def _cols(model: type[Any], alias: str) -> Columns[Any]:
    return Columns(model, alias)


def _q(name: str) -> str:
    return str(connections["default"].ops.quote_name(name))


def _execute(sql: str, params: list[Any]) -> list[tuple[Any, ...]]:
    with connections["default"].cursor() as cursor:
        cursor.execute(sql, params)
        return list(cursor.fetchall())


def _games_sql(where: str, *, extra: str = "", lock: str = "") -> str:
    """Games with their table and parlor (and `extra` columns after them)."""
    g, t, p = _cols(Game, "g"), _cols(Table, "t"), _cols(Parlor, "p")
    return (
        f"SELECT {g.sql}, {t.sql}, {p.sql}{extra} FROM {_q(Game._meta.db_table)} g "
        f"JOIN {_q(Table._meta.db_table)} t ON t.{_q('id')} = g.{_q('table_id')} "
        f"JOIN {_q(Parlor._meta.db_table)} p ON p.{_q('id')} = t.{_q('parlor_id')} "
        f"WHERE {where}{lock}"
    )


@cache
def _game_locked_sql() -> str:
    features = connections["default"].features
    lock = " FOR UPDATE OF g" if features.has_select_for_update_of else ""
    return _games_sql(f"g.{_q('id')} = %s", lock=lock)


@cache
def _game_with_member_role_sql() -> str:
    at_parlor = f"{_q('user_id')} = %s AND {_q('parlor_id')} = t.{_q('parlor_id')}"
    extra = (
        f", (SELECT {_q('role')} FROM {_q(ParlorMember._meta.db_table)} WHERE {at_parlor})"
        f", (SELECT {_q('id')} FROM {_q(Player._meta.db_table)} WHERE {at_parlor})"
    )
    return _games_sql(f"g.{_q('public_id')} = %s", extra=extra)


@cache
def _seats_sql() -> str:
    s, pl = _cols(GameSeat, "s"), _cols(Player, "pl")
    return (
        f"SELECT {s.sql}, {pl.sql} FROM {_q(GameSeat._meta.db_table)} s "
        f"JOIN {_q(Player._meta.db_table)} pl ON pl.{_q('id')} = s.{_q('player_id')} "
        f"WHERE s.{_q('game_id')} = %s ORDER BY s.{_q('seat')}"
    )


@cache
def _hand_versions_sql() -> str:
    h, o = _cols(Hand, "h"), _cols(HandOutcome, "o")
    users = _q(get_user_model()._meta.db_table)
    return (
        f"SELECT {h.sql}, {o.sql}, eu.{_q('username')}, vu.{_q('username')} "
        f"FROM {_q(Hand._meta.db_table)} h "
        f"LEFT JOIN {_q(HandOutcome._meta.db_table)} o ON o.{_q('hand_id')} = h.{_q('id')} "
        f"LEFT JOIN {users} eu ON eu.{_q('id')} = h.{_q('entered_by_id')} "
        f"LEFT JOIN {users} vu ON vu.{_q('id')} = h.{_q('voided_by_id')} "
        f"WHERE h.{_q('game_id')} = %s ORDER BY h.{_q('sequence')}, h.{_q('version')}"
    )


def _game_of(row: Any) -> Game:
    g, t, p = _cols(Game, "g"), _cols(Table, "t"), _cols(Parlor, "p")
    game, table, parlor = (
        g.instance(row),
        t.instance(row, g.width),
        p.instance(row, g.width + t.width),
    )
    Table.parlor.field.set_cached_value(table, parlor)
    Game.table.field.set_cached_value(game, table)
    return game


def game_locked(game_pk: int) -> Game:
    """The game row, locked until the transaction ends (FOR UPDATE of the game row only),
    with its table and the table's parlor loaded. Raises Game.DoesNotExist."""
    rows = _execute(_game_locked_sql(), [game_pk])
    if not rows:
        raise Game.DoesNotExist(f"no game {game_pk}")
    return _game_of(rows[0])


def game_with_member_role(
    user_pk: int, public_id: uuid.UUID
) -> tuple[Game, str | None, int | None] | None:
    """The game with `public_id` (table and parlor loaded), the user's member role at its
    parlor (None if they are no member there) and the id of the user's player there (None if
    they play elsewhere or not at all); None if there is no such game. One statement."""
    pid = Game._meta.get_field("public_id").get_db_prep_value(public_id, connections["default"])
    # The extra columns' placeholders come first in the statement.
    rows = _execute(_game_with_member_role_sql(), [user_pk, user_pk, pid])
    if not rows:
        return None
    row = rows[0]
    return _game_of(row), row[-2], row[-1]


def game_seats_load(game: Game) -> list[GameSeat]:
    """The game's seats in seat order with their players, left on `game` as
    `prefetch_related("seats")` leaves them (`game.seats.all()` reads no more)."""
    s, pl = _cols(GameSeat, "s"), _cols(Player, "pl")
    seats = []
    for row in _execute(_seats_sql(), [game.pk]):
        seat = s.instance(row)
        GameSeat.player.field.set_cached_value(seat, pl.instance(row, s.width))
        GameSeat.game.field.set_cached_value(seat, game)
        seats.append(seat)
    cached = game.seats.all()
    cached._result_cache = seats
    cached._prefetch_done = True
    if not hasattr(game, "_prefetched_objects_cache"):
        game._prefetched_objects_cache = {}
    game._prefetched_objects_cache["seats"] = cached
    return seats


def hand_versions(game: Game) -> list[Hand]:
    """Every version of the game's hands in (sequence, version) order, each with its outcome
    (or none), `entered_by` and `voided_by` loaded (their id and username only)."""
    user_model = get_user_model()
    h, o = _cols(Hand, "h"), _cols(HandOutcome, "o")
    users = (  # (the hand's field, the column of its id, the column of the user's name)
        (Hand.entered_by.field, h.names.index("entered_by_id"), h.width + o.width),
        (Hand.voided_by.field, h.names.index("voided_by_id"), h.width + o.width + 1),
    )
    hands = []
    for row in _execute(_hand_versions_sql(), [game.pk]):
        hand = h.instance(row)
        outcome = o.instance(row, h.width) if row[h.width] is not None else None  # its id
        if outcome is not None:
            HandOutcome.hand.field.set_cached_value(outcome, hand)
        Hand.outcome.related.set_cached_value(hand, outcome)
        for field, id_column, name_column in users:
            user_id = row[id_column]
            user = (
                None
                if user_id is None
                else user_model.from_db("default", ["id", "username"], [user_id, row[name_column]])
            )
            field.set_cached_value(hand, user)
        hands.append(hand)
    return hands
