"""Money settings and standings settings in the Django admin (editable by managers); visits,
settlements, adjustments and staff shifts read-only: a receipt never changes, corrections go
through the API."""

from __future__ import annotations

from typing import Any, ClassVar

from django.contrib import admin
from django.db import models
from django.http import HttpRequest
from django.utils.functional import lazy
from django.utils.translation import gettext_lazy, pgettext_lazy

from parlor.admin_labels import (
    Labels,
    columns,
    enum_filter,
    player_count_filter,
    with_parlor_titled,
)
from parlor.admin_scope import VIEW_ONLY, ParlorScopedAdmin, ParlorScopedInline
from parlor.domain.money import FeeModel
from parlor.models import (
    Adjustment,
    MoneySettings,
    Settlement,
    SettlementLine,
    Shift,
    StandingsSettings,
    Visit,
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


class LabelledAdmin(ParlorScopedAdmin, admin.ModelAdmin):
    """An editable page whose form names each field by `labels`."""

    labels: ClassVar[Labels] = {}

    def get_form(
        self, request: HttpRequest, obj: Any = None, change: bool = False, **kwargs: Any
    ) -> Any:
        return super().get_form(request, obj, change, labels=self.labels, **kwargs)

    def get_list_filter(self, request: HttpRequest) -> Any:
        # Titled after the scope has taken the filter by parlor out of a manager's list.
        return with_parlor_titled(super().get_list_filter(request))


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


class ReadOnlyAdmin(ParlorScopedAdmin, admin.ModelAdmin):
    actions = None
    operator_may = VIEW_ONLY


@admin.register(Visit)
class VisitAdmin(ReadOnlyAdmin):
    list_display = ["player", "parlor", "status", "checked_in_at", "checked_out_at"]
    list_filter = ["parlor", "status"]
    search_fields = ["player__name", "player__member_number"]


class SettlementLineInline(ParlorScopedInline, admin.TabularInline):
    model = SettlementLine
    extra = 0
    readonly_fields = (
        "position",
        "kind",
        "table_label",
        "played_at",
        "rank",
        "result_tenths",
        "chips",
        "points_yen",
        "chips_yen",
        "fee_yen",
        "amount_yen",
        "description",
    )
    fields = readonly_fields
    can_delete = False
    operator_may = VIEW_ONLY


@admin.register(Settlement)
class SettlementAdmin(ReadOnlyAdmin):
    parlor_field = "visit__parlor"
    list_display = ["visit", "closed_at", "total_yen", "fees_yen"]
    inlines = [SettlementLineInline]


@admin.register(Adjustment)
class AdjustmentAdmin(ReadOnlyAdmin):
    list_display = ["player", "kind", "amount_yen", "reason", "created_at", "settled_at"]
    list_filter = ["parlor", "kind"]


@admin.register(Shift)
class ShiftAdmin(ReadOnlyAdmin):
    """Staff shifts (シフト), read-only: signed in and out at the counter (services.shifts)."""

    list_display = ["staff", "business_day", "signed_in_at", "signed_out_at", "owed_yen"]
    list_filter = ["parlor", "business_day"]
