"""The manager's parlor settings page (店舗設定): the parlor's name, time zone and business day
cutoff hour, set through parlor_settings_set (which validates and audits)."""

from __future__ import annotations

from typing import Any

from django import forms
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext_lazy as _
from django.views.decorators.http import require_http_methods

from parlor.selectors.access import Role, require
from parlor.services.parlors import MAX_NAME_LENGTH, parlor_settings_set, time_zones
from parlor.web.manage_forms import submitted
from parlor.web.manager import manager_page


class ParlorSettingsForm(forms.Form):
    name = forms.CharField(
        label=_("Parlor name"),
        max_length=MAX_NAME_LENGTH,
        error_messages={
            "required": _("Enter the parlor's name."),
            "max_length": _("Enter %(limit_value)s characters or fewer."),
        },
    )
    time_zone = forms.ChoiceField(
        label=_("Time zone"),
        choices=[(zone, zone) for zone in time_zones()],
        error_messages={
            "required": _("Choose a time zone."),
            "invalid_choice": _("Choose a time zone from the list."),
        },
    )
    cutoff_hour = forms.IntegerField(
        label=_("Business day cutoff hour (0-23)"),
        min_value=0,
        max_value=23,
        error_messages={
            "required": _("Enter an hour from 0 to 23."),
            "invalid": _("Enter an hour from 0 to 23."),
            "min_value": _("Enter an hour from 0 to 23."),
            "max_value": _("Enter an hour from 0 to 23."),
        },
    )
    game_back = forms.ChoiceField(
        label=_("Game back for staff play (ゲームバック)"),
        required=False,
        choices=[],
        error_messages={"invalid_choice": _("Choose a game back from the list.")},
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        labels = {"full": _("Full back"), "half": _("Half back"), "none": _("No back")}
        self.fields["game_back"].choices = list(labels.items())  # type: ignore[attr-defined]


@require_http_methods(["GET", "POST"])
@manager_page
def parlor_page(request: HttpRequest) -> HttpResponse:
    parlor = require(request.user, Role.MANAGER).parlor
    if request.method == "POST":
        form = ParlorSettingsForm(request.POST)
        if submitted(
            request,
            form,
            lambda data: parlor_settings_set(
                parlor=parlor, by=request.user, **{**data, "game_back": data["game_back"] or None}
            ),
        ):
            return redirect("manage:parlor")
        status = 400
    else:
        form = ParlorSettingsForm(
            initial={
                "name": parlor.name,
                "time_zone": parlor.time_zone,
                "cutoff_hour": parlor.business_day_cutoff_hour,
                "game_back": parlor.game_back,
            }
        )
        status = 200
    context = {"parlor": parlor, "form": form}
    return render(request, "manage/parlor.html", context, status=status)
