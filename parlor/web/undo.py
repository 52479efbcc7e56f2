"""The tablet's undo (取消) of the last hand: the API's void, by the same service, once per key.

A plain form in the game screen's header, so it works without the script. The page puts in it
the number of the hand it shows as the last and a fresh Idempotency-Key (tablet/undo.js keeps
both up to date as hands are recorded without a reload). The same form sent again (a double
tap, the browser's resend) gets the first answer instead of voiding the hand before it; a form
naming a hand that is no longer the last is refused, naming what changed.
"""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST
from rest_framework import serializers

from parlor.errors import DomainError
from parlor.models import Game
from parlor.models.users import Actor
from parlor.security.limits import HAND_SEQUENCE_MAX
from parlor.selectors.access import game_for
from parlor.services.hand_corrections import hand_undo_last
from parlor.services.idempotency import idempotent_call, request_keyed
from parlor.view_helpers.hand_inputs import HandVoidInput
from parlor.web.access import staff_page
from parlor.web.errors import error_payload
from parlor.web.input import validated
from scoring import ScoringError


class UndoInput(HandVoidInput):
    """The API's void, and the hand it voids (the API names it in the path): the last hand
    the screen showed."""

    sequence = serializers.IntegerField(min_value=1, max_value=HAND_SEQUENCE_MAX)


def _void(game: Game, *, sequence: int, reason: str, by: Actor) -> tuple[int, Any]:
    hand_undo_last(game=game, sequence=sequence, reason=reason or _("Undone on the tablet"), by=by)
    return 200, {"ok": True, "sequence": sequence}


@require_POST
@staff_page
def hand_undo(request: HttpRequest, game_id: str) -> HttpResponse:
    """{sequence, reason, idempotency_key}: voids hand `sequence` if it is still the last; it
    stays in the history. The key comes as the form's field (a form sends no headers) or as
    the Idempotency-Key header."""
    game, _access = game_for(request.user, game_id)
    try:
        values = validated(UndoInput, request.POST)
        key = request.headers.get("Idempotency-Key") or request.POST.get("idempotency_key", "")
        keyed = request_keyed(
            headers={"Idempotency-Key": key},
            method="POST",
            path=request.path,
            body={"sequence": values["sequence"], "reason": values["reason"]},
            user=request.user,
        )
        answered = idempotent_call(
            table=game.table,
            request=keyed,
            call=lambda: _void(
                game, sequence=values["sequence"], reason=values["reason"], by=request.user
            ),
        )
    except (DomainError, ScoringError) as exc:
        messages.error(request, error_payload(exc)["message"])
    else:
        number = answered.body["sequence"]
        messages.success(request, _("Hand %(number)s was undone.") % {"number": number})
    return redirect("tablet:game", game_id=game.public_id)
