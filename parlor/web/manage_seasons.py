"""The manager's seasons page (シーズン): name a season (a month, a year, any range of business
days, for a kind of table, with its minimum of games) and close it once it is over, through
season_create and season_close (both audited)."""

from __future__ import annotations

from datetime import date
from typing import Any

from django import forms
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_http_methods, require_POST

from parlor.errors import DomainError
from parlor.models import Parlor
from parlor.selectors.access import Role, require
from parlor.selectors.seasons import season_of, seasons_of
from parlor.services.seasons import MAX_NAME_LENGTH, season_close, season_create
from parlor.services.standings import MAX_MONTHLY_MIN_GAMES, TableKind
from parlor.view_helpers.table_kind_fields import (
    last_day_checked,
    player_count_field,
    set_ruleset_choices,
)
from parlor.web.errors import refusal_sentence
from parlor.web.manage_forms import submitted
from parlor.web.manager import manager_page


class SeasonForm(forms.Form):
    name = forms.CharField(label=gettext_lazy("Name"), max_length=MAX_NAME_LENGTH)
    first_day = forms.DateField(
        label=gettext_lazy("First business day"), widget=forms.DateInput(attrs={"type": "date"})
    )
    last_day = forms.DateField(
        label=gettext_lazy("Last business day"), widget=forms.DateInput(attrs={"type": "date"})
    )
    player_count = player_count_field()
    ruleset_key = forms.ChoiceField(label=gettext_lazy("Ruleset"), required=False)
    rate_yen_per_p = forms.IntegerField(
        label=gettext_lazy("Rate (yen per p)"), min_value=0, required=False
    )
    min_games = forms.IntegerField(
        label=gettext_lazy("Minimum of games"),
        min_value=0,
        max_value=MAX_MONTHLY_MIN_GAMES,
        initial=0,
        error_messages={
            "required": gettext_lazy("Enter a number of games."),
            "invalid": gettext_lazy("Enter a whole number of games."),
            "min_value": gettext_lazy("Enter 0 or more."),
            "max_value": gettext_lazy("Enter %(limit_value)s or fewer."),
        },
    )

    def __init__(self, parlor: Parlor, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        set_ruleset_choices(self, parlor)

    def clean_last_day(self) -> date | None:
        return last_day_checked(self.cleaned_data.get("first_day"), self.cleaned_data["last_day"])


def _create(parlor: Parlor, request: HttpRequest, data: Any) -> None:
    season_create(
        parlor=parlor,
        name=data["name"],
        first_day=data["first_day"],
        last_day=data["last_day"],
        kind=TableKind(
            player_count=data["player_count"],
            ruleset_key=data["ruleset_key"],
            rate_yen_per_p=data["rate_yen_per_p"],
        ),
        min_games=data["min_games"],
        by=request.user,
    )


def _page(
    request: HttpRequest, parlor: Parlor, form: SeasonForm, *, error: str = "", status: int = 200
) -> HttpResponse:
    context = {"parlor": parlor, "form": form, "seasons": seasons_of(parlor), "error": error}
    return render(request, "manage/seasons.html", context, status=status)


@require_http_methods(["GET", "POST"])
@manager_page
def seasons_page(request: HttpRequest) -> HttpResponse:
    parlor = require(request.user, Role.MANAGER).parlor
    if request.method == "POST":
        form = SeasonForm(parlor, request.POST)
        if submitted(request, form, lambda data: _create(parlor, request, data)):
            return redirect("manage:seasons")
        return _page(request, parlor, form, status=400)
    return _page(request, parlor, SeasonForm(parlor))


@require_POST
@manager_page
def season_close_page(request: HttpRequest, season_id: object) -> HttpResponse:
    parlor = require(request.user, Role.MANAGER).parlor
    try:
        season_close(season=season_of(parlor, season_id), by=request.user)
    except DomainError as exc:
        if exc.status_code == 404:
            raise
        return _page(
            request,
            parlor,
            SeasonForm(parlor),
            error=refusal_sentence(exc) or exc.message,
            status=409,
        )
    return redirect("manage:seasons")
