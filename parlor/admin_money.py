"""Money settings and standings settings in the Django admin (editable by managers); visits,
settlements, adjustments and staff shifts read-only: a receipt never changes, corrections go
through the API."""

from __future__ import annotations

from typing import Any

from django.contrib import admin
from django.db import models
from django.http import HttpRequest
from django.utils.functional import lazy
from django.utils.translation import gettext_lazy, pgettext_lazy

from parlor.admin_labels import (
    LabelledAdmin,
    ShownAdmin,
    ShownInline,
    columns,
    date_filter,
    enum_filter,
    player_count_filter,
)
from parlor.domain.money import FeeModel
from parlor.models import (
    Adjustment,
    AdjustmentKind,
    MoneySettings,
    Settlement,
    SettlementLine,
    Shift,
    StandingsSettings,
    Visit,
    VisitStatus,
)
from parlor.money_terms_text import fee_model_text

# The money terms under the words of the manager's money page (料金設定), not their English
# field names; the fee model in words.
MONEY_LABELS = {
    "parlor": pgettext_lazy("admin field", "Parlor"),
    "player_count": pgettext_lazy("admin field", "Game type"),
    "table": pgettext_lazy("model", "Table"),
    "rate_yen_per_p": pgettext_lazy("admin field", "Rate (yen per p)"),
    "chip_value_yen": gettext_lazy("Chip value (yen)"),
    "fee_model": gettext_lazy("Fee model"),
    "game_fee_yen": gettext_lazy("Game fee (yen)"),
    "top_prize_yen": gettext_lazy("Top prize (yen)"),
    "money_unit_yen": gettext_lazy("Money unit (yen)"),
}
FEE_MODELS = [(m.value, lazy(fee_model_text, str)(m.value)) for m in FeeModel]
STANDINGS_LABELS = {
    "parlor": pgettext_lazy("admin field", "Parlor"),
    "is_public": gettext_lazy("Standings are public"),
    "monthly_min_games": gettext_lazy("Monthly minimum of games"),
}


@admin.register(MoneySettings)
class MoneySettingsAdmin(LabelledAdmin):
    labels = MONEY_LABELS
    list_display = columns(
        labels,
        "parlor",
        "player_count",
        "table",
        "rate_yen_per_p",
        "chip_value_yen",
        "fee_model_in_words",
        "game_fee_yen",
        "top_prize_yen",
        "money_unit_yen",
    )
    list_filter = [
        "parlor",
        player_count_filter("player_count"),
        enum_filter("fee_model", labels["fee_model"], FEE_MODELS),
    ]

    @admin.display(description=MONEY_LABELS["fee_model"], ordering="fee_model")
    def fee_model_in_words(self, row: MoneySettings) -> str:
        return fee_model_text(row.fee_model) if row.fee_model else "-"

    def formfield_for_choice_field(
        self, db_field: models.Field[Any, Any], request: HttpRequest, **kwargs: Any
    ) -> Any:
        if db_field.name == "fee_model":
            kwargs["choices"] = [("", "---------"), *FEE_MODELS]
        return super().formfield_for_choice_field(db_field, request, **kwargs)


@admin.register(StandingsSettings)
class StandingsSettingsAdmin(LabelledAdmin):
    labels = STANDINGS_LABELS
    list_display = columns(
        labels, "parlor", "is_public", "monthly_min_games", booleans={"is_public"}
    )


F = "admin field"
VISIT_LABELS = {
    "public_id": pgettext_lazy(F, "Public ID"),
    "parlor": pgettext_lazy(F, "Parlor"),
    "player": pgettext_lazy(F, "Player"),
    "status": pgettext_lazy(F, "Status"),
    "checked_in_at": pgettext_lazy(F, "Checked in at"),
    "checked_in_by": pgettext_lazy(F, "Checked in by"),
    "wish": pgettext_lazy(F, "Wish"),
    "last_game_called_at": pgettext_lazy(F, "Last game called at"),
    "last_game": pgettext_lazy(F, "Last game"),
    "checked_out_at": pgettext_lazy(F, "Checked out at"),
    "checked_out_by": pgettext_lazy(F, "Checked out by"),
}
SETTLEMENT_LABELS = {
    "public_id": VISIT_LABELS["public_id"],
    "visit": pgettext_lazy(F, "Visit"),
    "closed_at": pgettext_lazy(F, "Settled at"),
    "closed_by": pgettext_lazy(F, "Settled by"),
    "points_yen": pgettext_lazy(F, "Points (yen)"),
    "chips_yen": pgettext_lazy(F, "Chips (yen)"),
    "fees_yen": pgettext_lazy(F, "Fees (yen)"),
    "adjustments_yen": pgettext_lazy(F, "Adjustments (yen)"),
    "total_yen": pgettext_lazy(F, "Total (yen)"),
    "line_count": pgettext_lazy(F, "Lines"),
}
LINE_LABELS = {
    "position": pgettext_lazy(F, "Line"),
    "kind": pgettext_lazy(F, "Kind"),
    "table_label": pgettext_lazy(F, "Table"),
    "played_at": pgettext_lazy(F, "Played at"),
    "rank": pgettext_lazy(F, "Rank"),
    "result_tenths": pgettext_lazy(F, "Result in tenths"),
    "chips": pgettext_lazy(F, "Chips"),
    "points_yen": SETTLEMENT_LABELS["points_yen"],
    "chips_yen": SETTLEMENT_LABELS["chips_yen"],
    "fee_yen": pgettext_lazy(F, "Fee (yen)"),
    "amount_yen": pgettext_lazy(F, "Amount (yen)"),
    "description": pgettext_lazy(F, "Description"),
}
ADJUSTMENT_LABELS = {
    "public_id": VISIT_LABELS["public_id"],
    "parlor": VISIT_LABELS["parlor"],
    "player": VISIT_LABELS["player"],
    "kind": LINE_LABELS["kind"],
    "amount_yen": LINE_LABELS["amount_yen"],
    "reason": pgettext_lazy(F, "Reason"),
    "game": pgettext_lazy(F, "Game"),
    "correction": pgettext_lazy(F, "Correction"),
    "corrects_settlement": pgettext_lazy(F, "Settlement corrected"),
    "corrects_shift": pgettext_lazy(F, "Shift corrected"),
    "created_at": pgettext_lazy(F, "Created at"),
    "created_by": pgettext_lazy(F, "Created by"),
    "settled_in": pgettext_lazy(F, "Settled in"),
    "settled_at": SETTLEMENT_LABELS["closed_at"],
    "settled_by": SETTLEMENT_LABELS["closed_by"],
}
SHIFT_LABELS = {
    "public_id": VISIT_LABELS["public_id"],
    "parlor": VISIT_LABELS["parlor"],
    "staff": pgettext_lazy(F, "Staff"),
    "business_day": pgettext_lazy(F, "Business day"),
    "signed_in_at": pgettext_lazy(F, "Clocked in at"),
    "signed_in_by": pgettext_lazy(F, "Clocked in by"),
    "float_out_yen": pgettext_lazy(F, "Float taken (yen)"),
    "signed_out_at": pgettext_lazy(F, "Clocked out at"),
    "signed_out_by": pgettext_lazy(F, "Clocked out by"),
    "float_back_yen": pgettext_lazy(F, "Float returned (yen)"),
    "game_back": pgettext_lazy(F, "Game back"),
    "result_yen": pgettext_lazy(F, "Result (yen)"),
    "fees_yen": SETTLEMENT_LABELS["fees_yen"],
    "back_yen": pgettext_lazy(F, "Back (yen)"),
    "owed_yen": pgettext_lazy(F, "Owed (yen)"),
}


@admin.register(Visit)
class VisitAdmin(ShownAdmin):
    labels = VISIT_LABELS
    list_display = columns(
        labels, "player", "parlor", "status", "checked_in_at", "checked_out_at"
    )
    list_filter = ["parlor", enum_filter("status", labels["status"], VisitStatus.choices)]
    search_fields = ["player__name", "player__member_number"]


class SettlementLineInline(ShownInline):
    model = SettlementLine
    labels = LINE_LABELS


@admin.register(Settlement)
class SettlementAdmin(ShownAdmin):
    parlor_field = "visit__parlor"
    labels = SETTLEMENT_LABELS
    list_display = columns(labels, "visit", "closed_at", "total_yen", "fees_yen")
    inlines = [SettlementLineInline]


@admin.register(Adjustment)
class AdjustmentAdmin(ShownAdmin):
    labels = ADJUSTMENT_LABELS
    list_display = columns(
        labels, "player", "kind", "amount_yen", "reason", "created_at", "settled_at"
    )
    list_filter = ["parlor", enum_filter("kind", labels["kind"], AdjustmentKind.choices)]


@admin.register(Shift)
class ShiftAdmin(ShownAdmin):
    """Staff shifts (シフト), read-only: signed in and out at the counter (services.shifts)."""

    labels = SHIFT_LABELS
    list_display = columns(
        labels, "staff", "business_day", "signed_in_at", "signed_out_at", "owed_yen"
    )
    list_filter = ["parlor", ("business_day", date_filter(labels["business_day"]))]
