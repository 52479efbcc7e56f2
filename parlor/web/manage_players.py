"""The manager's players page (お客様): the parlor's players, searched as at the counter, and
each one's name, よみがな, member number and kind. Thin: the rules are in
parlor/services/players.py."""

from __future__ import annotations

from django import forms
from django.core.paginator import Paginator
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy
from django.views.decorators.http import require_http_methods

from parlor.models import PlayerKind
from parlor.selectors.access import Role, player_for, require
from parlor.selectors.counter import players_matching
from parlor.services.audit_log import player_snapshot
from parlor.services.players import player_update
from parlor.web.manage_forms import submitted
from parlor.web.manager import manager_page

PLAYERS_PER_PAGE = 50


class PlayerForm(forms.Form):
    name = forms.CharField(label=_("Name"), max_length=60)
    kana = forms.CharField(label=pgettext_lazy("player", "Kana"), max_length=60, required=False)
    member_number = forms.CharField(
        label=pgettext_lazy("audit field", "Member number"), max_length=20, required=False
    )
    kind = forms.ChoiceField(
        label=_("Kind"),
        choices=PlayerKind.choices,
        error_messages={"invalid_choice": _("Choose a kind from the list.")},
    )


@require_http_methods(["GET"])
@manager_page
def players_page(request: HttpRequest) -> HttpResponse:
    parlor = require(request.user, Role.MANAGER).parlor
    query = request.GET.get("q", "")[:60]
    page = Paginator(players_matching(parlor, query), PLAYERS_PER_PAGE).get_page(
        request.GET.get("page")
    )
    context = {"parlor": parlor, "query": query, "page": page}
    return render(request, "manage/players.html", context)


@require_http_methods(["GET", "POST"])
@manager_page
def player_page(request: HttpRequest, player_id: str) -> HttpResponse:
    require(request.user, Role.MANAGER)
    player, _access = player_for(request.user, player_id)
    form = PlayerForm(request.POST or None, initial=player_snapshot(player))
    if submitted(request, form, lambda data: player_update(player=player, by=request.user, **data)):
        return redirect("setup:player", player_id=player.public_id)
    return render(request, "manage/player.html", {"player": player, "form": form})
