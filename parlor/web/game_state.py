"""The part of the game screen that changes with each hand (tablet/_state.html): the scores,
winds and round. Drawn into the game page, answered alone by GET /state/, and carried by the
record's answer, so the banner after 確定 needs no second round trip."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest
from django.template.loader import render_to_string

from parlor.models import Game
from parlor.selectors.game_seats import game_seats
from parlor.view_helpers import labels, pages


def state_context(game: Game) -> dict[str, Any]:
    ruleset = game.ruleset
    at_table = game_seats(game, player_count=ruleset.player_count)
    next_hand = at_table.next_hand
    return {
        "game": game,
        "table": game.table,
        "ruleset": pages.ruleset_title(ruleset),
        "round": labels.round_label(next_hand),
        "tiles": pages.seat_tiles(at_table, ruleset),
        "next_sequence": game.hand_count + 1,
        "sit_out": next_hand.sit_out if next_hand else None,
    }


def state_html(request: HttpRequest, game: Game) -> str:
    return str(render_to_string("tablet/_state.html", state_context(game), request=request))
