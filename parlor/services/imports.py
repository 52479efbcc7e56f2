"""Import and export of whole games as tenbo-game/1 records."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.db import transaction
from django.utils import timezone

from parlor.errors import InvalidInput
from parlor.models import (
    Game,
    GameSeat,
    GameStatus,
    Hand,
    Player,
    PlayerKind,
    SeatDraw,
    SeatDrawMethod,
    Table,
)
from parlor.models.users import Actor, actor_row
from parlor.reports.staleness import report_days_changed
from parlor.security.limits import TABLE_MAX_PLAYERS
from parlor.security.text import text_check
from parlor.services import engine
from parlor.services.audit_log import audit_game_started
from parlor.services.game_visits import game_money_attach
from parlor.services.games import table_lock, table_open_game_refuse
from parlor.services.people_in_games import open_game_refuse, people_lock
from parlor.services.players import player_create, player_name_check
from parlor.services.replays import game_record_build, replay_store
from parlor.services.rulesets import RULESET_KEY_MAX_LENGTH, RULESET_TITLE_MAX_LENGTH
from parlor.services.seating import seat_draw_create
from parlor.services.verification import enqueue_verify_if_finished
from rulesets.registry import PRESETS
from scoring import RecordError, Ruleset


def game_export(game: Game) -> dict[str, Any]:
    """The game's record: its ruleset snapshot, players in seat order and current hands."""
    return game_record_build(game)


def _preset_require(key: str, *, field: str) -> None:
    """RecordError naming `field` unless `key` is a preset's id; a long key is not echoed."""
    if key in PRESETS:
        return
    shown = repr(key) if len(key) <= RULESET_KEY_MAX_LENGTH else f"id of {len(key)} characters"
    raise RecordError(
        f"unknown ruleset {shown}; use one of: {', '.join(sorted(PRESETS))}", field=field
    )


def _snapshot(record: Mapping[str, Any]) -> Ruleset:
    """The record's ruleset: a preset's id, or a definition the engine validates, whose id and
    titles fit where a game and a receipt store them."""
    ruleset = record.get("ruleset")
    if isinstance(ruleset, str):
        _preset_require(ruleset, field="ruleset")
        return PRESETS[ruleset]
    if not isinstance(ruleset, Mapping):
        raise RecordError("ruleset must be a preset's id or a ruleset object", field="ruleset")
    if isinstance(ruleset.get("base"), str):
        _preset_require(ruleset["base"], field="ruleset.base")
    found = Ruleset.from_dict(ruleset, presets=PRESETS)
    try:
        text_check(found.id, field="ruleset.id", max_length=RULESET_KEY_MAX_LENGTH)
        for field, title in (("ruleset.title", found.title), ("ruleset.title_en", found.title_en)):
            text_check(title, field=field, max_length=RULESET_TITLE_MAX_LENGTH)
    except InvalidInput as exc:
        raise RecordError(exc.message, field=exc.field, code=exc.code) from exc
    return found


def _names(record: Mapping[str, Any]) -> list[str]:
    """The record's player names in seat order, each checked as the counter checks a new
    player's name (stripped, as the counter strips it)."""
    names = record.get("players")
    if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
        raise RecordError("players must be a list of names in seat order", field="players")
    if len(names) > TABLE_MAX_PLAYERS:
        raise RecordError(
            f"a table seats {TABLE_MAX_PLAYERS} players at most; the record has {len(names)}",
            field="players",
        )
    return [player_name_check(name, field=f"players[{seat}]") for seat, name in enumerate(names)]


def _players(
    table: Table, names: list[str], players: list[Player] | None, *, by: Actor
) -> list[Player]:
    """The given players in seat order, or the parlor's players by name (new guests, created
    as the counter creates them, if unknown)."""
    if players is not None:
        if len(players) != len(names):
            raise InvalidInput(
                f"the record has {len(names)} players; got {len(players)} player ids",
                code="wrong_player_count",
                field="players",
            )
        if any(p.parlor_id != table.parlor_id for p in players):
            raise InvalidInput(
                "every player must belong to this parlor", code="unknown_player", field="players"
            )
        return players
    found = []
    for name in names:
        player = Player.objects.filter(parlor=table.parlor, name=name).order_by("id").first()
        if player is None:
            player = player_create(parlor=table.parlor, name=name, kind=PlayerKind.GUEST, by=by)
        found.append(player)
    return found


def _seated(
    table: Table, names: list[str], players: list[Player] | None, *, by: Actor, is_open: bool
) -> list[Player]:
    """The record's players in seat order, each once; for an open game (the table's from now
    on, as if started there) none of them playing elsewhere. Locks their rows."""
    seated = _players(table, names, players, by=by)
    if len({p.pk for p in seated}) != len(seated):
        raise InvalidInput(
            "a player cannot take two seats", code="duplicate_player", field="players"
        )
    if is_open:
        people_lock(players=seated, user_ids=[])
        open_game_refuse(players=seated)
    return seated


@transaction.atomic
def game_import(
    *,
    table: Table,
    record: Mapping[str, Any],
    players: list[Player] | None,
    by: Actor,
) -> Game:
    """Creates a game and its hands from a record, after the engine has replayed all of it.

    Entry's checks hold here too: names as the counter takes them, no import onto a table with
    a game in progress (finished record or not: its seating is never replaced), and an
    unfinished record, which becomes the table's open game, seats nobody who is playing
    elsewhere and joins its players' visits as a game started at the table does."""
    record, ruleset, entries = _record_read(record)
    replay = engine.replay_game(record)  # validated completely before anything is written
    table = table_lock(table)
    table_open_game_refuse(table)
    names = record["players"]
    seated = _seated(table, names, players, by=by, is_open=replay.end is None)
    draw = seat_draw_create(table=table, players=seated, method=SeatDrawMethod.IMPORTED, by=by)
    game = _game_create(table, record, ruleset, draw=draw, ended=replay.end is not None, by=by)
    GameSeat.objects.bulk_create(
        GameSeat(game=game, seat=seat, player=player, name=name)
        for seat, (player, name) in enumerate(zip(seated, names, strict=True))
    )
    if replay.end is None:
        game_money_attach(game=game, player_count=ruleset.player_count)
    hands = Hand.objects.bulk_create(
        Hand(game=game, sequence=index + 1, entry=entry, entered_by=actor_row(by))
        for index, entry in enumerate(entries)
    )
    replay_store(game, replay, list(hands), from_sequence=1)
    report_days_changed(table.parlor, [game.ended_at])  # a finished record counts today
    audit_game_started(game, by=by, source="import")
    enqueue_verify_if_finished(game)
    return game


def _record_read(record: Mapping[str, Any]) -> tuple[dict[str, Any], Ruleset, list[Any]]:
    """The record checked for what the engine does not check (its format, the ruleset, the
    names, a list of hands), with the ruleset's snapshot and the names as the counter takes
    them in place of what it gave; the ruleset; the hands' entries."""
    if not isinstance(record, Mapping) or record.get("format") != engine.RECORD_FORMAT:
        raise RecordError(f"format must be {engine.RECORD_FORMAT!r}", field="format")
    ruleset = _snapshot(record)
    names = _names(record)
    entries = record.get("hands")
    if not isinstance(entries, list):
        raise RecordError("hands must be a list", field="hands")
    return {**record, "ruleset": ruleset.to_dict(), "players": names}, ruleset, entries


def _game_create(
    table: Table,
    record: Mapping[str, Any],
    ruleset: Ruleset,
    *,
    draw: SeatDraw,
    ended: bool,
    by: Actor,
) -> Game:
    """The game row of an imported record: finished now if the record played to its end."""
    return Game.objects.create(
        table=table,
        seat_draw=draw,
        ruleset_key=ruleset.id,
        ruleset_snapshot=ruleset.to_dict(),
        schema_version=ruleset.schema_version,
        start_state=record.get("start"),
        is_closed_by_staff=bool(record.get("finished")),
        started_by=actor_row(by),
        status=GameStatus.FINISHED if ended else GameStatus.IN_PROGRESS,
        ended_at=timezone.now() if ended else None,
    )
