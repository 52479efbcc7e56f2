"""The part of the game screen that changes with each hand (tablet/_state.html): the scores,
winds and round. Drawn into the game page, answered alone by GET /state/, and carried by the
record's answer, so the banner after 確定 needs no second round trip."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest
from django.template.loader import render_to_string

from parlor.models import Game
from parlor.services import engine
from parlor.view_helpers import labels, pages


def state_context(game: Game) -> dict[str, Any]:
    ruleset = engine.ruleset_from_snapshot(game.ruleset_snapshot)
    return {
        "game": game,
        "table": game.table,
        "ruleset": pages.ruleset_title(ruleset),
        "round": labels.round_label(game.next_state),
        "tiles": pages.game_tiles(game, ruleset),
        "next_sequence": game.hand_count + 1,
        "sit_out": (game.next_state or {}).get("sit_out"),
    }


def state_html(request: HttpRequest, game: Game) -> str:
    return str(render_to_string("tablet/_state.html", state_context(game), request=request))
