"""The floor (フロア) and the counter's board (卓状況ボード): each table's state, who sits next
(卓立て) with a one-tap confirm, the waiting list and the staff sitting in.

The floor page and the board poll a fragment of themselves every few seconds (static/tablet/
floor-live.js); the fragment answers 304 while nothing changed (its ETag).
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable
from typing import Any

from django.contrib import messages
from django.http import HttpRequest, HttpResponse, HttpResponseNotModified
from django.shortcuts import redirect, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from parlor.domain.table_forming import TableOutcome, WaitReason
from parlor.errors import DomainError
from parlor.models import Parlor, Player
from parlor.selectors.access import Role, require, table_for
from parlor.selectors.floor import floor_read
from parlor.selectors.floor_proposal import Floor, FloorTable, formed_players
from parlor.selectors.games import TableNow, tables_state
from parlor.services.floor import table_form
from parlor.services.seating import Seating
from parlor.view_helpers import pages
from parlor.view_helpers.wishes import wish_label
from parlor.web.access import staff_page
from parlor.web.errors import error_payload

FRAGMENTS = {"floor": "tablet/_floor_live.html", "board": "tablet/_board_live.html"}


def _reason_text(reason: WaitReason | None) -> str:
    texts = {
        WaitReason.NO_TABLE_FITS: _("No table of the kind wished for has a seat"),
        WaitReason.TABLE_SHORT: _("A table fits but lacks players: a staff member could sit in"),
        WaitReason.SEATS_TAKEN: _("The seats went to guests who waited longer"),
    }
    return texts.get(reason, "") if reason is not None else ""


def _names(players: Iterable[Player]) -> list[str]:
    return [player.name for player in players]


def _proposal(floor: Floor, row: FloorTable, staying: set[int]) -> dict[str, Any] | None:
    """What the proposal gives the table, in names; None where nothing changes."""
    proposal = row.proposal
    players = formed_players(floor, row.table.pk)
    if proposal is None or (proposal.outcome is TableOutcome.UNCHANGED and players is None):
        return None
    if proposal.outcome is TableOutcome.SHORT and not _anyone_for(floor, row, staying):
        return None  # an empty table nobody waits for: nothing to say
    people = floor.people
    view: dict[str, Any] = {
        "outcome": proposal.outcome.value,
        "is_next": row.game is not None,  # 次の対局: after the game in progress
        "guests": [people[int(pk)].name for pk in proposal.guests],
        "staff_in": [people[int(pk)].name for pk in proposal.staff_in],
        "staff_out": [people[int(pk)].name for pk in proposal.staff_out],
        "short_by": proposal.short_by,
    }
    if players is not None:
        view["players"] = [{"id": str(p.public_id), "name": p.name} for p in players]
        view["picked"] = ",".join(str(p.public_id) for p in players)
    return view


def _anyone_for(floor: Floor, row: FloorTable, staying: set[int]) -> bool:
    """Whether a guest stays at the table or waits for a table of its kind (`staying`: the
    guests who stay at any table, not waiting for another)."""
    if row.staying:
        return True
    kind = row.kind
    return kind is not None and any(
        guest.wish.matches(kind) for guest in floor.waiting if guest.player.pk not in staying
    )


def _state(row: FloorTable) -> str:
    if row.kind is None:
        return "broken"
    if row.game is not None:
        return "all_last" if row.is_all_last else "playing"
    return "continuing" if row.staying else "empty"


def _table(floor: Floor, row: FloorTable, state: TableNow, staying: set[int]) -> dict[str, Any]:
    return {
        "card": pages.table_card(state),
        "state": _state(row),
        "player_count": row.player_count,
        "last_calls": _names(row.last_calls),
        "staying": _names(row.staying),
        "staff": _names(row.staff),
        "seats_free": row.seats_free,
        "seats_coming": row.seats_coming,
        "proposal": _proposal(floor, row, staying),
    }


def floor_context(parlor: Parlor) -> dict[str, Any]:
    """What the floor page and the board show (a fixed number of queries: floor_read and the
    tables' states)."""
    floor = floor_read(parlor)
    states = tables_state([row.table for row in floor.tables])
    staying = {p.pk for row in floor.tables for p in row.staying}
    waiting = [
        {
            "guest": guest,
            "wish": wish_label(guest.wish, floor.offers),
            "staying_at": next(
                (r.table.label for r in floor.tables if guest.player in r.staying), ""
            ),
            "reason": _reason_text(floor.reasons.get(guest.player.pk)),
        }
        for guest in floor.waiting
    ]
    sitting_in = [(p, row.table.label) for row in floor.tables for p in row.staff]
    tables = [
        _table(floor, row, state, staying) for row, state in zip(floor.tables, states, strict=True)
    ]
    return {
        "parlor": parlor,
        "tables": tables,
        "cards": [table["card"] for table in tables],
        "waiting": waiting,
        "waiting_count": len([g for g in floor.waiting if g.player.pk not in staying]),
        "sitting_in": sitting_in,
        "staff_free": _names(floor.staff_free),
    }


@require_GET
@staff_page
def floor(request: HttpRequest) -> HttpResponse:
    return _page(request, "floor")


@require_GET
@staff_page
def board(request: HttpRequest) -> HttpResponse:
    """The counter's board: the floor in large type, no controls."""
    return _page(request, "board")


def _page(request: HttpRequest, view: str) -> HttpResponse:
    """The floor page or the board, its changing part drawn once with the ETag the first poll
    sends back (so the poll swaps nothing until something changed)."""
    context = floor_context(require(request.user, Role.STAFF).parlor)
    body, etag = _fragment(request, view, context)
    # Our own template's output, escaped as it was drawn.
    page = {**context, "fragment": mark_safe(body), "etag": etag}
    return render(request, f"tablet/{view}.html", page)


@require_GET
@staff_page
def floor_live(request: HttpRequest, view: str) -> HttpResponse:
    """The changing part of the floor page or the board, with an ETag; 304 while unchanged."""
    access = require(request.user, Role.STAFF)
    if view not in FRAGMENTS:
        return HttpResponse(status=404)
    body, etag = _fragment(request, view, floor_context(access.parlor))
    if etag in request.headers.get("If-None-Match", ""):
        response: HttpResponse = HttpResponseNotModified()
    else:
        response = HttpResponse(body)
    response["ETag"] = etag
    response["Cache-Control"] = "private, no-cache"
    return response


def _fragment(request: HttpRequest, view: str, context: dict[str, Any]) -> tuple[str, str]:
    body = render_to_string(FRAGMENTS[view], context, request=request)
    # The CSRF token differs per render: hash the fragment without it.
    etag = '"' + hashlib.blake2b(_without_token(body).encode(), digest_size=8).hexdigest() + '"'
    return body, etag


def _without_token(body: str) -> str:
    marker = 'name="csrfmiddlewaretoken" value="'
    parts = body.split(marker)
    return parts[0] + "".join(part.split('"', 1)[-1] for part in parts[1:])


@require_POST
@staff_page
def table_form_confirm(request: HttpRequest, table_id: str) -> HttpResponse:
    """「この面子で開始」: starts the proposed game with a seat draw, if still proposed."""
    table, _access = table_for(request.user, table_id)
    try:
        game = table_form(table=table, player_ids=request.POST.getlist("players"), by=request.user)
    except DomainError as exc:
        messages.error(request, error_payload(exc)["message"])
        return redirect(f"{reverse('tablet:floor')}#table-{table.label}")
    url = reverse("tablet:game", kwargs={"game_id": game.public_id})
    seated = Seating.DRAW if game.number_in_seating == 1 else Seating.KEEP
    return redirect(f"{url}?seated={seated.value}")
