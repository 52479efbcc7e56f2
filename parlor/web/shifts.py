"""The counter's shifts (シフト): sign a member of staff in with a float (釣り銭), see who is on
shift, sign them out with the float returned, and the shift's receipt.

Thin views over parlor/services/shifts.py; a refusal is shown beside the row it concerns, in
the staff's language, with its HTTP status. Every POST runs once per form shown (form_once).
"""

from __future__ import annotations

import uuid
from typing import Any

from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from parlor.domain.business_days import business_day_of
from parlor.domain.shift_money import ShiftLineKind, ShiftMoney, stand_in_tables
from parlor.errors import DomainError, InvalidInput
from parlor.models import Parlor, Shift
from parlor.selectors.access import Role, require
from parlor.selectors.audit_text import adjustment_reason_text
from parlor.selectors.shifts import (
    shift_corrections,
    shift_for,
    shift_money_of,
    shifts_of_day,
    staff_member_of,
    staff_name,
    staff_off_shift,
    staff_on_shift,
)
from parlor.services.shifts import shift_sign_in, shift_sign_out
from parlor.view_helpers.present import signed
from parlor.web.access import staff_page
from parlor.web.errors import error_payload
from parlor.web.form_once import form_once


def _float_sentences() -> dict[str, str]:
    """A bad float named as the field the staff filled, not the day's opening float."""
    return {
        "float_out_yen": _("The float handed out is a whole number of yen from 0."),
        "float_back_yen": _("The float returned is a whole number of yen from 0."),
    }


def _sentences() -> dict[str, str]:
    return {
        "shift_already_open": _("This member of staff is already on shift."),
        "shift_closed": _("This shift is already signed out."),
        "not_staff": _("Only staff and managers of this parlor go on shift."),
        "player_in_open_game": _(
            "This member of staff is still playing: finish the game before signing out."
        ),
        "day_closed": _("The business day is closed: a manager reopens it first."),
    }


def _error(exc: DomainError) -> dict[str, Any]:
    payload = error_payload(exc)
    if exc.code == "invalid_float":
        sentence = _float_sentences().get(exc.field)
    else:
        sentence = _sentences().get(exc.code)
    if sentence and not exc.params:  # with params, error_payload's sentence names them
        payload = {**payload, "message": sentence, "detail": ""}
    return payload


def _yen(text: str, field: str) -> int:
    text = text.strip().replace(",", "")
    if text == "":
        return 0
    if not text.isdigit():
        raise InvalidInput("the float is a whole number of yen", code="invalid_float", field=field)
    return int(text)


def _shifts_page(
    request: HttpRequest,
    parlor: Parlor,
    *,
    error: dict[str, Any] | None = None,
    error_at: str = "",
    status: int = 200,
) -> HttpResponse:
    day = business_day_of(parlor)
    on_rows = [
        {"on": on, "error": error if error_at == f"shift-{on.shift.public_id}" else None}
        for on in staff_on_shift(parlor)
    ]
    off_rows = [
        {"member": member, "error": error if error_at == f"member-{member.pk}" else None}
        for member in staff_off_shift(parlor)
    ]
    shown = any(row["error"] for row in on_rows) or any(row["error"] for row in off_rows)
    context = {
        "parlor": parlor,
        "day": day,
        "on_shift": on_rows,
        "off_shift": off_rows,
        "error_shown": shown,
        "closed": [s for s in shifts_of_day(parlor, day) if not s.is_open],
        "error": error,
        "key": uuid.uuid4(),
    }
    return render(request, "tablet/shifts.html", context, status=status)


@require_GET
@staff_page
def shifts(request: HttpRequest) -> HttpResponse:
    return _shifts_page(request, require(request.user, Role.STAFF).parlor)


@require_POST
@staff_page
def sign_in(request: HttpRequest) -> HttpResponse:
    parlor = require(request.user, Role.STAFF).parlor
    member = staff_member_of(parlor, request.POST.get("member", ""))

    def call() -> tuple[int, Any]:
        shift = shift_sign_in(parlor=parlor, user=member.user, float_out_yen=float_out, by=by)
        return 201, {"shift": str(shift.public_id)}

    by = request.user
    try:
        float_out = _yen(request.POST.get("float_out_yen", ""), "float_out_yen")
        form_once(request, parlor=parlor, call=call)
    except DomainError as exc:
        at = f"member-{member.pk}"
        return _shifts_page(request, parlor, error=_error(exc), error_at=at, status=exc.status_code)
    return redirect("tablet:shifts")


@require_POST
@staff_page
def sign_out(request: HttpRequest, shift_id: str) -> HttpResponse:
    shift = shift_for(request.user, shift_id)

    def call() -> tuple[int, Any]:
        shift_sign_out(shift=shift, float_back_yen=float_back, by=request.user)
        return 200, {"shift": str(shift.public_id)}

    try:
        float_back = _yen(request.POST.get("float_back_yen", ""), "float_back_yen")
        form_once(request, parlor=shift.parlor, call=call)
    except DomainError as exc:
        at = f"shift-{shift.public_id}"
        return _shifts_page(
            request, shift.parlor, error=_error(exc), error_at=at, status=exc.status_code
        )
    return redirect("tablet:shift-receipt", shift_id=shift.public_id)


def _line_label(kind: ShiftLineKind) -> str:
    return {
        ShiftLineKind.GAME: _("Staff play game"),
        ShiftLineKind.FEES: _("Game fees a guest would pay"),
        ShiftLineKind.BACK: _("Game back"),
        ShiftLineKind.FLOAT_OUT: _("Float handed out"),
        ShiftLineKind.FLOAT_BACK: _("Float returned"),
        ShiftLineKind.TOTAL: _("Total"),
    }[kind]


def _lines(money: ShiftMoney) -> list[dict[str, Any]]:
    return [
        {
            "kind": line.kind.value,
            "label": _line_label(line.kind),
            "table": line.table,
            "rank": line.rank,
            "yen": line.yen,
            "amount": signed(line.yen),
        }
        for line in money.lines()
        if line.kind != ShiftLineKind.TOTAL
    ]


def _corrections(shift: Shift) -> list[dict[str, Any]]:
    return [
        {
            "table": adjustment.game.table.label if adjustment.game else "",
            "reason": adjustment_reason_text(adjustment.reason),
            "yen": adjustment.amount_yen,
            "amount": signed(adjustment.amount_yen),
            "is_open": adjustment.is_open,
        }
        for adjustment in shift_corrections(shift)
    ]


@require_GET
@staff_page
def receipt(request: HttpRequest, shift_id: str) -> HttpResponse:
    """The shift's receipt: signed out, as fixed then; on shift, as it stands now. The lines
    show the games as they stand; a signed-out shift's total stays the one settled, and the
    corrections of its games since are listed below it, each an adjustment."""
    shift = shift_for(request.user, shift_id)
    money = shift_money_of(shift)
    owed = money.owed_yen if shift.is_open else shift.owed_yen or 0
    rule = {"full": _("Full back"), "half": _("Half back"), "none": _("No back")}
    context = {
        "parlor": shift.parlor,
        "shift": shift,
        "name": staff_name(shift.staff),
        "money": money,
        "lines": _lines(money),
        "rule": rule[money.rule.value],
        "stand_ins": stand_in_tables(money.stand_ins),
        "owed": owed,
        "owed_text": f"{abs(owed):,}",
        "corrections": [] if shift.is_open else _corrections(shift),
    }
    return render(request, "tablet/shift_receipt.html", context)
