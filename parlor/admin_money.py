"""Money settings and standings settings in the Django admin (editable by managers); visits,
settlements and adjustments read-only: a receipt never changes, corrections go through the API."""

from __future__ import annotations

from django.contrib import admin
from django.http import HttpRequest

from parlor.models import (
    Adjustment,
    MoneySettings,
    Settlement,
    SettlementLine,
    StandingsSettings,
    Visit,
)


@admin.register(MoneySettings)
class MoneySettingsAdmin(admin.ModelAdmin):
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
class StandingsSettingsAdmin(admin.ModelAdmin):
    list_display = ["parlor", "is_public", "monthly_min_games"]


class ReadOnlyAdmin(admin.ModelAdmin):
    actions = None

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: object = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: object = None) -> bool:
        return False


@admin.register(Visit)
class VisitAdmin(ReadOnlyAdmin):
    list_display = ["player", "parlor", "status", "checked_in_at", "checked_out_at"]
    list_filter = ["parlor", "status"]
    search_fields = ["player__name", "player__member_number"]


class SettlementLineInline(admin.TabularInline):
    model = SettlementLine
    extra = 0
    fields = [
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
    ]
    readonly_fields = fields
    can_delete = False

    def has_add_permission(self, request: HttpRequest, obj: object = None) -> bool:
        return False


@admin.register(Settlement)
class SettlementAdmin(ReadOnlyAdmin):
    list_display = ["visit", "closed_at", "total_yen", "fees_yen"]
    inlines = [SettlementLineInline]


@admin.register(Adjustment)
class AdjustmentAdmin(ReadOnlyAdmin):
    list_display = ["player", "kind", "amount_yen", "reason", "created_at", "settled_at"]
    list_filter = ["parlor", "kind"]
