"""A league's public page (リーグ戦): every stage's standings, who went on and who is out,
reached by QR. No login: the league's public id is the key, as an event's is."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET

from parlor.public.views import domain_errors_as_http
from parlor.selectors.leagues import league_view, public_league


@require_GET
@domain_errors_as_http
def league_page(request: HttpRequest, league_id: str) -> HttpResponse:
    league = public_league(league_id)
    return render(request, "public/league.html", {"league": league, "stages": league_view(league)})
