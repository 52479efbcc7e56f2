"""The tablet's void of a game (対局を無効にする): a reason, and a manager's confirmation when
the game has hands or has finished. Errors are shown next to their field."""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from parlor.errors import DomainError
from parlor.models import Game
from parlor.models.adjustments import VOIDED_GAME_REASON
from parlor.selectors.access import game_for
from parlor.selectors.visits import adjustments_of
from parlor.services.games import game_void_at_the_table
from parlor.view_helpers import pages
from parlor.view_helpers.hand_inputs import GameVoidInput
from parlor.view_helpers.present import signed
from parlor.web.access import staff_page
from parlor.web.errors import error_payload
from parlor.web.input import validated

_FIELDS = ("reason", "manager_username", "manager_password")


def _messages() -> dict[str, str]:
    """The void's own sentences: the tablet's shared ones say other things for these codes."""
    return {
        "reason_required": _("Say why the game is voided."),
        "manager_confirmation_required": _(
            "A manager confirms voiding a game that has hands: enter a manager's username "
            "and password."
        ),
        "manager_required": _("Enter a manager's username."),
        "manager_password_wrong": _("Wrong username or password, or not a manager of this parlor."),
        "game_cancelled": _("This game is already voided."),
    }


def _error(exc: DomainError) -> tuple[str, str]:
    """(field, sentence): the field the error is shown beside ("general" above the button)."""
    field = exc.field if exc.field in _FIELDS else "general"
    return field, _messages().get(exc.code) or error_payload(exc)["message"]


@require_http_methods(["GET", "POST"])
@staff_page
def void_game(request: HttpRequest, game_id: str) -> HttpResponse:
    """GET: the void form on a page of its own; POST: voids the game and goes back to the
    floor with a message, or shows the form again with the error next to its field."""
    game, _access = game_for(request.user, game_id)
    values = {"reason": request.POST.get("reason", "")}
    values["manager_username"] = request.POST.get("manager_username", "")
    if request.method == "POST":
        try:
            checked = validated(GameVoidInput, request.POST)
            game_void_at_the_table(
                game=game,
                reason=checked["reason"],
                by=request.user,
                manager_username=checked["manager_username"],
                manager_password=checked["manager_password"],
                request=request,
            )
        except DomainError as exc:
            field, text = _error(exc)
            return _page(request, game, values, {field: text}, status=exc.status_code)
        messages.success(
            request,
            _("Table %(label)s: the game was voided. It charges nothing and counts nowhere.")
            % {"label": game.table.label},
        )
        _say_owed(request, game)
        return redirect("tablet:floor")
    return _page(request, game, values, {}, status=200)


def _say_owed(request: HttpRequest, game: Game) -> None:
    """The players already checked out: what they were paid or charged for the game is now
    an open adjustment (調整), each said by name and amount with where it is settled."""
    made = adjustments_of(game.table.parlor, open_only=True).filter(
        game=game,
        reason__startswith=VOIDED_GAME_REASON,  # the void's, not an older correction's
    )
    for owed in made:
        messages.warning(
            request,
            _(
                "%(name)s had already checked out: %(amount)s yen for this game is now an open "
                "adjustment, settled at the counter (open adjustments)."
            )
            % {"name": owed.player.name, "amount": signed(owed.amount_yen)},
        )


def _page(
    request: HttpRequest,
    game: Game,
    values: dict[str, str],
    errors: dict[str, str],
    *,
    status: int,
) -> HttpResponse:
    context = {
        "game": game,
        "table": game.table,
        "ruleset": pages.ruleset_title(game.ruleset),
        "void_values": values,
        "void_errors": errors,
    }
    return render(request, "tablet/void.html", context, status=status)
