"""A starting game's money terms, and the visits (来店) its seats join."""

from __future__ import annotations

from dataclasses import asdict

from parlor.errors import Conflict
from parlor.models import Game, GameMoney, GameStatus, Visit, VisitGame, VisitStatus
from parlor.selectors.members import staff_user_ids
from parlor.selectors.money import money_settings_for
from parlor.selectors.visits import visit_is_over


def game_money_attach(*, game: Game, player_count: int) -> None:
    """Called by game_start in its transaction: the game's money terms and its visits.

    Where the table's game type has money settings the game keeps a copy of them, each seat's
    player must be checked in (the game joins their visit), and a member of staff seated
    without a visit plays for the parlor (本走). Without money settings the game settles
    nothing and nobody may be checked in at it.
    """
    table = game.table
    settings = money_settings_for(table, player_count=player_count)
    seats = list(game.seats.select_related("player__user"))
    visits = {
        v.player_id: v
        for v in Visit.objects.select_for_update()
        .filter(player__in=[s.player for s in seats], status=VisitStatus.OPEN)
        .order_by("pk")
    }
    if settings is None:
        if visits:
            raise _no_money_settings(table.label, player_count)
        return
    GameMoney.objects.create(game=game, settings=settings.settings, **asdict(settings.terms))
    staff_users = staff_user_ids(table.parlor_id)
    for seat in seats:
        visit = visits.get(seat.player_id)
        if visit is not None:
            _visit_take_game(visit, game, seat.seat)
        elif seat.player.user_id is not None and seat.player.user_id in staff_users:
            seat.is_staff_play = True
            seat.save(update_fields=["is_staff_play"])
        else:
            raise Conflict(
                f"{seat.player.name} is not checked in: check them in before the game starts",
                code="player_not_checked_in",
                field="players",
            )


def _no_money_settings(table_label: str, player_count: int) -> Conflict:
    return Conflict(
        f"table {table_label} has no money settings for {player_count}-player games, "
        "so checked-in players cannot be settled there: a manager sets them first",
        code="no_money_settings",
    )


def _visit_take_game(visit: Visit, game: Game, seat: int) -> None:
    if visit_is_over(visit):
        raise Conflict(
            f"{visit.player.name} called the last game (ラス半) and it is over: "
            "check them out, or take the call back first",
            code="visit_over",
            field="players",
        )
    VisitGame.objects.create(visit=visit, game=game, seat=seat)
    voided = visit.last_game is not None and visit.last_game.status == GameStatus.VOIDED
    if visit.last_game_called_at is not None and (visit.last_game_id is None or voided):
        visit.last_game = game
        visit.save(update_fields=["last_game"])
