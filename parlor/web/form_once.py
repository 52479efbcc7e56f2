"""A counter form runs once per form shown: its hidden idempotency_key makes the retry of a
double tap or of a reload get the first answer instead of a second check-in, pay-out or close."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.http import HttpRequest

from parlor.models import Parlor
from parlor.services.idempotency import idempotent_call, request_keyed


def form_once(request: HttpRequest, *, parlor: Parlor, call: Callable[[], tuple[int, Any]]) -> Any:
    """The answer of `call` for this form, run once: the fingerprint is the form's fields, the
    manager's password left out."""
    body = {
        k: v
        for k, v in request.POST.items()
        if k not in ("csrfmiddlewaretoken", "manager_password")
    }
    keyed = request_keyed(
        headers={"Idempotency-Key": request.POST.get("idempotency_key", "")},
        method="POST",
        path=request.path,
        body=body,
        user=request.user,
    )
    return idempotent_call(parlor=parlor, request=keyed, call=call).body
