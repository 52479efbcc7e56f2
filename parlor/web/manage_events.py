"""The tournament director's pages (大会): the events, and one page per event with its
players, rounds, seats, timer, drops, substitutes and penalties. Each form posts to one
service; a refusal is shown on the manager's error page with what to do."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django import forms
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext_lazy as _
from django.views.decorators.http import require_http_methods, require_POST

from parlor.errors import InvalidInput
from parlor.models import (
    Event,
    EventPenalty,
    EventPlayer,
    EventRound,
    Player,
    RoundTable,
    TimeUpRule,
)
from parlor.selectors.access import Role, require
from parlor.selectors.tournament_clock import clock_of
from parlor.selectors.tournaments import event_for, event_penalties, event_standings
from parlor.services import tournament_penalties as penalties
from parlor.services import tournament_rounds as rounds
from parlor.services import tournaments
from parlor.view_helpers.pages import ruleset_titles
from parlor.web.manage_forms import TablesForm, submitted
from parlor.web.manager import manager_page


class EventForm(TablesForm):
    name = forms.CharField(label=_("Event name"), max_length=100)
    starts_on = forms.DateField(label=_("First day"))
    ends_on = forms.DateField(label=_("Last day"))
    round_count = forms.IntegerField(label=_("Rounds"), min_value=1, max_value=20)
    round_minutes = forms.IntegerField(label=_("Minutes per round"), min_value=10, max_value=300)
    time_up_rule = forms.ChoiceField(
        label=_("When time is up"),
        choices=[
            (TimeUpRule.FINISH_HAND, _("Finish the current hand")),
            (TimeUpRule.MORE_HANDS, _("Play N more hands")),
        ],
    )
    extra_hands = forms.IntegerField(label=_("N more hands"), min_value=0, max_value=4, initial=0)
    entry_fee_yen = forms.IntegerField(label=_("Entry fee (yen)"), min_value=0, initial=0)
    prizes = forms.CharField(label=_("Prizes"), required=False, widget=forms.Textarea)


@require_http_methods(["GET", "POST"])
@manager_page
def events_page(request: HttpRequest) -> HttpResponse:
    parlor = require(request.user, Role.STAFF).parlor
    form = EventForm(request.POST or None, parlor=parlor)
    created: list[Event] = []
    if submitted(
        request,
        form,
        lambda data: created.append(
            tournaments.event_create(parlor=parlor, by=request.user, **data)
        ),
    ):
        return redirect("manage:event", event_id=created[0].public_id)
    context = {"events": Event.objects.filter(parlor=parlor), "form": form}
    return render(
        request, "manage/events.html", context, status=400 if request.method == "POST" else 200
    )


def _event_context(event: Event) -> dict[str, Any]:
    entries = list(EventPlayer.objects.filter(event=event).select_related("player", "replaces"))
    event_rounds = []
    for event_round in EventRound.objects.filter(event=event).select_related("event"):
        tables = (
            RoundTable.objects.filter(round=event_round)
            .select_related("table", "game", "round__event")
            .prefetch_related("seats__entry__player")
        )
        event_rounds.append(
            {
                "round": event_round,
                "tables": [
                    {
                        "row": t,
                        "clock": clock_of(t),
                        "seats": t.seats.all(),  # in seat order (RoundSeat.Meta)
                    }
                    for t in tables
                ],
            }
        )
    registered = {e.player_id for e in entries}
    seatable = [e for e in entries if e.is_seatable]
    return {
        "seatable": seatable,
        "given_seats": _given_seats(seatable, event.table_size),
        "event": event,
        "ruleset_title": ruleset_titles(event.parlor, [event.ruleset_key])[event.ruleset_key],
        "entries": entries,
        "substitutes": [e for e in entries if e.is_substitute and e.replaces_id is None],
        "dropped": [e for e in entries if e.is_dropped and not hasattr(e, "replaced_by")],
        "rounds": event_rounds,
        "standings": event_standings(event),
        "penalties": event_penalties(event),
        "players": Player.objects.filter(parlor=event.parlor).exclude(pk__in=registered),
    }


def _given_seats(seatable: list[EventPlayer], table_size: int) -> list[list[dict[str, Any]]]:
    """The director's form for a whole round: per table, per seat (East first), the field's
    name and the player it starts with (the players in registration order)."""
    tables = -(-len(seatable) // table_size)
    return [
        [
            {"name": f"seat-{t}-{seat}", "entry": seatable[t * table_size + seat].pk}
            if t * table_size + seat < len(seatable)
            else {"name": f"seat-{t}-{seat}", "entry": None}
            for seat in range(table_size)
        ]
        for t in range(tables)
    ]


def _seats_given(event: Event, request: HttpRequest) -> list[list[int]]:
    """The entry ids the director chose, per table, East first."""
    tables = -(
        -sum(1 for e in EventPlayer.objects.filter(event=event) if e.is_seatable)
        // event.table_size
    )
    return [
        [_int(request, f"seat-{t}-{seat}") for seat in range(event.table_size)]
        for t in range(tables)
    ]


@require_http_methods(["GET"])
@manager_page
def event_page(request: HttpRequest, event_id: str) -> HttpResponse:
    event, _access = event_for(request.user, event_id)
    return render(request, "manage/event.html", _event_context(event))


def _int(request: HttpRequest, name: str) -> int:
    try:
        return int(request.POST.get(name, ""))
    except ValueError as exc:
        raise InvalidInput(
            str(_("Enter a whole number.")), code="not_a_number", field=name
        ) from exc


def _act(request: HttpRequest, event_id: str, act: Callable[[Event], object]) -> HttpResponse:
    event, _access = event_for(request.user, event_id)
    act(event)
    return redirect("manage:event", event_id=event.public_id)


def _entry(event: Event, request: HttpRequest, name: str) -> EventPlayer:
    return get_object_or_404(EventPlayer, event=event, pk=_int(request, name))


def _round(event: Event, request: HttpRequest) -> EventRound:
    return get_object_or_404(EventRound, event=event, number=_int(request, "round"))


@require_POST
@manager_page
def event_register(request: HttpRequest, event_id: str) -> HttpResponse:
    def act(event: Event) -> object:
        player = get_object_or_404(Player, parlor=event.parlor, pk=_int(request, "player"))
        is_substitute = request.POST.get("is_substitute") == "1"
        return tournaments.event_register(
            event=event, player=player, is_substitute=is_substitute, by=request.user
        )

    return _act(request, event_id, act)


@require_POST
@manager_page
def event_round_action(request: HttpRequest, event_id: str, action: str) -> HttpResponse:
    """seat a round (or take the director's seats), start / pause / end it, or swap two of
    its seats."""

    def act(event: Event) -> object:
        if action == "seat":
            return rounds.round_seat(event=event, by=request.user)
        if action == "given":
            tables = _seats_given(event, request)
            return rounds.round_seat_given(event=event, tables=tables, by=request.user)
        event_round = _round(event, request)
        if action == "start":
            return rounds.round_start(event_round=event_round, by=request.user)
        if action == "pause":
            return rounds.round_timer_pause(event_round=event_round, by=request.user)
        if action == "end":
            return rounds.round_end(event_round=event_round, by=request.user)
        if action == "swap":
            first, second = _int(request, "first"), _int(request, "second")
            return rounds.round_swap_seats(
                event_round=event_round, first=first, second=second, by=request.user
            )
        raise InvalidInput(f"no round action {action!r}", code="unknown_action")

    return _act(request, event_id, act)


@require_POST
@manager_page
def event_table_extend(request: HttpRequest, event_id: str) -> HttpResponse:
    def act(event: Event) -> object:
        round_table = get_object_or_404(
            RoundTable, round__event=event, public_id=request.POST.get("table")
        )
        minutes = _int(request, "minutes")
        return rounds.round_table_extend(round_table=round_table, minutes=minutes, by=request.user)

    return _act(request, event_id, act)


@require_POST
@manager_page
def event_entry_action(request: HttpRequest, event_id: str, action: str) -> HttpResponse:
    """drop a player, seat a substitute in a dropped player's place, record their EMA number
    and country, or give a penalty."""

    def act(event: Event) -> object:
        entry = _entry(event, request, "entry")
        reason = request.POST.get("reason", "")
        if action == "drop":
            return tournaments.entry_drop(entry=entry, reason=reason, by=request.user)
        if action == "substitute":
            substitute = _entry(event, request, "substitute")
            return tournaments.entry_substitute(
                dropped=entry, substitute=substitute, by=request.user
            )
        if action == "ema":
            ema_number, country = (
                request.POST.get("ema_number", ""),
                request.POST.get("country", ""),
            )
            return tournaments.entry_ema_set(
                entry=entry, ema_number=ema_number, country=country, by=request.user
            )
        if action == "penalty":
            points = _int(request, "points")
            return penalties.penalty_give(
                entry=entry, points=points, reason=reason, by=request.user
            )
        raise InvalidInput(f"no player action {action!r}", code="unknown_action")

    return _act(request, event_id, act)


@require_POST
@manager_page
def event_penalty_withdraw(request: HttpRequest, event_id: str) -> HttpResponse:
    """A referee withdraws a penalty (取消), saying why."""

    def act(event: Event) -> object:
        penalty = get_object_or_404(EventPenalty, event=event, pk=_int(request, "penalty"))
        reason = request.POST.get("reason", "")
        return penalties.penalty_withdraw(penalty=penalty, reason=reason, by=request.user)

    return _act(request, event_id, act)
