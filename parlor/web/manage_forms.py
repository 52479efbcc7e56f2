"""What the manager's setup pages share: a form sent to a service, its refusal beside a field."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from django import forms
from django.http import HttpRequest

from parlor.errors import DomainError
from parlor.web.errors import refusal_with_params

# The refusals of typed text any setup form can meet (parlor.security.text), in Japanese before
# the service's English, as the setup pages write every message.
TEXT_REFUSALS_JA = {
    "too_long": "長すぎます。短くしてください。",
    "control_characters": "制御文字（NUL・BELなど）は使えません。",
}


def form_refused(form: forms.Form, exc: DomainError) -> None:
    """Shows a service's refusal beside the field it names (or above the form)."""
    message = refusal_with_params(exc) or exc.message
    ja = TEXT_REFUSALS_JA.get(exc.code, "")
    if ja and not message.startswith(ja):
        message = f"{ja} {message}"
    form.add_error(exc.field if exc.field in form.fields else None, message)


def submitted(
    request: HttpRequest, form: forms.Form, act: Callable[[Mapping[str, Any]], object]
) -> bool:
    """Whether a posted, valid form was done by `act` (the service, given the cleaned data);
    a refusal is shown beside its field and the form keeps what was typed."""
    if request.method != "POST" or not form.is_valid():
        return False
    try:
        act(form.cleaned_data)
    except DomainError as exc:
        form_refused(form, exc)
        return False
    return True
