"""The guest's phone at the counter: after a check-in the counter shows the QR code (and the
link) of the guest's page (お客様の画面), and again on a tap on the waiting list."""

from __future__ import annotations

from collections.abc import Iterable

from django.http import HttpRequest, HttpResponseRedirect
from django.urls import reverse

from parlor.models import Visit


def guest_redirect(visit_id: object) -> HttpResponseRedirect:
    """The counter, showing the QR code of the visit's phone page."""
    return HttpResponseRedirect(f"{reverse('tablet:counter')}?guest={visit_id}")


def guest_shown(request: HttpRequest, visits: Iterable[Visit | None]) -> Visit | None:
    """The open visit whose QR code the counter shows (?guest=), among the counter's own, so
    another parlor's visit or a checked-out one shows nothing (no query)."""
    wanted = request.GET.get("guest", "")
    if not wanted:
        return None
    return next((v for v in visits if v is not None and str(v.public_id) == wanted), None)
