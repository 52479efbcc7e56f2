"""The local search of a later round's seating (parlor.domain.tournament_seating's docstring
says what it looks for): tables cut from the standings, then swaps of two players of
different tables while one lowers the cost, shaken by a few seeded random swaps when it
stalls with something left to fix.

Pure Python, deterministic for a given random generator.
"""

from __future__ import annotations

import functools
import itertools
import random
from collections.abc import Iterable, Iterator, Mapping

PlayerId = int  # an entry's id in the event
Pair = tuple[PlayerId, PlayerId]  # the smaller id first
NEAR = 2  # how far a table with nothing to fix looks for a better swap (tables away)
KICKS = 40  # shakes of the local search while repeats or wind excess remain (bounds its time)


def swiss_groups(
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
        if best_total < search.fix_weight or len(best) < 2:  # nothing left to fix, or to swap
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
        most_met = max(meetings.values(), default=1)
        pairs = count * (table_size - 1) // 2  # the pairs seated together in a round
        again_weight = 6 * count**3  # a pair's third meeting and on: over the largest spread
        repeat_weight = again_weight * (pairs * most_met + 1)
        self.fix_weight = repeat_weight  # the least a table with something to fix costs
        self.wind_weight = pairs * (repeat_weight + again_weight * most_met) + again_weight
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
        self.active = {t for t, cost in enumerate(self.costs) if cost >= self.fix_weight}

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
        reach = len(groups) if self.costs[a] >= self.fix_weight else NEAR
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
        bad = [t for t, cost in enumerate(self.costs) if cost >= self.fix_weight]
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
