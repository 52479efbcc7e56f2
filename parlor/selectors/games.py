"""Reads of tables and games, shaped for the API. They query; they never replay."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from typing import Any

from django.db.models import Prefetch, QuerySet
from django.db.models.fields.json import KeyTextTransform

from parlor.errors import DomainError
from parlor.models import Game, GameResult, GameSeat, GameStatus, Hand, Parlor, Player, Table
from parlor.natural_sort import natural_sorted
from parlor.selectors.game_seats import game_seats
from parlor.selectors.rulesets import rulesets_resolve
from parlor.selectors.seating import SeatingStatus, seating_statuses
from scoring import Ruleset, ScoringError


def game_live_state(game: Game) -> dict[str, Any]:
    """Round, honba, sticks, scores and winds of the hand to play next (from the game row)."""
    # With 抜け番 (four people on a three-player ruleset) the winds depend on who sits out:
    # the answer gives none there (selectors.game_seats).
    at_table = game_seats(game, seats=game.seats.all(), player_count=game.ruleset.player_count)
    return {
        "id": game.public_id,
        "status": game.status,
        "hand_count": game.hand_count,
        "scores": game.scores,
        "sticks": game.sticks,
        "end_reason": game.end_reason or None,
        "started_at": game.started_at,
        "seats": [
            {"seat": s.seat, "player_id": s.player_id, "name": s.name} for s in at_table.seats
        ],
        "next": game.next_state,
        "winds": None if at_table.winds is None else list(at_table.winds),
    }


def table_state(table: Table) -> dict[str, Any]:
    """A table, its open game (if any) and what its next game needs (a few queries)."""
    return tables_state([table])[0]


def tables_state(tables: Iterable[Table]) -> list[dict[str, Any]]:
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
) -> dict[str, Any]:
    state: dict[str, Any] = {
        "id": table.public_id,
        "label": table.label,
        "ruleset_key": table.ruleset_key,
        "ruleset": None,
        "seating": None,
        "game": game_live_state(game) if game else None,
    }
    if not isinstance(ruleset, Ruleset):  # a broken custom ruleset must not hide the table
        state["ruleset_error"] = str(ruleset)
        return state
    assert seating is not None  # every table with a ruleset has its seating status
    state["ruleset"] = {
        "key": table.ruleset_key,
        "title": ruleset.title,
        "title_en": ruleset.title_en,
        "player_count": ruleset.player_count,
    }
    players = seating.players
    next_first = seating.next_first_dealer_position
    state["seating"] = {
        "players": [{"id": p.public_id, "name": p.name} for p in players],
        "games_played": seating.games_played,
        "seat_change_interval_games": seating.interval,
        "seat_draw_required": seating.is_draw_required,
        "next_first_dealer": players[next_first].public_id if next_first is not None else None,
    }
    return state


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
        .prefetch_related("seats__player", "results")
        .order_by("-started_at", "-id")
    )


def results_of_player(player: Player, *, limit: int) -> list[GameResult]:
    """The player's latest finished games, newest first, as their results with the game and
    its table (one query; of the games' ruleset snapshots only the result's unit is read, as
    `settlement_unit`)."""
    return list(
        GameResult.objects.filter(player=player, game__status=GameStatus.FINISHED)
        .select_related("game__table")
        .annotate(settlement_unit=KeyTextTransform("settlement_unit", "game__ruleset_snapshot"))
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
