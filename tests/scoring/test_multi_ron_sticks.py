"""Who takes the sticks on a double ron (multi_ron_sticks_to)."""

from __future__ import annotations

import pytest

from rulesets.registry import PRESETS
from scoring.errors import RulesetError
from scoring.facts import Hand, Ron, TableState, Win
from scoring.ledger import Reason
from scoring.ruleset import Ruleset
from scoring.settle import settle_hand


def custom(**changes: object) -> Ruleset:
    return Ruleset.from_dict({"base": "standard", "id": "house", **changes}, presets=PRESETS)


def sticks_taken(ruleset: Ruleset, *, on_table: int, riichi: tuple[int, ...]) -> dict[int, int]:
    # Seat 0 deals into seats 1 and 3 (head order from seat 0: 1, then 3).
    state = TableState("E", 1, dealer=0, honba=0, sticks=on_table, scores=(25000,) * 4)
    hand = Hand(result=Ron(loser=0, wins=(Win(winner=3, han=1, fu=30),
                                          Win(winner=1, han=1, fu=30))), riichi=riichi)
    taken: dict[int, int] = {}
    for t in settle_hand(state, hand, ruleset=ruleset).transfers:
        if t.reason is Reason.STICKS:
            assert t.payee is not None
            taken[t.payee] = taken.get(t.payee, 0) + t.amount
    return taken


@pytest.mark.parametrize(("rule", "on_table", "riichi", "expected"), [
    pytest.param("head", 1, (1, 3), {1: 3000}, id="head-winner-takes-every-stick"),
    pytest.param("each", 1, (1, 3), {1: 2000, 3: 1000},
                 id="each-splits-whole-sticks-odd-one-to-the-head"),
    pytest.param("each", 0, (1, 3), {1: 1000, 3: 1000}, id="each-splits-two-sticks-evenly"),
    pytest.param("own_then_head", 1, (3,), {1: 1000, 3: 1000},
                 id="own-then-head-gives-back-the-winners-own-stick"),
    pytest.param("own_then_head", 2, (1, 2), {1: 4000},
                 id="own-then-head-a-losers-stick-goes-to-the-head"),
])
def test_sticks_on_a_double_ron(rule: str, on_table: int, riichi: tuple[int, ...],
                                expected: dict[int, int]) -> None:
    assert sticks_taken(custom(multi_ron_sticks_to=rule), on_table=on_table,
                        riichi=riichi) == expected


def test_honba_cannot_be_given_back_as_own_sticks() -> None:
    with pytest.raises(RulesetError) as refused:
        custom(multi_ron_honba_to="own_then_head")
    assert refused.value.field == "multi_ron_honba_to"
