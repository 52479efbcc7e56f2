"""Staff play (本走): a member of staff fills a seat with the parlor's money. No fee, no visit,
no ranking; the store's net counts it. 代走 is in test_visits_lifecycle.py."""

from __future__ import annotations

import pytest

from parlor.models import GameSeat, MemberRole, ParlorMember, PlayerKind
from tests.parlor.conftest import ok
from tests.parlor.factories import PlayerFactory
from tests.parlor.money_helpers import FOUR_PLAYER_EXAMPLE, check_out, example_setup, play, start

pytestmark = pytest.mark.django_db


@pytest.fixture
def staff_player(parlor, personas):
    user = ParlorMember.objects.get(parlor=parlor, role=MemberRole.STAFF).user
    return PlayerFactory(
        parlor=parlor, user=user, name="店員 山田", kind=PlayerKind.GUEST, member_number=""
    )


def test_a_staff_member_without_a_visit_plays_for_the_parlor(
    parlor, players, personas, staff_player
):
    staff, four, _, visits = example_setup(parlor, players, personas)
    # The member of staff sits in seat 1, which tops the example game.
    seated = [players[0], staff_player, players[2], players[3]]
    game = play(staff, start(staff, four, seated), FOUR_PLAYER_EXAMPLE)
    seat = GameSeat.objects.get(game__public_id=game["id"], seat=1)
    assert seat.is_staff_play is True and seat.player == staff_player
    assert not GameSeat.objects.filter(game__public_id=game["id"], seat=0, is_staff_play=True)

    fees = [check_out(staff, visits[p.pk])["lines"][0]["fee_yen"] for p in seated if p != seated[1]]
    assert fees == [400, 400, 400]
    net = ok(personas["manager"].get("/api/store-net/"))
    assert net["games"] == 1 and net["staff_play_games"] == 1
    assert net["fees_yen"] == 1200  # the top was staff: no fee and no top prize from them
    assert net["staff_play_yen"] == 2600 + 300  # the top's points and chips money
    assert net["net_yen"] == 1200 + 2900


def test_the_store_net_counts_a_staff_loss(parlor, players, personas, staff_player):
    staff, four, _, _ = example_setup(parlor, players, personas)
    seated = [players[0], players[1], players[2], staff_player]  # seat 3 is last: −46.0, −2 chips
    play(staff, start(staff, four, seated), FOUR_PLAYER_EXAMPLE)
    net = ok(personas["manager"].get("/api/store-net/"))
    assert (net["fees_yen"], net["staff_play_yen"], net["net_yen"]) == (
        600 + 400 + 400,
        -2300 - 200,
        1400 - 2500,
    )


def test_only_a_manager_reads_the_store_net(parlor, players, personas):
    example_setup(parlor, players, personas)
    assert personas["staff"].get("/api/store-net/").status_code == 403
    assert personas["player"].get("/api/store-net/").status_code == 403
    day = ok(personas["manager"].get("/api/store-net/?day=2026-01-02"))
    assert day["day"] == "2026-01-02" and day["games"] == 0
