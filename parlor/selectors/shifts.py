"""Reads of staff shifts (シフト): who is on shift now, a shift's games and money, a day's shifts.

A shift's games are those of its staff member that overlap it: started before it ended (or
while it is open) and ended after it began (or not yet). Sign-out is refused while the staff
member sits in an open game, so a game belongs to one shift of theirs at most.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime
from typing import Any

from django.contrib.auth.models import User
from django.db.models import Exists, OuterRef, Q

from parlor.domain.money import Terms
from parlor.domain.shift_money import GameBackRule, ShiftMoney, StandIn, staff_game
from parlor.errors import NotFound
from parlor.models import (
    Adjustment,
    Game,
    GameMoney,
    GameSeat,
    GameStatus,
    MemberRole,
    Parlor,
    ParlorMember,
    Player,
    Shift,
    VisitGame,
)
from parlor.selectors.access import Role, _uuid, require
from parlor.selectors.money import games_money


@dataclass(frozen=True, slots=True)
class OnShift:
    """A member of staff signed in now, with the player they sit at tables as (本走), if any."""

    shift: Shift
    staff: User
    player: Player | None
    signed_in_at: datetime

    @property
    def name(self) -> str:
        return staff_name(self.staff)


def staff_on_shift(parlor: Parlor) -> list[OnShift]:
    """The parlor's staff signed in now, earliest first (one query)."""
    shifts = (
        Shift.objects.filter(parlor=parlor, signed_out_at__isnull=True)
        .select_related("staff__player", "signed_in_by")
        .order_by("signed_in_at", "id")
    )
    return [OnShift(s, s.staff, getattr(s.staff, "player", None), s.signed_in_at) for s in shifts]


def staff_off_shift(parlor: Parlor) -> list[ParlorMember]:
    """The parlor's staff and managers not signed in, by username (one query)."""
    on_shift = Shift.objects.filter(staff=OuterRef("user"), signed_out_at__isnull=True)
    return list(
        ParlorMember.objects.filter(parlor=parlor, role__in=[MemberRole.STAFF, MemberRole.MANAGER])
        .exclude(Exists(on_shift))
        .select_related("user__player")
        .order_by("user__username")
    )


def staff_member_of(parlor: Parlor, member_id: str) -> ParlorMember:
    """A member of staff (or a manager) of the parlor by their member id; NotFound otherwise."""
    member = (
        ParlorMember.objects.filter(
            parlor=parlor,
            pk=int(member_id) if member_id.isdigit() else 0,
            role__in=[MemberRole.STAFF, MemberRole.MANAGER],
        )
        .select_related("user")
        .first()
    )
    if member is None:
        raise NotFound(f"no member {member_id} at {parlor.name}", code="member_not_found")
    return member


def staff_name(user: User) -> str:
    """The name a member of staff plays under, else their username."""
    player = getattr(user, "player", None)
    return player.name if player is not None else user.get_username()


def _overlapping(shift: Shift) -> Q:
    window = Q(game__ended_at__isnull=True) | Q(game__ended_at__gte=shift.signed_in_at)
    if shift.signed_out_at is not None:
        window &= Q(game__started_at__lte=shift.signed_out_at)
    return window & Q(game__table__parlor_id=shift.parlor_id)


def shift_games(shift: Shift) -> list[GameSeat]:
    """The shift's 本走 seats in finished games, oldest first (one query)."""
    return list(
        GameSeat.objects.filter(
            _overlapping(shift),
            is_staff_play=True,
            player__user_id=shift.staff_id,
            game__status=GameStatus.FINISHED,
        )
        .select_related("game__table")
        .order_by("game__started_at", "game_id")
    )


def shift_stand_ins(shift: Shift) -> list[StandIn]:
    """The shift's 代走, in finished games, oldest first (one query)."""
    links = (
        VisitGame.objects.filter(
            _overlapping(shift), stand_in_by_id=shift.staff_id, game__status=GameStatus.FINISHED
        )
        .select_related("game__table", "visit__player")
        .order_by("game__started_at", "game_id")
    )
    return [StandIn(link.game.table.label, link.visit.player.name) for link in links]


def shift_money_of(shift: Shift, *, float_back_yen: int | None = None) -> ShiftMoney:
    """A shift's money from its games (about five queries). An open shift reads the parlor's
    game-back rule and `float_back_yen` (None: not returned yet); a closed one its own."""
    seats = shift_games(shift)
    games: dict[int, Game] = {seat.game_id: seat.game for seat in seats}
    terms = {row.game_id: row for row in GameMoney.objects.filter(game_id__in=games)}
    for row in terms.values():
        row.game = games[row.game_id]
    money = games_money(terms)
    staff = []
    for seat in seats:
        seat_money = money.get(seat.game_id, {}).get(seat.seat)
        if seat_money is not None:
            game_terms = Terms.of(terms[seat.game_id])
            staff.append(staff_game(game_terms, seat_money, table=seat.game.table.label))
    if shift.is_open:
        rule, back = GameBackRule(shift.parlor.game_back), float_back_yen
    else:
        rule, back = GameBackRule(shift.game_back), shift.float_back_yen
    return ShiftMoney(tuple(staff), tuple(shift_stand_ins(shift)), rule, shift.float_out_yen, back)


def shift_corrections(shift: Shift) -> list[Adjustment]:
    """The adjustments made for a signed-out shift by corrections of its 本走 games since,
    oldest first (one query; services.shift_corrections makes them)."""
    return list(
        Adjustment.objects.filter(corrects_shift=shift)
        .select_related("game__table")
        .order_by("created_at", "id")
    )


def shifts_of_day(parlor: Parlor, day: date) -> list[Shift]:
    """The shifts signed in in business day `day`, earliest first (one query)."""
    return list(
        Shift.objects.filter(parlor=parlor, business_day=day)
        .select_related("staff__player", "signed_in_by", "signed_out_by")
        .order_by("signed_in_at", "id")
    )


def shift_cash_totals(parlor: Parlor, day: date) -> list[int]:
    """The cash the day's shifts moved at the counter, each signed from the staff member's
    side (+ paid to them): floats handed out and returned, and the settlements at sign-out."""
    totals: list[int] = []
    for shift in shifts_of_day(parlor, day):
        totals += shift_cash(shift)
    return totals


def shift_cash(shift: Shift) -> list[int]:
    """One shift's cash lines (staff member's side), from the figures fixed at sign-out."""
    if shift.is_open:
        return [shift.float_out_yen]
    return [shift.float_out_yen, -(shift.float_back_yen or 0), -(shift.owed_yen or 0)]


def shift_for(user: Any, shift_id: Any) -> Shift:
    """A shift at the user's parlor (staff and managers), by its public id: one query."""
    access = require(user, Role.STAFF)
    shift = (
        Shift.objects.select_related("parlor", "staff__player", "signed_in_by", "signed_out_by")
        .filter(parlor=access.parlor, public_id=_uuid(shift_id, "shift"))
        .first()
    )
    if shift is None:
        raise NotFound(f"no shift {shift_id} at {access.parlor.name}", code="shift_not_found")
    return shift
