"""Tablet pages: game start, the game screen, history, the final settlement.

Thin views: a scoped lookup (selectors.access), one service call, a template. Hand entry,
preview and corrections are in parlor/web/hands.py.
"""

from __future__ import annotations

import uuid
from typing import Any
from urllib.parse import urlencode

from django.contrib import messages
from django.contrib.auth.views import LoginView
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse, reverse_lazy
from django.utils.translation import gettext as _
from django.views.decorators.gzip import gzip_page
from django.views.decorators.http import require_GET, require_POST

from parlor.errors import DomainError
from parlor.models import GameStatus, Hand, HandState, Parlor, Table
from parlor.selectors.access import game_for, players_for, table_for
from parlor.selectors.counter import player_matches, start_rows, visits_last_game_over
from parlor.selectors.games import game_detail, table_state
from parlor.selectors.start_picks import start_player_counts, start_previous_picks
from parlor.selectors.tournament_clock import game_clock
from parlor.selectors.visits import players_last_game_over
from parlor.services.games import game_finish, game_start
from parlor.services.seating import Seating
from parlor.services.visits import visit_check_in
from parlor.view_helpers import hand_rows, labels, pages
from parlor.web.access import staff_page
from parlor.web.errors import error_payload
from parlor.web.game_state import state_context
from parlor.web.pad import pad_config
from parlor.web.strings import script_strings
from scoring import NextHand, Ruleset, ScoringError


class TabletLoginView(LoginView):
    template_name = "tablet/login.html"
    redirect_authenticated_user = True
    # A lazy URL works here (Django resolves it per request); the stubs ask for a str.
    next_page = reverse_lazy("tablet:floor")  # type: ignore[assignment]


@require_GET
@staff_page
def table_open(request: HttpRequest, table_id: str) -> HttpResponse:
    """A table: its game in progress, or the start of the next game."""
    table, access = table_for(request.user, table_id)
    game = table.games.filter(status=GameStatus.IN_PROGRESS).first()
    if game is not None:
        return redirect("tablet:game", game_id=game.public_id)
    picked = request.GET.get("picked")
    return _start_page(
        request,
        table=table,
        parlor=access.parlor,
        picked=[pid for pid in picked.split(",") if pid] if picked is not None else None,
    )


def _start_page(
    request: HttpRequest,
    *,
    table: Table,
    parlor: Parlor,
    error: dict[str, Any] | None = None,
    status: int = 200,
    picked: list[str] | None = None,
) -> HttpResponse:
    state = table_state(table)
    seating = state.seating
    player_count = state.ruleset.player_count if state.ruleset else 4
    has_money, rows = start_rows(table, player_count=player_count)
    if picked is None:  # the last players, if all of them can sit down again (issue 25)
        picked = start_previous_picks(table, rows, has_money=has_money)
    query = request.GET.get("q", "").strip()
    players = pages.start_picks(rows, picked)
    for item in players:  # the players picked stay in sight whatever the search
        item["is_match"] = bool(item["pick"]) or player_matches(item["player"], query)
    context = {
        "table": table,
        "state": state,
        "ruleset": pages.ruleset_title(state.ruleset),
        "player_count": player_count,
        "player_counts": ",".join(map(str, start_player_counts(table, player_count=player_count))),
        "has_money": has_money,
        "players": players,
        "query": query,
        "found_any": any(item["is_match"] for item in players),
        "search_action": reverse("tablet:table", kwargs={"table_id": table.public_id}),
        "search_keep": [("picked", ",".join(picked))] if picked else [],
        "over": visits_last_game_over(parlor),
        "seating": seating,
        "can_keep": bool(seating and seating.players and not seating.is_draw_required),
        "error": error,
        "last_game": table.games.filter(status=GameStatus.FINISHED).first(),
    }
    return render(request, "tablet/start.html", context, status=status)


@require_POST
@staff_page
def start_check_in(request: HttpRequest, table_id: str) -> HttpResponse:
    """Checks a player in from the game start, keeping the players picked so far (in order)."""
    table, access = table_for(request.user, table_id)
    picked = [pid for pid in request.POST.getlist("players") if pid]
    try:
        [player] = players_for(access, [request.POST.get("check_in", "")])
        visit_check_in(player=player, by=request.user)
    except DomainError as exc:
        return _start_page(
            request,
            table=table,
            parlor=access.parlor,
            error=error_payload(exc),
            status=exc.status_code,
            picked=picked,
        )
    messages.success(request, _("%(name)s is checked in.") % {"name": player.name})
    url = reverse("tablet:table", kwargs={"table_id": table.public_id})
    return redirect(f"{url}?{urlencode({'picked': ','.join(picked)})}" if picked else url)


@require_POST
@staff_page
def game_begin(request: HttpRequest, table_id: str) -> HttpResponse:
    table, access = table_for(request.user, table_id)
    try:
        seating = Seating(request.POST.get("seating", Seating.DRAW))
    except ValueError:
        seating = Seating.DRAW
    try:
        players = players_for(access, request.POST.getlist("players"))
        game = game_start(table=table, players=players, seating=seating, by=request.user)
    except (DomainError, ScoringError) as exc:
        payload = error_payload(exc)
        status = exc.status_code if isinstance(exc, DomainError) else 400
        return _start_page(
            request,
            table=table,
            parlor=access.parlor,
            error=payload,
            status=status,
            picked=request.POST.getlist("players"),
        )
    url = reverse("tablet:game", kwargs={"game_id": game.public_id})
    return redirect(f"{url}?seated={seating.value}")


# Compressed (36 KB of HTML to about 8): the page's only secret is the CSRF token, which Django
# masks afresh in every response, and GZipMiddleware pads each answer at random (BREACH).
# The live view's signed link is not on the page but behind the QR dialog (web/live_qr.py).
@require_GET
@gzip_page
@staff_page
def game_screen(request: HttpRequest, game_id: str) -> HttpResponse:
    game, _access = game_for(request.user, game_id)
    if game.status != GameStatus.IN_PROGRESS:  # finished or voided
        return redirect("tablet:result", game_id=game.public_id)
    ruleset = game.ruleset
    context = {
        **state_context(game),
        "pad": pad_config(ruleset, seats=game.seats.count()),
        "strings": script_strings(),
        "seated": request.GET.get("seated", ""),
        # The undo form's key: one per page drawn, so the form sent twice is one undo.
        "undo_key": uuid.uuid4().hex,
        "clock": game_clock(game),  # a tournament round's clock (大会)
    }
    # Four at a three-player table (白マティ): no seat has a wind until the seat sitting out
    # (抜け番) is known, so the seating note says what the seats do show.
    context["winds_shown"] = any(tile.wind for tile in context["tiles"])
    return render(request, "tablet/game.html", context)


@require_GET
@staff_page
def game_state(request: HttpRequest, game_id: str) -> HttpResponse:
    """The scores, winds and round of the game: the part of the game screen that changes."""
    game, _access = game_for(request.user, game_id)
    return render(request, "tablet/_state.html", state_context(game))


@require_POST
@staff_page
def game_close(request: HttpRequest, game_id: str) -> HttpResponse:
    """Staff close the game now (強制終了): the final settlement from the scores as they stand."""
    game, _access = game_for(request.user, game_id)
    try:
        game_finish(game=game, by=request.user)
    except (DomainError, ScoringError) as exc:
        messages.error(request, error_payload(exc)["message"])
        return redirect("tablet:game", game_id=game.public_id)
    return redirect("tablet:result", game_id=game.public_id)


def _history_row(
    hand: Hand, names: list[str], ruleset: Ruleset, *, can_undo: bool
) -> dict[str, Any]:
    """One version of a hand on the game's history: its number, round, entry, and (with an
    outcome) its deductions and each player's change and running score."""
    outcome = getattr(hand, "outcome", None)
    return {
        "hand": hand,
        "number": labels.hand_number(hand.sequence),  # 第5局
        # （訂正1）, or （取消後の再入力） for a hand undone and entered again
        "correction": labels.correction_text(hand.version, corrects=bool(hand.supersedes_id)),
        "round": labels.round_label(NextHand.of(outcome)) if outcome else "",
        "summary": hand_rows.recorded_summary(hand, names, ruleset),
        # 罰符 owed at the final settlement: nothing moved at the table for them.
        "deductions": pages.deduction_lines(outcome.deductions, names, ruleset) if outcome else [],
        # Each player's change and score after the hand (the running score).
        "deltas": [
            (name, pages.signed(delta), pages.points(after))
            for name, delta, after in zip(names, outcome.deltas, outcome.scores_after)
        ]
        if outcome
        else [],
        "is_current": hand.state == HandState.CURRENT,
        "can_undo": can_undo,
    }


@require_GET
@staff_page
def game_history(request: HttpRequest, game_id: str) -> HttpResponse:
    game, _access = game_for(request.user, game_id)
    detail = game_detail(game)
    ruleset = game.ruleset
    names = [seat.name for seat in detail.seats.all()]
    current = [h for h in detail.hands.all() if h.state == HandState.CURRENT]
    last = max(current, key=lambda h: h.sequence, default=None)  # the hand an undo voids
    rows = [
        _history_row(hand, names, ruleset, can_undo=game.is_open and hand == last)
        for hand in detail.hands.all()
    ]
    context = {
        "game": detail,
        "table": game.table,
        "names": names,
        "rows": rows,
        "ruleset": pages.ruleset_title(ruleset),
    }
    return render(request, "tablet/history.html", context)


@require_GET
@staff_page
def game_result(request: HttpRequest, game_id: str) -> HttpResponse:
    """The final settlement on one screen, and the next game from there."""
    game, _access = game_for(request.user, game_id)
    if game.status == GameStatus.IN_PROGRESS:
        return redirect("tablet:game", game_id=game.public_id)
    detail = game_detail(game)
    names = [seat.name for seat in detail.seats.all()]
    rows = pages.result_rows(list(detail.results.all()), names)
    state = table_state(game.table)
    seating = state.seating
    context = {
        "game": detail,
        "table": game.table,
        "ruleset": pages.ruleset_title(state.ruleset),
        "rows": rows,
        # A chombo deducted at the settlement has its own column: a penalty, not a bonus.
        "has_deductions": any(row["has_deduction"] for row in rows),
        "end": labels.end_label(game.end) if game.end else "",
        "has_chips": any(r.chips for r in detail.results.all()),
        "seating": seating,
        "seated": [str(p.public_id) for p in seating.players] if seating else [],
        # A seated player's ラス半 is over: the same players cannot start again (visit_over).
        "over": [p.name for p in players_last_game_over(seating.players)] if seating else [],
        "open_game": state.game,
        "is_voided": game.is_voided,
    }
    return render(request, "tablet/result.html", context)
