"""What makes a reported day stale: the parlor's models, watched from here.

The parlor app knows nothing of reports (imports point one way), so instead of calling in,
its saves are watched: a hand corrected or voided, a game finished or cancelled, a visit
checked out, an adjustment made or paid. Each marks the existing reports of the business
days it touches stale, in the same transaction, and their builds are queued on commit.
"""

from __future__ import annotations

from datetime import date, datetime
from typing import Any

from django.db.models.signals import post_save

from parlor.domain.business_days import business_day_of
from parlor.models import (
    Adjustment,
    Game,
    GameStatus,
    Hand,
    HandState,
    Parlor,
    Settlement,
    Table,
)
from parlor.reports.services import daily_reports_mark_stale


def _mark(parlor_id: int, moments: list[datetime | None], *, parlor: Parlor | None = None) -> None:
    """`parlor`: the row, where the caller has it loaded (else it is read: one query)."""
    if parlor is None:
        parlor = Parlor.objects.filter(pk=parlor_id).first()
    if parlor is None:
        return
    days: set[date] = {business_day_of(parlor, at) for at in moments if at is not None}
    if days:
        daily_reports_mark_stale(parlor_id=parlor_id, days=days)


def hand_saved(sender: type[Hand], instance: Hand, created: bool, **kwargs: Any) -> None:
    """A correction (a new version that supersedes one) or a void: the day it was made, and
    the day the game ended, as the game row still says before the replay is stored."""
    if kwargs.get("raw"):  # loaddata: the rows it names may not be there yet
        return
    is_correction = created and instance.supersedes_id is not None
    is_void = not created and instance.state == HandState.VOIDED
    if not (is_correction or is_void):
        return
    game = instance.game
    made_at = instance.entered_at if is_correction else instance.voided_at
    _mark(game.table.parlor_id, [made_at, game.ended_at])


def game_saved(sender: type[Game], instance: Game, **kwargs: Any) -> None:
    if not kwargs.get("raw") and instance.status in (GameStatus.FINISHED, GameStatus.CANCELLED):
        table = instance.table
        loaded = table.parlor if Table.parlor.is_cached(table) else None  # games.game_lock
        _mark(table.parlor_id, [instance.ended_at], parlor=loaded)


def settlement_saved(
    sender: type[Settlement], instance: Settlement, created: bool, **kwargs: Any
) -> None:
    if created and not kwargs.get("raw"):
        _mark(instance.visit.parlor_id, [instance.closed_at])


def adjustment_saved(sender: type[Adjustment], instance: Adjustment, **kwargs: Any) -> None:
    if not kwargs.get("raw"):
        _mark(instance.parlor_id, [instance.created_at, instance.settled_at])


def connect() -> None:
    post_save.connect(hand_saved, sender=Hand, dispatch_uid="reports.hand_saved")
    post_save.connect(game_saved, sender=Game, dispatch_uid="reports.game_saved")
    post_save.connect(settlement_saved, sender=Settlement, dispatch_uid="reports.settlement_saved")
    post_save.connect(adjustment_saved, sender=Adjustment, dispatch_uid="reports.adjustment_saved")
