"""The manager's audit log page (監査ログ): read-only, this parlor's events, newest first,
filtered by business day, action and user, fifty to a page."""

from __future__ import annotations

from typing import Any, cast
from urllib.parse import urlencode

from django import forms
from django.core.paginator import Paginator
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext_lazy as _
from django.views.decorators.http import require_GET

from parlor.domain.business_days import day_range
from parlor.models import AuditAction
from parlor.selectors.access import Role, require
from parlor.selectors.audit import AuditFilter, audit_actor_names, audit_events_of
from parlor.selectors.audit_text import event_changes, event_text
from parlor.web.manager import manager_page

EVENTS_PER_PAGE = 50


class AuditFilterForm(forms.Form):
    day = forms.DateField(
        label=_("Business day"),
        required=False,
        widget=forms.DateInput(attrs={"type": "date"}),
        error_messages={"invalid": _("Enter a date such as 2026-05-01.")},
    )
    action = forms.ChoiceField(
        label=_("Action"),
        required=False,
        choices=[("", _("All actions")), *AuditAction.choices],
        error_messages={"invalid_choice": _("Choose an action from the list.")},
    )
    user = forms.ChoiceField(
        label=_("User"),
        required=False,
        error_messages={"invalid_choice": _("Choose a user from the list.")},
    )

    def __init__(self, *args: Any, actor_names: list[str], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        users = cast(forms.ChoiceField, self.fields["user"])
        users.choices = [("", _("All users"))] + [(n, n) for n in actor_names]


@require_GET
@manager_page
def audit_log(request: HttpRequest) -> HttpResponse:
    access = require(request.user, Role.MANAGER)
    parlor = access.parlor
    form = AuditFilterForm(request.GET, actor_names=audit_actor_names(parlor))
    form.is_valid()
    # A field in error filters nothing; its message is shown beside it.
    chosen = {name: value for name, value in form.cleaned_data.items() if value}
    since, until = day_range(parlor, chosen["day"]) if "day" in chosen else (None, None)
    where = AuditFilter(
        action=chosen.get("action", ""),
        actor_name=chosen.get("user", ""),
        since=since,
        until=until,
    )
    events = audit_events_of(parlor, where).select_related("game__table")
    page = Paginator(events, EVENTS_PER_PAGE).get_page(request.GET.get("page"))
    context = {
        "parlor": parlor,
        "form": form,
        "page": page,
        # Each event, its sentence and what it changed (old → new) in the page's language.
        "rows": [(event, event_text(event), event_changes(event)) for event in page.object_list],
        "filters": urlencode({k: str(v) for k, v in chosen.items()}),
    }
    return render(request, "manager/audit_log.html", context)
