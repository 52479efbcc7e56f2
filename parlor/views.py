"""Public pages. The tablet pages (Japanese first) come with the UI issue."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render


def index(request: HttpRequest) -> HttpResponse:
    return render(request, "parlor/index.html")
