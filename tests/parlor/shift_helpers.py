"""Helpers for the shift tests: the staff member who plays for the parlor (本走), and a shift
with one 本走 game of settlement.md's examples, its guests checked out."""

from __future__ import annotations

from typing import Any

from rest_framework.test import APIClient

from parlor.models import GameBack, MemberRole, Parlor, ParlorMember, Player, PlayerKind, Shift
from parlor.services.shifts import shift_sign_in
from tests.parlor.factories import PlayerFactory
from tests.parlor.money_helpers import (
    FOUR_PLAYER_EXAMPLE,
    THREE_PLAYER_EXAMPLE,
    check_out,
    example_setup,
    play,
    start,
)


def staff_player_of(parlor: Parlor) -> Player:
    """The player the parlor's staff persona sits at tables as: 店員 山田."""
    user = ParlorMember.objects.get(parlor=parlor, role=MemberRole.STAFF).user
    return PlayerFactory(
        parlor=parlor, user=user, name="店員 山田", kind=PlayerKind.GUEST, member_number=""
    )


def shift_with_a_game(
    parlor: Parlor,
    players: list[Player],
    personas: dict[str, APIClient],
    staff_player: Player,
    *,
    three: bool,
    float_out_yen: int,
    game_back: GameBack = GameBack.HALF,
) -> tuple[APIClient, dict[str, Any], Shift, list[int]]:
    """Under `game_back` (half back, 半額バック, unless told), the staff member signs in with
    `float_out_yen` and fills a seat of an example game (seat 1 of the four-player one, seat 2
    of the three-player one); the guests check out. (staff client, the game as read back, the
    open shift, the guests' receipt totals.)"""
    parlor.game_back = game_back
    parlor.save(update_fields=["game_back"])
    staff, four_table, three_table, visits = example_setup(parlor, players, personas)
    shift = shift_sign_in(
        parlor=parlor, user=staff_player.user, float_out_yen=float_out_yen, by=None
    )
    if three:
        guests = [players[0], players[4]]
        game = start(staff, three_table, [*guests, staff_player])
        game = play(staff, game, THREE_PLAYER_EXAMPLE, finish=True)
    else:
        guests = [players[0], players[2], players[3]]
        game = start(staff, four_table, [players[0], staff_player, players[2], players[3]])
        game = play(staff, game, FOUR_PLAYER_EXAMPLE)
    totals = [check_out(staff, visits[g.pk])["totals"]["total_yen"] for g in guests]
    return staff, game, shift, totals
