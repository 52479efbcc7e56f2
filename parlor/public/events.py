"""A tournament's public pages (大会): the standings and the board's clocks, reached by QR,
and the results exported as CSV and in the EMA results format. No login: the event's public
id is the key, as the live view's token is."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET

from parlor.models import EventRound, RoundStatus, RoundTable
from parlor.public.views import domain_errors_as_http
from parlor.selectors.tournament_clock import clock_of
from parlor.selectors.tournament_exports import event_csv, event_ema_csv
from parlor.selectors.tournaments import event_standings, public_event


@require_GET
@domain_errors_as_http
def event_page(request: HttpRequest, event_id: str) -> HttpResponse:
    """The standings after every round, and the current round's clock per table (the board)."""
    event = public_event(event_id)
    playing = EventRound.objects.filter(event=event, status=RoundStatus.PLAYING).first()
    clocks = []
    if playing is not None:
        for round_table in RoundTable.objects.filter(round=playing).select_related(
            "table", "game", "round__event"
        ):
            clocks.append({"table": round_table.table.label, "clock": clock_of(round_table)})
    context = {
        "event": event,
        "standings": event_standings(event),
        "playing": playing,
        "clocks": clocks,
    }
    return render(request, "public/event.html", context)


def _download(body: str, filename: str) -> HttpResponse:
    response = HttpResponse(body, content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response


@require_GET
@domain_errors_as_http
def event_csv_download(request: HttpRequest, event_id: str) -> HttpResponse:
    event = public_event(event_id)
    return _download(event_csv(event), f"event-{event.public_id}.csv")


@require_GET
@domain_errors_as_http
def event_ema_download(request: HttpRequest, event_id: str) -> HttpResponse:
    event = public_event(event_id)
    return _download(event_ema_csv(event), f"event-{event.public_id}-ema.csv")
