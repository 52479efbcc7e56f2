"""The standings page's period chooser (期間・シーズン): a season, or any range of business days,
for a kind of table, shown on the page and the TV board and exported as CSV or XLSX."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from typing import Any

from django import forms
from django.http import HttpRequest, HttpResponse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from parlor.models import Parlor, Season
from parlor.reports.data import Points, Section, TablesData
from parlor.reports.render.csv_file import render_csv
from parlor.reports.render.xlsx_file import render_xlsx
from parlor.selectors.seasons import seasons_of
from parlor.services.seasons import season_standings, standings_of_days
from parlor.services.standings import MAX_MONTHLY_MIN_GAMES, Standings, TableKind
from parlor.view_helpers.table_kind_fields import (
    last_day_checked,
    player_count_field,
    set_ruleset_choices,
)

CHOSEN = ("season", "first_day", "last_day")  # any of these in the query: a period was chosen


class PeriodForm(forms.Form):
    season = forms.ChoiceField(label=gettext_lazy("Season"), required=False)
    first_day = forms.DateField(
        label=gettext_lazy("First business day"),
        required=False,
        widget=forms.DateInput(attrs={"type": "date"}),
    )
    last_day = forms.DateField(
        label=gettext_lazy("Last business day"),
        required=False,
        widget=forms.DateInput(attrs={"type": "date"}),
    )
    player_count = player_count_field()
    ruleset_key = forms.ChoiceField(label=gettext_lazy("Ruleset"), required=False)
    min_games = forms.IntegerField(
        label=gettext_lazy("Minimum of games"),
        min_value=0,
        max_value=MAX_MONTHLY_MIN_GAMES,
        required=False,
        error_messages={
            "invalid": gettext_lazy("Enter a whole number of games."),
            "min_value": gettext_lazy("Enter 0 or more."),
            "max_value": gettext_lazy("Enter %(limit_value)s or fewer."),
        },
    )

    def __init__(self, parlor: Parlor, seasons: list[Season], *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.seasons = {str(season.public_id): season for season in seasons}
        season_field = self.fields["season"]
        assert isinstance(season_field, forms.ChoiceField)
        season_field.choices = [
            ("", _("Any range of days")),
            *((key, season.name) for key, season in self.seasons.items()),
        ]
        set_ruleset_choices(self, parlor)

    def clean_last_day(self) -> date | None:
        return last_day_checked(self.cleaned_data.get("first_day"), self.cleaned_data["last_day"])

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        if data.get("season"):
            return data
        first, last = data.get("first_day"), data.get("last_day")
        if "first_day" in self.errors or "last_day" in self.errors:
            return data  # refused beside the day itself
        if not first or not last:
            raise forms.ValidationError(_("Choose a season, or both the first and the last day."))
        if last < first:
            self.add_error("last_day", _("The last day comes before the first day."))
        return data


@dataclass(frozen=True, slots=True)
class ChosenPeriod:
    title: str
    first_day: date
    last_day: date
    min_games: int
    standings: list[Standings]
    season: Season | None = None
    changed_games: int = 0  # games corrected or voided since the season closed


def period_chosen(request: HttpRequest) -> bool:
    return any(request.GET.get(name) for name in CHOSEN)


def period_form(request: HttpRequest, parlor: Parlor) -> PeriodForm:
    seasons = list(seasons_of(parlor))
    return PeriodForm(parlor, seasons, request.GET if period_chosen(request) else None)


def chosen_period(form: PeriodForm, parlor: Parlor) -> ChosenPeriod | None:
    """The standings the valid form asks for (None for an invalid form)."""
    if not form.is_valid():
        return None
    data = form.cleaned_data
    if data["season"]:
        season = form.seasons[data["season"]]
        read = season_standings(season)
        return ChosenPeriod(
            title=season.name,
            first_day=season.first_day,
            last_day=season.last_day,
            min_games=season.min_games,
            standings=read.standings,
            season=season,
            changed_games=read.changed_games,
        )
    first, last, min_games = data["first_day"], data["last_day"], data["min_games"] or 0
    kind = TableKind(player_count=data["player_count"], ruleset_key=data["ruleset_key"])
    return ChosenPeriod(
        title=_("%(first)s to %(last)s") % {"first": first, "last": last},
        first_day=first,
        last_day=last,
        min_games=min_games,
        standings=standings_of_days(parlor, first, last, kind=kind, min_games=min_games),
    )


def _section(standings: Standings, key: str) -> Section:
    kind = _("Three-player") if standings.player_count == 3 else _("Four-player")
    if standings.is_point_count:
        kind = f"{kind} {_('(point count, in 点)')}"
    lines = [(row, True) for row in standings.rows]
    lines += [(row, False) for row in standings.below_minimum]
    rows = tuple(
        (
            row.position if ranked else None,
            row.name,
            row.games,
            Points(row.total_tenths, is_count=standings.is_point_count),
            f"{row.average_rank:.2f}",
            row.tops,
            _("Yes") if ranked else _("Below the minimum of games"),
        )
        for row, ranked in lines
    )
    return Section(key=key, title=kind, columns=_columns(), rows=rows)


def _columns() -> tuple[str, ...]:
    return (
        _("Rank"),
        _("Player"),
        _("Games"),
        _("Points"),
        _("Average rank"),
        _("Tops"),
        _("Ranked"),
    )


def export_response(parlor: Parlor, period: ChosenPeriod, fmt: str) -> HttpResponse:
    """The chosen standings as a CSV or XLSX download, one block (sheet) per game type."""
    sections = tuple(
        _section(standings, f"standings_{index}")
        for index, standings in enumerate(period.standings, start=1)
    )
    if not sections:  # a sheet even so: a workbook has at least one
        sections = (
            Section(key="standings", title=_("No games yet."), columns=_columns(), rows=()),
        )
    data = TablesData(
        parlor_name=parlor.name,
        title=_("Standings %(period)s") % {"period": period.title},
        sections=sections,
    )
    if fmt == "xlsx":
        body = render_xlsx(data)
        content_type = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
    else:
        body = render_csv(data)
        content_type = "text/csv; charset=utf-8"
    response = HttpResponse(body, content_type=content_type)
    name = f"standings-{parlor.slug}-{period.first_day}-{period.last_day}.{fmt}"
    response["Content-Disposition"] = f'attachment; filename="{name}"'
    return response
