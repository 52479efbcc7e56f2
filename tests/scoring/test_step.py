"""The engine steps: replaying a record is folding `step` over its hands, and the state
between two hands survives JSON, so a service can store it and step it later."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rulesets.registry import PRESETS
from scoring.errors import RecordError
from scoring.hand_input import read_hand
from scoring.record import parse_record
from scoring.replay import replay_game, replay_record
from scoring.step import GameState, closed, final_settlement, step
from tests.scoring.strategies import game_records

TOBI_FIRST = {"result": {"kind": "ron", "loser": 2, "wins": [{"winner": 1, "yakuman": 2}]}}


@pytest.mark.parametrize("ruleset", list(PRESETS.values()), ids=list(PRESETS))
@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_folding_step_over_stored_states_equals_the_replay(ruleset: Any, data: Any) -> None:
    """Every preset: each hand stepped from the state stored (as JSON) after the one before
    gives the replay's outcomes, end and final settlement."""
    record = data.draw(game_records(ruleset))
    parsed = parse_record(record, presets=PRESETS)
    whole = replay_game(parsed)
    stored = json.dumps(GameState.start(parsed.start).to_dict())
    for index, hand in enumerate(parsed.hands):
        outcome, after = step(GameState.from_dict(json.loads(stored)), hand,
                              ruleset=parsed.ruleset)
        assert outcome == whole.hands[index]
        stored = json.dumps(after.to_dict())
    state = GameState.from_dict(json.loads(stored))
    if parsed.finished:
        state = closed(state)
    assert state == whole.state
    assert final_settlement(state, ruleset=parsed.ruleset) == whole.final


def test_the_error_names_the_earliest_hand_that_cannot_follow():
    """A game that ended (tobi) at hand 0 is refused at hand 1, not for a ruleset error at a
    later hand: the valid prefix is not blamed for what comes after it."""
    bad_for_the_ruleset = {"result": {"kind": "ron", "loser": 2,
                                      "wins": [{"winner": 1, "han": 1, "fu": 20}]}}
    record = {"format": "tenbo-game/1", "ruleset": "standard", "players": ["A", "B", "C", "D"],
              "start": {"scores": [25000, 25000, 20000, 30000]},
              "hands": [TOBI_FIRST] + [{"result": {"kind": "draw", "tenpai": []}}] * 18
              + [bad_for_the_ruleset]}
    with pytest.raises(RecordError) as raised:
        replay_record(record, presets=PRESETS)
    assert (raised.value.hand, raised.value.code) == (1, "hand_after_end")


def test_a_hand_after_the_end_is_refused_by_the_step():
    ruleset = PRESETS["standard"]
    state = GameState.start(parse_record(
        {"format": "tenbo-game/1", "ruleset": "standard", "players": ["A", "B", "C", "D"],
         "hands": []}, presets=PRESETS).start)
    hand = read_hand(TOBI_FIRST, index=0, ruleset=ruleset, seats=4)
    _, after = step(state, hand, ruleset=ruleset)
    assert after.end is not None and after.hands == 1
    with pytest.raises(RecordError) as raised:
        step(after, hand, ruleset=ruleset)
    assert raised.value.code == "hand_after_end" and raised.value.hand == 1
