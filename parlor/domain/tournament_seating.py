"""Seating a tournament round (大会の席順): who sits at which table, in which seat wind.

Round 1 is drawn at random from a seed the director records, so the draw can be shown again.
Later rounds are Swiss (スイス式): players of similar standing sit together, with as few repeat
meetings as possible (a pair that already sat at one table sitting together again). Within a
table, seat winds (東南西北, 三麻 東南西) go so that each player's winds spread evenly over the
rounds.

How a later round is found: the players in standing order (event score, highest first) are cut
into tables, the most Swiss seating there is; then a local search swaps two players of
different tables while that lowers the cost

    cost = REPEAT_WEIGHT x repeats + WIND_WEIGHT x wind excess + standing spread

- repeats: the earlier meetings of the pairs seated together;
- wind excess: at each table, the least total, over its players, of how much more often than
  their least-sat wind they sat in the wind they get (0 when everyone can take a wind they
  sat in least);
- standing spread: the sum, over the pairs at a table, of the square of the distance between
  their places in the standings.

The weights make the order strict: one repeat fewer is worth any wind excess, and one wind
excess fewer any loss of Swissness. When no swap helps and repeats or wind excess remain, a few
seeded random swaps shake the seating and the search starts again from there: at most KICKS
times, keeping the best seating seen. So the search's time is bounded, and it is deterministic
for a given seed and round.

Pure Python: the tournament's service reads the entries, results and earlier rounds and calls
`round_seating`.
"""

from __future__ import annotations

import functools
import itertools
import random
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import IntEnum

from parlor.errors import InvalidInput

PlayerId = int  # an entry's id in the event
Pair = tuple[PlayerId, PlayerId]  # the smaller id first
TABLE_SIZES = (3, 4)  # 三麻, 四麻
KICKS = 40  # shakes of the local search when repeats remain (bounds its time)


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
    # How many times the player sat East, South, West (and North): one count per wind.
    winds: tuple[int, ...] = (0, 0, 0, 0)


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
        pair(a, b) for seating in rounds for table in seating
        for a, b in itertools.combinations(table, 2)
    )
    return sum(count - 1 for count in counts.values())


def round_repeats(seating: Round, meetings: Mapping[Pair, int]) -> int:
    """The pairs seated together in `seating` that had met before (each counted once)."""
    return sum(
        1 for table in seating for a, b in itertools.combinations(table, 2)
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
    winds = {p.player_id: p.winds for p in players}
    if round_number == 1 and not any(p.score for p in players):
        order = sorted(p.player_id for p in players)
        rng.shuffle(order)
        groups = [order[i : i + table_size] for i in range(0, len(order), table_size)]
    else:
        standing = sorted(players, key=lambda p: (-p.score, p.player_id))
        groups = _swiss_groups(
            [p.player_id for p in standing], meetings, winds, table_size, rng
        )
    return tuple(_seat_winds(group, winds) for group in groups)


def _check(players: Sequence[SeatingPlayer], round_number: int, table_size: int) -> None:
    if table_size not in TABLE_SIZES:
        raise SeatingError(
            f"a table seats 3 or 4 players, not {table_size}",
            code="seating_table_size", params={"table_size": table_size},
        )
    if round_number < 1:
        raise SeatingError(
            f"rounds are numbered from 1, not {round_number}",
            code="seating_round_number", params={"round_number": round_number},
        )
    ids = [p.player_id for p in players]
    duplicates = sorted(pid for pid, count in Counter(ids).items() if count > 1)
    if duplicates:
        raise SeatingError(
            f"player {duplicates[0]} is entered twice in the round",
            code="seating_duplicate_player", params={"player": duplicates[0]},
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
        if len(p.winds) != table_size:
            raise SeatingError(
                f"player {p.player_id}: winds are counted for {table_size} seats, "
                f"not {len(p.winds)}",
                code="seating_winds", params={"player": p.player_id},
            )


def _seat_winds(group: Sequence[PlayerId], winds: Mapping[PlayerId, tuple[int, ...]]) -> Table:
    """The order of `group` in which each player sits in a wind they sat in least: the sum of
    the earlier counts of the winds taken is the smallest, ties to the order of the ids."""
    best: Table = ()
    best_cost = -1
    for order in itertools.permutations(sorted(group)):
        cost = sum(
            (winds[player][seat] + 1) ** 2 for seat, player in enumerate(order)
        )
        if best_cost < 0 or cost < best_cost:
            best, best_cost = order, cost
    return best


def _swiss_groups(
    standing: list[PlayerId],
    meetings: Mapping[Pair, int],
    winds: Mapping[PlayerId, tuple[int, ...]],
    table_size: int,
    rng: random.Random,
) -> list[list[PlayerId]]:
    """Tables of `table_size` from `standing` (best first): the fewest repeat meetings, then
    winds every player can take, then the least spread in standing (the module's docstring)."""
    search = _Search(standing, meetings, winds, table_size)
    best, best_total = search.snapshot(), search.total()
    for _kick in range(KICKS + 1):
        search.improve()
        if search.total() < best_total:
            best, best_total = search.snapshot(), search.total()
        if best_total < search.wind_weight:  # no repeat and no wind sat twice too often
            break
        search.shake(rng)
    return best


class _Search:
    """The local search's state: the tables, each table's cost, and the tables to look at."""

    def __init__(
        self,
        standing: list[PlayerId],
        meetings: Mapping[Pair, int],
        winds: Mapping[PlayerId, tuple[int, ...]],
        table_size: int,
    ) -> None:
        count = len(standing)
        self.rank = {player: index for index, player in enumerate(standing)}
        self.meetings = meetings
        # How much more often than their least-sat wind each player sat in each wind.
        self.excess = {
            player: tuple(n - min(counts) for n in counts) for player, counts in winds.items()
        }
        self.known: dict[tuple[PlayerId, ...], int] = {}  # the cost of each table seen
        self.wind_weight = 6 * count**3  # more than the largest possible total spread
        self.repeat_weight = self.wind_weight * (count * table_size + 1)  # more than all winds
        self.groups = [standing[i : i + table_size] for i in range(0, count, table_size)]
        self.costs = [self.cost(group) for group in self.groups]
        self.active = {t for t, cost in enumerate(self.costs) if cost >= self.wind_weight}

    def cost(self, group: Sequence[PlayerId]) -> int:
        key = tuple(sorted(group))
        known = self.known.get(key)
        if known is not None:
            return known
        repeats = 0
        spread = 0
        for a, b in itertools.combinations(key, 2):
            repeats += self.meetings.get((a, b), 0)
            spread += (self.rank[a] - self.rank[b]) ** 2
        wind = _least_wind_excess(tuple(sorted(self.excess[player] for player in key)))
        cost = self.repeat_weight * repeats + self.wind_weight * wind + spread
        self.known[key] = cost
        return cost

    def total(self) -> int:
        return sum(self.costs)

    def snapshot(self) -> list[list[PlayerId]]:
        return [list(group) for group in self.groups]

    def improve(self) -> None:
        """Swaps two players of different tables while a swap lowers the cost: for each
        player of a table to look at, the best swap with any player of another table."""
        while self.active:
            a = min(self.active)
            self.active.discard(a)
            for i in range(len(self.groups[a])):
                self._best_swap(a, i)

    def _best_swap(self, a: int, i: int) -> None:
        groups, costs = self.groups, self.costs
        choice: tuple[int, int, int, int, int] | None = None  # gain, b, j, cost a, cost b
        ga = groups[a][:]
        for b, gb in enumerate(groups):
            if b == a:
                continue
            base = costs[a] + costs[b]
            for j in range(len(gb)):
                ga[i] = gb[j]
                swapped = gb[:]
                swapped[j] = groups[a][i]
                ca, cb = self.cost(ga), self.cost(swapped)
                gain = base - ca - cb
                if gain > 0 and (choice is None or gain > choice[0]):
                    choice = (gain, b, j, ca, cb)
        if choice is not None:
            _gain, b, j, costs[a], costs[b] = choice
            groups[a][i], groups[b][j] = groups[b][j], groups[a][i]
            self.active |= {a, b}

    def shake(self, rng: random.Random) -> None:
        """A few random swaps, each with a player of a table that still has a repeat or a
        wind sat too often."""
        bad = [t for t, cost in enumerate(self.costs) if cost >= self.wind_weight]
        for a in rng.sample(bad, min(len(bad), 3)):
            b = rng.choice([t for t in range(len(self.groups)) if t != a])
            i, j = rng.randrange(len(self.groups[a])), rng.randrange(len(self.groups[b]))
            self.groups[a][i], self.groups[b][j] = self.groups[b][j], self.groups[a][i]
            self.costs[a], self.costs[b] = self.cost(self.groups[a]), self.cost(self.groups[b])
            self.active |= {a, b}


@functools.cache
def _least_wind_excess(excess: tuple[tuple[int, ...], ...]) -> int:
    """The least total excess of the winds a table's players can take, one wind each (the
    excess of a wind: how much more often than their least-sat wind a player sat there)."""
    size = len(excess)
    return min(
        sum(e[seat] for e, seat in zip(excess, order, strict=True))
        for order in itertools.permutations(range(size))
    )
