"""Reads of tables and games. They query; they never replay."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass

from django.db.models import Prefetch, QuerySet

from parlor.errors import DomainError
from parlor.models import Game, GameResult, GameSeat, GameStatus, Hand, Parlor, Player, Table
from parlor.models.games import result_unit_in_sql
from parlor.natural_sort import natural_sorted
from parlor.selectors.game_seats import GameSeats, game_seats
from parlor.selectors.rulesets import rulesets_resolve
from parlor.selectors.seating import SeatingStatus, seating_statuses
from scoring import Ruleset, ScoringError


@dataclass(frozen=True, slots=True)
class TableNow:
    """A table as it stands (卓の状況): its ruleset or why it does not resolve, what its next
    game needs (its seat draw), and its open game with the seats and the next hand. The floor
    and the tablet read it; the API's answer is selectors.answers.table_answer."""

    table: Table
    ruleset: Ruleset | None  # None: the table's custom ruleset is broken (ruleset_error says why)
    ruleset_error: str | None
    seating: SeatingStatus | None  # None where the ruleset is broken
    game: Game | None  # the open game, its seats and players loaded
    at_table: GameSeats | None  # the open game's seats, winds and next hand


def table_state(table: Table) -> TableNow:
    """A table, its open game (if any) and what its next game needs (a few queries)."""
    return tables_state([table])[0]


def tables_state(tables: Iterable[Table]) -> list[TableNow]:
    """table_state of each table, in order, in a fixed number of queries whatever the number
    of tables: their open games with seats and players, the custom rulesets of each parlor,
    and their seat draws with positions and games (see seating_statuses)."""
    rows = list(tables)
    games = {game.table_id: game for game in _open_games([table.pk for table in rows])}
    resolved = _rulesets(rows)
    rulesets = {table.pk: resolved[table.parlor_id, table.ruleset_key] for table in rows}
    statuses = seating_statuses({pk: r for pk, r in rulesets.items() if isinstance(r, Ruleset)})
    return [
        _state(
            table,
            game=games.get(table.pk),
            ruleset=rulesets[table.pk],
            seating=statuses.get(table.pk),
        )
        for table in rows
    ]


def _open_games(table_ids: list[int]) -> QuerySet[Game]:
    # At most one per table (game_one_open_per_table); the order makes the latest one win.
    return (
        Game.objects.filter(table_id__in=table_ids, status=GameStatus.IN_PROGRESS)
        .prefetch_related(Prefetch("seats", queryset=GameSeat.objects.select_related("player")))
        .order_by("started_at", "id")
    )


def _rulesets(
    tables: list[Table],
) -> dict[tuple[int, str], Ruleset | ScoringError | DomainError]:
    """Each distinct (parlor, ruleset key) of `tables` resolved once (a query per parlor)."""
    keys: dict[int, set[str]] = defaultdict(set)
    for table in tables:
        keys[table.parlor_id].add(table.ruleset_key)
    return {
        (parlor_id, key): ruleset
        for parlor_id, parlor_keys in keys.items()
        for key, ruleset in rulesets_resolve(parlor_id=parlor_id, keys=parlor_keys).items()
    }


def _state(
    table: Table,
    *,
    game: Game | None,
    ruleset: Ruleset | ScoringError | DomainError,
    seating: SeatingStatus | None,
) -> TableNow:
    # With 抜け番 (four people on a three-player ruleset) the winds depend on who sits out:
    # the seats give none there (selectors.game_seats). The game's own ruleset (its snapshot)
    # counts its players, whatever the table's ruleset became since.
    at_table = None
    if game is not None:
        at_table = game_seats(game, seats=game.seats.all(), player_count=game.ruleset.player_count)
    if not isinstance(ruleset, Ruleset):  # a broken custom ruleset must not hide the table
        return TableNow(table, None, str(ruleset), None, game, at_table)
    assert seating is not None  # every table with a ruleset has its seating status
    return TableNow(table, ruleset, None, seating, game, at_table)


def tables_of(parlor: Parlor) -> list[Table]:
    """The parlor's tables in play, in natural order (1, 2, … 10). Hides one query."""
    tables = parlor.tables.filter(is_active=True).select_related("parlor")
    return natural_sorted(tables, label=lambda table: table.label)


def game_detail(game: Game) -> Game:
    """The game with its seats, every hand version with its outcome, and its results."""
    return (
        Game.objects.select_related("table")
        .prefetch_related(
            "seats__player",
            "results__player",
            Prefetch(
                "hands",
                queryset=Hand.objects.select_related(
                    "outcome", "entered_by", "voided_by", "supersedes"
                ).order_by("sequence", "version"),
            ),
        )
        .get(pk=game.pk)
    )


def games_of_player(player: Player) -> QuerySet[Game]:
    return (
        Game.objects.filter(seats__player=player)
        .select_related("table")
        .prefetch_related("seats__player", "results__player")
        .order_by("-started_at", "-id")
    )


def results_of_player(player: Player, *, limit: int) -> list[GameResult]:
    """The player's latest finished games, newest first, as their results with the game and
    its table (one query; of the games' ruleset snapshots only the result's unit is read, as
    `settlement_unit`)."""
    return list(
        GameResult.objects.filter(player=player, game__status=GameStatus.FINISHED)
        .select_related("game__table")
        .annotate(settlement_unit=result_unit_in_sql("game__"))
        .only(
            "rank",
            "total_tenths",
            "chips",
            "game__public_id",
            "game__started_at",
            "game__ruleset_key",
            "game__table__label",
        )
        .order_by("-game__started_at", "-game_id")[:limit]
    )
