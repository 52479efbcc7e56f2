"""Each seat's stats of a finished game (GameSeatStats), kept with the game's results.

The counting rules are those of services.stats (its module docstring); the pure functions here
count one seat of one game, from the game's rows as plain values, so the service, the data
migration that filled the rows of existing games and the benchmark seeding count alike.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import astuple, dataclass
from typing import Any

from parlor.domain.hand_entries import hand_of
from parlor.domain.json_shapes import HandEntry
from parlor.domain.snapshots import ruleset_of_snapshot
from parlor.domain.stored_results import ledger_of
from parlor.models import Game, GameSeatStats, GameStatus
from scoring import WIN_PAYMENTS, EndReason, Hand, Ron, Ruleset, Transfer, is_tobi

# A hand as the stats count it: its facts and its ledger, the engine's values.
HandPlayed = tuple[Hand, Sequence[Transfer]]


@dataclass(frozen=True, slots=True)
class HandStats:
    hands: int = 0
    wins: int = 0
    deal_ins: int = 0
    riichi: int = 0
    win_points: int = 0


def is_bust(score: int, snapshot: Mapping[str, Any]) -> bool:
    """Whether a final score is a bust (飛び) under the game's ruleset, as the engine ends a
    game for it."""
    return is_tobi((score,), ruleset_of_snapshot(snapshot))


def hand_played(
    entry: HandEntry,
    transfers: Iterable[Mapping[str, Any]],
    *,
    ruleset: Ruleset,
    seats: int,
    index: int,
) -> HandPlayed:
    """A stored hand (its entry and its outcome's `transfers` column) as the engine's values,
    for code that has only the rows (the data migration, the benchmark's seeding)."""
    hand = hand_of(entry, ruleset=ruleset, seats=seats, index=index)
    return hand, ledger_of(transfers)


STATS = ("hands", "wins", "deal_ins", "riichi", "win_points")  # a seat's stats, in order


def stats_after(
    stats: Sequence[Sequence[int]] | None, seats: int, played: HandPlayed
) -> list[list[int]]:
    """Each seat's running stats (STATS, in order) after one more hand: what the game row
    keeps, so the hand that ends the game need not read every hand again."""
    before = stats or [[0] * len(STATS) for _ in range(seats)]
    return [
        [a + b for a, b in zip(row, astuple(hand_stats(seat, [played])))]
        for seat, row in enumerate(before)
    ]


def stats_of_hands(seats: int, hands: Iterable[HandPlayed]) -> list[list[int]]:
    """Each seat's stats over the hands played, as stats_after adds them up."""
    stats: list[list[int]] = [[0] * len(STATS) for _ in range(seats)]
    for played in hands:
        stats = stats_after(stats, seats, played)
    return stats


def hand_stats(seat: int, hands: Iterable[HandPlayed]) -> HandStats:
    """One seat's hands, wins, deal-ins, riichi and win points over the hands played.

    >>> from scoring import Reason, Win
    >>> ron = Hand(Ron(loser=0, wins=(Win(winner=1, han=3, fu=30),)), riichi=(1,))
    >>> paid = [Transfer(0, 1, 3900, Reason.RON)]
    >>> hand_stats(1, [(ron, paid)]), hand_stats(0, [(ron, paid)]).deal_ins
    (HandStats(hands=1, wins=1, deal_ins=0, riichi=1, win_points=3900), 1)
    """
    count = wins = deal_ins = riichi = win_points = 0
    for hand, transfers in hands:
        if hand.sit_out == seat:
            continue
        count += 1
        riichi += seat in hand.riichi
        won = [t.amount for t in transfers if t.payee == seat and t.reason in WIN_PAYMENTS]
        if won:
            wins += 1
            win_points += sum(won)
        if isinstance(hand.result, Ron) and hand.result.loser == seat:
            deal_ins += any(t.reason in WIN_PAYMENTS for t in transfers)
    return HandStats(count, wins, deal_ins, riichi, win_points)


def seat_stats_values(
    game: Any,
    *,
    parlor_id: int,
    seats: Mapping[int, tuple[int, bool]],
    results: Sequence[tuple[int, int, int]],
    hands: Sequence[HandPlayed] | None,
) -> list[dict[str, Any]]:
    """The field values of the rows of a finished `game` (a Game, or a migration's Game).

    Reads the game's ruleset snapshot, end reason, scores and end time.
    `seats` maps a seat to (player id, is staff play); `results` holds (seat, rank,
    total_tenths) per result; `hands` its current hands in order (HandPlayed), or
    None for the running stats the game row keeps (`game.running_stats`).
    """
    ruleset = ruleset_of_snapshot(game.ruleset_snapshot)  # a migration's Game has no .ruleset
    ended_by_bust = game.end_reason == EndReason.TOBI
    rows = []
    for seat, rank, total_tenths in results:
        player_id, is_staff_play = seats[seat]
        stats = HandStats(*game.running_stats[seat]) if hands is None else hand_stats(seat, hands)
        rows.append(
            {
                "game_id": game.pk,
                "seat": seat,
                "player_id": player_id,
                "parlor_id": parlor_id,
                "player_count": ruleset.player_count,
                "ended_at": game.ended_at,
                "is_staff_play": is_staff_play,
                "rank": rank,
                "is_last": rank == len(results),
                "is_tobi": ended_by_bust and is_tobi((game.scores[seat],), ruleset),
                "total_tenths": total_tenths,
                "hands": stats.hands,
                "wins": stats.wins,
                "deal_ins": stats.deal_ins,
                "riichi": stats.riichi,
                "win_points": stats.win_points,
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

    `results` are as seat_stats_values takes them; the hands' stats are the game row's
    running ones (`game.running_stats`), so no hand is read again. A game that is not finished (a
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
