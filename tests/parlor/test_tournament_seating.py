"""Seating a tournament's rounds (parlor.domain.tournament_seating), held against the exact
searches of parlor.domain.tournament_repeats."""

from __future__ import annotations

import itertools
import random
from collections.abc import Mapping

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from parlor.domain.tournament_repeats import least_event_repeats, least_round_repeats
from parlor.domain.tournament_seating import (
    Round,
    SeatingError,
    SeatingPlayer,
    history,
    repeat_meetings,
    round_repeats,
    round_seating,
    seating_check,
)
from parlor.errors import InvalidInput


def play_event(
    players: int, rounds: int, *, seed: int, table_size: int = 4, results_seed: int = 0
) -> list[Round]:
    """Seats `rounds` rounds one after the other, as the director does, with made-up scores
    between them (random, from `results_seed`)."""
    scores = dict.fromkeys(range(1, players + 1), 0)
    dice = random.Random(results_seed)
    played: list[Round] = []
    for number in range(1, rounds + 1):
        before = history(played, table_size=table_size)
        entries = [SeatingPlayer(p, score=scores[p], winds=before.winds.get(p, ())) for p in scores]
        seating = round_seating(
            entries, number, meetings=before.meetings, seed=seed, table_size=table_size
        )
        played.append(seating)
        for table in seating:
            for place, player in enumerate(sorted(table, key=lambda _: dice.random())):
                scores[player] += (len(table) - 2 * place) * 10 + dice.randint(0, 9)
    return played


def pairs_counted_by_rounds(rounds: list[Round]) -> int:
    """Repeat meetings counted another way than the module does: for each pair of players,
    the rounds in which some table holds both, less one."""
    players = sorted({p for seating in rounds for table in seating for p in table})
    total = 0
    for a, b in itertools.combinations(players, 2):
        together = sum(
            1 for seating in rounds if any(a in table and b in table for table in seating)
        )
        total += max(0, together - 1)
    return total


def wind_excess(order: tuple[int, ...], winds: Mapping[int, tuple[int, ...]]) -> int:
    """How much more often than their least-sat wind the players sat in the seats of `order`."""
    return sum(winds[p][seat] - min(winds[p]) for seat, p in enumerate(order))


# Every round seats everyone, in full tables


@settings(max_examples=60, deadline=None)
@given(
    table_size=st.sampled_from([3, 4]),
    tables=st.integers(min_value=1, max_value=7),
    rounds=st.integers(min_value=1, max_value=4),
    seed=st.integers(min_value=0, max_value=10**6),
    results_seed=st.integers(min_value=0, max_value=10**6),
)
def test_every_player_sits_once_a_round_at_a_full_table(
    table_size: int, tables: int, rounds: int, seed: int, results_seed: int
) -> None:
    players = tables * table_size
    played = play_event(
        players, rounds, seed=seed, table_size=table_size, results_seed=results_seed
    )
    assert len(played) == rounds
    for seating in played:
        assert len(seating) == tables
        assert all(len(table) == table_size for table in seating)
        seated = [p for table in seating for p in table]
        assert sorted(seated) == list(range(1, players + 1))
    assert repeat_meetings(played) == pairs_counted_by_rounds(played)


@settings(max_examples=30, deadline=None)
@given(
    tables=st.integers(min_value=1, max_value=6),
    rounds=st.integers(min_value=1, max_value=4),
    seed=st.integers(min_value=0, max_value=10**6),
)
def test_the_same_seed_and_results_give_the_same_seating(
    tables: int, rounds: int, seed: int
) -> None:
    first = play_event(tables * 4, rounds, seed=seed, results_seed=seed)
    again = play_event(tables * 4, rounds, seed=seed, results_seed=seed)
    assert first == again


def test_the_first_round_is_drawn_from_the_seed() -> None:
    players = [SeatingPlayer(p) for p in range(1, 33)]
    draws = {round_seating(players, 1, seed=seed) for seed in range(10)}
    assert len(draws) == 10
    in_id_order = tuple(tuple(range(s, s + 4)) for s in range(1, 33, 4))
    assert in_id_order not in draws


# Swiss: players of similar standing together


def test_a_later_round_seats_the_standings_in_order_when_no_one_has_met() -> None:
    players = [SeatingPlayer(p, score=(p * 37) % 101) for p in range(1, 17)]
    standing = [p.player_id for p in sorted(players, key=lambda p: -p.score)]
    seating = round_seating(players, 2)
    assert [sorted(table) for table in seating] == [
        sorted(standing[i : i + 4]) for i in range(0, 16, 4)
    ]


def test_a_pair_that_met_is_split_by_the_smallest_move_in_the_standings() -> None:
    players = [SeatingPlayer(p, score=100 - p) for p in range(1, 13)]
    seating = round_seating(players, 2, meetings={(1, 2): 1})
    assert round_repeats(seating, {(1, 2): 1}) == 0
    # 2 changes places with 5, the first player of the next table.
    assert [sorted(table) for table in seating] == [[1, 3, 4, 5], [2, 6, 7, 8], [9, 10, 11, 12]]


# As few repeat meetings as possible


@pytest.mark.parametrize("seed", [0, 1, 2, 3])
def test_32_players_over_4_rounds_meet_no_one_twice_as_the_search_finds_possible(
    seed: int,
) -> None:
    least = least_event_repeats(32, 4)
    assert least.proven
    played = play_event(32, 4, seed=seed, results_seed=seed)
    assert repeat_meetings(played) == least.repeats == 0


@pytest.mark.parametrize(
    ("players", "rounds", "table_size"),
    [(8, 3, 4), (12, 3, 4), (16, 4, 4), (12, 4, 3), (9, 3, 3)],
)
@pytest.mark.parametrize("seed", [0, 1])
def test_each_round_has_the_fewest_repeats_the_earlier_rounds_and_balanced_winds_allow(
    players: int, rounds: int, table_size: int, seed: int
) -> None:
    played = play_event(players, rounds, seed=seed, table_size=table_size, results_seed=seed)
    for number in range(1, rounds):
        before = history(played[:number], table_size=table_size)
        everyone = list(range(1, players + 1))
        least = least_round_repeats(
            everyone, before.meetings, table_size=table_size, winds=before.winds
        )
        assert least.proven
        assert round_repeats(played[number], before.meetings) == least.repeats
        # Winds come first: the repeats they cost are at least the fewest without them.
        free = least_round_repeats(everyone, before.meetings, table_size=table_size)
        assert free.proven and free.repeats <= least.repeats
    event = least_event_repeats(players, rounds, table_size=table_size)
    assert event.proven
    assert repeat_meetings(played) >= event.repeats


def test_a_forced_repeat_falls_on_a_pair_that_met_once_rather_than_twice() -> None:
    # 8 players: whatever the seating, some pairs meet again; (1, 2) met twice already.
    meetings = {pair: 1 for pair in itertools.combinations(range(1, 9), 2)}
    meetings[(1, 2)] = 2
    players = [SeatingPlayer(p, score=100 - p) for p in range(1, 9)]
    seating = round_seating(players, 3, meetings=meetings)
    assert not any(1 in table and 2 in table for table in seating)


# Seat winds


@pytest.mark.parametrize("seed", [0, 1, 2, 3, 4])
def test_over_4_rounds_everyone_sits_in_each_wind_once(seed: int) -> None:
    played = play_event(32, 4, seed=seed, results_seed=seed)
    winds = history(played).winds
    assert all(counts == (1, 1, 1, 1) for counts in winds.values()), winds


@settings(max_examples=40, deadline=None)
@given(
    table_size=st.sampled_from([3, 4]),
    tables=st.integers(min_value=1, max_value=10),
    seed=st.integers(min_value=0, max_value=10**6),
    results_seed=st.integers(min_value=0, max_value=10**6),
)
def test_over_8_rounds_no_ones_wind_counts_differ_by_more_than_one(
    table_size: int, tables: int, seed: int, results_seed: int
) -> None:
    """What the seating guarantees when everyone plays every round (no substitute): after
    each round, each player's counts per wind differ by 1 at most, so after a multiple of
    the table's size in rounds (4; 3 at three-player tables) they are all equal."""
    played = play_event(
        tables * table_size, 8, seed=seed, table_size=table_size, results_seed=results_seed
    )
    for number in range(1, 9):
        winds = history(played[:number], table_size=table_size).winds
        assert all(max(counts) - min(counts) <= 1 for counts in winds.values()), (number, winds)
        if number % table_size == 0:
            assert all(len(set(counts)) == 1 for counts in winds.values()), (number, winds)


@settings(max_examples=40, deadline=None)
@given(
    table_size=st.sampled_from([3, 4]),
    tables=st.integers(min_value=1, max_value=6),
    rounds=st.integers(min_value=2, max_value=6),
    seed=st.integers(min_value=0, max_value=10**6),
)
def test_no_other_seat_order_at_a_table_spreads_the_winds_better(
    table_size: int, tables: int, rounds: int, seed: int
) -> None:
    played = play_event(tables * table_size, rounds, seed=seed, table_size=table_size)
    for number in range(1, rounds):
        winds = history(played[:number], table_size=table_size).winds
        for table in played[number]:
            least = min(wind_excess(o, winds) for o in itertools.permutations(table))
            assert wind_excess(table, winds) == least


# Three-player tables


def test_three_player_tables_seat_three_in_east_south_west() -> None:
    players = [SeatingPlayer(p, winds=(1, 0, 0)) for p in range(1, 10)]
    seating = round_seating(players, 2, table_size=3)
    assert all(len(table) == 3 for table in seating)
    assert history([seating], table_size=3).winds[1] in {(1, 0, 0), (0, 1, 0), (0, 0, 1)}


# Input a person must fix


def test_players_that_do_not_fill_the_tables_are_refused_with_what_to_do() -> None:
    players = [SeatingPlayer(p) for p in range(1, 31)]
    with pytest.raises(SeatingError) as refused:
        round_seating(players, 1)
    assert isinstance(refused.value, ValueError)
    assert isinstance(refused.value, InvalidInput)
    assert refused.value.code == "seating_player_count"
    assert "30 players" in refused.value.message
    assert "add 2 substitute(s) or drop 2 player(s)" in refused.value.message
    assert refused.value.params == {"players": 30, "table_size": 4, "short": 2}


@pytest.mark.parametrize(
    ("players", "kwargs", "code"),
    [
        (
            [SeatingPlayer(1), SeatingPlayer(1), SeatingPlayer(2), SeatingPlayer(3)],
            {},
            "seating_duplicate_player",
        ),
        ([SeatingPlayer(p) for p in range(1, 6)], {"table_size": 5}, "seating_table_size"),
        ([SeatingPlayer(p) for p in range(1, 5)], {"round_number": 0}, "seating_round_number"),
        ([SeatingPlayer(p, winds=(1, 0, 0)) for p in range(1, 5)], {}, "seating_winds"),
        ([], {}, "seating_player_count"),
    ],
)
def test_bad_input_is_refused_with_its_reason(
    players: list[SeatingPlayer], kwargs: dict[str, int], code: str
) -> None:
    number = kwargs.pop("round_number", 1)
    with pytest.raises(SeatingError) as refused:
        round_seating(players, number, **kwargs)
    assert refused.value.code == code


# A seating the director gives


def test_a_directors_seating_that_seats_everyone_once_passes() -> None:
    seating = round_seating([SeatingPlayer(p) for p in range(1, 13)], 1, seed=3)
    seating_check(seating, range(1, 13))
    seating_check(((3, 1, 2),), [1, 2, 3], table_size=3)


@pytest.mark.parametrize(
    ("seating", "code", "words"),
    [
        (((1, 2, 3, 4), (5, 6, 7)), "seating_table_not_full", "table 2 has 3 players, not 4"),
        (
            ((1, 2, 3, 4), (5, 6, 7, 7)),
            "seating_not_everyone_once",
            "player 7 has two seats; player 8 has none",
        ),
        (
            ((1, 2, 3, 4), (5, 6, 7, 9)),
            "seating_not_everyone_once",
            "player 9 is not in this round; player 8 has no seat",
        ),
    ],
)
def test_a_directors_seating_with_a_mistake_is_refused_naming_it(
    seating: Round, code: str, words: str
) -> None:
    with pytest.raises(SeatingError) as refused:
        seating_check(seating, range(1, 9))
    assert refused.value.code == code
    assert refused.value.message == words
