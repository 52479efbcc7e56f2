"""Tables with a game in progress for the load benchmarks (api_load.py, friday.py), made through
the services; Django is set up by the caller. Only the services every checkout has, so friday.py
can seed an older checkout with it."""

from __future__ import annotations

from typing import Any


def tables_with_games(parlor: Any, staff: Any, count: int, ruleset_key: str) -> list[Any]:
    """`count` tables labelled 01, 02, ..., four members each (卓1-1 ...) and a game started
    with the seats given; per table (table, players, game)."""
    from parlor.models import Player, PlayerKind, Table
    from parlor.services.games import game_start
    from parlor.services.seating import Seating

    made = []
    for number in range(1, count + 1):
        table = Table.objects.create(parlor=parlor, label=f"{number:02d}", ruleset_key=ruleset_key)
        players = [
            Player.objects.create(
                parlor=parlor,
                name=f"卓{number}-{seat + 1}",
                kind=PlayerKind.MEMBER,
                member_number=f"{number:02d}{seat + 1}",
            )
            for seat in range(4)
        ]
        game = game_start(table=table, players=players, seating=Seating.GIVEN, by=staff)
        made.append((table, players, game))
    return made
