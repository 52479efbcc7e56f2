"""The floor as the tablet shows it (a row per table) and the proposal of
parlor.domain.table_forming over it: who sits where next (parlor.selectors.floor reads it)."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from datetime import datetime

from django.utils import timezone

from parlor.domain.table_forming import (
    AvailableStaff,
    FormingProposal,
    Id,
    OpenTable,
    SeatedStaff,
    TableOutcome,
    TableProposal,
    WaitingGuest,
    WaitReason,
    forming_propose,
)
from parlor.domain.wishes import TableKind
from parlor.models import Game, Player, Table
from parlor.selectors.waiting import TableKindOffer
from parlor.selectors.waiting import WaitingGuest as ListedGuest


@dataclass(frozen=True, slots=True)
class FloorTable:
    """One table as the floor shows it, and what the proposal gives it."""

    table: Table
    kind: TableKind | None  # None: its ruleset is broken (the table takes no one)
    player_count: int
    game: Game | None  # the open game (対局中), its seats prefetched
    is_all_last: bool  # オーラス
    last_calls: tuple[Player, ...]  # its guests whose ラス半 is called
    staying: tuple[Player, ...]  # no open game: guests of the latest game who stay (続行)
    staff: tuple[Player, ...]  # staff seated: in the open game, or staying beside a guest
    seats_free: int
    seats_coming: int
    proposal: TableProposal | None = None


@dataclass(frozen=True, slots=True)
class Floor:
    tables: list[FloorTable]
    waiting: list[ListedGuest]  # the waiting list, staying guests included
    reasons: dict[Id, WaitReason]  # by player id: the guests the proposal leaves waiting
    staff_free: list[Player]
    offers: list[TableKindOffer]  # the kinds of table played, for the wishes' words
    people: dict[int, Player] = field(default_factory=dict)  # by id: everyone named above
    proposal: FormingProposal | None = None

    def table(self, table_id: int) -> FloorTable | None:
        return next((t for t in self.tables if t.table.pk == table_id), None)


def floor_propose(
    rows: list[FloorTable],
    waiting: list[ListedGuest],
    free: list[Player],
    staying: set[int],
    *,
    offers: list[TableKindOffer],
) -> Floor:
    """The proposal of parlor.domain.table_forming for these tables, guests and staff."""
    queue = [
        WaitingGuest(g.player.pk, g.since, g.wish) for g in waiting if g.player.pk not in staying
    ]
    staff = [AvailableStaff(p.pk, order) for order, p in enumerate(free)]
    proposal = forming_propose(queue, _open_tables(rows), staff=staff)
    by_table = {p.table_id: p for p in proposal.tables}
    people = {g.player.pk: g.player for g in waiting}
    people |= {p.pk: p for p in free}
    people |= {p.pk: p for row in rows for p in (*row.staying, *row.staff)}
    return Floor(
        tables=[_with_proposal(row, by_table.get(row.table.pk)) for row in rows],
        waiting=waiting,
        reasons={g.guest_id: g.reason for g in proposal.waiting},
        staff_free=free,
        offers=offers,
        people=people,
        proposal=proposal,
    )


def _open_tables(rows: list[FloorTable]) -> list[OpenTable]:
    return [
        OpenTable(
            table_id=row.table.pk,
            kind=row.kind,
            seats_free=row.seats_free,
            seats_coming=row.seats_coming,
            staff_seated=tuple(SeatedStaff(p.pk, _sat_at(row)) for p in row.staff),
            label=row.table.label,
        )
        for row in rows
        # A table without money settings for its game type settles nothing, so it takes no
        # checked-in guest (game_money_attach refuses them): it is not proposed.
        if row.kind is not None and row.kind.rate_yen_per_p is not None
    ]


def _sat_at(row: FloorTable) -> datetime:
    if row.game is not None:
        return row.game.started_at
    return timezone.now()  # staying staff: all sat down together, released in order given


def _with_proposal(row: FloorTable, proposal: TableProposal | None) -> FloorTable:
    return row if proposal is None else replace(row, proposal=proposal)


def formed_players(floor: Floor, table_id: int) -> list[Player] | None:
    """The players of a free table's next game as the proposal has it (those who stay, the
    guests who come, staff who sit in, less staff released); None while the table plays or
    where it is short. A free table left unchanged is one whose players all stay (続行)."""
    row = floor.table(table_id)
    if row is None or row.game is not None or row.proposal is None:
        return None
    proposal = row.proposal
    if proposal.outcome is TableOutcome.SHORT or not (row.staying or proposal.guests):
        return None
    ids = [
        *(p.pk for p in row.staying),
        *(p.pk for p in row.staff if p.pk not in proposal.staff_out),
        *proposal.guests,
        *proposal.staff_in,
    ]
    return [floor.people[int(pk)] for pk in ids]
