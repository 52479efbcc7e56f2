"""Tournaments (大会) in the Django admin, read-only: events, their players, rounds, tables,
seats and penalties, as the director's pages recorded them.

Every change to a tournament goes through its services (parlor.services.tournaments and
tournament_rounds), which check it, lock the event and write the audit log; an edit here would
do none of that, so these pages only show. A penalty above all is a record: it is never changed
or deleted, and the audit log keeps who gave it, when and why.
"""

from __future__ import annotations

from django.contrib import admin
from django.db.models import Q
from django.utils.translation import pgettext_lazy

from parlor.admin_labels import (
    ShownAdmin,
    ShownInline,
    columns,
    enum_filter,
    without,
    yes_no_filter,
)
from parlor.models import (
    Event,
    EventPenalty,
    EventPlayer,
    EventRound,
    EventStatus,
    RoundSeat,
    RoundStatus,
    RoundTable,
)

EVENT_LABELS = {
    "name": pgettext_lazy("admin field", "Name"),
    "parlor": pgettext_lazy("admin field", "Parlor"),
    "starts_on": pgettext_lazy("admin field", "First day"),
    "ends_on": pgettext_lazy("admin field", "Last day"),
    "ruleset_key": pgettext_lazy("admin field", "Ruleset"),
    "round_count": pgettext_lazy("admin field", "Rounds"),
    "table_size": pgettext_lazy("admin field", "Players a table"),
    "round_minutes": pgettext_lazy("admin field", "Minutes a round"),
    "time_up_rule": pgettext_lazy("admin field", "When time is up"),
    "extra_hands": pgettext_lazy("admin field", "More hands"),
    "entry_fee_yen": pgettext_lazy("admin field", "Entry fee (yen)"),
    "prizes": pgettext_lazy("admin field", "Prizes"),
    "seed": pgettext_lazy("admin field", "Seating seed"),
    "tables": pgettext_lazy("admin field", "Tables"),
    "status": pgettext_lazy("admin field", "Status"),
    "public_id": pgettext_lazy("admin field", "Public ID"),
    "created_at": pgettext_lazy("admin field", "Created at"),
    "created_by": pgettext_lazy("admin field", "Created by"),
}
ENTRY_LABELS = {
    "event": pgettext_lazy("admin field", "Event"),
    "player": pgettext_lazy("admin field", "Player"),
    "is_substitute": pgettext_lazy("admin field", "Substitute"),
    "replaces": pgettext_lazy("admin field", "In place of"),
    "dropped_after_round": pgettext_lazy("admin field", "Dropped after round"),
    "drop_reason": pgettext_lazy("admin field", "Why dropped"),
    "entry_fee": pgettext_lazy("admin field", "Entry fee owed"),
    "registered_at": pgettext_lazy("admin field", "Registered at"),
}
ROUND_LABELS = {
    "event": ENTRY_LABELS["event"],
    "number": pgettext_lazy("admin field", "Round"),
    "status": EVENT_LABELS["status"],
    "is_given": pgettext_lazy("admin field", "Seated by the director"),
    "timer_started_at": pgettext_lazy("admin field", "Timer started at"),
    "paused_at": pgettext_lazy("admin field", "Paused at"),
    "paused_seconds": pgettext_lazy("admin field", "Seconds paused"),
    "ended_at": pgettext_lazy("admin field", "Ended at"),
}
ROUND_TABLE_LABELS = {
    "round": ROUND_LABELS["number"],
    "number": pgettext_lazy("admin field", "Table number"),
    "table": pgettext_lazy("admin field", "Table"),
    "game": pgettext_lazy("admin field", "Game"),
    "extension_seconds": pgettext_lazy("admin field", "Extension (seconds)"),
    "public_id": EVENT_LABELS["public_id"],
}
SEAT_LABELS = {
    "seat": pgettext_lazy("admin field", "Seat (0 is East)"),
    "entry": ENTRY_LABELS["player"],
}
PENALTY_LABELS = {
    "event": ENTRY_LABELS["event"],
    "entry": ENTRY_LABELS["player"],
    "round_number": ROUND_LABELS["number"],
    "points": pgettext_lazy("admin field", "Points taken off"),
    "reason": pgettext_lazy("admin field", "Reason"),
    "given_at": pgettext_lazy("admin field", "Given at"),
    "given_by": pgettext_lazy("admin field", "Given by"),
}
SHOWN_ONLY = pgettext_lazy(
    "admin help",
    "Shown as recorded. Tournaments change on the director's pages, which check each change "
    "and write it to the audit log.",
)
PENALTY_IS_A_RECORD = pgettext_lazy(
    "admin help",
    "A penalty is a record: it is never changed or deleted, so the event's score can always "
    "be explained. The audit log keeps who gave it, when and why.",
)


class TournamentAdmin(ShownAdmin):
    description = SHOWN_ONLY


class EntryInline(ShownInline):
    model = EventPlayer
    labels = without(ENTRY_LABELS, "event")
    related = ("event", "player", "replaces__player", "replaces__event", "entry_fee")


class RoundInline(ShownInline):
    model = EventRound
    labels = without(ROUND_LABELS, "event")
    related = ("event",)
    show_change_link = True


class PenaltyInline(ShownInline):
    model = EventPenalty
    labels = without(PENALTY_LABELS, "event")
    related = ("entry__player", "given_by")


@admin.register(Event)
class EventAdmin(TournamentAdmin):
    labels = EVENT_LABELS
    list_display = columns(
        labels, "name", "starts_on", "status", "ruleset_key", "round_count", "parlor"
    )
    list_filter = (enum_filter("status", labels["status"], EventStatus.choices), "parlor")
    list_select_related = ("parlor",)
    search_fields = ("name", "ruleset_key")
    date_hierarchy = "starts_on"
    inlines = (EntryInline, RoundInline, PenaltyInline)


@admin.register(EventPlayer)
class EventPlayerAdmin(TournamentAdmin):
    parlor_field = "event__parlor"
    labels = ENTRY_LABELS
    list_display = columns(
        labels,
        "player",
        "event",
        "is_substitute",
        "dropped_after_round",
        "registered_at",
        booleans=("is_substitute",),
    )
    list_filter = (
        yes_no_filter("is_substitute", labels["is_substitute"]),
        yes_no_filter(
            "dropped", labels["dropped_after_round"], yes=Q(dropped_after_round__isnull=False)
        ),
        "event__parlor",
    )
    list_select_related = ("player", "event")
    search_fields = ("player__name", "player__member_number", "event__name")


class SeatInline(ShownInline):
    model = RoundSeat
    labels = SEAT_LABELS
    related = ("round_table__round__event", "entry__player")


class RoundTableInline(ShownInline):
    model = RoundTable
    labels = without(ROUND_TABLE_LABELS, "round")
    related = ("round__event", "table", "game")
    show_change_link = True


@admin.register(EventRound)
class EventRoundAdmin(TournamentAdmin):
    parlor_field = "event__parlor"
    labels = ROUND_LABELS
    list_display = columns(
        labels,
        "event",
        "number",
        "status",
        "is_given",
        "timer_started_at",
        "ended_at",
        booleans=("is_given",),
    )
    list_filter = (enum_filter("status", labels["status"], RoundStatus.choices), "event__parlor")
    list_select_related = ("event",)
    search_fields = ("event__name",)
    inlines = (RoundTableInline,)


@admin.register(RoundTable)
class RoundTableAdmin(TournamentAdmin):
    parlor_field = "round__event__parlor"
    labels = ROUND_TABLE_LABELS
    list_display = columns(labels, "round", "number", "table", "game", "extension_seconds")
    list_filter = ("round__event__parlor",)
    list_select_related = ("round__event", "table", "game")
    search_fields = ("round__event__name", "table__label", "seats__entry__player__name")
    inlines = (SeatInline,)


@admin.register(EventPenalty)
class EventPenaltyAdmin(ShownAdmin):
    parlor_field = "event__parlor"
    labels = PENALTY_LABELS
    description = PENALTY_IS_A_RECORD
    list_display = columns(
        labels, "given_at", "event", "entry__player", "points", "reason", "given_by"
    )
    list_filter = ("event__parlor",)
    list_select_related = ("event", "entry__player", "given_by")
    search_fields = ("entry__player__name", "reason", "event__name")
    date_hierarchy = "given_at"
