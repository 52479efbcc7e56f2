"""The floor's one-tap confirm (卓立て): start the game the proposal forms at a free table."""

from __future__ import annotations

from collections.abc import Sequence

from django.db import transaction

from parlor.errors import Conflict
from parlor.models import Game, Table
from parlor.models.users import Actor
from parlor.selectors.floor import floor_read
from parlor.selectors.floor_proposal import formed_players
from parlor.services.games import game_start, table_lock
from parlor.services.seating import Seating


@transaction.atomic
def table_form(*, table: Table, player_ids: Sequence[str], by: Actor) -> Game:
    """Starts the game the floor proposes at `table`, if the proposal still names exactly
    `player_ids` (the players' public ids the screen showed): in the seats they kept where the
    same players continue and the seat-change rule allows it, else with a random draw (場決め).

    The table is locked first and the proposal read again under the lock: if the floor changed
    meanwhile (a guest left, another table took a guest, a game started here), nothing starts
    and Conflict `proposal_changed` says so. game_start audits the start and refuses anyone
    who sat down elsewhere in between (its people lock).
    """
    table = table_lock(table)
    players = formed_players(floor_read(table.parlor), table.pk)
    if players is None or sorted(str(p.public_id) for p in players) != sorted(player_ids):
        raise Conflict(
            f"the floor changed since table {table.label}'s proposal was shown: "
            "check the new proposal and confirm again",
            code="proposal_changed",
        )
    # The same players keep their seats where the seat-change rule allows it (seating_plan
    # decides, and refuses before it writes anything); anyone new means a fresh draw.
    try:
        with transaction.atomic():
            return game_start(table=table, players=players, seating=Seating.KEEP, by=by)
    except Conflict as exc:
        if exc.code != "seat_draw_required":
            raise
    return game_start(table=table, players=players, seating=Seating.DRAW, by=by)
