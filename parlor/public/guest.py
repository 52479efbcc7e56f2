"""The guest's phone (お客様の画面): a page from the counter's QR code and the small JSON it polls.

No login, no app: the signed link is the key (selectors.guest). The page asks for the JSON
every GUEST_POLL_SECONDS; an unchanged answer is a 304.
"""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

from parlor.domain.guest_status import GuestState
from parlor.errors import DomainError
from parlor.public.etag import json_with_etag
from parlor.selectors.guest import GuestView, guest_view, guest_visit
from parlor.view_helpers import labels
from parlor.view_helpers.wishes import wish_label

GUEST_POLL_SECONDS = 5


def guest_payload(view: GuestView) -> dict[str, Any]:
    """What the guest reads, in the request's language: a headline and a few lines."""
    status = view.status
    lines: list[str] = []
    table = status.seat.table_label if status.seat else ""
    if status.state == GuestState.OVER:
        headline = _("Your last game is over. Please settle at the counter.")
    elif status.state == GuestState.SEATED:
        headline = _("Your seat is ready: table %(label)s") % {"label": table}
    elif status.state == GuestState.PLAYING:
        headline = _("Playing at table %(label)s") % {"label": table}
        lines.append(labels.round_label(status.seat.next_hand if status.seat else None))
    else:
        headline, lines = _waiting_texts(view)
    if status.is_last_game and status.state == GuestState.WAITING:
        lines.append(_("Last game (ラス半): your next game is your last."))
    elif status.is_last_game and status.state != GuestState.OVER:
        lines.append(_("Last game (ラス半): this game is your last."))
    return {
        "state": str(status.state),
        "name": view.visit.player.name,
        "table": table,
        "headline": headline,
        "lines": [line for line in lines if line],
        "last_game": status.is_last_game,
    }


def _waiting_texts(view: GuestView) -> tuple[str, list[str]]:
    place = view.status.waiting
    if place is None:  # between two reads: seated or standing up just now
        return _("Please wait a moment."), []
    wish = wish_label(place.wish, view.offers)
    return _("You are number %(place)s on the waiting list") % {"place": place.position}, [
        _("Waiting for %(minutes)s min") % {"minutes": place.waited_minutes},
        _("Your wish: %(wish)s") % {"wish": wish},
        _("Ahead of you for your kind of table: %(count)s") % {"count": place.ahead_for_kind},
    ]


def _error_message(exc: DomainError) -> str:
    if exc.code == "guest_checked_out":
        return _("Your visit is checked out. Thank you for coming!")
    if exc.status_code == 410:
        return _("This link has expired. Ask the counter for a new QR code.")
    return _("This link is not valid. Ask the counter for a new QR code.")


@require_GET
def guest_page(request: HttpRequest, token: str) -> HttpResponse:
    """The page a guest opens from the counter's QR code; it renders the JSON it polls."""
    context: dict[str, Any] = {
        "state_url": reverse("public:guest-state", kwargs={"token": token}),
        "poll_ms": GUEST_POLL_SECONDS * 1000,
    }
    try:
        context["payload"] = guest_payload(guest_view(guest_visit(token)))
    except DomainError as exc:
        context["error"] = _error_message(exc)
        return render(request, "public/guest.html", context, status=exc.status_code)
    return render(request, "public/guest.html", context)


@require_GET
def guest_state(request: HttpRequest, token: str) -> HttpResponse:
    """The guest's state as compact JSON with an ETag; 304 when nothing has changed."""
    try:
        payload = guest_payload(guest_view(guest_visit(token)))
    except DomainError as exc:
        error = {"error": {"code": exc.code, "message": _error_message(exc)}}
        return JsonResponse(error, status=exc.status_code)
    return json_with_etag(request, payload)
