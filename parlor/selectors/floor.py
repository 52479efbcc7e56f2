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
from datetime import datetime

from django.db.models import OuterRef, Prefetch, Subquery
from django.utils import timezone

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
from parlor.selectors.floor_proposal import Floor, FloorTable, floor_propose
from parlor.selectors.visits import visit_is_over
from parlor.selectors.waiting import kind_offers, tables_kinds, waiting_list
from scoring import Ruleset, is_last_hand


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
    return floor_propose(rows, waiting, free, staying, offers=kind_offers(kinds.values()))


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
    state = game.engine_state
    all_last = ruleset is not None and state is not None and is_last_hand(state.table, ruleset)
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
