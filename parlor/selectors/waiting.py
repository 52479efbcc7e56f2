"""The waiting list (待ち席): every checked-in guest not at a table, in waiting order, with how
long they have waited and what they want to play; and the parlor's kinds of table a wish
(希望) may name.

"Waiting since" is derived, not stored: a visit waits from check-in, or from the end of its
latest finished or voided game, unless a game of the player is in progress, the ラス半 game is
over (the guest then waits for check-out, not for a seat) or the visit is checked out.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime

from django.db.models import Exists, Max, OuterRef, Q
from django.utils import timezone

from parlor.domain.units import RateBasis, rate_basis_of
from parlor.domain.wishes import TableKind, Wish
from parlor.models import (
    GameSeat,
    GameStatus,
    MoneySettings,
    Parlor,
    Player,
    Table,
    Visit,
    VisitStatus,
)
from parlor.selectors.rulesets import rulesets_resolve
from scoring import Ruleset


@dataclass(frozen=True, slots=True)
class WaitingGuest:
    player: Player
    visit_id: str  # the visit's public id
    since: datetime  # 待ち始め: check-in, or the end of the visit's latest game
    waited_minutes: int
    wish: Wish  # 希望


def waiting_list(parlor: Parlor, *, now: datetime | None = None) -> list[WaitingGuest]:
    """The parlor's waiting guests, longest waiting first (one query whatever their number).

    A game is over for the list once it has ended, finished or voided (無効): the guest stood
    up either way. Seats come from the games' seats, so a guest seated at a table without
    money settings (no visit link) is not listed as waiting either.
    """
    now = now or timezone.now()
    playing = GameSeat.objects.filter(
        player=OuterRef("player"), game__status=GameStatus.IN_PROGRESS
    )
    visits = (
        Visit.objects.filter(parlor=parlor, status=VisitStatus.OPEN)
        .exclude(Q(last_game__isnull=False) & Q(last_game__status=GameStatus.FINISHED))
        .annotate(playing=Exists(playing), last_ended_at=Max("games__game__ended_at"))
        .filter(playing=False)
        .select_related("player")
    )
    guests = [_guest(visit, now) for visit in visits]
    return sorted(guests, key=lambda guest: (guest.since, guest.player.pk))


def _guest(visit: Visit, now: datetime) -> WaitingGuest:
    ended: datetime | None = getattr(visit, "last_ended_at", None)  # annotated above
    since = max(visit.checked_in_at, ended) if ended else visit.checked_in_at
    return WaitingGuest(
        player=visit.player,
        visit_id=str(visit.public_id),
        since=since,
        waited_minutes=max(0, int((now - since).total_seconds()) // 60),
        wish=Wish.from_json(visit.wish),
    )


@dataclass(frozen=True, slots=True)
class TableKindOffer:
    """A kind of table with its ruleset's titles, for the counter's wish buttons."""

    kind: TableKind
    ruleset_title: str
    ruleset_title_en: str
    rate_basis: RateBasis  # what the rate is per: 1,000 points, or a point count's 点


def table_kinds(parlor: Parlor) -> list[TableKindOffer]:
    """What the parlor's active tables play, each kind once, by game type, ruleset and rate
    (three queries: the tables, their custom rulesets, the money settings). A table whose
    ruleset is broken offers nothing until it is fixed."""
    tables = list(parlor.tables.filter(is_active=True).order_by("label", "id"))
    return kind_offers(tables_kinds(parlor, tables).values())


def kind_offers(kinds: Iterable[tuple[TableKind, Ruleset]]) -> list[TableKindOffer]:
    """Each kind of table once (the first table's ruleset titles), by game type, ruleset and
    rate: no query."""
    offers: dict[TableKind, TableKindOffer] = {}
    for kind, ruleset in kinds:
        basis = rate_basis_of(ruleset.settlement_unit)
        offers.setdefault(kind, TableKindOffer(kind, ruleset.title, ruleset.title_en, basis))
    return sorted(
        offers.values(),
        key=lambda o: (o.kind.player_count, o.kind.ruleset_key, o.kind.rate_yen_per_p or 0),
    )


def tables_kinds(parlor: Parlor, tables: Sequence[Table]) -> dict[int, tuple[TableKind, Ruleset]]:
    """Each table's kind and ruleset by the table's id, in the order of `tables` (two queries:
    their custom rulesets, the money settings). A table whose ruleset is broken is left out."""
    resolved = rulesets_resolve(parlor_id=parlor.pk, keys={t.ruleset_key for t in tables})
    rows = list(MoneySettings.objects.filter(parlor=parlor))
    defaults = {row.player_count: row.rate_yen_per_p for row in rows if row.table_id is None}
    own = {row.table_id: row.rate_yen_per_p for row in rows if row.table_id is not None}
    kinds: dict[int, tuple[TableKind, Ruleset]] = {}
    for table in tables:
        ruleset = resolved[table.ruleset_key]
        if not isinstance(ruleset, Ruleset):
            continue
        count = ruleset.player_count
        rate = own.get(table.pk)  # the table's own rate; None: it inherits the default's
        if rate is None:
            rate = defaults.get(count)
        kinds[table.pk] = (TableKind(count, table.ruleset_key, rate), ruleset)
    return kinds
