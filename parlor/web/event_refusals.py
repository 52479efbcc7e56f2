"""A tournament's refusals (大会) in the staff's language: the sentences web/errors.py adds to
its table of refusal sentences. The services raise them in English with a code and the
numbers they quote; the director's pages and the tablet show these instead."""

from __future__ import annotations

from django.utils.translation import gettext as _


def event_refusals() -> dict[str, str]:
    """Long because it is one table: every tournament refusal code with its words."""
    return {
        "event_name_required": _("Give the event a name."),
        "tables_required": _("Choose the event's tables."),
        "tables_rulesets": _(
            "The event's tables play different rulesets: choose tables of one ruleset."
        ),
        "round_under_way": _("A round is under way: change the players between rounds."),
        "event_finished": _("The event is over."),
        "event_started": _("The event has started: register a substitute instead."),
        "already_dropped": _("The player has already dropped."),
        "not_a_substitute": _("Choose a registered substitute."),
        "substitute_playing": _("That substitute is already playing."),
        "not_dropped": _("Drop the player before seating a substitute."),
        "place_taken": _("A substitute already plays in this place."),
        "referee_required": _("Only a referee or the manager gives penalties."),
        "penalty_reason_required": _("Say why."),
        "penalty_withdrawn": _("The penalty has already been withdrawn."),
        "withdraw_reason_required": _("Say why the penalty is withdrawn."),
        "rounds_done": _("All the rounds have been played."),
        "round_started": _("The round has already started."),
        "round_seats_fixed": _("The round has started: seats are fixed."),
        "swap_players": _("Choose two players of this round."),
        "round_not_playing": _("The round is not being played."),
        "seating_not_everyone_once": _("Seat every player of the round once, and no one else."),
        "entry_not_found": _("There is no such player in this event."),
        "penalty_not_found": _("There is no such penalty in this event."),
        "ema_number": _("An EMA number is 8 digits: leave it blank for a player with none."),
        "country": _("Enter the country as 3 capital letters, such as JPN or DEU."),
    }


def event_refusals_with_params() -> dict[str, str]:
    """The tournament's sentences that quote the refusal's params (a limit, a count, a name)."""
    return {
        "round_count": _("An event has 1 to %(max)d rounds."),
        "already_registered": _("%(name)s is already registered."),
        "penalty_points": _("A penalty is 1 to %(max)d points."),
        "round_open": _("Finish round %(n)d first."),
        "not_enough_tables": _("The round needs %(need)d tables; the event has %(have)d."),
        "extension_minutes": _("Extend by 1 to %(max)d minutes."),
        "seating_player_count": _(
            "%(players)s players do not fill tables of %(table_size)s: add %(short)s "
            "substitute(s) or drop players."
        ),
        "seating_table_not_full": _("Table %(table)s has %(players)s players: fill it."),
    }
