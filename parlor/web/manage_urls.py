"""The manager's settings pages (/manage/...): what a parlor manager changes without the
Django admin, scoped to their parlor."""

from __future__ import annotations

from django.urls import path

from parlor.web import (
    manage_money,
    manage_parlor,
    manage_rulesets,
    manage_seasons,
    manage_standings,
)

app_name = "manage"

urlpatterns = [
    path("money/", manage_money.money_page, name="money"),
    path("money/large-amount/", manage_money.money_large_amount_set, name="money-large-amount"),
    path("money/default/<int:player_count>/", manage_money.money_default_set, name="money-default"),
    path("money/table/<uuid:table_id>/", manage_money.money_table_set, name="money-table"),
    path(
        "money/table/<uuid:table_id>/remove/",
        manage_money.money_table_remove,
        name="money-table-remove",
    ),
    path("parlor/", manage_parlor.parlor_page, name="parlor"),
    path("standings/", manage_standings.standings_page, name="standings"),
    path("seasons/", manage_seasons.seasons_page, name="seasons"),
    path(
        "seasons/<uuid:season_id>/close/",
        manage_seasons.season_close_page,
        name="season-close",
    ),
    path("rulesets/", manage_rulesets.rulesets_page, name="rulesets"),
    path("rulesets/preset/<str:key>/", manage_rulesets.preset_page, name="preset"),
    path("rulesets/<uuid:ruleset_id>/", manage_rulesets.ruleset_page, name="ruleset"),
]
