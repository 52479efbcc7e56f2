"""Staff shifts (シフト): sign-in and sign-out, the shift's money from its 本走 games under each
game-back rule, on four- and three-player tables and a point count, and the refusals."""

from __future__ import annotations

from typing import Any

import pytest

from parlor.errors import Conflict, InvalidInput
from parlor.models import AuditEvent, GameBack, MemberRole, ParlorMember, PlayerKind, Shift
from parlor.reports.day_money import day_money
from parlor.selectors.shifts import shift_money_of, staff_off_shift, staff_on_shift
from parlor.services.shifts import shift_sign_in, shift_sign_out
from tests.parlor.factories import PlayerFactory
from tests.parlor.game_driver import play_to_end
from tests.parlor.money_helpers import (
    FOUR_PLAYER_EXAMPLE,
    THREE_PLAYER_EXAMPLE,
    check_in,
    example_setup,
    money_settings,
    play,
    start,
    table,
)

pytestmark = pytest.mark.django_db


@pytest.fixture
def staff_player(parlor: Any, personas: Any) -> Any:
    user = ParlorMember.objects.get(parlor=parlor, role=MemberRole.STAFF).user
    return PlayerFactory(
        parlor=parlor, user=user, name="店員 山田", kind=PlayerKind.GUEST, member_number=""
    )


def _rule(parlor: Any, rule: str) -> None:
    parlor.game_back = rule
    parlor.save(update_fields=["game_back"])


# settlement.md's four-player example with the staff member in seat 1, the top: +52.0 p at 点5
# is 2,600 yen and +3 chips at 100 yen 300 yen; a guest there would have paid 400 + 200 yen.
@pytest.mark.parametrize(
    ("rule", "back", "owed"),
    [("full", 600, -2900), ("half", 300, -2600), ("none", 0, -2300)],
)
def test_a_top_in_a_four_player_game_under_each_back_rule(
    parlor, players, personas, staff_player, rule, back, owed
):
    _rule(parlor, rule)
    staff, four, _, _ = example_setup(parlor, players, personas)
    shift = shift_sign_in(parlor=parlor, user=staff_player.user, float_out_yen=10_000, by=None)
    play(
        staff,
        start(staff, four, [players[0], staff_player, players[2], players[3]]),
        FOUR_PLAYER_EXAMPLE,
    )
    shift = shift_sign_out(shift=shift, float_back_yen=10_000, by=None)
    assert (shift.result_yen, shift.fees_yen, shift.back_yen) == (2900, 600, back)
    assert shift.owed_yen == owed and shift.game_back == rule
    money = shift_money_of(shift)
    assert [g.table for g in money.games] == ["1"] and money.owed_yen == owed


def test_a_last_in_a_three_player_game_owes_its_loss_and_the_float_not_returned(
    parlor, players, personas, staff_player
):
    """Three players, top_only 1,200: the staff member (seat 2) ends −30.0 p and −1 chip:
    −1,500 − 100 yen, no fee as a last. 500 yen of the float is not returned."""
    _rule(parlor, GameBack.HALF)
    staff, _, three, _ = example_setup(parlor, players, personas)
    shift = shift_sign_in(parlor=parlor, user=staff_player.user, float_out_yen=5_000, by=None)
    play(
        staff,
        start(staff, three, [players[0], players[4], staff_player]),
        THREE_PLAYER_EXAMPLE,
        finish=True,
    )
    shift = shift_sign_out(shift=shift, float_back_yen=4_500, by=None)
    assert (shift.result_yen, shift.fees_yen, shift.back_yen) == (-1600, 0, 0)
    assert shift.owed_yen == 500 + 1600


def test_a_top_in_a_three_player_game_half_back(parlor, players, personas, staff_player):
    """Seat 0 tops at +35.0 p and +2 chips: 1,750 + 200 yen; a guest top pays 1,200."""
    _rule(parlor, GameBack.HALF)
    staff, _, three, _ = example_setup(parlor, players, personas)
    shift = shift_sign_in(parlor=parlor, user=staff_player.user, float_out_yen=0, by=None)
    play(
        staff,
        start(staff, three, [staff_player, players[4], players[2]]),
        THREE_PLAYER_EXAMPLE,
        finish=True,
    )
    shift = shift_sign_out(shift=shift, float_back_yen=0, by=None)
    assert (shift.result_yen, shift.fees_yen, shift.back_yen) == (1950, 1200, 600)
    assert shift.owed_yen == 1200 - 600 - 1950


def test_a_point_count_table_pays_the_staff_member_per_point(parlor, personas, staff_player):
    """白マティ (seed-003) settles in 点 at 50 yen per 点: the shift's result is the staff seat's
    money as the day's money counts it (staff play net), to the yen."""
    manager, staff = personas["manager"], personas["staff"]
    money_settings(
        manager,
        3,
        rate_yen_per_p=50,
        chip_value_yen=100,
        fee_model="each",
        game_fee_yen=300,
        money_unit_yen=10,
    )
    guests = [PlayerFactory(parlor=parlor, name=f"客{n}") for n in range(2)]
    for guest in guests:
        check_in(staff, guest)
    _rule(parlor, GameBack.NONE)
    shift = shift_sign_in(parlor=parlor, user=staff_player.user, float_out_yen=1_000, by=None)
    game = start(staff, table(parlor, "7", "seed-003"), [*guests, staff_player])
    play_to_end(staff, game["id"])
    shift = shift_sign_out(shift=shift, float_back_yen=1_000, by=None)
    day = day_money(parlor=parlor, day=shift.business_day)
    assert shift.result_yen == day.house.staff_play_yen != 0
    assert shift.fees_yen == 300 and shift.owed_yen == 300 - shift.result_yen
    assert day.shifts_yen == shift.fees_yen - shift.result_yen


def test_sign_out_is_refused_while_the_staff_member_plays(parlor, players, personas, staff_player):
    staff, four, _, _ = example_setup(parlor, players, personas)
    shift = shift_sign_in(parlor=parlor, user=staff_player.user, float_out_yen=10_000, by=None)
    game = start(staff, four, [players[0], staff_player, players[2], players[3]])
    with pytest.raises(Conflict) as refused:
        shift_sign_out(shift=shift, float_back_yen=10_000, by=None)
    assert refused.value.code == "player_in_open_game" and "table 1" in str(refused.value)
    assert Shift.objects.get(pk=shift.pk).is_open
    play(staff, game, FOUR_PLAYER_EXAMPLE)
    assert shift_sign_out(shift=shift, float_back_yen=10_000, by=None).owed_yen == -2900


def test_one_open_shift_per_staff_member_and_only_staff(parlor, players, personas, staff_player):
    user = staff_player.user
    shift = shift_sign_in(parlor=parlor, user=user, float_out_yen=3_000, by=user)
    assert [s.player for s in staff_on_shift(parlor)] == [staff_player]
    assert user not in [m.user for m in staff_off_shift(parlor)]
    with pytest.raises(Conflict) as twice:
        shift_sign_in(parlor=parlor, user=user, float_out_yen=3_000, by=user)
    assert twice.value.code == "shift_already_open"
    guest_user = ParlorMember.objects.get(parlor=parlor, role=MemberRole.MANAGER).user
    guest_user.parlor_member.delete()
    with pytest.raises(InvalidInput) as not_staff:
        shift_sign_in(parlor=parlor, user=guest_user, float_out_yen=0, by=user)
    assert not_staff.value.code == "not_staff"
    with pytest.raises(InvalidInput) as bad:
        shift_sign_out(shift=shift, float_back_yen=-1, by=user)
    assert bad.value.code == "invalid_float"
    shift_sign_out(shift=shift, float_back_yen=3_000, by=user)
    with pytest.raises(Conflict) as again:
        shift_sign_out(shift=shift, float_back_yen=3_000, by=user)
    assert again.value.code == "shift_closed"
    assert staff_on_shift(parlor) == []
    events = AuditEvent.objects.filter(subject_type="shift").order_by("id")
    assert [(e.action, e.after["owed_yen"]) for e in events] == [("create", None), ("close", 0)]


def test_stand_ins_are_listed_without_money(parlor, players, personas, staff_player):
    staff, four, _, visits = example_setup(parlor, players, personas)
    shift = shift_sign_in(parlor=parlor, user=staff_player.user, float_out_yen=0, by=None)
    game = play(staff, start(staff, four, players[:4]), FOUR_PLAYER_EXAMPLE)
    visit_id = visits[players[2].pk]["visit"]["id"]
    personas["staff"].post(f"/api/visits/{visit_id}/stand-in/", {"game": game["id"]}, format="json")
    money = shift_money_of(shift)
    assert money.games == () and money.result_yen == 0
    assert [(s.table, s.guest) for s in money.stand_ins] == [("1", players[2].name)]
