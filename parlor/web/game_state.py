"""The part of the game screen that changes with each hand (tablet/_state.html): the scores,
winds and round. Drawn into the game page, answered alone by GET /state/, and carried by the
record's answer, so the banner after 確定 needs no second round trip."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest
from django.template.loader import render_to_string

from parlor.models import Game
from parlor.selectors.game_seats import GameSeats, game_seats
from parlor.view_helpers import labels, pages
from scoring import Ruleset


def state_context(game: Game) -> dict[str, Any]:
    ruleset = game.ruleset
    at_table = game_seats(game, player_count=ruleset.player_count)
    next_hand = at_table.next_hand
    return {
        "game": game,
        "table": game.table,
        "ruleset": pages.ruleset_title(ruleset),
        "round": labels.round_label(next_hand),
        "tiles": seat_tiles(at_table, ruleset),
        "next_sequence": game.hand_count + 1,
        "sit_out": next_hand.sit_out if next_hand else None,
    }


def seat_tiles(at_table: GameSeats, ruleset: Ruleset) -> list[pages.SeatTile]:
    """The seats drawn as the table is (tablet/_seats.html), each with the 罰符 it owes at the
    end in the ruleset's unit: the score does not show it, so the seat does."""
    sides = pages.TABLE_SIDES if len(at_table.seats) <= len(pages.TABLE_SIDES) else ()
    return [
        pages.SeatTile(
            seat=seat.seat,
            name=seat.name,
            score=seat.score,
            wind=labels.seat_wind(seat.wind) if seat.wind else "",
            is_dealer=seat.is_dealer,
            sits_out=seat.sits_out,
            side=sides[seat.seat] if sides else "",
            deduction_points=seat.deduction,
            deduction=pages.final_amount(seat.deduction, ruleset) if seat.deduction else "",
        )
        for seat in at_table.seats
    ]


def state_html(request: HttpRequest, game: Game) -> str:
    return str(render_to_string("tablet/_state.html", state_context(game), request=request))
