"""Final-settlement options: floating uma (浮き・沈みウマ), split ties (同点は分ける), a half
rounded up (四捨五入), and chombo as a deduction at the settlement (精算時の減点)."""

from __future__ import annotations

from typing import Any

import pytest

from rulesets.registry import PRESETS
from scoring.errors import RulesetError
from scoring.final import rounded_result, settle_game
from scoring.record import parse_record
from scoring.replay import replay_game
from scoring.ruleset import Ruleset

JPML_A_UMA = [[0, 0, 0, 0], [12, -1, -3, -8], [8, 4, -4, -8], [8, 3, 1, -12], [0, 0, 0, 0]]


def custom(base: str = "standard", **changes: Any) -> Ruleset:
    return Ruleset.from_dict({"base": base, "id": "house", **changes}, presets=PRESETS)


FLOATING = custom(start_points=30000, return_points=30000, uma=[0, 0, 0, 0],
                  uma_by_floaters=JPML_A_UMA, settlement_rounding="none")


@pytest.mark.parametrize(("scores", "expected"), [
    pytest.param((52000, 28000, 22000, 18000), (34000, -3000, -11000, -20000),
                 id="one-floater-takes-12-the-rest-sink-1-3-8"),
    pytest.param((45000, 31000, 24000, 20000), (23000, 5000, -10000, -18000),
                 id="two-floaters-take-8-and-4"),
    pytest.param((31000, 30000, 30000, 29000), (9000, 3000, 1000, -13000),
                 id="three-floaters-exactly-the-return-points-floats"),
])
def test_floating_uma_depends_on_how_many_finish_at_or_above_the_return_points(
        scores: tuple[int, ...], expected: tuple[int, ...]) -> None:
    settled = settle_game(scores, sticks=0, ruleset=FLOATING, dealer=3)
    assert settled.total == expected
    assert sum(settled.total) == 0


def test_floating_uma_replaces_rank_uma_so_rank_uma_must_be_zero() -> None:
    with pytest.raises(RulesetError) as refused:
        custom(uma_by_floaters=JPML_A_UMA)
    assert refused.value.field == "uma"


@pytest.mark.parametrize("rows", [
    pytest.param(JPML_A_UMA[:4], id="a-row-for-each-number-of-floaters"),
    pytest.param([*JPML_A_UMA[:4], [1, 0, 0, 0]], id="each-row-sums-to-zero"),
    pytest.param([*JPML_A_UMA[:4], [-1, 1, 0, 0]], id="each-row-falls-with-rank"),
])
def test_an_incoherent_floating_uma_is_refused(rows: list[list[int]]) -> None:
    with pytest.raises(RulesetError) as refused:
        custom(uma=[0, 0, 0, 0], uma_by_floaters=rows)
    assert refused.value.field.startswith("uma_by_floaters")


SPLIT = custom(tie_break="split")


@pytest.mark.parametrize(("scores", "sticks", "kicha", "split"), [
    pytest.param((41200, 27400, 27400, 4000), 0, (52000, 7000, -13000, -46000),
                 (52000, -3000, -3000, -46000), id="tied-second-and-third-share-their-uma"),
    pytest.param((34500, 34500, 20000, 10000), 1, (46000, 14000, -20000, -40000),
                 (30000, 30000, -20000, -40000),
                 id="tied-tops-share-oka-uma-and-the-leftover-stick"),
    pytest.param((30000, 30000, 30000, 10000), 0, (40000, 10000, -10000, -40000),
                 (13400, 13300, 13300, -40000),
                 id="a-three-way-tie-gives-the-odd-100-to-the-seat-nearest-the-first-dealer"),
])
def test_split_ties_share_uma_and_oka(scores: tuple[int, ...], sticks: int,
                                      kicha: tuple[int, ...], split: tuple[int, ...]) -> None:
    assert settle_game(scores, sticks=sticks, ruleset=PRESETS["standard"],
                       dealer=3).total == kicha
    settled = settle_game(scores, sticks=sticks, ruleset=SPLIT, dealer=3)
    assert settled.total == split
    assert sum(settled.total) == 0


def test_split_tied_tops_share_the_leftover_sticks_in_their_scores() -> None:
    settled = settle_game((34500, 34500, 20000, 10000), sticks=1, ruleset=SPLIT, dealer=3)
    assert settled.scores == (35000, 35000, 20000, 10000)


@pytest.mark.parametrize(("score", "half_up", "half_away"), [
    pytest.param(27500, -2000, -3000, id="minus-2500-rounds-up-to-minus-2000"),
    pytest.param(32500, 3000, 3000, id="plus-2500-rounds-up-to-3000"),
    pytest.param(27400, -3000, -3000, id="minus-2600-rounds-to-minus-3000"),
    pytest.param(32400, 2000, 2000, id="plus-2400-rounds-to-2000"),
])
def test_a_negative_half_rounds_upward(score: int, half_up: int, half_away: int) -> None:
    assert rounded_result(score, custom(settlement_rounding="shisha_gonyu_half_up")) == half_up
    assert rounded_result(score, custom(settlement_rounding="shisha_gonyu_abs")) == half_away


def game_with_a_chombo(ruleset: Ruleset) -> Any:
    record = {"format": "tenbo-game/1", "ruleset": ruleset.id, "players": ["A", "B", "C", "D"],
              "finished": True, "hands": [
                  {"result": {"kind": "chombo", "offender": 1}},
                  {"result": {"kind": "ron", "loser": 2,
                              "wins": [{"winner": 0, "han": 3, "fu": 30}]}}]}
    return replay_game(parse_record(record, presets={ruleset.id: ruleset}))


def test_a_chombo_deducted_at_the_settlement_moves_no_points_in_the_game() -> None:
    jpml = custom(chombo_payment="final_deduction", chombo_amount=20000,
                  chombo_deduction_to="nobody")
    game = game_with_a_chombo(jpml)
    assert game.hands[0].settled.deltas == (0, 0, 0, 0)
    assert game.hands[0].next_state.dealer == 0  # the hand is dealt again
    paid = game_with_a_chombo(PRESETS["standard"])
    assert paid.hands[0].settled.deltas != (0, 0, 0, 0)
    assert game.final.deductions == (0, -20000, 0, 0)
    assert game.final.bonuses == (0, 0, 0, 0)
    assert sum(game.final.total) == -20000  # −20p leaves the game (JPML, EMA, WRC)


def test_a_chombo_deduction_can_be_split_among_the_other_players() -> None:
    shared = custom(chombo_payment="final_deduction", chombo_amount=21000,
                    chombo_deduction_to="others")
    game = game_with_a_chombo(shared)
    assert game.final.deductions == (7000, -21000, 7000, 7000)
    assert sum(game.final.total) == 0


@pytest.mark.parametrize(("changes", "field"), [
    pytest.param({"chombo_payment": "final_deduction"}, "chombo_deduction_to",
                 id="a-deduction-says-where-it-goes"),
    pytest.param({"chombo_deduction_to": "nobody"}, "chombo_deduction_to",
                 id="only-a-deduction-has-somewhere-to-go"),
    pytest.param({"chombo_payment": "final_deduction", "chombo_amount": 20000,
                  "chombo_deduction_to": "others"}, "chombo_amount",
                 id="a-shared-deduction-divides-among-the-others"),
])
def test_an_incoherent_chombo_deduction_is_refused(changes: dict[str, Any],
                                                   field: str) -> None:
    with pytest.raises(RulesetError) as refused:
        custom(**changes)
    assert refused.value.field == field
