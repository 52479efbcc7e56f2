"""Money settings and standings settings in the Django admin (editable by managers); visits,
settlements, adjustments and staff shifts read-only: a receipt never changes, corrections go
through the API."""

from __future__ import annotations

from django.contrib import admin

from parlor.admin_scope import VIEW_ONLY, ParlorScopedAdmin, ParlorScopedInline
from parlor.models import (
    Adjustment,
    MoneySettings,
    Settlement,
    SettlementLine,
    Shift,
    StandingsSettings,
    Visit,
)


@admin.register(MoneySettings)
class MoneySettingsAdmin(ParlorScopedAdmin, admin.ModelAdmin):
    list_display = [
        "parlor",
        "player_count",
        "table",
        "rate_yen_per_p",
        "chip_value_yen",
        "fee_model",
        "game_fee_yen",
        "top_prize_yen",
        "money_unit_yen",
    ]
    list_filter = ["parlor", "player_count", "fee_model"]


@admin.register(StandingsSettings)
class StandingsSettingsAdmin(ParlorScopedAdmin, admin.ModelAdmin):
    list_display = ["parlor", "is_public", "monthly_min_games"]


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
