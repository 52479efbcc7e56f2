"""A tournament's results as files: the standings as CSV, and the EMA results format, both
written by parlor.domain.tournament_export from the standings the page shows.

The EMA file wants a last and a first name: a player's name is split at its first space
(名字 名前); a name without one is all last name. The EMA number and country are the ones
the director recorded on the player's entry, blank where none was (a first tournament).
"""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from parlor.domain.tournament_export import (
    EmaPlayer,
    ema_results_csv,
    standings_csv,
)
from parlor.models import Event, EventPlayer
from parlor.selectors.tournaments import TENTHS, event_standings


def event_csv(event: Event) -> str:
    """The standings as CSV, with headings in the reader's language."""
    headers = (
        _("Rank"),
        _("Name"),
        pgettext("event standings: results and penalties", "Total"),
        _("Results"),
        _("Penalties"),
        _("Score"),
        _("Rounds"),
        _("1st"),
        _("2nd"),
        _("3rd"),
        _("4th"),
    )
    lines = [line.standing for line in event_standings(event)]
    return standings_csv(lines, scale=TENTHS, headers=headers)


def event_ema_csv(event: Event) -> str:
    """The EMA results file, with the EMA numbers and countries the director recorded."""
    lines = [line.standing for line in event_standings(event)]
    entries = {e.pk: e for e in EventPlayer.objects.filter(event=event)}
    players = {}
    for line in lines:
        last, _space, first = line.name.strip().partition(" ")
        entry = entries[line.player_id]
        players[line.player_id] = EmaPlayer(
            line.player_id, last, first.strip(), entry.ema_number, entry.country
        )
    return ema_results_csv(lines, players, scale=TENTHS)
