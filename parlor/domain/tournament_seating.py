"""Seating a tournament round (大会の席順): who sits at which table, in which seat wind.

Round 1 is drawn at random from a seed the director records, so the draw can be shown again.
Later rounds are Swiss (スイス式): players of similar standing sit together, with as few repeat
meetings as possible (a pair that already sat at one table sitting together again). Within a
table, seat winds (東南西北, 三麻 東南西) go so that each player's winds spread evenly over the
rounds.

Seat winds come first. When everyone plays every round (no substitute), each player's counts
per wind differ by one at most after every round, so after 4 rounds (3 at three-player
tables), 8, 12, ..., everyone has sat each wind equally often. Such a seating always exists:
each round seats as many players in each wind as there are tables, so the players can be
matched to winds they owe, as many to each wind as there are tables (Hall's theorem on a
regular graph), and each table takes one player per wind. The search below finds one
(a property test over 8 rounds holds it); it then spends a repeat meeting rather than a wind
sat once too often. A substitute starts with no winds and sits where the others leave room.

How a later round is found: the players in standing order (event score, highest first) are
cut into tables, the most Swiss seating there is; then a local search (tournament_search.py)
swaps two players of different tables while that lowers the cost

    cost = wind excess, then repeats, then third meetings, then standing spread

- wind excess: at each table, the least total, over its players, of how much more often than
  their least-sat wind they sat in the wind they get (0 when everyone can take a wind they
  sat in least);
- repeats: the pairs seated together that met before (each one repeat meeting more);
- third meetings: how many times more than once those pairs met before (so that a repeat
  falls on a pair that met once rather than twice);
- standing spread: the sum, over the pairs at a table, of the square of the distance between
  their places in the standings.

Each part weighs more than all the parts after it can add up to, so the order is strict: one
wind excess fewer is worth any repeats, and one repeat fewer any loss of Swissness. A table
with nothing to fix looks only NEAR tables away for a more Swiss swap; a table with a repeat or
a wind excess looks at every table, nearest first. When no swap helps and repeats or wind
excess remain, a few seeded random swaps shake the seating and the search starts again from
there: at most KICKS times, keeping the best seating seen. So the search's time is bounded,
and it is deterministic for a given seed and round. Seating one round at a time, it cannot
know the results to come: it finds the fewest repeats this round allows with balanced winds
(tests hold it against tournament_repeats.least_round_repeats), which over an event may be
more than the fewest a schedule planned in advance could have (16 players over 4 rounds: 0
planned, as an affine plane; Swiss rounds may leave a 4th round with repeats).

Pure Python: the tournament's service reads the entries, results and earlier rounds and calls
`round_seating`.
"""

from __future__ import annotations

import itertools
import random
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import IntEnum

from parlor.domain.tournament_search import Pair, PlayerId, swiss_groups
from parlor.errors import InvalidInput

TABLE_SIZES = (3, 4)  # 三麻, 四麻


class Wind(IntEnum):
    """A seat wind (席の風), the index of the seat in a table's tuple."""

    EAST = 0  # 東 (the first dealer, 起家)
    SOUTH = 1  # 南
    WEST = 2  # 西
    NORTH = 3  # 北 (no one sits here at a three-player table)


class SeatingError(InvalidInput, ValueError):
    """Players that cannot be seated as asked: the message says what the director can change."""

    code = "seating_invalid"


@dataclass(frozen=True, slots=True)
class SeatingPlayer:
    """One player to seat, with what earlier rounds left: standing and winds sat in."""

    player_id: PlayerId
    score: int = 0  # the event score so far (integer points); higher stands higher
    # How many times the player sat East, South, West (and North): one count per seat of the
    # table, or () for none yet (a first round, a substitute).
    winds: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class SeatingHistory:
    """What earlier rounds leave for the next one, counted from their tables (see `history`)."""

    meetings: Mapping[Pair, int] = field(default_factory=dict)  # times each pair sat together
    winds: Mapping[PlayerId, tuple[int, ...]] = field(default_factory=dict)  # counts per wind


Table = tuple[PlayerId, ...]  # player ids in seat order: 東, 南, 西(, 北)
Round = tuple[Table, ...]


def pair(a: PlayerId, b: PlayerId) -> Pair:
    return (a, b) if a <= b else (b, a)


def history(rounds: Iterable[Round], *, table_size: int = 4) -> SeatingHistory:
    """The meetings and winds of the rounds played (as they were played, substitutes included).

    >>> h = history([((1, 2, 3, 4),), ((4, 3, 2, 1),)])
    >>> h.meetings[(1, 2)], h.winds[1]
    (2, (1, 0, 0, 1))
    """
    meetings: Counter[Pair] = Counter()
    winds: dict[PlayerId, list[int]] = {}
    for seating in rounds:
        for table in seating:
            for seat, player in enumerate(table):
                winds.setdefault(player, [0] * table_size)[seat] += 1
            meetings.update(pair(a, b) for a, b in itertools.combinations(table, 2))
    return SeatingHistory(
        meetings=dict(meetings), winds={player: tuple(counts) for player, counts in winds.items()}
    )


def repeat_meetings(rounds: Iterable[Round]) -> int:
    """Repeat meetings over `rounds`: for each pair, the times it sat together after the first.

    >>> repeat_meetings([((1, 2, 3, 4), (5, 6, 7, 8)), ((1, 2, 5, 6), (3, 4, 7, 8))])
    4
    """
    counts = Counter(
        pair(a, b)
        for seating in rounds
        for table in seating
        for a, b in itertools.combinations(table, 2)
    )
    return sum(count - 1 for count in counts.values())


def round_repeats(seating: Round, meetings: Mapping[Pair, int]) -> int:
    """The pairs seated together in `seating` that had met before (each counted once)."""
    return sum(
        1
        for table in seating
        for a, b in itertools.combinations(table, 2)
        if meetings.get(pair(a, b), 0)
    )


def round_seating(
    players: Sequence[SeatingPlayer],
    round_number: int,
    *,
    meetings: Mapping[Pair, int] | None = None,
    seed: int = 0,
    table_size: int = 4,
) -> Round:
    """The tables of round `round_number` (1 for the first), each a tuple of player ids in
    seat order (東南西北; 東南西 at three-player tables), the best-standing table first.

    `meetings` counts the times each pair (smaller id first) sat together in earlier rounds;
    each player's `winds` counts the times they sat in each seat (`history` builds both from
    the earlier rounds). Raises SeatingError when the players cannot fill whole tables.

    >>> players = [SeatingPlayer(i, score=100 - i) for i in range(1, 9)]
    >>> round_seating(players, 2, meetings={(1, 2): 1})
    ((1, 3, 4, 5), (2, 6, 7, 8))
    """
    _check(players, round_number, table_size)
    meetings = meetings or {}
    rng = random.Random(f"{seed}:{round_number}")
    winds = {p.player_id: p.winds or (0,) * table_size for p in players}
    if round_number == 1 and not any(p.score for p in players):
        order = sorted(p.player_id for p in players)
        rng.shuffle(order)
        groups = [order[i : i + table_size] for i in range(0, len(order), table_size)]
    else:
        standing = sorted(players, key=lambda p: (-p.score, p.player_id))
        groups = swiss_groups([p.player_id for p in standing], meetings, winds, table_size, rng)
    return tuple(_seat_winds(group, winds) for group in groups)


def seating_check(seating: Round, players: Iterable[PlayerId], *, table_size: int = 4) -> None:
    """Checks a seating the director gives (or edits): every table full, every player of the
    round at exactly one seat, no one else. Raises SeatingError naming what to change.

    >>> seating_check(((1, 2, 3, 4),), [1, 2, 3, 4])
    >>> try:
    ...     seating_check(((1, 2, 3, 3),), [1, 2, 3, 4])
    ... except SeatingError as refused:
    ...     print(refused.message)
    player 3 has two seats; player 4 has none
    """
    expected = set(players)
    for number, table in enumerate(seating, start=1):
        if len(table) != table_size:
            raise SeatingError(
                f"table {number} has {len(table)} players, not {table_size}",
                code="seating_table_not_full",
                params={"table": number, "players": len(table)},
            )
    seats = Counter(player for table in seating for player in table)
    twice = sorted(player for player, count in seats.items() if count > 1)
    strangers = sorted(set(seats) - expected)
    missing = sorted(expected - set(seats))
    problems = [
        *(f"player {player} has two seats" for player in twice),
        *(f"player {player} is not in this round" for player in strangers),
        *(
            f"player {player} has none" if twice else f"player {player} has no seat"
            for player in missing
        ),
    ]
    if problems:
        raise SeatingError(
            "; ".join(problems),
            code="seating_not_everyone_once",
            params={"players": ", ".join(str(p) for p in [*twice, *strangers, *missing])},
        )


def _check(players: Sequence[SeatingPlayer], round_number: int, table_size: int) -> None:
    if table_size not in TABLE_SIZES:
        raise SeatingError(
            f"a table seats 3 or 4 players, not {table_size}",
            code="seating_table_size",
            params={"table_size": table_size},
        )
    if round_number < 1:
        raise SeatingError(
            f"rounds are numbered from 1, not {round_number}",
            code="seating_round_number",
            params={"round_number": round_number},
        )
    ids = [p.player_id for p in players]
    duplicates = sorted(pid for pid, count in Counter(ids).items() if count > 1)
    if duplicates:
        raise SeatingError(
            f"player {duplicates[0]} is entered twice in the round",
            code="seating_duplicate_player",
            params={"player": duplicates[0]},
        )
    if not players or len(players) % table_size:
        short = table_size - len(players) % table_size
        raise SeatingError(
            f"{len(players)} players do not fill tables of {table_size}: add {short} "
            f"substitute(s) or drop {len(players) % table_size} player(s)",
            code="seating_player_count",
            params={"players": len(players), "table_size": table_size, "short": short},
        )
    for p in players:
        if p.winds and len(p.winds) != table_size:
            raise SeatingError(
                f"player {p.player_id}: winds are counted for {table_size} seats, "
                f"not {len(p.winds)}",
                code="seating_winds",
                params={"player": p.player_id},
            )


def _seat_winds(group: Sequence[PlayerId], winds: Mapping[PlayerId, tuple[int, ...]]) -> Table:
    """The order of `group` that seats its players in the winds they sat in least: the least
    total excess (as the search counts it), then the least sum of squares of the counts (no
    player far behind), then the first in the order of `group` (drawn in the first round,
    the standing after)."""

    def cost(order: Sequence[PlayerId]) -> tuple[int, int]:
        counts = [winds[player][seat] for seat, player in enumerate(order)]
        excess = sum(n - min(winds[player]) for n, player in zip(counts, order, strict=True))
        return excess, sum((n + 1) ** 2 for n in counts)

    return min(itertools.permutations(group), key=cost)
