"""The manager's standings settings page (ランキング設定): whether the parlor's standings are
public, and the monthly minimum of games, set through standings_settings_set (audited)."""

from __future__ import annotations

from django import forms
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext_lazy as _
from django.views.decorators.http import require_http_methods

from parlor.models import StandingsSettings
from parlor.selectors.access import Role, require
from parlor.services.standings import (
    DEFAULT_MONTHLY_MIN_GAMES,
    MAX_MONTHLY_MIN_GAMES,
    standings_settings_set,
)
from parlor.web.manage_forms import submitted
from parlor.web.manager import manager_page


class StandingsForm(forms.Form):
    is_public = forms.BooleanField(label=_("Standings are public"), required=False)
    monthly_min_games = forms.IntegerField(
        label=_("Monthly minimum of games"),
        min_value=0,
        max_value=MAX_MONTHLY_MIN_GAMES,
        error_messages={
            "required": _("Enter a number of games."),
            "invalid": _("Enter a whole number of games."),
            "min_value": _("Enter 0 or more."),
            "max_value": _("Enter %(limit_value)s or fewer."),
        },
    )


@require_http_methods(["GET", "POST"])
@manager_page
def standings_page(request: HttpRequest) -> HttpResponse:
    parlor = require(request.user, Role.MANAGER).parlor
    status = 200
    if request.method == "POST":
        form = StandingsForm(request.POST)
        if submitted(
            request,
            form,
            lambda data: standings_settings_set(parlor=parlor, by=request.user, **data),
        ):
            return redirect("manage:standings")
        status = 400
    else:
        row = StandingsSettings.objects.filter(parlor=parlor).first()
        form = StandingsForm(
            initial={
                "is_public": row.is_public if row else True,
                "monthly_min_games": row.monthly_min_games if row else DEFAULT_MONTHLY_MIN_GAMES,
            }
        )
    context = {"parlor": parlor, "form": form}
    return render(request, "manage/standings.html", context, status=status)
