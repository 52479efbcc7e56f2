"""The QR code of the players' live view, drawn when the game screen's dialog opens: drawing it
(segno) was about half of the game page's server time, for a dialog rarely opened."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET

from parlor.selectors.access import game_for
from parlor.web.access import staff_page


@require_GET
@staff_page
def live_qr(request: HttpRequest, game_id: str) -> HttpResponse:
    """The code and its link (tablet/_live_qr_code.html), for the dialog of tablet/_live_qr.html."""
    game, _access = game_for(request.user, game_id)
    return render(request, "tablet/_live_qr_code.html", {"game": game})
