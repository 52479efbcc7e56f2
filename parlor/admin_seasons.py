"""Seasons (シーズン) and the standings a closed season kept, in the Django admin, read-only.

A season is created and closed on the standings pages (parlor.services.seasons), which check
it and write the audit log; its standings are a record of the season as it closed, which no
later correction of a game changes, so neither is changed here.
"""

from __future__ import annotations

from django.contrib import admin
from django.db.models import Q
from django.utils.translation import pgettext_lazy

from parlor.admin_labels import ShownAdmin, columns, player_count_filter, yes_no_filter
from parlor.domain.units import Result, SettlementUnit
from parlor.models import Season, SeasonStanding
from parlor.units_text import result_text

SEASON_LABELS = {
    "name": pgettext_lazy("admin field", "Name"),
    "parlor": pgettext_lazy("admin field", "Parlor"),
    "first_day": pgettext_lazy("admin field", "First day"),
    "last_day": pgettext_lazy("admin field", "Last day"),
    "player_count": pgettext_lazy("admin field", "Game type"),
    "ruleset_key": pgettext_lazy("admin field", "Ruleset"),
    "rate_yen_per_p": pgettext_lazy("admin field", "Rate (yen per p)"),
    "min_games": pgettext_lazy("admin field", "Minimum games"),
    "public_id": pgettext_lazy("admin field", "Public ID"),
    "created_at": pgettext_lazy("admin field", "Created at"),
    "created_by": pgettext_lazy("admin field", "Created by"),
    "closed_at": pgettext_lazy("admin field", "Closed at"),
    "closed_by": pgettext_lazy("admin field", "Closed by"),
}
STANDING_LABELS = {
    "season": pgettext_lazy("admin field", "Season"),
    "position": pgettext_lazy("admin field", "Position"),
    "name": pgettext_lazy("admin field", "Name at the close"),
    "player": pgettext_lazy("admin field", "Player"),
    "player_count": SEASON_LABELS["player_count"],
    "is_point_count": pgettext_lazy("admin field", "Point count"),
    "is_ranked": pgettext_lazy("admin field", "Played the minimum"),
    "games": pgettext_lazy("admin field", "Games"),
    "total_tenths": pgettext_lazy("admin field", "Result in tenths"),
    "average_rank_hundredths": pgettext_lazy("admin field", "Average rank × 100"),
    "tops": pgettext_lazy("admin field", "Tops"),
}
SEASON_SHOWN_ONLY = pgettext_lazy(
    "admin help",
    "Shown as recorded. Seasons are created and closed on the standings pages, which check "
    "them and write the audit log.",
)
STANDING_IS_A_RECORD = pgettext_lazy(
    "admin help",
    "A closed season's standings are a record of the season as it closed: they are never "
    "changed. A game corrected since shows on the season's page as a note, not as a changed "
    "line.",
)


@admin.register(Season)
class SeasonAdmin(ShownAdmin):
    labels = SEASON_LABELS
    description = SEASON_SHOWN_ONLY
    list_display = columns(
        labels, "name", "first_day", "last_day", "player_count", "min_games", "closed_at", "parlor"
    )
    list_filter = (
        yes_no_filter("closed", labels["closed_at"], yes=Q(closed_at__isnull=False)),
        player_count_filter("player_count"),
        "parlor",
    )
    list_select_related = ("parlor",)
    search_fields = ("name", "ruleset_key")
    date_hierarchy = "first_day"


@admin.register(SeasonStanding)
class SeasonStandingAdmin(ShownAdmin):
    parlor_field = "season__parlor"
    labels = STANDING_LABELS
    description = STANDING_IS_A_RECORD
    list_display = columns(
        labels,
        "season",
        "position",
        "name",
        "player_count",
        "is_ranked",
        "games",
        "result",
        "tops",
        booleans=("is_ranked",),
    )
    list_filter = (
        player_count_filter("player_count"),
        yes_no_filter("is_ranked", labels["is_ranked"]),
        "season__parlor",
    )
    list_select_related = ("season",)
    search_fields = ("name", "player__name", "season__name")

    @admin.display(description=pgettext_lazy("admin field", "Result"), ordering="total_tenths")
    def result(self, line: SeasonStanding) -> str:
        """+52.0p, or +30点 in a point count."""
        unit = SettlementUnit.TEN if line.is_point_count else SettlementUnit.P_1000
        return result_text(Result(line.total_tenths, unit))
