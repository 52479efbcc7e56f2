"""The league director's pages (リーグ戦): the leagues and a form to create one with its
stages, and one page per league to register players, open the next session and close a stage
(the cut). A session is a tournament event: its rounds are played on the event's page."""

from __future__ import annotations

from collections.abc import Callable
from datetime import date
from typing import Any

from django import forms
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext_lazy as _
from django.views.decorators.http import require_http_methods, require_POST

from parlor.domain.league_cut import CarryOver
from parlor.errors import DomainError, InvalidInput
from parlor.models import League, LeagueEntry, Player
from parlor.selectors.access import Role, require
from parlor.selectors.leagues import current_stage, league_for, league_view
from parlor.services import league_sessions, leagues
from parlor.view_helpers.pages import ruleset_titles
from parlor.web.errors import refusal_sentence
from parlor.web.manage_forms import TablesForm, form_refused
from parlor.web.manager import manager_error, manager_page

CARRY_OVER_CHOICES = [
    (CarryOver.FULL.value, _("Carry all the points")),
    (CarryOver.HALF.value, _("Carry half the points")),
    (CarryOver.NONE.value, _("Start from zero")),
]


class LeagueForm(TablesForm):
    name = forms.CharField(label=_("League name"), max_length=100)


class StageForm(forms.Form):
    """One stage; a row left empty is no stage. The last stage filled is the final (no cut)."""

    name = forms.CharField(label=_("Stage name"), max_length=40)
    session_count = forms.IntegerField(label=_("Sessions"), min_value=1)
    rounds_per_session = forms.IntegerField(label=_("Rounds per session"), min_value=1, initial=1)
    advance = forms.IntegerField(label=_("Players who go on"), min_value=1, required=False)
    carry_over = forms.ChoiceField(
        label=_("Points carried on"), choices=CARRY_OVER_CHOICES, initial=CarryOver.FULL.value
    )

    def spec(self) -> leagues.StageSpec:
        data = self.cleaned_data
        return leagues.StageSpec(
            name=data["name"],
            session_count=data["session_count"],
            advance=data["advance"],
            carry_over=CarryOver(data["carry_over"]),
            rounds_per_session=data["rounds_per_session"],
        )


StageFormSet = forms.formset_factory(
    StageForm, extra=leagues.MAX_STAGES, max_num=leagues.MAX_STAGES
)


def _create(request: HttpRequest, form: LeagueForm, stages: Any, parlor: Any) -> League | None:
    """The league the forms describe, or None with the refusal beside its field."""
    if request.method != "POST" or not (form.is_valid() and stages.is_valid()):
        return None
    specs = [stage.spec() for stage in stages if stage.has_changed()]
    try:
        return leagues.league_create(
            parlor=parlor,
            name=form.cleaned_data["name"],
            tables=form.cleaned_data["tables"],
            stages=specs,
            by=request.user,
        )
    except DomainError as exc:
        form_refused(form, exc)
        return None


@require_http_methods(["GET", "POST"])
@manager_page
def leagues_page(request: HttpRequest) -> HttpResponse:
    parlor = require(request.user, Role.STAFF).parlor
    form = LeagueForm(request.POST or None, parlor=parlor)
    # Every row is an extra form, so a row left as it came (its field initials) is no stage.
    stages = StageFormSet(request.POST or None, prefix="stage")
    league = _create(request, form, stages, parlor)
    if league is not None:
        return redirect("manage:league", league_id=league.public_id)
    context = {"leagues": League.objects.filter(parlor=parlor), "form": form, "stages": stages}
    status = 400 if request.method == "POST" else 200
    return render(request, "manage/leagues.html", context, status=status)


@require_http_methods(["GET"])
@manager_page
def league_page(request: HttpRequest, league_id: str) -> HttpResponse:
    league, _access = league_for(request.user, league_id)
    registered = LeagueEntry.objects.filter(stage__league=league).values("player_id")
    context = {
        "league": league,
        "ruleset_title": ruleset_titles(league.parlor, [league.ruleset_key])[league.ruleset_key],
        "stages": league_view(league),
        "current": current_stage(league),
        "players": Player.objects.filter(parlor=league.parlor).exclude(pk__in=registered),
    }
    return render(request, "manage/league.html", context)


def _act(request: HttpRequest, league_id: str, act: Callable[[League], object]) -> HttpResponse:
    """Runs one service on the league; a refusal is shown in the page's language (the league
    services say theirs in it), and the director goes back to the league's page."""
    league, _access = league_for(request.user, league_id)
    try:
        act(league)
    except DomainError as exc:
        message = refusal_sentence(exc) or exc.message
        return manager_error(request, message=message, status=exc.status_code)
    return redirect("manage:league", league_id=league.public_id)


def _date(request: HttpRequest, name: str) -> date:
    try:
        return date.fromisoformat(request.POST.get(name, ""))
    except ValueError as exc:
        raise InvalidInput(str(_("Enter a date.")), code="not_a_date", field=name) from exc


@require_POST
@manager_page
def league_action(request: HttpRequest, league_id: str, action: str) -> HttpResponse:
    """register a player, open the next session, or close the current stage (the cut)."""

    def act(league: League) -> object:
        by = request.user
        if action == "register":
            chosen = request.POST.get("player", "")
            if not chosen.isdigit():
                raise InvalidInput(str(_("Choose a player.")), code="player_required")
            player = get_object_or_404(Player, parlor=league.parlor, pk=int(chosen))
            return leagues.league_register(league=league, player=player, by=by)
        if action == "session":
            starts_on, ends_on = _date(request, "starts_on"), _date(request, "ends_on")
            return league_sessions.league_session_open(
                league=league, starts_on=starts_on, ends_on=ends_on, by=by
            )
        if action == "close":
            return league_sessions.league_stage_close(league=league, by=by)
        raise InvalidInput(f"no league action {action!r}", code="unknown_action")

    return _act(request, league_id, act)
