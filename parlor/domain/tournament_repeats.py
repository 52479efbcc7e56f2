"""How few repeat meetings a tournament can have: exact searches to hold the seating against.

A repeat meeting (再戦) is a pair of players at one table who sat together in an earlier round;
over an event, each pair counts the times it sat together after the first. Two searches:

- `least_round_repeats`: the fewest pairs that met before a single round can seat together,
  given the earlier rounds (the most the generator can do for that round, as it seats one round
  at a time without knowing the results to come);
- `least_event_repeats`: the fewest repeat meetings a whole event of `rounds` rounds can have.
  It starts from a lower bound that counts the meetings each player must have
  (`repeats_lower_bound`), and asks, for each number from there up, whether a schedule with no
  more repeats exists, by a depth-first search: the first round is fixed (any first round is
  the same as any other up to the players' names), then each table takes the first player not
  yet seated and the companions with the fewest repeats first. The first number for which a
  schedule is found is the minimum, proven, as every smaller one was searched through.

Both searches are exact but bounded: they count the seatings they try (the nodes) and stop at
`node_budget`. A search cut short returns `proven=False` with the best it knows (for the event,
the lower bound so far and no schedule). Examples the tests use: 16 players, 4 rounds (0: an
affine plane of order 4 has 5 rounds of 4 tables with no repeat); 32 players, 4 rounds (0: a
social-golfer schedule); 12 players, 3 rounds (6: every later table takes two players of one
first-round table).
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass

from parlor.domain.tournament_search import Pair, PlayerId
from parlor.domain.tournament_seating import Round, pair

NODE_BUDGET = 2_000_000  # seatings tried before a search gives up (a few seconds at most)


@dataclass(frozen=True, slots=True)
class RoundSearch:
    repeats: int  # the fewest pairs that met before seated together (or the fewest found)
    proven: bool  # False: the budget ran out before every seating was looked at
    seating: Round  # a seating with that many


@dataclass(frozen=True, slots=True)
class EventSearch:
    repeats: int  # the minimum when proven, else a lower bound
    proven: bool
    schedule: tuple[Round, ...]  # a schedule with that many repeats; () when not proven


class _OutOfBudget(Exception):
    pass


class _Counter:
    def __init__(self, budget: int) -> None:
        self.left = budget

    def tick(self) -> None:
        self.left -= 1
        if self.left < 0:
            raise _OutOfBudget


def repeats_lower_bound(players: int, rounds: int, *, table_size: int = 4) -> int:
    """A lower bound on an event's repeat meetings, the larger of two counts:

    - each player meets `table_size - 1` players a round, and only `players - 1` of them for
      the first time;
    - with fewer tables than seats at a table, each later table must take two players or
      more from one table of the first round: at best, spread over them as evenly as can be.

    >>> repeats_lower_bound(8, 3), repeats_lower_bound(12, 3), repeats_lower_bound(32, 4)
    (8, 6, 0)
    """
    extra = rounds * (table_size - 1) - (players - 1)
    by_meetings = -(-players * max(0, extra) // 2)
    tables = players // table_size
    share, more = divmod(table_size, tables)  # first-round tables with share + 1 players
    crowded = more * (share + 1) * share // 2 + (tables - more) * share * (share - 1) // 2
    by_first_round = (rounds - 1) * tables * crowded
    return max(by_meetings, by_first_round)


def least_round_repeats(
    players: Sequence[PlayerId],
    meetings: Mapping[Pair, int],
    *,
    table_size: int = 4,
    node_budget: int = NODE_BUDGET,
    winds: Mapping[PlayerId, tuple[int, ...]] | None = None,
) -> RoundSearch:
    """The fewest pairs that met before (`meetings`) one round of `players` must seat
    together, by branch and bound; with `winds` (each player's counts per wind), among the
    seatings whose every table lets each player take a wind they sat in least.

    >>> least_round_repeats([1, 2, 3, 4, 5, 6], {(1, 2): 1, (3, 4): 1}, table_size=3).repeats
    0
    """
    met = {pair(a, b) for (a, b), times in meetings.items() if times}
    counter = _Counter(node_budget)
    best: list[tuple[int, Round]] = []  # the best found so far

    def limit() -> int:
        return best[-1][0] - 1 if best else len(players) * table_size

    def search(remaining: list[PlayerId], seated: list[tuple[PlayerId, ...]], used: int) -> None:
        if not remaining:
            best.append((used, tuple(seated)))
            return
        for group, added in _tables(remaining, met, table_size, limit() - used):
            counter.tick()
            if winds is not None and not winds_balance(group, winds):
                continue
            rest = [p for p in remaining if p not in group]
            search(rest, [*seated, group], used + added)
            if best and best[-1][0] == 0:
                return

    try:
        search(sorted(players), [], 0)
        proven = True
    except _OutOfBudget:
        proven = False
    repeats, seating = best[-1] if best else (-1, ())
    return RoundSearch(repeats=repeats, proven=proven, seating=seating)


def winds_balance(group: Sequence[PlayerId], winds: Mapping[PlayerId, tuple[int, ...]]) -> bool:
    """Whether each player of `group` can take a seat wind they sat in least, one wind each.

    >>> winds_balance((1, 2), {1: (1, 0), 2: (1, 0)}), winds_balance((1, 2), {1: (1, 0), 2: (0, 1)})
    (False, True)
    """
    size = len(group)
    return any(
        all(winds[p][seat] == min(winds[p]) for p, seat in zip(group, order, strict=True))
        for order in itertools.permutations(range(size))
    )


def least_event_repeats(
    players: int, rounds: int, *, table_size: int = 4, node_budget: int = NODE_BUDGET
) -> EventSearch:
    """The fewest repeat meetings of an event of `players` (numbered 0 to players - 1) over
    `rounds` rounds (the module's docstring); `node_budget` bounds each number's search.

    >>> found = least_event_repeats(8, 3)
    >>> found.repeats, found.proven, len(found.schedule)
    (8, True, 3)
    """
    first: Round = tuple(
        tuple(range(start, start + table_size)) for start in range(0, players, table_size)
    )
    target = repeats_lower_bound(players, rounds, table_size=table_size)
    while True:
        counter = _Counter(node_budget)
        try:
            schedule = _schedule(first, rounds, table_size, target, counter)
        except _OutOfBudget:
            return EventSearch(repeats=target, proven=False, schedule=())
        if schedule is not None:
            return EventSearch(repeats=target, proven=True, schedule=schedule)
        target += 1


def _schedule(
    first: Round, rounds: int, table_size: int, target: int, counter: _Counter
) -> tuple[Round, ...] | None:
    """A schedule that starts with `first` and has at most `target` repeat meetings."""
    players = sorted(p for table in first for p in table)

    def seat(done: tuple[Round, ...], met: frozenset[Pair], used: int) -> tuple[Round, ...] | None:
        if len(done) == rounds:
            return done
        for seating, added in _rounds(players, met, table_size, target - used, counter):
            pairs = {pair(a, b) for table in seating for a, b in itertools.combinations(table, 2)}
            found = seat((*done, seating), met | pairs, used + added)
            if found is not None:
                return found
        return None

    met = frozenset(pair(a, b) for table in first for a, b in itertools.combinations(table, 2))
    return seat((first,), met, 0)


def _rounds(
    remaining: list[PlayerId],
    met: frozenset[Pair],
    table_size: int,
    allowed: int,
    counter: _Counter,
) -> Iterator[tuple[Round, int]]:
    """Every seating of `remaining` with at most `allowed` pairs that met, and its count."""
    if not remaining:
        yield (), 0
        return
    for group, added in _tables(remaining, met, table_size, allowed):
        counter.tick()
        rest = [p for p in remaining if p not in group]
        for seating, more in _rounds(rest, met, table_size, allowed - added, counter):
            yield (group, *seating), added + more


def _tables(
    remaining: list[PlayerId], met: set[Pair] | frozenset[Pair], table_size: int, allowed: int
) -> list[tuple[tuple[PlayerId, ...], int]]:
    """The tables the first of `remaining` can sit at with at most `allowed` pairs that met,
    the fewest first."""
    head, others = remaining[0], remaining[1:]
    options = []
    for companions in itertools.combinations(others, table_size - 1):
        group = (head, *companions)
        added = sum(1 for a, b in itertools.combinations(group, 2) if pair(a, b) in met)
        if added <= allowed:
            options.append((group, added))
    options.sort(key=lambda option: option[1])
    return options
