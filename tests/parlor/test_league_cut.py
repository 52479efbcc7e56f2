"""A league's stage standings, carry-over (持ち越し) and cut, as pure functions: examples for
the tie-break, and properties for any stage."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from parlor.domain.league_cut import (
    CarryOver,
    StageEntrant,
    carried,
    stage_cut,
    stage_standings,
)
from parlor.errors import InvalidInput

totals = st.integers(min_value=-2000, max_value=2000)


@given(totals)
def test_half_carries_half_toward_zero_and_full_carries_all(total):
    half = carried(total, policy=CarryOver.HALF)
    assert abs(total - 2 * half) <= 1 and abs(half) <= abs(total)
    assert half * total >= 0  # never changes sign
    assert carried(total, policy=CarryOver.FULL) == total
    assert carried(total, policy=CarryOver.NONE) == 0


@st.composite
def stages(draw):
    count = draw(st.integers(min_value=1, max_value=20))
    entrants = [
        StageEntrant(n, f"P{n}", carried_in=draw(totals), order=draw(st.integers(0, 5)))
        for n in range(1, count + 1)
    ]
    sessions = draw(
        st.lists(st.dictionaries(st.sampled_from(range(1, count + 1)), totals), max_size=4)
    )
    return entrants, sessions


@given(stages(), st.data())
def test_the_cut_keeps_the_top_n_by_the_stated_order(stage, data):
    entrants, sessions = stage
    lines = stage_standings(entrants, sessions)
    assert [line.rank for line in lines] == list(range(1, len(entrants) + 1))
    for line, entrant in zip(
        sorted(lines, key=lambda line: line.player_id), sorted(entrants, key=lambda e: e.player_id)
    ):
        assert line.total == entrant.carried_in + sum(s.get(line.player_id, 0) for s in sessions)
        assert len(line.sessions) == len(sessions)
    order = {e.player_id: e.order for e in entrants}
    keys = [(-line.total, -line.best_session, order[line.player_id]) for line in lines]
    assert keys == sorted(keys)
    advance = data.draw(st.integers(min_value=1, max_value=len(entrants)))
    policy = data.draw(st.sampled_from(list(CarryOver)))
    cut = stage_cut(lines, advance=advance, policy=policy)
    going = [player for player, _points in cut.advancing]
    assert len(going) == advance and set(going).isdisjoint(cut.out)
    assert set(going) | set(cut.out) == {e.player_id for e in entrants}
    total_of = {line.player_id: line.total for line in lines}
    if cut.out:
        assert min(total_of[p] for p in going) >= max(total_of[p] for p in cut.out)
    assert all(points == carried(total_of[p], policy=policy) for p, points in cut.advancing)


def test_a_tie_goes_to_the_best_session_then_the_earlier_registration():
    entrants = [StageEntrant(n, f"P{n}", order=10 - n) for n in (1, 2, 3)]
    # All three end on 20; P1 and P2 share the best session (30), P2 registered first.
    lines = stage_standings(entrants, [{1: 30, 2: -10, 3: 25}, {1: -10, 2: 30, 3: -5}])
    assert [line.player_id for line in lines] == [2, 1, 3]
    cut = stage_cut(lines, advance=1, policy=CarryOver.NONE)
    assert cut.advancing == ((2, 0),) and cut.out == (1, 3)


def test_it_refuses_a_total_of_a_player_not_in_the_stage():
    with pytest.raises(InvalidInput) as refused:
        stage_standings([StageEntrant(1, "P1")], [{1: 10, 9: 5}])
    assert refused.value.code == "league_unknown_player"


@pytest.mark.parametrize("advance", [0, 3])
def test_it_refuses_a_cut_larger_than_the_stage_or_of_nobody(advance):
    lines = stage_standings([StageEntrant(1, "P1"), StageEntrant(2, "P2")], [])
    with pytest.raises(InvalidInput) as refused:
        stage_cut(lines, advance=advance, policy=CarryOver.FULL)
    assert refused.value.code == "league_cut_size"
