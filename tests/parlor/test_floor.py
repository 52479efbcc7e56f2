"""The floor (卓の状況, 卓立て): who stays on at a table (続行), the seats a ラス半 at オーラス
brings, staff sitting in (本走) and released, the one-tap start, and the floor's queries."""

from __future__ import annotations

from datetime import timedelta

import pytest
import time_machine
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from parlor.domain.table_forming import TableOutcome, WaitReason
from parlor.errors import Conflict
from parlor.models import Game, GameStatus, MemberRole, MoneySettings, PlayerKind
from parlor.selectors.floor import floor_read, staff_free
from parlor.selectors.floor_proposal import formed_players
from parlor.services.floor import table_form
from parlor.services.games import game_finish, game_start
from parlor.services.hands import hand_record
from parlor.services.seating import Seating
from parlor.services.shifts import shift_sign_in, shift_sign_out
from parlor.services.visits import visit_check_in, visit_check_out, visit_last_game_call
from tests.parlor.factories import MemberFactory, PlayerFactory, TableFactory

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def four_player_rate(parlor):
    return MoneySettings.objects.create(parlor=parlor, player_count=4, rate_yen_per_p=50)


@pytest.fixture
def clock():
    with time_machine.travel(timezone.now(), tick=False) as traveller:
        yield traveller


@pytest.fixture
def guests(parlor, clock):
    """Eight guests checked in a minute apart, the first one first."""
    people = PlayerFactory.create_batch(8, parlor=parlor)
    for player in people:
        clock.shift(timedelta(minutes=1))
        visit_check_in(player=player, by=None)
    return people


@pytest.fixture
def staff_player(parlor, staff_user):
    """A member of staff who plays here, signed in for the shift (only staff on shift sit in)."""
    player = PlayerFactory(
        parlor=parlor, user=staff_user, name="店員 山田", kind=PlayerKind.GUEST, member_number=""
    )
    shift_sign_in(parlor=parlor, user=staff_user, float_out_yen=0, by=staff_user)
    return player


def _start(table, players, by):
    return game_start(table=table, players=list(players), seating=Seating.GIVEN, by=by)


def _row(floor, table):
    row = floor.table(table.pk)
    assert row is not None
    return row


def _names(players):
    return sorted(p.name for p in players)


def test_the_players_of_a_finished_game_stay_and_a_ras_han_player_frees_a_seat(
    parlor, table, guests, staff_user
):
    game = _start(table, guests[:4], staff_user)
    visit_last_game_call(visit=guests[3].visits.get(), by=staff_user)  # ラス半
    game_finish(game=game, by=staff_user)
    floor = floor_read(parlor)
    row = _row(floor, table)
    assert row.game is None and row.staying == tuple(guests[:3])
    assert row.seats_free == 1
    # The newcomers wait in arrival order: the first of them takes the free seat; the three
    # who stay are not in the queue, so none of them is proposed anywhere.
    assert row.proposal.outcome is TableOutcome.FORMED
    assert row.proposal.guests == (guests[4].pk,)
    assert _names(formed_players(floor, table.pk)) == _names([*guests[:3], guests[4]])
    assert floor.reasons == {g.pk: WaitReason.SEATS_TAKEN for g in guests[5:]}


def test_a_guest_checked_out_or_seated_elsewhere_does_not_stay(parlor, guests, staff_user):
    first, second = TableFactory(parlor=parlor, label="1"), TableFactory(parlor=parlor, label="2")
    game_finish(game=_start(first, guests[:4], staff_user), by=staff_user)
    visit_check_out(visit=guests[0].visits.get(), by=staff_user)
    _start(second, [guests[1], *guests[4:7]], staff_user)
    row = _row(floor_read(parlor), first)
    assert row.staying == (guests[2], guests[3])
    assert row.seats_free == 2
    # One guest waits (the last); the table lacks one more: nobody sits yet.
    assert row.proposal.outcome is TableOutcome.SHORT and row.proposal.short_by == 1


def test_a_table_at_all_last_with_a_ras_han_call_has_seats_coming(parlor, guests, staff_user):
    table = TableFactory(parlor=parlor, label="1", ruleset_key="tenhou-4p-tonpuu")
    game = _start(table, guests[:4], staff_user)
    visit_last_game_call(visit=guests[2].visits.get(), by=staff_user)
    for sequence in (1, 2):  # non-dealers win: East 1, East 2, then East 3
        non_dealer_ron(game, sequence, staff_user)
        row = _row(floor_read(parlor), table)
        assert not row.is_all_last and row.last_calls == (guests[2],)
        # Before オーラス the call frees no seat yet (the rule).
        assert row.seats_coming == 0 and row.proposal.outcome is TableOutcome.UNCHANGED
    non_dealer_ron(game, 3, staff_user)  # East 4: the last hand of an east-only game
    floor = floor_read(parlor)
    row = _row(floor, table)
    assert row.is_all_last and row.seats_coming == 1
    assert row.proposal.outcome is TableOutcome.FORMED
    assert row.proposal.guests == (guests[4].pk,)  # 次の半荘: the longest-waiting guest
    assert formed_players(floor, table.pk) is None  # nothing to start while it plays


def non_dealer_ron(game, sequence, by):
    game.refresh_from_db()
    dealer = game.next_state["dealer"]
    win = {"winner": (dealer + 1) % 4, "han": 3, "fu": 30}
    entry = {"result": {"kind": "ron", "loser": (dealer + 2) % 4, "wins": [win]}}
    hand_record(game=game, sequence=sequence, entry=entry, by=by)


def test_staff_sit_in_to_complete_a_table_and_are_released_when_a_guest_comes(
    parlor, table, staff_user, staff_player, clock
):
    people = PlayerFactory.create_batch(4, parlor=parlor)
    for player in people[:3]:
        visit_check_in(player=player, by=staff_user)
    assert staff_free(parlor) == [staff_player]
    floor = floor_read(parlor)
    proposal = _row(floor, table).proposal
    assert proposal.outcome is TableOutcome.FORMED and proposal.staff_in == (staff_player.pk,)
    game = table_form(
        table=table,
        player_ids=[str(p.public_id) for p in formed_players(floor, table.pk)],
        by=staff_user,
    )
    assert game.seats.get(player=staff_player).is_staff_play
    assert staff_free(parlor) == []
    # A guest arrives: the staff member gives the seat after this game (次の半荘).
    clock.shift(timedelta(minutes=5))
    visit_check_in(player=people[3], by=staff_user)
    floor = floor_read(parlor)
    row = _row(floor, table)
    assert row.staff == (staff_player,)
    assert row.proposal.staff_out == (staff_player.pk,)
    assert row.proposal.guests == (people[3].pk,)
    assert [(p.name, label) for p in row.staff for label in [table.label]] == [
        (staff_player.name, "1")
    ]
    # The game ends: the staff member still holds the seat until the next game forms, then
    # leaves it to the guest.
    game_finish(game=game, by=staff_user)
    floor = floor_read(parlor)
    row = _row(floor, table)
    assert _names(row.staying) == _names(people[:3]) and row.staff == (staff_player,)
    assert row.seats_free == 0 and row.proposal.staff_out == (staff_player.pk,)
    assert _names(formed_players(floor, table.pk)) == _names(people)
    assert floor.staff_free == []


def test_staff_alone_do_not_keep_a_table(parlor, table, staff_user, staff_player):
    people = PlayerFactory.create_batch(3, parlor=parlor)
    for player in people:
        visit_check_in(player=player, by=staff_user)
    game = _start(table, [*people, staff_player], staff_user)
    game_finish(game=game, by=staff_user)
    for player in people:
        visit_check_out(visit=player.visits.get(), by=staff_user)
    row = _row(floor_read(parlor), table)
    assert row.staying == () and row.staff == () and row.seats_free == 4
    assert staff_free(parlor) == [staff_player]


def test_only_members_of_this_parlor_on_shift_who_play_here_are_free_to_sit_in(
    parlor, other_parlor, staff_player
):
    manager = MemberFactory(parlor=parlor, role=MemberRole.MANAGER).user
    boss = PlayerFactory(parlor=parlor, user=manager, name="店長")
    assert staff_free(parlor) == [staff_player]  # the manager is not on shift yet
    shift = shift_sign_in(parlor=parlor, user=manager, float_out_yen=0, by=manager)
    nameless = MemberFactory(parlor=parlor, role=MemberRole.STAFF).user  # no Player
    shift_sign_in(parlor=parlor, user=nameless, float_out_yen=0, by=manager)
    elsewhere = MemberFactory(parlor=other_parlor).user
    PlayerFactory(parlor=other_parlor, user=elsewhere)
    shift_sign_in(parlor=other_parlor, user=elsewhere, float_out_yen=0, by=elsewhere)
    assert staff_free(parlor) == [staff_player, boss]  # the earliest on shift first
    shift_sign_out(shift=shift, float_back_yen=0, by=manager)
    assert staff_free(parlor) == [staff_player]  # signed out: no longer sits in


def test_a_stale_proposal_starts_nothing(parlor, table, guests, staff_user):
    floor = floor_read(parlor)
    shown = [str(p.public_id) for p in formed_players(floor, table.pk)]
    assert len(shown) == 4
    visit_check_out(visit=guests[0].visits.get(), by=staff_user)  # the floor changed
    with pytest.raises(Conflict) as refused:
        table_form(table=table, player_ids=shown, by=staff_user)
    assert refused.value.code == "proposal_changed"
    assert not Game.objects.exists()
    fresh = [str(p.public_id) for p in formed_players(floor_read(parlor), table.pk)]
    game = table_form(table=table, player_ids=fresh, by=staff_user)
    assert game.status == GameStatus.IN_PROGRESS
    assert _names(s.player for s in game.seats.all()) == _names(guests[1:5])


def _floor_queries(parlor):
    with CaptureQueriesContext(connection) as context:
        floor_read(parlor)
    return len(context.captured_queries)


def test_the_floor_reads_in_the_same_queries_whatever_its_size(
    parlor, table, staff_user, staff_player, clock
):
    people = PlayerFactory.create_batch(14, parlor=parlor)
    for player in people[:4]:
        visit_check_in(player=player, by=staff_user)
    _start(table, people[:4], staff_user)
    small = _floor_queries(parlor)  # one table, in play
    for label in ("2", "3", "4"):
        TableFactory(parlor=parlor, label=label)
    for player in people[4:]:
        clock.shift(timedelta(minutes=1))
        visit_check_in(player=player, by=staff_user)
    game_finish(
        game=_start(TableFactory(parlor=parlor, label="5"), people[4:8], staff_user), by=staff_user
    )
    _start(TableFactory(parlor=parlor, label="6"), [*people[8:11], staff_player], staff_user)
    visit_last_game_call(visit=people[0].visits.get(), by=staff_user)
    assert _floor_queries(parlor) == small


def test_a_table_whose_players_all_stay_continues_in_its_seats(parlor, table, guests, staff_user):
    first = game_start(table=table, players=guests[:4], seating=Seating.DRAW, by=staff_user)
    game_finish(game=first, by=staff_user)
    floor = floor_read(parlor)
    row = _row(floor, table)
    assert row.seats_free == 0 and row.proposal.outcome is TableOutcome.UNCHANGED
    players = formed_players(floor, table.pk)
    assert _names(players) == _names(guests[:4])
    game = table_form(table=table, player_ids=[str(p.public_id) for p in players], by=staff_user)
    # The same four keep the seats drawn for the first game (no seat change is due).
    assert game.seat_draw_id == first.seat_draw_id and game.number_in_seating == 2
