"""Forming tables (卓立て): the proposal of who sits where (parlor.domain.table_forming)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta, timezone

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from parlor.domain.table_forming import (
    ANY,
    AvailableStaff,
    FormingProposal,
    OpenTable,
    OrderKey,
    SeatedStaff,
    TableOutcome,
    TableProposal,
    WaitingGuest,
    WaitReason,
    fits,
    forming_propose,
)
from parlor.domain.wishes import TableKind, Wish
from parlor.errors import InvalidInput

FOUR = TableKind(rate_yen_per_p=50, ruleset_key="m-league", player_count=4)
FOUR_PIN = TableKind(rate_yen_per_p=100, ruleset_key="m-league", player_count=4)
THREE = TableKind(rate_yen_per_p=50, ruleset_key="sanma", player_count=3)


def guests(*names: str, wish: TableKind | None = None) -> list[WaitingGuest]:
    """Guests in arrival order (the first named waited longest)."""
    wanted = ANY if wish is None else Wish.for_kind(wish)
    return [WaitingGuest(name, at, wanted) for at, name in enumerate(names)]


def table_of(proposal: FormingProposal, table_id: str) -> TableProposal:
    return next(t for t in proposal.tables if t.table_id == table_id)


# Arrival order


def test_the_longest_waiting_guests_sit_first() -> None:
    waiting = [
        WaitingGuest("late", 30),
        WaitingGuest("first", 10),
        WaitingGuest("third", 25),
        WaitingGuest("second", 20),
        WaitingGuest("fourth", 28),
    ]
    proposal = forming_propose(waiting, [OpenTable("1", FOUR, seats_free=4)])
    assert table_of(proposal, "1").guests == ("first", "second", "third", "fourth")
    assert [(w.guest_id, w.reason) for w in proposal.waiting] == [("late", WaitReason.SEATS_TAKEN)]


def test_aware_arrival_times_order_across_time_zones() -> None:
    jst = timezone(timedelta(hours=9))
    nine_jst = datetime(2026, 11, 28, 9, 0, tzinfo=jst)
    waiting = [
        WaitingGuest("later", nine_jst + timedelta(minutes=5)),
        WaitingGuest("earlier", (nine_jst + timedelta(minutes=1)).astimezone(UTC)),
        WaitingGuest("earliest", nine_jst),
    ]
    proposal = forming_propose(waiting, [OpenTable("1", THREE, seats_free=3)])
    assert table_of(proposal, "1").guests == ("earliest", "earlier", "later")


def test_guests_who_arrived_together_keep_the_order_given() -> None:
    waiting = [WaitingGuest("b", 5), WaitingGuest("a", 5), WaitingGuest("c", 5)]
    proposal = forming_propose(waiting, [OpenTable("1", THREE, seats_free=2, seats_coming=1)])
    assert table_of(proposal, "1").guests == ("b", "a", "c")


# Wishes


def test_a_guest_sits_only_at_the_kind_of_table_they_wish_for() -> None:
    waiting = [
        WaitingGuest("pin", 1, Wish.for_kind(FOUR_PIN)),
        WaitingGuest("sanma", 2, Wish.for_kind(THREE)),
        *[WaitingGuest(f"g{n}", 10 + n, Wish.for_kind(FOUR)) for n in range(4)],
    ]
    proposal = forming_propose(waiting, [OpenTable("1", FOUR, seats_free=4)])
    assert table_of(proposal, "1").guests == ("g0", "g1", "g2", "g3")
    assert {w.guest_id: w.reason for w in proposal.waiting} == {
        "pin": WaitReason.NO_TABLE_FITS,
        "sanma": WaitReason.NO_TABLE_FITS,
    }


def test_the_rate_the_ruleset_and_the_player_count_all_have_to_match() -> None:
    table = TableKind(rate_yen_per_p=50, ruleset_key="m-league", player_count=4)
    assert fits(Wish(rate_yen_per_p=50, ruleset_key="m-league", player_count=4), table)
    assert not fits(Wish(rate_yen_per_p=100, ruleset_key="m-league", player_count=4), table)
    assert not fits(Wish(rate_yen_per_p=50, ruleset_key="wrc", player_count=4), table)
    assert not fits(Wish(rate_yen_per_p=50, ruleset_key="m-league", player_count=3), table)
    assert fits(ANY, table)


def test_a_guest_who_takes_any_table_goes_to_the_first_table_with_a_seat() -> None:
    waiting = [WaitingGuest("any", -1), *guests("s1", "s2", wish=THREE)]
    tables = [OpenTable("2", THREE, seats_free=3), OpenTable("1", FOUR, seats_coming=1)]
    proposal = forming_propose(waiting, tables)
    # Table 2 has seats free now, so it comes before table 1 whose seat is only coming.
    assert [t.table_id for t in proposal.tables] == ["2", "1"]
    assert table_of(proposal, "2").guests == ("any", "s1", "s2")
    assert table_of(proposal, "1").outcome is TableOutcome.SHORT


def test_a_guest_is_proposed_for_one_table_only() -> None:
    proposal = forming_propose(
        guests("a", "b", "c"),
        [OpenTable("1", THREE, seats_free=1), OpenTable("2", THREE, seats_free=1)],
    )
    assert table_of(proposal, "1").guests == ("a",)
    assert table_of(proposal, "2").guests == ("b",)
    assert [w.guest_id for w in proposal.waiting] == ["c"]


# Table order


def test_tables_with_seats_free_now_come_first_then_by_natural_label() -> None:
    tables = [
        OpenTable("t10", FOUR, seats_free=1, label="10"),
        OpenTable("t-coming", FOUR, seats_coming=1, label="1"),
        OpenTable("t2", FOUR, seats_free=1, label="2"),
        OpenTable("t-staff", FOUR, staff_seated=(SeatedStaff("s", 1),), label="0"),
    ]
    proposal = forming_propose(guests("a", "b", "c", "d"), tables)
    assert [(t.table_id, t.guests) for t in proposal.tables] == [
        ("t2", ("a",)),
        ("t10", ("b",)),
        ("t-coming", ("c",)),
        ("t-staff", ("d",)),
    ]


# 3- and 4-player tables


@pytest.mark.parametrize(
    ("kind", "count"),
    [pytest.param(THREE, 3, id="three-player-takes-3"), pytest.param(FOUR, 4, id="four-takes-4")],
)
def test_an_empty_table_takes_its_player_count(kind: TableKind, count: int) -> None:
    proposal = forming_propose(guests(*"abcdef"), [OpenTable("1", kind, seats_free=count)])
    assert len(table_of(proposal, "1").guests) == count
    assert len(proposal.waiting) == 6 - count


def test_seats_coming_at_the_last_hand_are_proposed_too() -> None:
    # Two players called ラス半 at オーラス: their seats go to the next two guests.
    proposal = forming_propose(guests("a", "b", "c"), [OpenTable("1", FOUR, seats_coming=2)])
    assert table_of(proposal, "1") == TableProposal("1", TableOutcome.FORMED, guests=("a", "b"))


# Staff: last in, first out


def test_staff_sit_in_only_after_every_fitting_guest() -> None:
    staff = [AvailableStaff("second", order=2), AvailableStaff("first", order=1)]
    proposal = forming_propose(guests("a", "b"), [OpenTable("1", FOUR, seats_free=4)], staff=staff)
    assert table_of(proposal, "1") == TableProposal(
        "1", TableOutcome.FORMED, guests=("a", "b"), staff_in=("first", "second")
    )


def test_no_staff_sit_in_when_enough_guests_wait() -> None:
    proposal = forming_propose(
        guests(*"abcd"), [OpenTable("1", FOUR, seats_free=4)], staff=[AvailableStaff("s", 1)]
    )
    assert table_of(proposal, "1").staff_in == ()


def test_a_table_nobody_can_complete_is_not_formed_and_says_how_short_it_is() -> None:
    proposal = forming_propose(
        guests("a"), [OpenTable("1", FOUR, seats_free=4)], staff=[AvailableStaff("s", 1)]
    )
    assert table_of(proposal, "1") == TableProposal("1", TableOutcome.SHORT, short_by=2)
    assert [(w.guest_id, w.reason) for w in proposal.waiting] == [("a", WaitReason.TABLE_SHORT)]


def test_guests_of_a_table_that_cannot_start_stay_free_for_the_next_table() -> None:
    tables = [OpenTable("1", FOUR, seats_free=4, label="1"), OpenTable("2", THREE, seats_free=3)]
    proposal = forming_propose(guests("a", "b", "c"), tables)
    assert table_of(proposal, "1").outcome is TableOutcome.SHORT
    assert table_of(proposal, "2").guests == ("a", "b", "c")


def test_staff_sit_in_at_one_table_at_most() -> None:
    tables = [
        OpenTable("2", THREE, seats_free=1, label="2"),
        OpenTable("1", THREE, seats_free=1, label="1"),
    ]
    proposal = forming_propose([], tables, staff=[AvailableStaff("s", 1)])
    assert table_of(proposal, "1").staff_in == ("s",)
    assert table_of(proposal, "2") == TableProposal("2", TableOutcome.SHORT, short_by=1)


def test_an_arriving_guest_takes_the_seat_of_the_staff_member_who_sat_down_first() -> None:
    seated = (SeatedStaff("since-noon", 12), SeatedStaff("since-ten", 10))
    table = OpenTable("1", FOUR, staff_seated=seated)
    proposal = forming_propose(guests("a"), [table])
    assert table_of(proposal, "1") == TableProposal(
        "1", TableOutcome.FORMED, guests=("a",), staff_out=("since-ten",)
    )


def test_guests_fill_empty_seats_before_they_release_staff() -> None:
    # One seat free and one staff member seated: a single guest takes the free seat (the staff
    # member keeps the table going); a second guest takes the staff member's seat.
    table = OpenTable("1", FOUR, seats_free=1, staff_seated=(SeatedStaff("s", 1),))
    one = forming_propose(guests("a"), [table])
    assert table_of(one, "1") == TableProposal("1", TableOutcome.FORMED, guests=("a",))
    two = forming_propose(guests("a", "b"), [table])
    assert table_of(two, "1") == TableProposal(
        "1", TableOutcome.FORMED, guests=("a", "b"), staff_out=("s",)
    )


def test_staff_stay_seated_when_no_waiting_guest_fits() -> None:
    table = OpenTable("1", FOUR_PIN, staff_seated=(SeatedStaff("s", 1),))
    proposal = forming_propose(guests("a", wish=THREE), [table])
    assert table_of(proposal, "1") == TableProposal("1", TableOutcome.UNCHANGED)
    assert [(w.guest_id, w.reason) for w in proposal.waiting] == [("a", WaitReason.NO_TABLE_FITS)]


# Bad input


@pytest.mark.parametrize(
    ("waiting", "tables", "staff", "code"),
    [
        pytest.param(guests("a", "a"), [], [], "duplicate_id", id="the-same-guest-twice"),
        pytest.param(
            [],
            [OpenTable("1", FOUR, seats_free=1), OpenTable("1", THREE, seats_free=1)],
            [],
            "duplicate_id",
            id="the-same-table-twice",
        ),
        pytest.param(
            [],
            [OpenTable("1", FOUR, staff_seated=(SeatedStaff("s", 1),))],
            [AvailableStaff("s", 1)],
            "duplicate_id",
            id="staff-seated-and-free-at-once",
        ),
        pytest.param(
            [],
            [OpenTable("1", THREE, seats_free=3, seats_coming=1)],
            [],
            "too_many_seats",
            id="more-seats-than-players",
        ),
        pytest.param(
            [], [OpenTable("1", FOUR, seats_free=-1)], [], "negative_seats", id="negative-seats"
        ),
        pytest.param(
            [],
            [
                OpenTable(
                    "1",
                    TableKind(rate_yen_per_p=50, ruleset_key="m-league", player_count=5),
                    seats_free=1,
                )
            ],
            [],
            "invalid_player_count",
            id="five-players",
        ),
        pytest.param(
            [
                WaitingGuest(
                    "a", 1, Wish(rate_yen_per_p=-50, ruleset_key="m-league", player_count=4)
                )
            ],
            [],
            [],
            "invalid_rate",
            id="negative-rate-wished",
        ),
        pytest.param(
            [WaitingGuest("a", 1), WaitingGuest("b", datetime(2026, 1, 1, tzinfo=UTC))],
            [],
            [],
            "mixed_order",
            id="numbers-and-times-mixed",
        ),
        pytest.param(
            [WaitingGuest("a", datetime(2026, 1, 1))],
            [],
            [],
            "naive_time",
            id="a-time-without-zone",
        ),
    ],
)
def test_it_refuses_input_it_cannot_order_or_seat(
    waiting: list[WaitingGuest], tables: list[OpenTable], staff: list[AvailableStaff], code: str
) -> None:
    with pytest.raises(InvalidInput) as refused:
        forming_propose(waiting, tables, staff=staff)
    assert refused.value.code == code
    assert refused.value.message


# Properties

KINDS = (FOUR, FOUR_PIN, THREE)


def number(key: OrderKey) -> int:
    """The order numbers the strategies draw (ints, never datetimes)."""
    assert isinstance(key, int)
    return key


wishes = st.one_of(st.just(ANY), st.sampled_from(KINDS).map(Wish.for_kind))


@st.composite
def open_tables(draw: st.DrawFn) -> list[OpenTable]:
    tables = []
    staff_number = 0
    for number in range(draw(st.integers(0, 4))):
        kind = draw(st.sampled_from(KINDS))
        staff_count = draw(st.integers(0, kind.player_count))
        free = draw(st.integers(0, kind.player_count - staff_count))
        coming = draw(st.integers(0, kind.player_count - staff_count - free))
        seated = []
        for _ in range(staff_count):
            staff_number += 1
            seated.append(SeatedStaff(f"seated{staff_number}", draw(st.integers(0, 5))))
        label = draw(st.sampled_from(["", "1", "2", "10", "VIP"]))
        tables.append(OpenTable(f"t{number}", kind, free, coming, tuple(seated), label))
    return tables


waiting_lists = st.lists(st.tuples(st.integers(0, 20), wishes), max_size=12).map(
    lambda rows: [WaitingGuest(f"g{n}", at, wish) for n, (at, wish) in enumerate(rows)]
)
free_staff = st.integers(0, 4).map(
    lambda count: [AvailableStaff(f"staff{n}", order=-n) for n in range(count)]
)


@settings(max_examples=300, deadline=None)
@given(waiting=waiting_lists, tables=open_tables(), staff=free_staff)
def test_proposals_keep_the_rules(
    waiting: list[WaitingGuest], tables: list[OpenTable], staff: list[AvailableStaff]
) -> None:
    proposal = forming_propose(waiting, tables, staff=staff)
    by_id = {guest.guest_id: guest for guest in waiting}
    table_by_id = {table.table_id: table for table in tables}
    proposed = [g for t in proposal.tables for g in t.guests]
    left = {w.guest_id for w in proposal.waiting}

    # Nobody is proposed twice, and everyone is either proposed or left waiting.
    assert len(proposed) == len(set(proposed))
    assert sorted([*proposed, *left]) == sorted(by_id)
    staff_in = [s for t in proposal.tables for s in t.staff_in]
    assert len(staff_in) == len(set(staff_in))
    assert set(staff_in) <= {s.staff_id for s in staff}

    for result in proposal.tables:
        table = table_by_id[result.table_id]
        # Every proposed guest's wish fits the table.
        assert all(fits(by_id[g].wish, table.kind) for g in result.guests)
        fitting_left = [g for g in left if fits(by_id[g].wish, table.kind)]
        if result.outcome is TableOutcome.SHORT:
            assert result.guests == result.staff_in == result.staff_out == ()
            assert result.short_by > 0
            continue
        # A formed table has exactly its player count.
        playing_guests = table.kind.player_count - (
            table.seats_free + table.seats_coming + len(table.staff_seated)
        )
        staff_kept = len(table.staff_seated) - len(result.staff_out)
        seated = playing_guests + len(result.guests) + len(result.staff_in) + staff_kept
        assert seated == table.kind.player_count
        # No guest who waited longer and fits is passed over by one who waited less.
        for guest in result.guests:
            assert all(
                number(by_id[g].arrived_at) >= number(by_id[guest].arrived_at) for g in fitting_left
            )
        # A staff member is never seated (sat in, or kept on) while a fitting guest waits.
        if result.staff_in or staff_kept:
            assert fitting_left == []
        # The staff released are those who sat down first.
        released = {s.staff_id for s in table.staff_seated if s.staff_id in result.staff_out}
        kept = [s for s in table.staff_seated if s.staff_id not in released]
        for out in (s for s in table.staff_seated if s.staff_id in released):
            assert all(number(out.sat_at) <= number(stay.sat_at) for stay in kept)


@settings(max_examples=100, deadline=None)
@given(waiting=waiting_lists, tables=open_tables(), staff=free_staff)
def test_the_same_input_gives_the_same_proposal_whatever_the_order_of_tables(
    waiting: list[WaitingGuest], tables: list[OpenTable], staff: list[AvailableStaff]
) -> None:
    # Tables with distinct labels are put in one order whatever order they come in.
    labelled = [
        OpenTable(t.table_id, t.kind, t.seats_free, t.seats_coming, t.staff_seated, str(n))
        for n, t in enumerate(tables)
    ]
    forward = forming_propose(waiting, labelled, staff=staff)
    backward = forming_propose(waiting, labelled[::-1], staff=staff)
    assert forward == backward
