"""Seating a tournament round (大会の席順): who sits at which table, in which seat wind.

Round 1 is drawn at random from a seed the director records, so the draw can be shown again.
Later rounds are Swiss (スイス式): players of similar standing sit together, with as few repeat
meetings as possible (a pair that already sat at one table sitting together again). Within a
table, seat winds (東南西北, 三麻 東南西) go so that each player's winds spread evenly over the
rounds.

How a later round is found: the players in standing order (event score, highest first) are cut
into tables, the most Swiss seating there is; then a local search swaps two players of
different tables while that lowers the cost

    cost = repeats, then third meetings, then wind excess, then standing spread

- repeats: the pairs seated together that met before (each one repeat meeting more);
- third meetings: how many times more than once those pairs met before (so that a repeat
  falls on a pair that met once rather than twice);
- wind excess: at each table, the least total, over its players, of how much more often than
  their least-sat wind they sat in the wind they get (0 when everyone can take a wind they
  sat in least);
- standing spread: the sum, over the pairs at a table, of the square of the distance between
  their places in the standings.

Each part weighs more than all the parts after it can add up to, so the order is strict: one
repeat fewer is worth any wind excess, and one wind excess fewer any loss of Swissness. A table
with nothing to fix looks only NEAR tables away for a more Swiss swap; a table with a repeat or
a wind excess looks at every table, nearest first. When no swap helps and repeats or wind
excess remain, a few seeded random swaps shake the seating and the search starts again from
there: at most KICKS times, keeping the best seating seen. So the search's time is bounded,
and it is deterministic for a given seed and round. Seating one round at a time, it cannot
know the results to come: it finds the fewest repeats this round allows (tests hold it against
tournament_repeats.least_round_repeats), which over an event may be more than the fewest a
schedule planned in advance could have (16 players over 4 rounds: 0 planned, as an affine
plane; Swiss rounds may leave a 4th round with repeats).

Pure Python: the tournament's service reads the entries, results and earlier rounds and calls
`round_seating`.
"""

from __future__ import annotations

import functools
import itertools
import random
from collections import Counter
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from enum import IntEnum

from parlor.errors import InvalidInput

PlayerId = int  # an entry's id in the event
Pair = tuple[PlayerId, PlayerId]  # the smaller id first
TABLE_SIZES = (3, 4)  # 三麻, 四麻
NEAR = 2  # how far a table with nothing to fix looks for a better swap (tables away)
KICKS = 40  # shakes of the local search while repeats or wind excess remain (bounds its time)


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
    winds = {p.player_id: p.winds or (0,) * table_size for p in players}
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


def seating_check(
    seating: Round, players: Iterable[PlayerId], *, table_size: int = 4
) -> None:
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
                code="seating_table_not_full", params={"table": number, "players": len(table)},
            )
    seats = Counter(player for table in seating for player in table)
    twice = sorted(player for player, count in seats.items() if count > 1)
    strangers = sorted(set(seats) - expected)
    missing = sorted(expected - set(seats))
    problems = [
        *(f"player {player} has two seats" for player in twice),
        *(f"player {player} is not in this round" for player in strangers),
        *(f"player {player} has none" if twice else f"player {player} has no seat"
          for player in missing),
    ]
    if problems:
        raise SeatingError(
            "; ".join(problems), code="seating_not_everyone_once",
            params={"players": ", ".join(str(p) for p in [*twice, *strangers, *missing])},
        )


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
        if p.winds and len(p.winds) != table_size:
            raise SeatingError(
                f"player {p.player_id}: winds are counted for {table_size} seats, "
                f"not {len(p.winds)}",
                code="seating_winds", params={"player": p.player_id},
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
        if best_total < search.wind_weight or len(best) < 2:  # nothing left to fix, or to swap
            break
        search.shake(rng)
    tables = [sorted(group, key=search.rank.__getitem__) for group in best]
    return sorted(tables, key=lambda group: search.rank[group[0]])


class _Search:
    """The local search's state: the tables, the parts of each table's cost, and the tables
    to look at. A swap's change of repeats and spread is worked out from the two players'
    meetings and places alone; the winds are worked out only for a swap that could gain."""

    def __init__(
        self,
        standing: list[PlayerId],
        meetings: Mapping[Pair, int],
        winds: Mapping[PlayerId, tuple[int, ...]],
        table_size: int,
    ) -> None:
        count = len(standing)
        self.rank = {player: index for index, player in enumerate(standing)}
        # How much more often than their least-sat wind each player sat in each wind.
        self.excess = {
            player: tuple(n - min(counts) for n in counts) for player, counts in winds.items()
        }
        # The weights, each larger than all that the ones below it can add up to in a round.
        most_excess = count * (max(sum(counts) for counts in winds.values()) + 1)
        most_met = max(meetings.values(), default=1)
        self.wind_weight = 6 * count**3  # over the largest total spread
        again_weight = self.wind_weight * (most_excess + 1)  # a pair's third meeting and on
        repeat_weight = again_weight * (count * (table_size - 1) // 2 * most_met + 1)
        # The cost of seating two players together again: a repeat, and more the more often.
        self.met: dict[PlayerId, dict[PlayerId, int]] = {player: {} for player in standing}
        for (a, b), times in meetings.items():
            if times and a in self.met and b in self.met:
                self.met[a][b] = self.met[b][a] = repeat_weight + again_weight * (times - 1)
        self.groups = [standing[i : i + table_size] for i in range(0, count, table_size)]
        self.costs = [0] * len(self.groups)
        self.own: dict[PlayerId, int] = {}  # each player's repeats and spread with table mates
        self.winds = [0] * len(self.groups)  # each table's wind excess
        for t in range(len(self.groups)):
            self._account(t)
        self.active = {t for t, cost in enumerate(self.costs) if cost >= self.wind_weight}

    def _account(self, t: int) -> None:
        """The cost of table `t`, from scratch."""
        group = self.groups[t]
        for seat, player in enumerate(group):
            self.own[player] = self._ties(player, group[:seat] + group[seat + 1 :])
        repeats = 0
        spread = 0
        for a, b in itertools.combinations(group, 2):
            repeats += self.met[a].get(b, 0)
            spread += (self.rank[a] - self.rank[b]) ** 2
        self.winds[t] = self._wind(group)
        self.costs[t] = repeats + self.wind_weight * self.winds[t] + spread

    def _wind(self, group: Iterable[PlayerId]) -> int:
        return _least_wind_excess(tuple(sorted(self.excess[player] for player in group)))

    def _ties(self, player: PlayerId, group: Iterable[PlayerId]) -> int:
        """Repeats and spread, weighted, between `player` and the players of `group`."""
        met, rank = self.met[player], self.rank[player]
        return sum(met.get(other, 0) + (rank - self.rank[other]) ** 2 for other in group)

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
        """Moves player `i` of table `a` if a swap gains: the tables nearest in the standings
        are tried first, and the first table with a gain takes the best swap it offers."""
        groups, ww = self.groups, self.wind_weight
        p = groups[a][i]
        rest_a = groups[a][:i] + groups[a][i + 1 :]
        p_now = self.own[p]
        # A table with no repeat and no wind excess gains only Swissness, from tables near it
        # in the standings; a table with either looks at them all.
        reach = len(groups) if self.costs[a] >= ww else NEAR
        for b in _nearest_first(a, len(groups), reach):
            gb = groups[b]
            p_into_b = self._ties(p, gb)
            winds_now = ww * (self.winds[a] + self.winds[b])
            choice: tuple[int, int] | None = None  # gain, j
            for j, q in enumerate(gb):
                rest_b = gb[:j] + gb[j + 1 :]
                # The change of repeats and spread when p and q change places.
                before = p_now + self.own[q]
                after = self._ties(q, rest_a) + p_into_b - self._ties(p, (q,))
                bound = before - after + winds_now  # the gain if no wind excess were left
                if bound <= (choice[0] if choice else 0):
                    continue
                gain = bound - ww * (self._wind([*rest_a, q]) + self._wind([*rest_b, p]))
                if gain > (choice[0] if choice else 0):
                    choice = (gain, j)
            if choice is not None:
                j = choice[1]
                groups[a][i], groups[b][j] = groups[b][j], groups[a][i]
                self._account(a)
                self._account(b)
                self.active |= {a, b}
                return

    def shake(self, rng: random.Random) -> None:
        """A few random swaps, each with a player of a table that still has a repeat or a
        wind sat too often."""
        bad = [t for t, cost in enumerate(self.costs) if cost >= self.wind_weight]
        for a in rng.sample(bad, min(len(bad), 3)):
            b = rng.choice([t for t in range(len(self.groups)) if t != a])
            i, j = rng.randrange(len(self.groups[a])), rng.randrange(len(self.groups[b]))
            self.groups[a][i], self.groups[b][j] = self.groups[b][j], self.groups[a][i]
            self._account(a)
            self._account(b)
            self.active |= {a, b}


def _nearest_first(table: int, tables: int, reach: int) -> Iterator[int]:
    """The other tables up to `reach` away from `table`, nearest first.

    >>> list(_nearest_first(1, 4, 4)), list(_nearest_first(1, 4, 1))
    ([0, 2, 3], [0, 2])
    """
    for distance in range(1, min(reach, tables - 1) + 1):
        for other in (table - distance, table + distance):
            if 0 <= other < tables:
                yield other


@functools.cache
def _least_wind_excess(excess: tuple[tuple[int, ...], ...]) -> int:
    """The least total excess of the winds a table's players can take, one wind each (the
    excess of a wind: how much more often than their least-sat wind a player sat there)."""
    size = len(excess)
    return min(
        sum(e[seat] for e, seat in zip(excess, order, strict=True))
        for order in itertools.permutations(range(size))
    )
