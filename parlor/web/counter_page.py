"""The counter's page (受付): the players with their state and money so far, the waiting list,
open adjustments, and a service's refusal shown beside the control that caused it."""

from __future__ import annotations

import uuid
from typing import Any

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse

from parlor.errors import DomainError
from parlor.models import Parlor
from parlor.selectors.counter import PlayerAtCounter, PlayerState, counter_rows, player_matches
from parlor.selectors.visits import adjustments_of
from parlor.selectors.waiting import table_kinds, waiting_list
from parlor.view_helpers.present import signed
from parlor.view_helpers.wishes import wish_choices, wish_label, wish_token
from parlor.web.adjustments import owed_by_player
from parlor.web.counter_guest import guest_shown
from parlor.web.errors import error_payload

# The refusals a manager's username and password answer: the form then asks for them.
MANAGER_CODES = ("large_amount_needs_manager", "manager_required", "manager_password_wrong")


def counter_page(
    request: HttpRequest,
    *,
    parlor: Parlor,
    error: dict[str, Any] | None = None,
    error_player: str = "",
    walk_in: dict[str, str] | None = None,
    status: int = 200,
) -> HttpResponse:
    """`error_player`: the player id, "walk-in" or an adjustment's player whose row shows
    `error`; `walk_in`: the walk-in form as it was sent, to fix and send again.

    Long because its context is one table: every list and control the counter shows."""
    players = counter_rows(parlor)
    query = request.GET.get("q", "").strip()
    rows = _player_rows(players, query=query, error_player=error_player)
    offers = table_kinds(parlor)
    guests = waiting_list(parlor)
    owed = owed_by_player(adjustments_of(parlor, open_only=True))
    shown = {*(g.error_key for g in owed), *(f"wish-{guest.visit_id}" for guest in guests)}
    if error_player.startswith(("owed-", "wish-")) and error_player not in shown:
        error_player = ""  # paid, seated or gone meanwhile: the error goes above the list
    context = {
        "parlor": parlor,
        "rows": rows,
        "checked_in": sum(1 for row in players if row.is_in),
        "query": query,
        "error": error,
        "error_player": error_player,
        "walk_in": walk_in or {},
        "found_any": any(item["is_match"] for item in rows),
        "search_action": reverse("tablet:counter"),
        "over": [row.visit for row in players if row.state == PlayerState.OVER],
        "waiting": [
            {"guest": g, "wish": wish_label(g.wish, offers), "token": wish_token(g.wish)}
            for g in guests
        ],
        "wish_choices": wish_choices(offers),
        "owed": owed,
        "key": uuid.uuid4(),  # one Idempotency-Key per form shown: a double tap counts once
        "manager_codes": MANAGER_CODES,
        "guest": guest_shown(request, (row.visit for row in players)),  # its phone's QR code
    }
    return render(request, "tablet/counter.html", context, status=status)


def _player_rows(
    players: list[PlayerAtCounter], *, query: str, error_player: str
) -> list[dict[str, Any]]:
    return [
        {
            "row": row,
            "money": signed(row.provisional_yen),
            "is_error": error_player == str(row.player.public_id),
            "is_match": player_matches(row.player, query),
        }
        for row in players
    ]


def counter_refused(
    request: HttpRequest, exc: DomainError, *, parlor: Parlor, at: str, **form: Any
) -> HttpResponse:
    """The counter again with the service's refusal shown beside `at` (see counter_page)."""
    return counter_page(
        request,
        parlor=parlor,
        error=error_payload(exc),
        error_player=at,
        status=exc.status_code,
        **form,
    )
