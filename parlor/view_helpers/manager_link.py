"""The link to the manager's pages in the tablet's header: shown to a signed-in manager.

The session remembers whether its user is a manager, set at sign-in (`remember_role`, connected
by `ParlorConfig.ready`), so the header costs no query on the tablet's busy pages. The pages
themselves check the role on every request (parlor/web/manager.py).
"""

from __future__ import annotations

from typing import Any

from django.contrib.auth.signals import user_logged_in
from django.http import HttpRequest

from parlor.selectors.access import is_manager

SESSION_IS_MANAGER = "tenbo_is_manager"


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
