"""The players' live view of a table (観戦): a page for a phone and the small JSON it polls.

No login: the signed link is the key (selectors.live). The page asks for the JSON every
LIVE_POLL_SECONDS and the answer is a few hundred bytes read from the game's stored live-state
columns, so a viewer holds no server worker between two polls; an unchanged game answers 304
from the cache, without the database (selectors.live_cache).
"""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

from parlor.domain.hand_entries import hand_of
from parlor.errors import DomainError
from parlor.models import GameStatus
from parlor.public.etag import compact_json, is_current, json_answer
from parlor.selectors.game_seats import SeatAt, game_seats
from parlor.selectors.live import LiveGame, live_draw_id, live_game, live_game_of_draw
from parlor.selectors.live_cache import live_body, live_body_store, live_etag, live_version
from parlor.view_helpers import labels
from parlor.view_helpers.pages import signed, transfer_rows
from scoring import EndReason, NextHand

LIVE_POLL_SECONDS = 3


def live_payload(live: LiveGame) -> dict[str, Any]:
    """What the players see, in the request's language: scores with winds, the round, honba,
    sticks and the last hand's payments as the engine stored them."""
    game = live.game
    at_table = game_seats(game, player_count=game.ruleset.player_count, seats=live.seats)
    next_hand = at_table.next_hand
    return {
        "table": game.table.label,
        "status": game.status,
        "over": _status_label(game.status, game.end),
        "round": labels.round_label(next_hand) if game.is_open else "",
        "honba": next_hand.honba if next_hand else 0,
        "sticks": game.sticks,
        "hands": game.hand_count,
        "seats": [_seat(seat) for seat in at_table.seats],
        "last": _last_hand(live, [seat.name for seat in at_table.seats]),
    }


def _seat(seat: SeatAt) -> dict[str, Any]:
    answer: dict[str, Any] = {
        "name": seat.name,
        "wind": labels.seat_wind(seat.wind) if seat.wind else "",
        "score": seat.score,
        "dealer": seat.is_dealer,
    }
    if seat.sits_out:  # 抜け番, four on a three-player table
        answer["out"] = True
    return answer


def _status_label(status: str, end: EndReason | None) -> str:
    if status == GameStatus.VOIDED:
        return _("This game was voided.")
    if status == GameStatus.FINISHED and end is not None:
        return _("Game over: %(why)s") % {"why": labels.end_label(end)}
    return ""


def _last_hand(live: LiveGame, names: list[str]) -> dict[str, Any] | None:
    hand = live.last_hand
    if hand is None:
        return None
    outcome = hand.outcome
    seats = len(live.seats)
    entry = hand_of(hand.entry, ruleset=live.game.ruleset, seats=seats, index=hand.sequence - 1)
    return {
        "round": labels.round_label(NextHand.of(outcome)),
        "payments": transfer_rows(outcome.ledger, names, cancelled=entry.riichi_cancelled),
        "deltas": [signed(delta) for delta in outcome.deltas],
    }


def _error_body(exc: DomainError) -> dict[str, Any]:
    message = _("This link has expired. Scan the QR code at the table again.")
    if exc.status_code == 404:
        message = _("This link is not valid. Scan the QR code at the table again.")
    return {"error": {"code": exc.code, "message": message}}


@require_GET
def live_page(request: HttpRequest, token: str) -> HttpResponse:
    """The page a player opens from the tablet's QR code; it renders the JSON it polls."""
    context: dict[str, Any] = {
        "state_url": reverse("public:live-state", kwargs={"token": token}),
        "poll_ms": LIVE_POLL_SECONDS * 1000,
    }
    try:
        context["payload"] = live_payload(live_game(token))
    except DomainError as exc:
        context["error"] = _error_body(exc)["error"]["message"]
        return render(request, "public/live.html", context, status=exc.status_code)
    return render(request, "public/live.html", context)


@require_GET
def live_state(request: HttpRequest, token: str) -> HttpResponse:
    """The live state as compact JSON with an ETag; 304 when the game has not changed.

    From the cache (selectors.live_cache): a poll whose ETag is current is one cache read, an
    answer already built for this version is two; only the first poll after a change reads the
    database. The link's age is checked on every poll (its signature), its seat draw's
    successor when the answer is built: a new draw renews the version."""
    try:
        draw_id = live_draw_id(token)
    except DomainError as exc:
        return JsonResponse(_error_body(exc), status=exc.status_code)
    language = get_language() or settings.LANGUAGE_CODE
    version = live_version(draw_id)  # before the database: see live_cache
    etag = live_etag(version, language)
    if is_current(request, etag):
        return json_answer(request, etag, b"")
    body = live_body(draw_id, version, language)
    if body is None:
        try:
            body = compact_json(live_payload(live_game_of_draw(draw_id)))
        except DomainError as exc:
            return JsonResponse(_error_body(exc), status=exc.status_code)
        live_body_store(draw_id, version, language, body)
    return json_answer(request, etag, body)
