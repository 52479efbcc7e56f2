"""Staff shifts (シフト): sign in with a float (釣り銭), sign out with it returned and the shift's
money settled (domain.shift_money). Both audited; both refused in a closed business day.

Lock order: the parlor's row (day_open_require, as every service that moves cash), then the
shift, then the staff member's user (people_lock), as a game start locks its people.
"""

from __future__ import annotations

from typing import Any

from django.contrib.auth.models import User
from django.db import IntegrityError, transaction
from django.utils import timezone

from parlor.domain.cash_drawer import MAX_FLOAT_YEN
from parlor.domain.shift_money import ShiftMoney
from parlor.errors import Conflict, InvalidInput
from parlor.models import AuditAction, MemberRole, Parlor, ParlorMember, Shift
from parlor.models.users import Actor, actor_row
from parlor.selectors.shifts import shift_money_of
from parlor.services.audit_log import audit_record
from parlor.services.day_open import day_open_require
from parlor.services.people_in_games import open_game_refuse, people_lock


def _float_check(yen: object, field: str) -> int:
    if isinstance(yen, bool) or not isinstance(yen, int) or not 0 <= yen <= MAX_FLOAT_YEN:
        raise InvalidInput(
            f"the float is a whole number of yen from 0 to {MAX_FLOAT_YEN:,}",
            code="invalid_float",
            field=field,
        )
    return yen


def _staff_of(parlor: Parlor, user: User) -> User:
    is_staff = ParlorMember.objects.filter(
        parlor=parlor, user=user, role__in=[MemberRole.STAFF, MemberRole.MANAGER]
    ).exists()
    if not is_staff:
        raise InvalidInput(
            f"{user.get_username()} is not staff at {parlor.name}",
            code="not_staff",
            field="staff",
        )
    return user


def _already_on(user: User) -> Conflict:
    return Conflict(
        f"{user.get_username()} is already on shift: sign them out first",
        code="shift_already_open",
        field="staff",
    )


@transaction.atomic
def shift_sign_in(*, parlor: Parlor, user: User, float_out_yen: int, by: Actor) -> Shift:
    """Signs a member of staff in, handing them `float_out_yen` (釣り銭) from the drawer."""
    float_out_yen = _float_check(float_out_yen, "float_out_yen")
    day = day_open_require(parlor, what="a shift sign-in")
    _staff_of(parlor, user)
    if Shift.objects.filter(staff=user, signed_out_at__isnull=True).exists():
        raise _already_on(user)
    try:
        with transaction.atomic():
            shift = Shift.objects.create(
                parlor=parlor,
                staff=user,
                business_day=day,
                signed_in_at=timezone.now(),
                signed_in_by=actor_row(by),
                float_out_yen=float_out_yen,
            )
    except IntegrityError as exc:  # a second tablet signed them in meanwhile
        raise _already_on(user) from exc
    audit_record(
        parlor=parlor,
        by=by,
        action=AuditAction.CREATE,
        subject_type="shift",
        subject_id=str(shift.public_id),
        kind="shift.signed_in",
        data={"staff": user.get_username(), "yen": float_out_yen},
        summary=f"{user.get_username()} signed in, float {float_out_yen:,} yen",
        after=_snapshot(shift),
    )
    return shift


@transaction.atomic
def shift_sign_out(*, shift: Shift, float_back_yen: int, by: Actor) -> Shift:
    """Signs the member of staff out with `float_back_yen` returned, and fixes what the shift
    came to (owed_yen: + they pay the parlor, − the parlor pays them). Refused while they sit
    in an open game, seated (本走) or standing in (代走)."""
    float_back_yen = _float_check(float_back_yen, "float_back_yen")
    day_open_require(shift.parlor, what="a shift sign-out")
    shift = Shift.objects.select_for_update().select_related("parlor", "staff").get(pk=shift.pk)
    if not shift.is_open:
        raise Conflict(
            f"{shift.staff.get_username()} already signed out of this shift",
            code="shift_closed",
        )
    people_lock(players=[], user_ids=[shift.staff_id])
    open_game_refuse(user_ids=[shift.staff_id], field="staff")
    money = shift_money_of(shift, float_back_yen=float_back_yen)
    _settle(shift, money, by=by)
    audit_record(
        parlor=shift.parlor,
        by=by,
        action=AuditAction.CLOSE,
        subject_type="shift",
        subject_id=str(shift.public_id),
        kind="shift.signed_out",
        data={
            "staff": shift.staff.get_username(),
            "yen": float_back_yen,
            "owed_yen": shift.owed_yen,
        },
        summary=f"{shift.staff.get_username()} signed out, float back {float_back_yen:,} yen, "
        f"owes {shift.owed_yen:+,} yen",
        after=_snapshot(shift),
    )
    return shift


def _settle(shift: Shift, money: ShiftMoney, *, by: Actor) -> None:
    shift.signed_out_at, shift.signed_out_by = timezone.now(), actor_row(by)
    shift.float_back_yen = money.float_back_yen
    shift.game_back = money.rule.value
    shift.result_yen, shift.fees_yen = money.result_yen, money.fees_yen
    shift.back_yen, shift.owed_yen = money.back_yen, money.owed_yen
    shift.save(
        update_fields=[
            "signed_out_at",
            "signed_out_by",
            "float_back_yen",
            "game_back",
            "result_yen",
            "fees_yen",
            "back_yen",
            "owed_yen",
        ]
    )


def _snapshot(shift: Shift) -> dict[str, Any]:
    return {
        "staff": shift.staff.get_username(),
        "business_day": shift.business_day.isoformat(),
        "float_out_yen": shift.float_out_yen,
        "float_back_yen": shift.float_back_yen,
        "game_back": shift.game_back,
        "result_yen": shift.result_yen,
        "fees_yen": shift.fees_yen,
        "back_yen": shift.back_yen,
        "owed_yen": shift.owed_yen,
    }
