"""Who may open a tablet page: signed-in staff (or a manager) of the parlor."""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import Any

from django.contrib.auth.views import redirect_to_login
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse

from parlor.errors import DomainError
from parlor.web.errors import error_payload

View = Callable[..., HttpResponse]


def signed_in_page(
    view: View, *, on_refusal: Callable[[HttpRequest, DomainError], HttpResponse]
) -> View:
    """Sends a signed-out visitor to the one login page (the tablet's), to come back after
    signing in; a refusal or a missing object is answered by `on_refusal`."""

    @wraps(view)
    def wrapper(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        if not request.user.is_authenticated:
            return redirect_to_login(request.get_full_path(), reverse("tablet:login"))
        try:
            return view(request, *args, **kwargs)
        except DomainError as exc:
            return on_refusal(request, exc)

    return wrapper


def staff_page(view: View) -> View:
    """Sends a signed-out tablet to the login page; a refusal or a missing object (another
    parlor's, say) is shown as a page in the staff's language with its HTTP status."""
    return signed_in_page(view, on_refusal=_tablet_refusal)


def _tablet_refusal(request: HttpRequest, exc: DomainError) -> HttpResponse:
    return render(
        request, "tablet/error.html", {"error": error_payload(exc)}, status=exc.status_code
    )
