"""The manager's pages (日報, 監査ログ): one sign-in with the tablet, one header for all.

A signed-out visitor is sent to the tablet's login page and comes back after signing in; a
signed-in user who is not a manager of a parlor gets a page in Japanese and English saying so,
with a way back. Managers need no Django staff or superuser flag: their ParlorMember role is
what lets them in.
"""

from __future__ import annotations

from typing import Any

from django.contrib.auth.signals import user_logged_in
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from parlor.errors import DomainError
from parlor.selectors.access import is_manager
from parlor.web.access import View, signed_in_page

# The session remembers whether its user is a manager, for the link to the manager pages in
# the tablet's header: the header then costs no query on the tablet's busy pages. The pages
# themselves check the role on every request.
SESSION_IS_MANAGER = "tenbo_is_manager"


def manager_page(view: View) -> View:
    """Sends a signed-out visitor to the login page with `next`; a refusal or a missing object
    is shown as the manager's error page with its HTTP status."""
    return signed_in_page(view, on_refusal=_manager_refusal)


def _manager_refusal(request: HttpRequest, exc: DomainError) -> HttpResponse:
    return manager_error(request, message=exc.message, status=exc.status_code)


def manager_error(request: HttpRequest, *, message: str, status: int) -> HttpResponse:
    return render(
        request, "manager/error.html", {"message": message, "status": status}, status=status
    )


def remember_role(sender: Any, request: HttpRequest | None, user: Any, **kwargs: Any) -> None:
    """On sign-in: keeps in the session whether the user is a manager."""
    if request is not None and hasattr(request, "session"):
        request.session[SESSION_IS_MANAGER] = is_manager(user)


def manager_link(request: HttpRequest) -> dict[str, Any]:
    """Context: `shows_manager_link`, true for a signed-in manager. A session from before the
    sign-in remembered the role learns it once here."""

    def shows() -> bool:
        user = getattr(request, "user", None)
        if user is None or not user.is_authenticated:
            return False
        if SESSION_IS_MANAGER not in request.session:
            request.session[SESSION_IS_MANAGER] = is_manager(user)
        return bool(request.session[SESSION_IS_MANAGER])

    return {"shows_manager_link": shows}


def connect() -> None:
    user_logged_in.connect(remember_role, dispatch_uid="tenbo_remember_role")
