"""The index page and /favicon.ico. The tablet (parlor/web) and the public pages (parlor/public)
have their own."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse, HttpResponsePermanentRedirect
from django.shortcuts import render
from django.templatetags.static import static
from django.views.decorators.http import require_GET

from parlor.models import Parlor


def index(request: HttpRequest) -> HttpResponse:
    """The front door: the staff tablet, each parlor's public standings, the player page,
    the manager's reports, the admin and the API docs."""
    parlors = Parlor.objects.order_by("name").only("name", "slug")
    return render(request, "parlor/index.html", {"parlors": parlors})


@require_GET
def favicon(request: HttpRequest) -> HttpResponse:
    """/favicon.ico, where browsers and bookmarks look for it: the static icon (the pages name
    it with <link rel="icon">, so this is for whatever asks without reading the page)."""
    return HttpResponsePermanentRedirect(static("favicon.ico"))
