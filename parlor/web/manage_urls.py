"""The manager's settings pages (/manage/...): what a parlor manager changes without the
Django admin, scoped to their parlor."""

from __future__ import annotations

from django.urls import path

from parlor.web import (
    manage_events,
    manage_leagues,
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
    path("events/", manage_events.events_page, name="events"),
    path("events/<str:event_id>/", manage_events.event_page, name="event"),
    path("events/<str:event_id>/register/", manage_events.event_register, name="event-register"),
    path("events/<str:event_id>/extend/", manage_events.event_table_extend, name="event-extend"),
    path(
        "events/<str:event_id>/penalty/withdraw/",
        manage_events.event_penalty_withdraw,
        name="event-penalty-withdraw",
    ),
    path(
        "events/<str:event_id>/round/<slug:action>/",
        manage_events.event_round_action,
        name="event-round",
    ),
    path(
        "events/<str:event_id>/entry/<slug:action>/",
        manage_events.event_entry_action,
        name="event-entry",
    ),
    path("leagues/", manage_leagues.leagues_page, name="leagues"),
    path("leagues/<str:league_id>/", manage_leagues.league_page, name="league"),
    path(
        "leagues/<str:league_id>/<slug:action>/",
        manage_leagues.league_action,
        name="league-action",
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
