"""The invariants of rules README §3.9 over random rulesets: every field of the schema at a
random value, not only the presets' values."""

from __future__ import annotations

from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scoring.record import parse_record
from scoring.replay import replay_game
from scoring.ruleset import LeftoverSticks, Ruleset
from tests.scoring.random_rulesets import random_rulesets
from tests.scoring.strategies import game_records

RANDOM_SETTINGS = settings(max_examples=120, deadline=None,
                           suppress_health_check=[HealthCheck.too_slow,
                                                  HealthCheck.data_too_large])


def random_game(data: Any) -> tuple[Ruleset, Any]:
    ruleset = data.draw(random_rulesets())
    record = data.draw(game_records(ruleset, max_hands=20))
    return ruleset, replay_game(parse_record(record, presets={ruleset.id: ruleset}))


@RANDOM_SETTINGS
@given(data=st.data())
def test_every_hand_balances_against_the_sticks(data: Any) -> None:
    ruleset, game = random_game(data)
    for h in game.hands:
        moved = ruleset.riichi_stick * (h.before.sticks - h.settled.sticks_after)
        assert sum(h.settled.deltas) == moved


@RANDOM_SETTINGS
@given(data=st.data())
def test_scores_chain_and_every_payment_is_a_multiple_of_the_point_unit(data: Any) -> None:
    ruleset, game = random_game(data)
    scores = game.record.start.scores
    for h in game.hands:
        assert h.before.scores == scores
        for t in h.settled.transfers:
            assert t.amount > 0 and t.amount % ruleset.point_unit == 0, t
        scores = tuple(s + d for s, d in zip(scores, h.settled.deltas, strict=True))
        if h.next_state is not None:
            assert h.next_state.scores == scores


@RANDOM_SETTINGS
@given(data=st.data())
def test_the_final_settlement_sums_to_zero_less_what_leaves_the_game(data: Any) -> None:
    ruleset, game = random_game(data)
    if game.final is None:
        return
    final = game.final
    lost = 0
    if ruleset.leftover_sticks_at_end is LeftoverSticks.LOST:
        lost = game.hands[-1].settled.sticks_after * ruleset.riichi_stick if game.hands else 0
    # Bonuses sum to zero but for chombo deductions that leave the game (JPML, EMA, WRC).
    assert sum(final.total) == sum(final.bonuses) + sum(final.deductions) - lost
    assert sum(final.uma) == 0
    assert sum(final.chips) == 0
