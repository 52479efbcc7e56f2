"""Import and export of whole games as tenbo-game/1 records."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.db import transaction
from django.utils import timezone

from parlor.errors import Conflict, InvalidInput
from parlor.models import (
    Game,
    GameSeat,
    GameStatus,
    Hand,
    Player,
    PlayerKind,
    SeatDrawMethod,
    Table,
)
from parlor.models.users import Actor, actor_row
from parlor.reports.staleness import report_days_changed
from parlor.services import engine
from parlor.services.audit_log import audit_game_started
from parlor.services.games import table_lock
from parlor.services.replays import game_record_build, replay_store
from parlor.services.seating import seat_draw_create
from parlor.tasks import enqueue_verify_if_finished
from rulesets.registry import PRESETS
from scoring.errors import RecordError
from scoring.ruleset import Ruleset


def game_export(game: Game) -> dict[str, Any]:
    """The game's record: its ruleset snapshot, players in seat order and current hands."""
    return game_record_build(game)


def _snapshot(record: Mapping[str, Any]) -> Ruleset:
    ruleset = record.get("ruleset")
    if isinstance(ruleset, str):
        if ruleset not in PRESETS:
            raise RecordError(
                f"unknown ruleset {ruleset!r}; use one of: {', '.join(sorted(PRESETS))}",
                field="ruleset",
            )
        return PRESETS[ruleset]
    return Ruleset.from_dict(ruleset if isinstance(ruleset, Mapping) else {}, presets=PRESETS)


def _players(table: Table, names: list[str], players: list[Player] | None) -> list[Player]:
    """The given players in seat order, or the parlor's players by name (new guests if unknown)."""
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
            player = Player.objects.create(parlor=table.parlor, name=name, kind=PlayerKind.GUEST)
        found.append(player)
    return found


@transaction.atomic
def game_import(
    *,
    table: Table,
    record: Mapping[str, Any],
    players: list[Player] | None,
    by: Actor,
) -> Game:
    """Creates a game and its hands from a record, after the engine has replayed all of it."""
    if not isinstance(record, Mapping) or record.get("format") != engine.RECORD_FORMAT:
        raise RecordError(f"format must be {engine.RECORD_FORMAT!r}", field="format")
    ruleset = _snapshot(record)
    names = record.get("players")
    if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
        raise RecordError("players must be a list of names in seat order", field="players")
    entries = record.get("hands")
    if not isinstance(entries, list):
        raise RecordError("hands must be a list", field="hands")
    record = {**record, "ruleset": ruleset.to_dict()}
    replay = engine.replay_game(record)  # validated completely before anything is written
    table = table_lock(table)
    if (
        replay.end is None
        and Game.objects.filter(table=table, status=GameStatus.IN_PROGRESS).exists()
    ):
        raise Conflict(
            f"table {table.label} already has a game in progress; an unfinished record "
            "can only be imported to a free table",
            code="table_has_open_game",
        )
    seated = _players(table, names, players)
    if len({p.pk for p in seated}) != len(seated):
        raise InvalidInput(
            "a player cannot take two seats", code="duplicate_player", field="players"
        )
    draw = seat_draw_create(table=table, players=seated, method=SeatDrawMethod.IMPORTED, by=by)
    game = Game.objects.create(
        table=table,
        seat_draw=draw,
        ruleset_key=ruleset.id,
        ruleset_snapshot=ruleset.to_dict(),
        schema_version=ruleset.schema_version,
        start_state=record.get("start"),
        is_closed_by_staff=bool(record.get("finished")),
        started_by=actor_row(by),
        status=GameStatus.FINISHED if replay.end else GameStatus.IN_PROGRESS,
        ended_at=timezone.now() if replay.end else None,
    )
    GameSeat.objects.bulk_create(
        GameSeat(game=game, seat=seat, player=player, name=name)
        for seat, (player, name) in enumerate(zip(seated, names, strict=True))
    )
    hands = Hand.objects.bulk_create(
        Hand(game=game, sequence=index + 1, entry=entry, entered_by=actor_row(by))
        for index, entry in enumerate(entries)
    )
    replay_store(game, replay, list(hands), from_sequence=1)
    report_days_changed(table.parlor, [game.ended_at])  # a finished record counts today
    audit_game_started(game, by=by, source="import")
    enqueue_verify_if_finished(game)
    return game
