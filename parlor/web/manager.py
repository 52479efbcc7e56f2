"""The manager's pages (日報, 監査ログ): one sign-in with the tablet, one header for all.

A signed-out visitor is sent to the tablet's login page and comes back after signing in; a
signed-in user who is not a manager of a parlor gets a page in their language saying so,
with a way back. Managers need no Django staff or superuser flag: their ParlorMember role is
what lets them in. The link to these pages in the tablet's header is
parlor/view_helpers/manager_link.py.
"""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import get_language

from parlor.errors import DomainError, Forbidden, NotFound
from parlor.web.access import View, signed_in_page
from parlor.web.errors import refusal_sentence


def manager_page(view: View) -> View:
    """Sends a signed-out visitor to the login page with `next`; a refusal or a missing object
    is shown as the manager's error page with its HTTP status."""
    return signed_in_page(view, on_refusal=_manager_refusal)


def _manager_refusal(request: HttpRequest, exc: DomainError) -> HttpResponse:
    return manager_error(request, message=_detail(exc), status=exc.status_code)


def _detail(exc: DomainError) -> str:
    """What the page says below its title: a refused or missing page's title says it all; any
    other refusal in the page's language, the service's words only when English is chosen."""
    english = (get_language() or "ja").startswith("en")
    if isinstance(exc, (Forbidden, NotFound)):
        return exc.message if english else ""
    return refusal_sentence(exc) or (exc.message if english else "")


def manager_error(request: HttpRequest, *, message: str, status: int) -> HttpResponse:
    context = {"message": message, "status": status, "back": _form_page(request)}
    return render(request, "manager/error.html", context, status=status)


def _form_page(request: HttpRequest) -> str:
    """The page whose form was refused (a POST's same-site Referer), to go back to it: the
    event's or the league's page rather than the floor. Empty for a GET or another site."""
    referer = request.headers.get("referer", "")
    if request.method != "POST" or not url_has_allowed_host_and_scheme(
        referer, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    ):
        return ""
    return referer
