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
from collections.abc import Callable
from typing import Any

from django.contrib.auth import get_user_model
from django.db import connections

from parlor.models import Game, GameSeat, Hand, HandOutcome, Parlor, ParlorMember, Player, Table
from parlor.models.raw_rows import Columns

_columns: dict[str, Any] = {}


def _cols(model: type[Any], alias: str) -> Columns[Any]:
    """Columns per model and alias, made once per process (they depend on the database)."""
    key = f"{model._meta.label}:{alias}"
    if key not in _columns:
        _columns[key] = Columns(model, alias)
    return _columns[key]


_statements: dict[tuple[str, str], str] = {}


def _statement(name: str, build: Callable[[], str]) -> str:
    """The statement `name`, built once per process and database (its text never changes)."""
    key = (connections["default"].vendor, name)
    if key not in _statements:
        _statements[key] = build()
    return _statements[key]


def _execute(sql: str, params: list[Any]) -> list[tuple[Any, ...]]:
    with connections["default"].cursor() as cursor:
        cursor.execute(sql, params)
        return list(cursor.fetchall())


def _q(name: str) -> str:
    return str(connections["default"].ops.quote_name(name))


def _games_sql(where: str, *, extra: str = "", lock: str = "") -> str:
    """Games with their table and parlor (and `extra` columns after them)."""
    g, t, p = _cols(Game, "g"), _cols(Table, "t"), _cols(Parlor, "p")
    return (
        f"SELECT {g.sql}, {t.sql}, {p.sql}{extra} FROM {_q(Game._meta.db_table)} g "
        f"JOIN {_q(Table._meta.db_table)} t ON t.{_q('id')} = g.{_q('table_id')} "
        f"JOIN {_q(Parlor._meta.db_table)} p ON p.{_q('id')} = t.{_q('parlor_id')} "
        f"WHERE {where}{lock}"
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

    def build() -> str:
        features = connections["default"].features
        lock = " FOR UPDATE OF g" if features.has_select_for_update_of else ""
        return _games_sql(f"g.{_q('id')} = %s", lock=lock)

    rows = _execute(_statement("game_locked", build), [game_pk])
    if not rows:
        raise Game.DoesNotExist(f"no game {game_pk}")
    return _game_of(rows[0])


def game_with_member_role(
    user_pk: int, public_id: uuid.UUID
) -> tuple[Game, str | None, int | None] | None:
    """The game with `public_id` (table and parlor loaded), the user's member role at its
    parlor (None if they are no member there) and the id of the user's player there (None if
    they play elsewhere or not at all); None if there is no such game. One statement."""
    connection = connections["default"]
    pid = Game._meta.get_field("public_id").get_db_prep_value(public_id, connection)

    def build() -> str:
        at_parlor = f"{_q('user_id')} = %s AND {_q('parlor_id')} = t.{_q('parlor_id')}"
        extra = (
            f", (SELECT {_q('role')} FROM {_q(ParlorMember._meta.db_table)} WHERE {at_parlor})"
            f", (SELECT {_q('id')} FROM {_q(Player._meta.db_table)} WHERE {at_parlor})"
        )
        return _games_sql(f"g.{_q('public_id')} = %s", extra=extra)

    # The extra columns' placeholders come first in the statement.
    rows = _execute(_statement("game_with_member_role", build), [user_pk, user_pk, pid])
    if not rows:
        return None
    row = rows[0]
    return _game_of(row), row[-2], row[-1]


def game_seats_load(game: Game) -> list[GameSeat]:
    """The game's seats in seat order with their players, left on `game` as
    `prefetch_related("seats")` leaves them (`game.seats.all()` reads no more)."""
    s, pl = _cols(GameSeat, "s"), _cols(Player, "pl")
    rows = _execute(
        _statement(
            "game_seats",
            lambda: (
                f"SELECT {s.sql}, {pl.sql} FROM {_q(GameSeat._meta.db_table)} s "
                f"JOIN {_q(Player._meta.db_table)} pl ON pl.{_q('id')} = s.{_q('player_id')} "
                f"WHERE s.{_q('game_id')} = %s ORDER BY s.{_q('seat')}"
            ),
        ),
        [game.pk],
    )
    seats = []
    for row in rows:
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

    def build() -> str:
        users = _q(user_model._meta.db_table)
        return (
            f"SELECT {h.sql}, {o.sql}, eu.{_q('username')}, vu.{_q('username')} "
            f"FROM {_q(Hand._meta.db_table)} h "
            f"LEFT JOIN {_q(HandOutcome._meta.db_table)} o ON o.{_q('hand_id')} = h.{_q('id')} "
            f"LEFT JOIN {users} eu ON eu.{_q('id')} = h.{_q('entered_by_id')} "
            f"LEFT JOIN {users} vu ON vu.{_q('id')} = h.{_q('voided_by_id')} "
            f"WHERE h.{_q('game_id')} = %s ORDER BY h.{_q('sequence')}, h.{_q('version')}"
        )

    rows = _execute(_statement("hand_versions", build), [game.pk])
    names = {field.attname: index for index, field in enumerate(Hand._meta.concrete_fields)}
    outcome_pk = h.width  # the outcome's id is its first column
    hands = []
    for row in rows:
        hand = h.instance(row)
        outcome = o.instance(row, h.width) if row[outcome_pk] is not None else None
        if outcome is not None:
            HandOutcome.hand.field.set_cached_value(outcome, hand)
        Hand.outcome.related.set_cached_value(hand, outcome)
        entered_name, voided_name = row[h.width + o.width], row[h.width + o.width + 1]
        for field, name in (("entered_by", entered_name), ("voided_by", voided_name)):
            user_id = row[names[f"{field}_id"]]
            user = (
                None
                if user_id is None
                else user_model.from_db("default", ["id", "username"], [user_id, name])
            )
            Hand._meta.get_field(field).set_cached_value(hand, user)
        hands.append(hand)
    return hands
