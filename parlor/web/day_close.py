"""The counter's close of the day (締め): the opening float, the drawer counted note by note
and coin by coin, the difference with its reason, a manager's confirmation, and a reopening.

Thin views over parlor/services/day_close.py, the same services and serializers the API uses.
Errors are shown next to their field.
"""

from __future__ import annotations

import uuid
from typing import Any

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from parlor.domain.business_days import business_day_of
from parlor.domain.cash_drawer import DENOMINATIONS_YEN, Drawer, counted_yen
from parlor.errors import DomainError
from parlor.models import DayClose, Parlor
from parlor.selectors.access import Role, require
from parlor.selectors.day_close import DayCloseState, day_close_for, day_close_state
from parlor.selectors.shifts import shifts_of_day
from parlor.services.day_close import day_drawer, day_float_record
from parlor.services.day_close_counter import (
    day_close_at_the_counter,
    day_close_reopen_at_the_counter,
)
from parlor.view_helpers.inputs import DayCloseInput, DayFloatInput, DayReopenInput
from parlor.web.access import staff_page
from parlor.web.errors import error_payload
from parlor.web.form_once import form_once
from parlor.web.input import validated

_FIELDS = ("float_yen", "reason", "manager_username", "manager_password", "counts")


def _messages() -> dict[str, str]:
    """The close's own sentences: the tablet's shared ones say other things for these codes."""
    return {
        "reason_required": _("The drawer is over or short: say why."),
        "float_required": _("Enter the opening float."),
        "invalid_float": _("The float is a whole number of yen from 0."),
        "invalid_count": _("A count is a whole number from 0."),
        "out_of_range": _("A count or an amount is out of range."),
        "manager_confirmation_required": _(
            "A manager confirms the close: enter a manager's username and password."
        ),
        "manager_password_wrong": _("Wrong username or password, or not a manager of this parlor."),
        "day_closed": _("The business day is already closed."),
        "shift_open": _("A member of staff is still on shift: sign them out first (Shifts)."),
    }


def _reopen_messages() -> dict[str, str]:
    return {
        "reason_required": _("Say why the day is reopened."),
        "manager_confirmation_required": _(
            "A manager reopens a closed day: enter a manager's username and password."
        ),
        "day_close_reopened": _("This close was already reopened."),
    }


def _error(exc: DomainError, sentences: dict[str, str]) -> tuple[str, str]:
    """(field, sentence): the field the error is shown beside ("general" above the button)."""
    field = exc.field if exc.field in _FIELDS else "general"
    if exc.field.startswith("count"):
        field = "counts"
    return field, sentences.get(exc.code) or error_payload(exc)["message"]


def _count_text(text: str) -> int:
    text = text.strip()
    return int(text) if text.isdigit() else 0


def _figures(close: DayClose) -> dict[str, Any]:
    """A close and its amounts written with thousands separators, for the page."""
    amounts = {
        "float": close.float_yen,
        "paid_in": close.paid_in_yen,
        "paid_out": close.paid_out_yen,
        "expected": close.expected_yen,
        "counted": close.counted_yen,
    }
    yen = {name: f"{value:,}" for name, value in amounts.items()}
    return {"close": close, "yen": yen | {"difference": f"{close.difference_yen:+,}"}}


def _count_rows(counts: dict[int, Any]) -> list[dict[str, Any]]:
    """The drawer's count, one row per denomination, as typed, with its subtotal."""
    return [
        {
            "yen": yen,
            "label": f"{yen:,}",
            "count": counts.get(yen, ""),
            "subtotal": f"{yen * _count_text(str(counts.get(yen, ''))):,}",
        }
        for yen in DENOMINATIONS_YEN
    ]


def _drawer_money(drawer: Drawer, counted: int) -> dict[str, str]:
    """The drawer's money as the page shows it: in, out, expected, counted and the difference."""
    return {
        "paid_in": f"{drawer.paid_in_yen:,}",
        "paid_out": f"{drawer.paid_out_yen:,}",
        "expected": f"{drawer.expected_yen:,}",
        "counted": f"{counted:,}",
        "difference": f"{counted - drawer.expected_yen:+,}",
    }


def _float_text(state: DayCloseState) -> str:
    """The float the close's box starts with: the one entered at the start of the day, else
    (a reopened day) the one the drawer was last counted with, else empty."""
    if state.float_entry is not None:
        return str(state.float_entry.float_yen)
    return str(state.closes[-1].float_yen) if state.closes else ""


def _page(
    request: HttpRequest,
    parlor: Parlor,
    *,
    values: dict[str, Any] | None = None,
    errors: dict[str, str] | None = None,
    reopen_errors: dict[str, str] | None = None,
    status: int = 200,
) -> HttpResponse:
    day = business_day_of(parlor)
    state = day_close_state(parlor, day)
    values = values or {}
    entered = state.float_entry.float_yen if state.float_entry else None
    float_text = str(values.get("float_yen", _float_text(state)))
    float_yen = _count_text(float_text)
    drawer = day_drawer(parlor=parlor, day=day, float_yen=float_yen)
    counts = values.get("counts", {})
    counted = counted_yen({yen: _count_text(str(counts.get(yen, ""))) for yen in DENOMINATIONS_YEN})
    context = {
        "parlor": parlor,
        "day": day,
        "state": state,
        "current": _figures(state.current) if state.current else None,
        "reopened": [_figures(c) for c in state.closes if not c.is_current],
        "drawer": drawer,
        "float_text": float_text,
        "float_entered": entered,
        "float_entered_text": f"{entered:,}" if entered is not None else "",
        "rows": _count_rows(counts),
        "money": _drawer_money(drawer, counted),
        "counted_yen": counted,
        "difference_yen": counted - drawer.expected_yen,
        "values": values,
        "errors": errors or {},
        "reopen_errors": reopen_errors or {},
        "key": uuid.uuid4(),
        "shifts": shifts_of_day(parlor, day),
    }
    return render(request, "tablet/day_close.html", context, status=status)


@require_GET
@staff_page
def day_close_page(request: HttpRequest) -> HttpResponse:
    access = require(request.user, Role.STAFF)
    return _page(request, access.parlor)


@require_POST
@staff_page
def day_float(request: HttpRequest) -> HttpResponse:
    """The opening float, entered at the start of the day."""
    access = require(request.user, Role.STAFF)
    try:
        checked = validated(DayFloatInput, request.POST)
        day_float_record(parlor=access.parlor, float_yen=checked["float_yen"], by=request.user)
    except DomainError as exc:
        field, text = _error(exc, _messages())
        values = {"float_yen": request.POST.get("float_yen", "")}
        return _page(
            request, access.parlor, values=values, errors={field: text}, status=exc.status_code
        )
    messages.success(request, _("The opening float is saved."))
    return redirect("tablet:day-close")


@require_POST
@staff_page
def day_close(request: HttpRequest) -> HttpResponse:
    """Closes the day; `preview` (the Count button) only sums the counts and shows the page."""
    access = require(request.user, Role.STAFF)
    counts = {yen: request.POST.get(f"count_{yen}", "") for yen in DENOMINATIONS_YEN}
    values: dict[str, Any] = {
        "float_yen": request.POST.get("float_yen", ""),
        "counts": counts,
        "reason": request.POST.get("reason", ""),
        "manager_username": request.POST.get("manager_username", ""),
    }
    if "preview" in request.POST:
        return _page(request, access.parlor, values=values)
    body = {
        "counts": {str(yen): text.strip() or "0" for yen, text in counts.items()},
        "reason": values["reason"],
        "manager_username": values["manager_username"],
        "manager_password": request.POST.get("manager_password", ""),
    }
    if values["float_yen"].strip():
        body["float_yen"] = values["float_yen"].strip()

    def call() -> tuple[int, Any]:
        close = day_close_at_the_counter(
            parlor=access.parlor, by=request.user, request=request, **checked
        )
        return 201, {"close": str(close.public_id)}

    try:
        checked = validated(DayCloseInput, body)
        form_once(request, parlor=access.parlor, call=call)
    except DomainError as exc:
        field, text = _error(exc, _messages())
        return _page(
            request, access.parlor, values=values, errors={field: text}, status=exc.status_code
        )
    messages.success(request, _("The business day is closed."))
    return redirect("tablet:day-close")


@require_POST
@staff_page
def day_reopen(request: HttpRequest, close_id: str) -> HttpResponse:
    close, access = day_close_for(request.user, close_id)
    try:
        checked = validated(DayReopenInput, request.POST)
        day_close_reopen_at_the_counter(close=close, by=request.user, request=request, **checked)
    except DomainError as exc:
        field, text = _error(exc, _reopen_messages())
        values = {
            "reopen_reason": request.POST.get("reason", ""),
            "manager_username": request.POST.get("manager_username", ""),
        }
        return _page(
            request,
            access.parlor,
            values=values,
            reopen_errors={field: text},
            status=exc.status_code,
        )
    messages.success(request, _("The business day is reopened: it can be closed again."))
    return redirect("tablet:day-close")
