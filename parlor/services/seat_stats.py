"""Each seat's figures of a finished game (GameSeatStats), kept with the game's results.

The counting rules are those of services.stats (its module docstring); the pure functions here
count one seat of one game, from the game's rows as plain values, so the service, the data
migration that filled the rows of existing games and the benchmark seeding count alike.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import astuple, dataclass
from typing import Any

from parlor.models import Game, GameSeatStats, GameStatus
from parlor.services.engine import ruleset_from_snapshot
from scoring import WIN_PAYMENTS, is_tobi

WIN_REASONS = frozenset(reason.value for reason in WIN_PAYMENTS)  # the engine's words


@dataclass(frozen=True, slots=True)
class HandFigures:
    hands: int = 0
    wins: int = 0
    deal_ins: int = 0
    riichi: int = 0
    win_points: int = 0


def is_bust(score: int, snapshot: Mapping[str, Any]) -> bool:
    """Whether a final score is a bust (飛び) under the game's ruleset, as the engine ends a
    game for it."""
    return is_tobi((score,), ruleset_from_snapshot(snapshot))


FIGURES = ("hands", "wins", "deal_ins", "riichi", "win_points")  # a seat's figures, in order


def figures_after(
    figures: Sequence[Sequence[int]] | None,
    seats: int,
    entry: Mapping[str, Any],
    transfers: Sequence[Mapping[str, Any]],
) -> list[list[int]]:
    """Each seat's running figures (FIGURES, in order) after one more hand: what the game row
    keeps, so the hand that ends the game need not read every hand again."""
    before = figures or [[0] * len(FIGURES) for _ in range(seats)]
    return [
        [a + b for a, b in zip(row, astuple(hand_figures(seat, [(entry, transfers)])))]
        for seat, row in enumerate(before)
    ]


def figures_of_hands(
    seats: int, hands: Iterable[tuple[Mapping[str, Any], Sequence[Mapping[str, Any]]]]
) -> list[list[int]]:
    """Each seat's figures over (entry, transfers) pairs, as figures_after adds them up."""
    figures: list[list[int]] = [[0] * len(FIGURES) for _ in range(seats)]
    for entry, transfers in hands:
        figures = figures_after(figures, seats, entry, transfers)
    return figures


def hand_figures(
    seat: int, hands: Iterable[tuple[Mapping[str, Any], Sequence[Mapping[str, Any]]]]
) -> HandFigures:
    """One seat's hands, wins, deal-ins, riichi and win points over (entry, transfers) pairs.

    >>> ron = {"riichi": [1], "result": {"kind": "ron", "loser": 0, "wins": [{"winner": 1}]}}
    >>> paid = [{"from": 0, "to": 1, "amount": 3900, "reason": "ron"}]
    >>> hand_figures(1, [(ron, paid)]), hand_figures(0, [(ron, paid)]).deal_ins
    (HandFigures(hands=1, wins=1, deal_ins=0, riichi=1, win_points=3900), 1)
    """
    count = wins = deal_ins = riichi = win_points = 0
    for entry, transfers in hands:
        if entry.get("sit_out") == seat:
            continue
        count += 1
        riichi += seat in entry.get("riichi", [])
        won = [t["amount"] for t in transfers if t["to"] == seat and t["reason"] in WIN_REASONS]
        if won:
            wins += 1
            win_points += sum(won)
        result = entry.get("result", {})
        if result.get("kind") == "ron" and result.get("loser") == seat:
            deal_ins += any(t["reason"] in WIN_REASONS for t in transfers)
    return HandFigures(count, wins, deal_ins, riichi, win_points)


def seat_stats_values(
    game: Any,
    *,
    parlor_id: int,
    seats: Mapping[int, tuple[int, bool]],
    results: Sequence[tuple[int, int, int]],
    hands: Sequence[tuple[Mapping[str, Any], Sequence[Mapping[str, Any]]]] | None,
) -> list[dict[str, Any]]:
    """The field values of the rows of a finished `game` (a Game, or a migration's Game).

    Reads the game's ruleset snapshot, end reason, scores and end time.
    `seats` maps a seat to (player id, is staff play); `results` holds (seat, rank,
    total_tenths) per result; `hands` the (entry, transfers) of its current hands in order, or
    None for the running figures the game row keeps (`game.figures`).
    """
    snapshot = game.ruleset_snapshot
    player_count = int(snapshot.get("player_count", 4))
    rows = []
    for seat, rank, total_tenths in results:
        player_id, is_staff_play = seats[seat]
        figures = (
            HandFigures(*game.figures[seat]) if hands is None else hand_figures(seat, hands)
        )
        rows.append(
            {
                "game_id": game.pk,
                "seat": seat,
                "player_id": player_id,
                "parlor_id": parlor_id,
                "player_count": player_count,
                "ended_at": game.ended_at,
                "is_staff_play": is_staff_play,
                "rank": rank,
                "is_last": rank == len(results),
                "is_tobi": game.end_reason == "tobi" and is_bust(game.scores[seat], snapshot),
                "total_tenths": total_tenths,
                "hands": figures.hands,
                "wins": figures.wins,
                "deal_ins": figures.deal_ins,
                "riichi": figures.riichi,
                "win_points": figures.win_points,
            }
        )
    return rows


def seat_stats_store(
    game: Game,
    *,
    appended: bool = False,
    results: Sequence[tuple[int, int, int]],
    seats: Sequence[Any] | None = None,
) -> None:
    """Rewrites the game's rows after its results were written (the caller holds its lock).

    `results` are as seat_stats_values takes them; the hands' figures are the game row's
    running ones (`game.figures`), so no hand is read again. A game that is not finished (a
    correction reopened it) keeps none. `appended`: a hand was added to a game in progress,
    which had no rows to delete. Queries: none for a hand that leaves the game going; the
    insert for the one that ends it; a delete first after any other change.
    """
    if not appended:
        GameSeatStats.objects.filter(game=game).delete()
    if game.status != GameStatus.FINISHED:
        return
    rows = game.seats.all() if seats is None else seats  # the caller's, where it read them
    by_seat = {s.seat: (s.player_id, s.is_staff_play) for s in rows}
    values = seat_stats_values(
        game, parlor_id=game.table.parlor_id, seats=by_seat, results=sorted(results), hands=None
    )
    GameSeatStats.objects.bulk_create([GameSeatStats(**row) for row in values])
