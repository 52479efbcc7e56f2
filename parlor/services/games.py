"""Games: start, staff close (finish) and void (無効). Each is one transaction on a locked row."""

from __future__ import annotations

from typing import Any

from django.contrib.auth.models import AbstractBaseUser
from django.db import IntegrityError, transaction
from django.utils import timezone

from parlor.errors import Conflict, Forbidden
from parlor.models import Game, GameSeat, GameStatus, Player, Table
from parlor.models.users import Actor, actor_row
from parlor.reports.staleness import report_days_changed
from parlor.security.text import reason_check
from parlor.selectors.access import is_manager
from parlor.selectors.rulesets import ruleset_resolve
from parlor.services import engine
from parlor.services.audit_log import (
    audit_game_finished,
    audit_game_started,
    audit_game_voided,
    game_snapshot,
)
from parlor.services.game_visits import game_money_attach
from parlor.services.live_views import live_view_changed
from parlor.services.manager_check import manager_confirmer
from parlor.services.people_in_games import open_game_refuse, people_lock
from parlor.services.replays import (
    current_hands,
    game_record_build,
    game_start_state_store,
    replay_store,
)
from parlor.services.seat_stats import seat_stats_store
from parlor.services.seating import Seating, seating_plan
from parlor.services.settlements import settlement_reconcile_game
from parlor.services.shift_corrections import shift_reconcile_game
from parlor.services.verification import enqueue_verify_if_finished


def game_lock(game: Game) -> Game:
    """The game row again, locked until the transaction ends, so two tablets cannot interleave.

    Only the game row (`of`): the joined table row is locked by table_lock, always first, so a
    request holding the table and one locking the game cannot deadlock on each other. The
    table's parlor comes along for what a finished game touches (its business day), the seat
    draw for the live view a change renews (live_views)."""
    return (
        Game.objects.select_for_update(of=("self",))
        .select_related("table__parlor", "seat_draw")
        .get(pk=game.pk)
    )


def table_lock(table: Table) -> Table:
    return Table.objects.select_for_update().get(pk=table.pk)


def _open_game_conflict(table: Table) -> Conflict:
    return Conflict(
        f"table {table.label} already has a game in progress: finish or void it first",
        code="table_has_open_game",
    )


def table_open_game_refuse(table: Table) -> None:
    """Conflict (409) if the table has a game in progress: a new game, started or imported,
    never replaces its seating. The caller holds table_lock."""
    if Game.objects.filter(table=table, status=GameStatus.IN_PROGRESS).exists():
        raise _open_game_conflict(table)


@transaction.atomic
def game_start(
    *, table: Table, players: list[Player], seating: Seating, by: Actor
) -> Game:
    """Starts a game: seats (drawn, given or kept), a ruleset snapshot and the start state."""
    table = table_lock(table)
    table_open_game_refuse(table)
    ruleset = ruleset_resolve(parlor=table.parlor, key=table.ruleset_key)
    plan = seating_plan(table=table, ruleset=ruleset, seating=seating, players=players, by=by)
    people_lock(players=plan.players_by_seat, user_ids=[])
    open_game_refuse(players=plan.players_by_seat)
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
                started_by=actor_row(by),
            )
    except IntegrityError as exc:  # the unique open game per table, should the lock be bypassed
        raise _open_game_conflict(table) from exc
    GameSeat.objects.bulk_create(
        GameSeat(game=game, seat=seat, player=player, name=player.name)
        for seat, player in enumerate(plan.players_by_seat)
    )
    game_money_attach(game=game, player_count=ruleset.player_count)
    game_start_state_store(game)
    audit_game_started(game, by=by)
    return game


@transaction.atomic
def game_finish(*, game: Game, by: Actor) -> Game:
    """Staff close the game after its last hand (the record's `finished`): final settlement now."""
    game = game_lock(game)
    if game.status != GameStatus.IN_PROGRESS:
        raise Conflict(f"the game is already {game.status}", code=f"game_{game.status}")
    before = game_snapshot(game)
    hands = current_hands(game)
    replay = engine.replay_game(game_record_build(game, [h.entry for h in hands], finished=True))
    game.is_closed_by_staff = True
    game.save(update_fields=["is_closed_by_staff"])
    replay_store(game, replay, hands, from_sequence=len(hands) + 1)
    report_days_changed(game.table.parlor, [game.ended_at])
    audit_game_finished(game, by=by, before=before)
    enqueue_verify_if_finished(game)
    return game


@transaction.atomic
def game_void(
    *,
    game: Game,
    reason: str,
    by: Actor,
    confirmed_by: Actor = None,
) -> Game:
    """Voids a game (無効): it counts for nothing, its hands and results stay in the log.

    Any staff void a game in progress without hands (started by mistake). One with hands needs
    a manager: the one voiding it, or `confirmed_by` (games.game_void_confirmer checks their
    password). Only a manager voids a finished game; what closed receipts paid for it is
    reversed by adjustments, while open visits simply stop counting it.
    """
    reason = reason_check(reason, missing="say why the game is voided")
    game = game_lock(game)
    if game.status == GameStatus.VOIDED:
        raise Conflict("the game is already voided", code="game_cancelled")
    needs_manager = game.status == GameStatus.FINISHED or game.hand_count > 0
    manager = _void_manager(game, by, confirmed_by, needed=needs_manager)
    before = game_snapshot(game)
    if game.status == GameStatus.IN_PROGRESS:  # a finished game keeps the time it ended
        game.ended_at, game.next_state = timezone.now(), None
    game.status, game.void_reason, game.voided_by = (
        GameStatus.VOIDED, reason, actor_row(by)
    )
    game.void_confirmed_by = actor_row(manager) if needs_manager else None
    game.save(
        update_fields=[
            "status",
            "ended_at",
            "next_state",
            "void_reason",
            "voided_by",
            "void_confirmed_by",
        ]
    )
    live_view_changed(game.seat_draw.public_id)
    seat_stats_store(game, results=())  # a voided game keeps no stats
    settlement_reconcile_game(game, by=by)
    shift_reconcile_game(game, by=by)
    report_days_changed(game.table.parlor, [game.ended_at])  # its day no longer counts it
    audit_game_voided(game, by=by, before=before, reason=reason)
    return game


def _void_manager(game: Game, by: Actor, confirmed_by: Actor, *, needed: bool) -> Actor:
    """The manager among `by` and `confirmed_by`; Forbidden if none and one is `needed`."""
    parlor_id = game.table.parlor_id
    manager = next((u for u in (by, confirmed_by) if u and is_manager(u, parlor_id)), None)
    if needed and manager is None:
        what = "a finished game" if game.status == GameStatus.FINISHED else "a game that has hands"
        raise Forbidden(
            f"a manager confirms voiding {what}",
            code="manager_confirmation_required",
            field="manager_username",
        )
    return manager


def game_void_at_the_table(
    *,
    game: Game,
    reason: str,
    by: Actor,
    manager_username: str = "",
    manager_password: str = "",
    request: Any = None,
) -> Game:
    """game_void, confirmed by the manager whose username and password were typed in (if any):
    the one path of the tablet's void form and the API's."""
    confirmed_by = None
    if manager_username:
        confirmed_by = game_void_confirmer(
            parlor_id=game.table.parlor_id,
            username=manager_username,
            password=manager_password,
            request=request,
        )
    return game_void(game=game, reason=reason, by=by, confirmed_by=confirmed_by)


def game_void_confirmer(
    *, parlor_id: int, username: str, password: str, request: Any = None
) -> AbstractBaseUser:
    """The manager confirming a void at the table, by their username and password
    (manager_check.manager_confirmer)."""
    return manager_confirmer(
        parlor_id=parlor_id,
        username=username,
        password=password,
        needed_for="to void a game that has hands",
        request=request,
    )
