"""A chombo taken from the result at the final settlement (精算時の減点: M.League, JPML, EMA)
is a deduction (罰符), kept apart from the bonuses (tobi bonus) from the hand to the end."""

from __future__ import annotations

import pytest

from rulesets.registry import PRESETS
from scoring.facts import Chombo, Draw, Hand, TableState
from scoring.settle import settle_hand
from scoring.step import GameState, final_settlement, step

START = TableState("E", 1, dealer=0, honba=0, sticks=0, scores=(25000,) * 4)


@pytest.mark.parametrize(("preset", "hand", "deductions"), [
    pytest.param("mleague", Hand(result=Chombo(offender=2)), (0, 0, -20000, 0),
                 id="mleague-chombo-owes-20p-at-the-end"),
    pytest.param("ema", Hand(result=Chombo(offender=1)), (0, -20000, 0, 0),
                 id="ema-chombo-owes-20p-at-the-end"),
    pytest.param("jpml-a", Hand(result=Draw(tenpai=(0,)), riichi=(3,)), (0, 0, 0, -20000),
                 id="jpml-noten-riichi-is-a-chombo-owed-at-the-end"),
    pytest.param("standard", Hand(result=Chombo(offender=2)), (0, 0, 0, 0),
                 id="standard-chombo-is-paid-at-the-table-not-deducted"),
])
def test_a_chombo_hand_names_its_deduction(preset: str, hand: Hand,
                                           deductions: tuple[int, ...]) -> None:
    settled = settle_hand(START, hand, ruleset=PRESETS[preset])
    assert (settled.deductions or (0,) * 4) == deductions
    assert not any(settled.bonuses)


def test_the_deduction_is_carried_to_the_final_settlement_and_not_as_a_bonus() -> None:
    mleague = PRESETS["mleague"]
    state = GameState.start(START)
    _, state = step(state, Hand(result=Chombo(offender=2)), ruleset=mleague)
    assert state.deductions == (0, 0, -20000, 0)
    assert GameState.from_dict(state.to_dict()) == state
    final = final_settlement(GameState.from_dict({**state.to_dict(), "end": "finished"}),
                             ruleset=mleague)
    assert final is not None
    assert final.deductions == (0, 0, -20000, 0)
    assert final.bonuses == (0, 0, 0, 0)
    assert sum(final.total) == -20000


def test_a_state_stored_before_deductions_were_kept_apart_still_reads() -> None:
    stored = GameState.start(START).to_dict()
    del stored["deductions"]
    assert GameState.from_dict(stored).deductions == (0, 0, 0, 0)
