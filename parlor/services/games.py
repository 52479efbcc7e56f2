"""Games: start, staff close (finish) and cancel. Each is one transaction on a locked row."""

from __future__ import annotations

from django.contrib.auth.models import AbstractBaseUser
from django.db import IntegrityError, transaction
from django.utils import timezone

from parlor.models import Game, GameSeat, GameStatus, Player, Table
from parlor.selectors.game_rows import game_locked
from parlor.services import engine
from parlor.services.audit_log import (
    audit_game_cancelled,
    audit_game_finished,
    audit_game_started,
    game_snapshot,
)
from parlor.services.errors import Conflict
from parlor.services.replays import current_hands, game_record, replay_apply
from parlor.services.rulesets import ruleset_resolve
from parlor.services.seating import Seating, seating_plan
from parlor.services.visits import game_money_attach
from parlor.tasks import enqueue_verify_if_finished


def game_lock(game: Game) -> Game:
    """The game row again, locked until the transaction ends, so two tablets cannot interleave.

    Only the game row (`of`): the joined table row is locked by table_lock, always first, so a
    request holding the table and one locking the game cannot deadlock on each other. The
    table's parlor comes along for what a finished game touches (its business day). One plain
    statement (selectors.game_rows): every hand recorded takes this lock."""
    return game_locked(game.pk)


def table_lock(table: Table) -> Table:
    return Table.objects.select_for_update().get(pk=table.pk)


def _open_game_conflict(table: Table) -> Conflict:
    return Conflict(
        f"table {table.label} already has a game in progress: finish or cancel it first",
        code="table_has_open_game",
    )


@transaction.atomic
def game_start(
    *, table: Table, players: list[Player], seating: Seating, by: AbstractBaseUser | None
) -> Game:
    """Starts a game: seats (drawn, given or kept), a ruleset snapshot and the start state."""
    table = table_lock(table)
    if Game.objects.filter(table=table, status=GameStatus.IN_PROGRESS).exists():
        raise _open_game_conflict(table)
    ruleset = ruleset_resolve(parlor=table.parlor, key=table.ruleset_key)
    plan = seating_plan(table=table, ruleset=ruleset, seating=seating, players=players, by=by)
    snapshot = ruleset.to_dict()
    try:
        with transaction.atomic():
            game = Game.objects.create(
                table=table,
                seat_draw=plan.seat_draw,
                number_in_seating=plan.number_in_seating,
                first_dealer_position=plan.first_dealer_position,
                ruleset_key=table.ruleset_key,
                ruleset_snapshot=snapshot,
                schema_version=ruleset.schema_version,
                started_by=by,
            )
    except IntegrityError as exc:  # the unique open game per table, should the lock be bypassed
        raise _open_game_conflict(table) from exc
    GameSeat.objects.bulk_create(
        GameSeat(game=game, seat=seat, player=player, name=player.name)
        for seat, player in enumerate(plan.players_by_seat)
    )
    game_money_attach(game=game, player_count=ruleset.player_count)
    replay_apply(game, engine.replay(game_record(game, [])), [], from_sequence=1)
    audit_game_started(game, by=by)
    return game


@transaction.atomic
def game_finish(*, game: Game, by: AbstractBaseUser | None) -> Game:
    """Staff close the game after its last hand (the record's `finished`): final settlement now."""
    game = game_lock(game)
    if game.status != GameStatus.IN_PROGRESS:
        raise Conflict(f"the game is already {game.status}", code=f"game_{game.status}")
    before = game_snapshot(game)
    hands = current_hands(game)
    replay = engine.replay(game_record(game, [h.entry for h in hands], finished=True))
    game.is_closed_by_staff = True
    game.save(update_fields=["is_closed_by_staff"])
    replay_apply(game, replay, hands, from_sequence=len(hands) + 1)
    audit_game_finished(game, by=by, before=before)
    enqueue_verify_if_finished(game)
    return game


@transaction.atomic
def game_cancel(*, game: Game, reason: str, by: AbstractBaseUser | None) -> Game:
    """Cancels a game in progress (中止). Its hands stay in the log; it counts for nothing."""
    game = game_lock(game)
    if game.status != GameStatus.IN_PROGRESS:
        raise Conflict(
            f"only a game in progress can be cancelled; this one is {game.status}",
            code=f"game_{game.status}",
        )
    before = game_snapshot(game)
    game.status, game.ended_at, game.cancel_reason = GameStatus.CANCELLED, timezone.now(), reason
    game.next_state = None
    game.save(update_fields=["status", "ended_at", "cancel_reason", "next_state"])
    audit_game_cancelled(game, by=by, before=before, reason=reason)
    return game
