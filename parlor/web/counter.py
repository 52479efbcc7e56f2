"""The counter (受付・精算): check-in, ラス半, check-out with its settlement and receipt.

Thin views over parlor/services/visits.py, the same services the API calls. A service's
refusal is shown in words next to the control that caused it, with its HTTP status.
"""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from parlor.models import Parlor, Visit
from parlor.public.paper import PAPERS
from parlor.public.present import receipt_lines, receipt_totals, signed
from parlor.selectors.access import Role, players_for, require
from parlor.selectors.counter import counter_rows
from parlor.selectors.visits import receipt_of, visit_for
from parlor.services.errors import DomainError
from parlor.services.visits import visit_check_in, visit_check_out, visit_last_game_call
from parlor.web.access import staff_page
from parlor.web.errors import error_payload


def _counter_page(
    request: HttpRequest,
    *,
    parlor: Parlor,
    error: dict[str, Any] | None = None,
    error_player: str = "",
    status: int = 200,
) -> HttpResponse:
    players = counter_rows(parlor)
    rows = [
        {
            "row": row,
            "money": signed(row.provisional_yen),
            "is_error": error_player == str(row.player.public_id),
        }
        for row in players
    ]
    context = {
        "parlor": parlor,
        "rows": rows,
        "checked_in": sum(1 for row in players if row.is_in),
        "query": request.GET.get("q", "").strip(),
        "error": error,
        "error_player": error_player,
    }
    return render(request, "tablet/counter.html", context, status=status)


@require_GET
@staff_page
def counter(request: HttpRequest) -> HttpResponse:
    access = require(request.user, Role.STAFF)
    return _counter_page(request, parlor=access.parlor)


@require_POST
@staff_page
def check_in(request: HttpRequest) -> HttpResponse:
    access = require(request.user, Role.STAFF)
    player_id = request.POST.get("player", "")
    try:
        [player] = players_for(access, [player_id])
        visit_check_in(player=player, by=request.user)
    except DomainError as exc:
        return _counter_page(
            request,
            parlor=access.parlor,
            error=error_payload(exc),
            error_player=player_id,
            status=exc.status_code,
        )
    messages.success(request, _("%(name)s is checked in.") % {"name": player.name})
    return redirect("tablet:counter")


@require_POST
@staff_page
def last_game(request: HttpRequest, visit_id: str) -> HttpResponse:
    """ラス半 on (called=1) or taken back (called=0)."""
    visit, access = visit_for(request.user, visit_id)
    called = request.POST.get("called", "1") == "1"
    try:
        visit_last_game_call(visit=visit, called=called)
    except DomainError as exc:
        return _counter_page(
            request,
            parlor=access.parlor,
            error=error_payload(exc),
            error_player=str(visit.player.public_id),
            status=exc.status_code,
        )
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
        visit_check_out(visit=visit, by=request.user)
    except DomainError as exc:
        return _receipt_page(request, visit, error=error_payload(exc), status=exc.status_code)
    return redirect("tablet:counter-receipt", visit_id=visit.public_id)


@require_GET
@staff_page
def receipt(request: HttpRequest, visit_id: str) -> HttpResponse:
    visit, _access = visit_for(request.user, visit_id)
    return _receipt_page(request, visit)
