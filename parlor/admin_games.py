"""Games in the Django admin, read-only: each game with its seats, results and hands, every
field under its label in the page's language. A game changes only through the services (the
API), which replay the log and lock the table; an edit here would do neither."""

from __future__ import annotations

from django.contrib import admin
from django.utils.translation import pgettext_lazy

from parlor.admin_labels import ShownAdmin, ShownInline, columns, enum_filter
from parlor.models import Game, GameResult, GameSeat, GameStatus, Hand
from parlor.view_helpers.labels import end_label
from parlor.view_helpers.pages import ruleset_title
from scoring import EndReason

F = "admin field"
GAME_LABELS = {
    "public_id": pgettext_lazy(F, "Public ID"),
    "table": pgettext_lazy(F, "Table"),
    "status": pgettext_lazy(F, "Status"),
    "ruleset_key": pgettext_lazy(F, "Ruleset"),
    "hand_count": pgettext_lazy(F, "Hands"),
    "started_at": pgettext_lazy(F, "Started at"),
    "started_by": pgettext_lazy(F, "Started by"),
    "ended_at": pgettext_lazy(F, "Ended at"),
    "why_it_ended": pgettext_lazy(F, "Why it ended"),
    "is_closed_by_staff": pgettext_lazy(F, "Ended by staff"),
    "verified_at": pgettext_lazy(F, "Verified at"),
    "void_reason": pgettext_lazy(F, "Why voided"),
    "voided_by": pgettext_lazy(F, "Voided by"),
    "void_confirmed_by": pgettext_lazy(F, "Void confirmed by"),
    "seat_draw": pgettext_lazy(F, "Seat draw"),
    "number_in_seating": pgettext_lazy(F, "Game since the seat draw"),
    "first_dealer_position": pgettext_lazy(F, "First dealer's position"),
    "hands_voided": pgettext_lazy(F, "Hands undone"),
    "scores": pgettext_lazy(F, "Scores"),
    "sticks": pgettext_lazy(F, "Riichi sticks on the table"),
    "next_state": pgettext_lazy(F, "Next hand"),
    "running_stats": pgettext_lazy(F, "Stats so far"),
    "schema_version": pgettext_lazy(F, "Schema version"),
    "ruleset_snapshot": pgettext_lazy(F, "Ruleset at the start"),
    "start_state": pgettext_lazy(F, "State at the start"),
    "state": pgettext_lazy(F, "Engine state"),
}
SEAT_LABELS = {
    "seat": pgettext_lazy(F, "Seat"),
    "player": pgettext_lazy(F, "Player"),
    "name": pgettext_lazy(F, "Name"),
    "is_staff_play": pgettext_lazy(F, "Staff playing"),
}
RESULT_LABELS = {
    "seat": SEAT_LABELS["seat"],
    "player": SEAT_LABELS["player"],
    "final_score": pgettext_lazy(F, "Final score"),
    "rank": pgettext_lazy(F, "Rank"),
    "oka_tenths": pgettext_lazy(F, "Oka in tenths"),
    "uma_tenths": pgettext_lazy(F, "Uma in tenths"),
    "bonus_tenths": pgettext_lazy(F, "Bonus in tenths"),
    "deduction_tenths": pgettext_lazy(F, "Deduction in tenths"),
    "total_tenths": pgettext_lazy(F, "Result in tenths"),
    "chips": pgettext_lazy(F, "Chips"),
}
HAND_LABELS = {
    "sequence": pgettext_lazy(F, "Hand"),
    "version": pgettext_lazy(F, "Version"),
    "state": GAME_LABELS["status"],
    "entry": pgettext_lazy(F, "Entry"),
    "entered_by": pgettext_lazy(F, "Entered by"),
    "entered_at": pgettext_lazy(F, "Entered at"),
    "reason": pgettext_lazy(F, "Reason"),
}


class GameSeatInline(ShownInline):
    model = GameSeat
    labels = SEAT_LABELS


class GameResultInline(ShownInline):
    model = GameResult
    labels = RESULT_LABELS


class HandInline(ShownInline):
    model = Hand
    labels = HAND_LABELS  # entered_at is not editable: shown, never a form's field


@admin.register(Game)
class GameAdmin(ShownAdmin):
    """Games change only through the services (API), so every write is replayed and locked."""

    parlor_field = "table__parlor"
    labels = GAME_LABELS
    list_display = columns(
        labels, "public_id", "table", "status", "ruleset", "hand_count", "started_at"
    )
    list_filter = [
        enum_filter("status", labels["status"], GameStatus.choices),
        "table__parlor",
    ]
    inlines = [GameSeatInline, GameResultInline, HandInline]

    @admin.display(description=pgettext_lazy("model", "Ruleset"), ordering="ruleset_key")
    def ruleset(self, game: Game) -> str:
        return ruleset_title(game.ruleset) or game.ruleset_key

    @admin.display(description=GAME_LABELS["why_it_ended"])
    def why_it_ended(self, game: Game) -> str:
        """The engine's end reason in words (the stored value where it names none)."""
        try:
            return end_label(EndReason(game.end_reason)) if game.end_reason else "-"
        except ValueError:
            return game.end_reason
