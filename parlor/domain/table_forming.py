"""Forming tables (卓立て): who sits where when seats free up, as a proposal staff confirm.

The waiting list (待ち席) is every checked-in guest not at a table, each with the kind of table
they want (rate, ruleset, three or four players) or any table. When seats free up (a game
ends, a last-game player (ラス半) leaves, or a table's last-game call comes at the last hand
(オーラス) so its seats are coming), the floor proposes who sits. The rules, in docs/floor.md:

- Longest-waiting first; a guest sits only at a table of the kind they wish for (or any), and
  at one table at most.
- Tables go in a stable order: seats free now before seats coming, then seats held by staff
  alone; within each, the natural order of their labels (卓番).
- Staff are last in and first out (本走): a staff member sits in only to complete a table no
  waiting guest fits, and a waiting guest who fits takes a staff member's seat (the staff
  member finishes the current game first). Of several staff at one table, the one who sat
  down first (who has played longest) is released first.
- A table is formed only if every seat gets a player; otherwise nothing changes there, its
  guests stay free for the next tables, and the proposal says how many players it lacks.

Pure Python: the floor screen's service reads the visits, tables and staff and calls this.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from enum import StrEnum

from parlor.domain.wishes import TableKind, Wish
from parlor.errors import InvalidInput
from parlor.natural_sort import NaturalKey, natural_key

Id = int | str  # a visit's, table's or staff member's id, as the caller names them
OrderKey = int | datetime  # an arrival or sit-down time: all ints, or all aware datetimes
PLAYER_COUNTS = (3, 4)  # 三麻, 四麻
_EPOCH = datetime(1970, 1, 1, tzinfo=UTC)


ANY = Wish()  # a guest who will play at any table (どこでも)


@dataclass(frozen=True, slots=True)
class WaitingGuest:
    """A checked-in guest not at a table (待ち客)."""

    guest_id: Id
    arrived_at: OrderKey  # the earlier, the sooner they sit
    wish: Wish = ANY


@dataclass(frozen=True, slots=True)
class SeatedStaff:
    """A staff member sitting in at a table (本走中)."""

    staff_id: Id
    sat_at: OrderKey  # the earliest is released first


@dataclass(frozen=True, slots=True)
class OpenTable:
    """A table whose seats are free now, coming, or held by staff a guest may take."""

    table_id: Id
    kind: TableKind
    seats_free: int = 0  # empty now (空席)
    seats_coming: int = 0  # empty once the game ends: a last-game call (ラス半) at オーラス
    staff_seated: tuple[SeatedStaff, ...] = ()
    label: str = ""  # 卓番: orders tables naturally (1, 2, … 10)


@dataclass(frozen=True, slots=True)
class AvailableStaff:
    """A staff member free to sit in (本走), lowest `order` first."""

    staff_id: Id
    order: int


class TableOutcome(StrEnum):
    FORMED = "formed"  # every seat has a player after the proposal (卓が立つ)
    SHORT = "short"  # it cannot be completed: nothing changes there
    UNCHANGED = "unchanged"  # no empty seat, and no guest for a staff member's seat


class WaitReason(StrEnum):
    NO_TABLE_FITS = "no_table_fits"  # no table of the kind wished for has a seat
    TABLE_SHORT = "table_short"  # a table fits but lacks players to start
    SEATS_TAKEN = "seats_taken"  # the fitting seats went to guests who waited longer


@dataclass(frozen=True, slots=True)
class TableProposal:
    """Who sits at one table: guests longest-waiting first, staff in, staff out."""

    table_id: Id
    outcome: TableOutcome
    guests: tuple[Id, ...] = ()
    staff_in: tuple[Id, ...] = ()  # sit in to complete the table (本走)
    staff_out: tuple[Id, ...] = ()  # give their seat to a guest after the current game
    short_by: int = 0  # players still missing when SHORT


@dataclass(frozen=True, slots=True)
class GuestLeftWaiting:
    guest_id: Id
    reason: WaitReason


@dataclass(frozen=True, slots=True)
class FormingProposal:
    tables: tuple[TableProposal, ...]  # in the order they were considered
    waiting: tuple[GuestLeftWaiting, ...]  # longest-waiting first


def fits(wish: Wish, kind: TableKind) -> bool:
    """Whether a guest with `wish` (wishes.Wish: the parts it names) may sit at a table of
    `kind`.

    >>> four = TableKind(4, "m-league", 50)
    >>> fits(ANY, four), fits(Wish.for_kind(TableKind(3, "m-league", 50)), four)
    (True, False)
    """
    return wish.matches(kind)


def forming_propose(
    waiting: Sequence[WaitingGuest],
    tables: Sequence[OpenTable],
    *,
    staff: Sequence[AvailableStaff] = (),
) -> FormingProposal:
    """The proposal for `tables` from the `waiting` guests and the `staff` free to sit in.

    Raises InvalidInput on a duplicate id, a table with more seats accounted for than it has,
    or arrival times that cannot be ordered together.

    >>> kind = TableKind(3, "m-league", 50)
    >>> guests = [WaitingGuest("b", 2), WaitingGuest("a", 1)]
    >>> proposal = forming_propose(guests, [OpenTable(1, kind, seats_free=3)],
    ...                            staff=[AvailableStaff("s", order=1)])
    >>> proposal.tables[0].guests, proposal.tables[0].staff_in
    (('a', 'b'), ('s',))
    """
    _check(waiting, tables, staff)
    arrival = _order_values(guest.arrived_at for guest in waiting)
    # Ties keep the order given (sorted() is stable).
    queue = [waiting[at] for at in sorted(range(len(waiting)), key=lambda at: arrival[at])]
    free_staff = [s.staff_id for s in sorted(staff, key=lambda s: s.order)]
    proposals = []
    for table in _table_order(tables):
        fitting = [guest for guest in queue if fits(guest.wish, table.kind)]
        proposal = _table_propose(table, fitting, free_staff)
        taken = set(proposal.guests)
        queue = [guest for guest in queue if guest.guest_id not in taken]
        free_staff = [s for s in free_staff if s not in proposal.staff_in]
        proposals.append(proposal)
    left = tuple(GuestLeftWaiting(g.guest_id, _wait_reason(g, tables, proposals)) for g in queue)
    return FormingProposal(tables=tuple(proposals), waiting=left)


def _table_propose(
    table: OpenTable, fitting: list[WaitingGuest], free_staff: list[Id]
) -> TableProposal:
    # Guests fill the empty seats first: a staff member already seated keeps the table going,
    # so with fewer guests than seats they stay, and only the guests beyond the empty seats
    # take a staff member's seat.
    empty = table.seats_free + table.seats_coming
    ids = [guest.guest_id for guest in fitting]
    if len(ids) >= empty:
        releasable = _release_order(table.staff_seated)
        released = releasable[: len(ids) - empty]
        if empty == 0 and not released:
            return TableProposal(table.table_id, TableOutcome.UNCHANGED)
        return TableProposal(
            table.table_id,
            TableOutcome.FORMED,
            guests=tuple(ids[: empty + len(released)]),
            staff_out=tuple(released),
        )
    missing = empty - len(ids)
    if missing > len(free_staff):
        return TableProposal(table.table_id, TableOutcome.SHORT, short_by=missing - len(free_staff))
    return TableProposal(
        table.table_id, TableOutcome.FORMED, guests=tuple(ids), staff_in=tuple(free_staff[:missing])
    )


def _release_order(seated: tuple[SeatedStaff, ...]) -> list[Id]:
    """First out: the staff member who sat down first (ties: as given)."""
    sat = _order_values(s.sat_at for s in seated)
    return [seated[at].staff_id for at in sorted(range(len(seated)), key=lambda at: sat[at])]


def _table_order(tables: Sequence[OpenTable]) -> list[OpenTable]:
    def key(item: tuple[int, OpenTable]) -> tuple[int, NaturalKey, int]:
        at, table = item
        group = 0 if table.seats_free else 1 if table.seats_coming else 2
        return group, natural_key(table.label), at

    return [table for _, table in sorted(enumerate(tables), key=key)]


def _wait_reason(
    guest: WaitingGuest, tables: Sequence[OpenTable], proposals: list[TableProposal]
) -> WaitReason:
    fitting = {t.table_id for t in tables if fits(guest.wish, t.kind)}
    # A table left unchanged had no seat to give: it counts as no table.
    outcomes = [
        p.outcome
        for p in proposals
        if p.table_id in fitting and p.outcome is not TableOutcome.UNCHANGED
    ]
    if not outcomes:
        return WaitReason.NO_TABLE_FITS
    if TableOutcome.SHORT in outcomes:
        return WaitReason.TABLE_SHORT
    return WaitReason.SEATS_TAKEN


def _order_values(keys: Iterable[OrderKey]) -> list[int]:
    """Arrival or sit-down times as ints that order the same way: ints as they are, aware
    datetimes as microseconds since the epoch. Mixed or naive times cannot be ordered."""
    values = []
    kinds = set()
    for key in keys:
        if isinstance(key, datetime):
            if key.utcoffset() is None:
                raise InvalidInput(
                    f"the time {key:%Y-%m-%d %H:%M} has no time zone", code="naive_time"
                )
            values.append((key - _EPOCH) // timedelta(microseconds=1))
            kinds.add("datetime")
        elif isinstance(key, int) and not isinstance(key, bool):
            values.append(key)
            kinds.add("int")
        else:
            raise InvalidInput(f"{key!r} is not a time or an order number", code="invalid_order")
    if len(kinds) > 1:
        raise InvalidInput("times and order numbers cannot be mixed", code="mixed_order")
    return values


def _check(
    waiting: Sequence[WaitingGuest], tables: Sequence[OpenTable], staff: Sequence[AvailableStaff]
) -> None:
    _unique("guest", [g.guest_id for g in waiting])
    _unique("table", [t.table_id for t in tables])
    seated = [s.staff_id for t in tables for s in t.staff_seated]
    _unique("staff member", [*seated, *(s.staff_id for s in staff)])
    for wish in (g.wish for g in waiting):
        _check_kind(wish.player_count, wish.rate_yen_per_p)
    for table in tables:
        _check_kind(table.kind.player_count, table.kind.rate_yen_per_p)
        if table.seats_free < 0 or table.seats_coming < 0:
            raise InvalidInput(
                f"table {table.label or table.table_id}: seats free and coming are 0 or more",
                code="negative_seats",
            )
        taken = table.seats_free + table.seats_coming + len(table.staff_seated)
        if taken > table.kind.player_count:
            raise InvalidInput(
                f"table {table.label or table.table_id} has {table.kind.player_count} seats, "
                f"not {taken} free, coming or held by staff",
                code="too_many_seats",
            )


def _check_kind(player_count: int | None, rate_yen_per_p: int | None) -> None:
    """A table's kind, or the parts a wish names (None: not named)."""
    if player_count is not None and player_count not in PLAYER_COUNTS:
        raise InvalidInput(
            f"a table seats 3 or 4 players, not {player_count}", code="invalid_player_count"
        )
    if rate_yen_per_p is not None and rate_yen_per_p < 0:
        raise InvalidInput("a rate is 0 yen or more", code="invalid_rate")


def _unique(what: str, ids: list[Id]) -> None:
    seen: set[Id] = set()
    for one in ids:
        if one in seen:
            raise InvalidInput(f"{what} {one} appears twice", code="duplicate_id")
        seen.add(one)
