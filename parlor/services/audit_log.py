"""Writes the audit log: one event per create, correction, void, finish, game void and close.

Call these inside the service's transaction, after the change: the event and the change
commit together or not at all. The writers live by what they describe (audit_games,
audit_visits, audit_settings, audit_days, on audit_events' audit_record); this module names
them all in one place for the services that call them. Anything else calls `audit_record`
with its own subject_type, kind and data.
"""

from __future__ import annotations

from parlor.services.audit_days import (
    audit_day_closed,
    audit_day_float,
    audit_day_reopened,
    day_close_snapshot,
)
from parlor.services.audit_events import audit_record
from parlor.services.audit_games import (
    audit_game_finished,
    audit_game_started,
    audit_game_voided,
    audit_hand_corrected,
    audit_hand_recorded,
    audit_hand_undone,
    game_snapshot,
    hand_snapshot,
)
from parlor.services.audit_settings import (
    audit_large_amount_set,
    audit_money_settings,
    audit_money_settings_removed,
    audit_player_changed,
    audit_player_created,
    audit_ruleset_created,
    audit_standings_settings,
    money_settings_snapshot,
    player_snapshot,
)
from parlor.services.audit_visits import (
    audit_adjustment_created,
    audit_adjustment_settled,
    audit_last_game_call,
    audit_settlement_closed,
    audit_stand_in,
    audit_visit_checked_in,
    stand_in_snapshot,
)

__all__ = [
    "audit_adjustment_created",
    "audit_adjustment_settled",
    "audit_day_closed",
    "audit_day_float",
    "audit_day_reopened",
    "audit_game_finished",
    "audit_game_started",
    "audit_game_voided",
    "audit_hand_corrected",
    "audit_hand_recorded",
    "audit_hand_undone",
    "audit_large_amount_set",
    "audit_last_game_call",
    "audit_money_settings",
    "audit_money_settings_removed",
    "audit_player_changed",
    "audit_player_created",
    "audit_record",
    "audit_ruleset_created",
    "audit_settlement_closed",
    "audit_stand_in",
    "audit_standings_settings",
    "audit_visit_checked_in",
    "day_close_snapshot",
    "game_snapshot",
    "hand_snapshot",
    "money_settings_snapshot",
    "player_snapshot",
    "stand_in_snapshot",
]
