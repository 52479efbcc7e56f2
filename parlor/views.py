"""The index page. The tablet (parlor/web) and the public pages (parlor/public) have their own."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from parlor.models import Parlor


def index(request: HttpRequest) -> HttpResponse:
    """The front door: the staff tablet, each parlor's public standings, the player page,
    the manager's reports, the admin and the API docs."""
    parlors = Parlor.objects.order_by("name").only("name", "slug")
    return render(request, "parlor/index.html", {"parlors": parlors})
