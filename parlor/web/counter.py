"""The counter (受付・精算): check-in, ラス半, check-out with its settlement and receipt.

Thin views over parlor/services/visits.py, the same services the API calls. A service's
refusal is shown in words next to the control that caused it, with its HTTP status.
"""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST
from rest_framework import serializers

from parlor.errors import DomainError
from parlor.models import Parlor, Visit
from parlor.selectors.access import Role, player_for, players_for, require
from parlor.selectors.counter import players_found
from parlor.selectors.visits import receipt_of, visit_for
from parlor.services.manager_check import LARGE_AMOUNT, manager_confirmer_if_given
from parlor.services.visits import (
    adjustments_pay_out,
    visit_check_in,
    visit_check_out,
    visit_last_game_call,
    visit_walk_in,
)
from parlor.services.wishes import visit_wish_set
from parlor.view_helpers.inputs import PlayerInput
from parlor.view_helpers.paper import PAPERS
from parlor.view_helpers.present import receipt_lines, receipt_totals
from parlor.view_helpers.wishes import wish_of_token
from parlor.web.access import staff_page
from parlor.web.counter_guest import guest_redirect
from parlor.web.counter_page import MANAGER_CODES, counter_page, counter_refused
from parlor.web.errors import error_payload
from parlor.web.form_once import form_once
from parlor.web.input import validated


class WalkInInput(PlayerInput):
    """The API's new player; the form always sends a member number, empty for a guest."""

    member_number = serializers.CharField(
        max_length=20, required=False, default="", allow_blank=True
    )


def _manager(request: HttpRequest, parlor: Parlor) -> Any:
    """The manager confirming an amount beyond the parlor's bound, if one typed their
    username and password into the form."""
    return manager_confirmer_if_given(
        parlor_id=parlor.pk,
        username=request.POST.get("manager_username", ""),
        password=request.POST.get("manager_password", ""),
        needed_for=LARGE_AMOUNT,
        request=request,
    )


@require_GET
@staff_page
def counter(request: HttpRequest) -> HttpResponse:
    access = require(request.user, Role.STAFF)
    return counter_page(request, parlor=access.parlor)


@require_POST
@staff_page
def check_in(request: HttpRequest) -> HttpResponse:
    access = require(request.user, Role.STAFF)
    player_id = request.POST.get("player", "")
    try:
        [player] = players_for(access, [player_id])
        wish = wish_of_token(request.POST.get("wish", ""))
        visit = visit_check_in(player=player, by=request.user, wish=wish)
    except DomainError as exc:
        return counter_refused(request, exc, parlor=access.parlor, at=player_id)
    messages.success(request, _("%(name)s is checked in.") % {"name": player.name})
    return guest_redirect(visit.public_id)


@require_POST
@staff_page
def walk_in(request: HttpRequest) -> HttpResponse:
    """A walk-in registered and checked in with one tap: name, kana, member number if any,
    and what they want to play (希望)."""
    access = require(request.user, Role.STAFF)
    form = {name: request.POST.get(name, "") for name in ("name", "kana", "member_number", "wish")}

    def call() -> tuple[int, Any]:
        visit = visit_walk_in(
            parlor=access.parlor,
            by=request.user,
            name=values["name"],
            kana=values["kana"],
            member_number=values["member_number"],
            wish=wish,
        )
        return 201, {"name": visit.player.name, "visit": str(visit.public_id)}

    try:
        values = validated(WalkInInput, request.POST)
        wish = wish_of_token(form["wish"])
        answer = form_once(request, parlor=access.parlor, call=call)
    except DomainError as exc:
        return counter_refused(request, exc, parlor=access.parlor, at="walk-in", walk_in=form)
    messages.success(request, _("%(name)s is registered and checked in.") % answer)
    return guest_redirect(answer.get("visit", ""))


@require_POST
@staff_page
def wish(request: HttpRequest, visit_id: str) -> HttpResponse:
    """What a waiting guest wants (希望), changed with one tap on the waiting list."""
    visit, access = visit_for(request.user, visit_id)
    try:
        wanted = wish_of_token(request.POST.get("wish", ""))
        visit_wish_set(visit=visit, wish=wanted, by=request.user)
    except DomainError as exc:
        return counter_refused(request, exc, parlor=access.parlor, at=f"wish-{visit_id}")
    messages.success(request, _("The wish of %(name)s is changed.") % {"name": visit.player.name})
    return redirect("tablet:counter")


@require_POST
@staff_page
def pay_out(request: HttpRequest, player_id: str) -> HttpResponse:
    """Pays out (or collects) the player's open adjustments, then shows their receipt."""
    access = require(request.user, Role.STAFF)
    player, _access = player_for(request.user, player_id)  # 404 for another parlor's

    def call() -> tuple[int, Any]:
        settlement = adjustments_pay_out(player=player, by=request.user, confirmed_by=manager)
        return 201, {"visit": str(settlement.visit.public_id)}

    try:
        manager = _manager(request, access.parlor)
        answer = form_once(request, parlor=access.parlor, call=call)
    except DomainError as exc:
        return counter_refused(request, exc, parlor=access.parlor, at=f"owed-{player_id}")
    return redirect("tablet:counter-receipt", visit_id=answer["visit"])


@require_GET
@staff_page
def player_search(request: HttpRequest) -> JsonResponse:
    """{players: [...]}: the search as staff type, at the counter and at the game start."""
    access = require(request.user, Role.STAFF)
    found = players_found(access.parlor, request.GET.get("q", ""))
    return JsonResponse({"players": [_found(row) for row in found]})


def _found(row: Any) -> dict[str, Any]:
    return {
        "id": str(row.player.public_id),
        "name": row.player.name,
        "kana": row.player.kana,
        "member_number": row.player.member_number,
        "state": str(row.state),
        "checked_in": row.is_in,
        "seated_at": row.seated_at,
    }


@require_POST
@staff_page
def last_game(request: HttpRequest, visit_id: str) -> HttpResponse:
    """ラス半 on (called=1) or taken back (called=0)."""
    visit, access = visit_for(request.user, visit_id)
    called = request.POST.get("called", "1") == "1"
    try:
        visit_last_game_call(visit=visit, called=called, by=request.user)
    except DomainError as exc:
        return counter_refused(request, exc, parlor=access.parlor, at=str(visit.player.public_id))
    if called:
        text = _("Last game called for %(name)s.")
    else:
        text = _("The last-game call of %(name)s is taken back.")
    messages.success(request, text % {"name": visit.player.name})
    return redirect("tablet:counter")


def _receipt_page(
    request: HttpRequest,
    visit: Visit,
    *,
    error: dict[str, Any] | None = None,
    status: int = 200,
) -> HttpResponse:
    receipt = receipt_of(visit)
    context = {
        "parlor": visit.parlor,
        "visit": visit,
        "receipt": receipt,
        "lines": receipt_lines(receipt),
        "totals": receipt_totals(receipt),
        "total_yen": receipt.totals["total_yen"],
        "papers": PAPERS,
        "error": error,
        "manager_codes": MANAGER_CODES,
    }
    return render(request, "tablet/counter_receipt.html", context, status=status)


@require_http_methods(["GET", "POST"])
@staff_page
def check_out(request: HttpRequest, visit_id: str) -> HttpResponse:
    """GET: the settlement as it would be now, to confirm; POST: check-out, then the receipt."""
    visit, _access = visit_for(request.user, visit_id)
    if request.method == "GET":
        return _receipt_page(request, visit)
    try:
        manager = _manager(request, visit.parlor)
        visit_check_out(visit=visit, by=request.user, confirmed_by=manager)
    except DomainError as exc:
        return _receipt_page(request, visit, error=error_payload(exc), status=exc.status_code)
    return redirect("tablet:counter-receipt", visit_id=visit.public_id)


@require_GET
@staff_page
def receipt(request: HttpRequest, visit_id: str) -> HttpResponse:
    visit, _access = visit_for(request.user, visit_id)
    return _receipt_page(request, visit)
