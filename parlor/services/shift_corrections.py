"""A correction (or a void) of a 本走 game after its shift was signed out: the difference
becomes an open adjustment for the staff member, as a guest's correction does.

The shift row stays as it was settled at sign-out (its receipt). What the shift is worth now
is its money recomputed from its games as they stand, under the game-back rule and the float
stored on the shift (selectors.shifts.shift_money_of); what was settled is `Shift.owed_yen`
and the correction adjustments made for the shift since. The difference, signed like every
adjustment from the person's side (+ the parlor pays them), is

    amount = owed at sign-out − owed now − Σ earlier corrections of the shift

and the staff member is paid (or pays) at the counter with the other adjustments
(visits.adjustments_pay_out), or at their next check-out as a guest.

Lock order: the caller holds the game's lock; the shifts are locked next, so two corrections
of two games of one shift count each other's adjustment.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import replace

from django.db.models import Sum

from parlor.domain.money import SeatMoney, Terms
from parlor.domain.shift_money import staff_game
from parlor.models import (
    Adjustment,
    AdjustmentKind,
    Game,
    GameMoney,
    GameSeat,
    GameStatus,
    Shift,
)
from parlor.models.users import Actor, actor_row
from parlor.reports.staleness import report_days_changed
from parlor.selectors.money import game_money_of
from parlor.selectors.shifts import shift_money_of
from parlor.services.audit_log import audit_adjustment_created
from parlor.services.day_open import day_open_require
from parlor.services.settlements import SettledMoneyChange, correction_cause


def _closed_shifts(game: Game, *, lock: bool = True) -> list[tuple[Shift, GameSeat]]:
    """The signed-out shifts whose games include `game` (it overlaps them, as
    selectors.shifts._overlapping reads it), each with its staff member's 本走 seat (two
    queries, locking the shifts unless told not to)."""
    if game.ended_at is None:
        return []
    seats = {
        seat.player.user_id: seat
        for seat in GameSeat.objects.filter(
            game=game, is_staff_play=True, player__user__isnull=False
        ).select_related("player")
    }
    if not seats:
        return []
    rows = Shift.objects.select_for_update(of=("self",)) if lock else Shift.objects.all()
    shifts = (
        rows.select_related("parlor", "staff")
        .filter(
            parlor_id=game.table.parlor_id,
            staff_id__in=seats,
            signed_out_at__isnull=False,
            signed_in_at__lte=game.ended_at,
            signed_out_at__gte=game.started_at,
        )
        .order_by("signed_in_at", "id")
    )
    return [(shift, seats[shift.staff_id]) for shift in shifts]


def _earlier_yen(shift: Shift) -> int:
    """What the shift's correction adjustments moved so far (one query)."""
    return (
        Adjustment.objects.filter(
            corrects_shift=shift, kind=AdjustmentKind.CORRECTION
        ).aggregate(total=Sum("amount_yen"))["total"]
        or 0
    )


def shift_correction_yen(shift: Shift) -> int:
    """What the closed shift owes its staff member now (+) or they owe (−), beyond what was
    settled at sign-out and by the corrections since (about six queries)."""
    return (shift.owed_yen or 0) - shift_money_of(shift).owed_yen - _earlier_yen(shift)


def shift_money_changes(
    game: Game, money_of: Callable[[], Mapping[int, SeatMoney]]
) -> list[SettledMoneyChange]:
    """The adjustments a correction would make for signed-out shifts (what
    shift_reconcile_game will find), for the warning before it is confirmed: `money_of()` is
    the game's money per seat as the correction would make it. One query when no 本走 seat
    of the game has a staff member behind it."""
    shifts = _closed_shifts(game, lock=False)
    terms_row = GameMoney.objects.filter(game=game).first() if shifts else None
    if terms_row is None:
        return []
    terms, table = Terms.of(terms_row), game.table.label
    now, after = game_money_of(game), money_of()
    changes = []
    for shift, seat in shifts:
        money = shift_money_of(shift)
        games = list(money.games)
        current = staff_game(terms, now[seat.seat], table=table) if seat.seat in now else None
        if current in games:
            games.remove(current)  # equal values are interchangeable in the sums
        if seat.seat in after:
            games.append(staff_game(terms, after[seat.seat], table=table))
        would = replace(money, games=tuple(games))
        yen = (shift.owed_yen or 0) - would.owed_yen - _earlier_yen(shift)
        if yen:
            changes.append(SettledMoneyChange(seat.player, None, yen))
    return changes


def shift_reconcile_game(game: Game, *, by: Actor = None) -> list[Adjustment]:
    """After a game's results changed, or it was voided: an open adjustment for the staff
    member of every signed-out shift the game belongs to whose money changed.

    Called under the game's lock next to settlements.settlement_reconcile_game, by
    replays.replay_store and games.game_void. The adjustment names the game, the correction
    hand and its reason (or the void) and the shift; it is audited like a guest's.
    """
    if game.status == GameStatus.IN_PROGRESS:
        return []
    changes = [
        (shift, seat, yen)
        for shift, seat in _closed_shifts(game)
        if (yen := shift_correction_yen(shift)) != 0
    ]
    if not changes:
        return []
    parlor = game.table.parlor
    day_open_require(parlor, what="a correction that changes a settled shift", lock=False)
    correction, reason = correction_cause(game)
    made = [
        Adjustment.objects.create(
            parlor=parlor,
            player=seat.player,
            kind=AdjustmentKind.CORRECTION,
            amount_yen=yen,
            reason=reason,
            game=game,
            correction=correction,
            corrects_shift=shift,
            created_by=correction.entered_by if correction else actor_row(by),
        )
        for shift, seat, yen in changes
    ]
    for adjustment in made:
        audit_adjustment_created(adjustment, by=adjustment.created_by)
    report_days_changed(parlor, [adjustment.created_at for adjustment in made])
    return made
