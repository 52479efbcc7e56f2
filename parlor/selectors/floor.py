"""The floor at a glance (卓の状況) and who sits where next (卓立て): each table's state, the
guests who stay on (続行), the last-game calls (ラス半), staff sitting in (本走), the waiting
list, and the proposal of parlor.domain.table_forming built from them.

A fixed number of queries whatever the number of tables, guests or staff (floor_read). The
choices (docs/floor.md): a table with no open game keeps the players of its latest game who
are still checked in, not over and not seated elsewhere (続行), and they hold their seats;
staff stay only beside a guest who stays; a table in play frees the seats of its ラス半 guests
only at オーラス.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from datetime import datetime

from django.db.models import OuterRef, Prefetch, Subquery
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
from parlor.models import (
    Game,
    GameSeat,
    GameStatus,
    MemberRole,
    Parlor,
    Player,
    Shift,
    Table,
    Visit,
    VisitStatus,
)
from parlor.natural_sort import natural_sorted
from parlor.selectors.visits import visit_is_over
from parlor.selectors.waiting import TableKindOffer, kind_offers, tables_kinds, waiting_list
from parlor.selectors.waiting import WaitingGuest as ListedGuest
from scoring import GameState, Ruleset, is_last_hand


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


def floor_read(parlor: Parlor, *, now: datetime | None = None) -> Floor:
    """The parlor's floor and its proposal, in a constant number of queries (nine, once a
    game is open: one fewer without, as nothing is prefetched)."""
    now = now or timezone.now()
    tables = _tables(parlor)
    kinds = tables_kinds(parlor, tables)
    open_games = _open_games(tables)
    seated = {seat.player_id for game in open_games.values() for seat in game.seats.all()}
    latest = _latest_seats(parlor)
    visits = {
        v.player_id: v
        for v in Visit.objects.filter(parlor=parlor, status=VisitStatus.OPEN).select_related(
            "player", "last_game"
        )
    }
    rows = []
    for table in tables:
        kind, ruleset = kinds.get(table.pk, (None, None))
        game = open_games.get(table.pk)
        if game is not None:
            rows.append(_playing(table, kind, ruleset, game, visits))
        else:
            rows.append(_free(table, kind, ruleset, latest.get(table.pk, []), visits, seated))
    staying = {p.pk for row in rows for p in (*row.staying, *row.staff)}
    free = [p for p in staff_free(parlor) if p.pk not in staying and p.pk not in visits]
    waiting = waiting_list(parlor, now=now)
    return _propose(rows, waiting, free, staying, offers=kind_offers(kinds.values()))


def staff_free(parlor: Parlor) -> list[Player]:
    """Staff and managers of the parlor on shift (signed in at the counter) who play here
    (their user has a Player) and sit in no open game: who may sit in (本走), the earliest
    signed in first. One query."""
    shift = Shift.objects.filter(parlor=parlor, staff=OuterRef("user"), signed_out_at__isnull=True)
    return list(
        Player.objects.filter(
            parlor=parlor,
            user__parlor_member__parlor=parlor,
            user__parlor_member__role__in=[MemberRole.STAFF, MemberRole.MANAGER],
        )
        .annotate(on_shift_since=Subquery(shift.values("signed_in_at")[:1]))
        .filter(on_shift_since__isnull=False)
        .exclude(game_seats__game__status=GameStatus.IN_PROGRESS)
        .order_by("on_shift_since", "pk")
    )


def _tables(parlor: Parlor) -> list[Table]:
    """The active tables in natural order (1, 2, … 10)."""
    return natural_sorted(parlor.tables.filter(is_active=True), label=lambda table: table.label)


def _open_games(tables: Sequence[Table]) -> dict[int, Game]:
    games = Game.objects.filter(
        table__in=[t.pk for t in tables], status=GameStatus.IN_PROGRESS
    ).prefetch_related(Prefetch("seats", queryset=GameSeat.objects.select_related("player")))
    return {game.table_id: game for game in games}


def _latest_seats(parlor: Parlor) -> dict[int, list[GameSeat]]:
    """The seats of the latest game over at each active table with no open game, by table id:
    one query, the latest games found in it."""
    over = (
        Game.objects.filter(table=OuterRef("pk"))
        .exclude(status=GameStatus.IN_PROGRESS)
        .order_by("-started_at", "-id")
        .values("pk")[:1]
    )
    latest = (
        parlor.tables.filter(is_active=True)
        .exclude(games__status=GameStatus.IN_PROGRESS)
        .annotate(latest_over_id=Subquery(over))
        .values("latest_over_id")
    )
    found: dict[int, list[GameSeat]] = {}
    seats = GameSeat.objects.filter(game_id__in=latest).select_related("player", "game")
    for seat in seats.order_by("game_id", "seat"):
        found.setdefault(seat.game.table_id, []).append(seat)
    return found


def _playing(
    table: Table,
    kind: TableKind | None,
    ruleset: Ruleset | None,
    game: Game,
    visits: dict[int, Visit],
) -> FloorTable:
    seats = list(game.seats.all())
    calls = tuple(
        s.player
        for s in seats
        if (v := visits.get(s.player_id)) is not None
        and v.last_game_called_at is not None
        and v.last_game_id in (None, game.pk)
    )
    all_last = (
        ruleset is not None
        and game.state is not None
        and is_last_hand(GameState.from_dict(game.state).table, ruleset)
    )
    return FloorTable(
        table=table,
        kind=kind,
        player_count=ruleset.player_count if ruleset else len(seats),
        game=game,
        is_all_last=all_last,
        last_calls=calls,
        staying=(),
        staff=tuple(s.player for s in seats if s.is_staff_play),
        seats_free=0,
        # The rule: a table's seats are coming once its ラス半 is called at オーラス.
        seats_coming=len(calls) if all_last else 0,
    )


def _free(
    table: Table,
    kind: TableKind | None,
    ruleset: Ruleset | None,
    latest: list[GameSeat],
    visits: dict[int, Visit],
    seated: set[int],
) -> FloorTable:
    count = ruleset.player_count if ruleset else 4
    guests = [s.player for s in latest if _stays(visits.get(s.player_id), s, seated)][:count]
    staff = [
        s.player
        for s in latest
        if s.is_staff_play and s.player_id not in seated and s.player_id not in visits
    ]
    # Staff alone do not keep a table going: without a guest who stays, the table is empty.
    staff = staff[: count - len(guests)] if guests else []
    return FloorTable(
        table=table,
        kind=kind,
        player_count=count,
        game=None,
        is_all_last=False,
        last_calls=(),
        staying=tuple(guests),
        staff=tuple(staff),
        seats_free=count - len(guests) - len(staff),
        seats_coming=0,
    )


def _stays(visit: Visit | None, seat: GameSeat, seated: set[int]) -> bool:
    """A guest of the table's latest game stays (続行): checked in since (the game is of this
    visit), not over (their ラス半 game has not finished) and not seated at another table."""
    if visit is None or seat.player_id in seated or seat.is_staff_play:
        return False
    if seat.game.started_at < visit.checked_in_at:
        return False
    return not visit_is_over(visit)


def _propose(
    rows: list[FloorTable],
    waiting: list[ListedGuest],
    free: list[Player],
    staying: set[int],
    *,
    offers: list[TableKindOffer],
) -> Floor:
    queue = [
        WaitingGuest(g.player.pk, g.since, g.wish) for g in waiting if g.player.pk not in staying
    ]
    open_tables = [
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
    staff = [AvailableStaff(p.pk, order) for order, p in enumerate(free)]
    proposal = forming_propose(queue, open_tables, staff=staff)
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
