"""Yakuman above one: double yakuman by name (ダブル役満) with pao covering only its own part,
and counted yakuman above one (数え役満の複数倍)."""

from __future__ import annotations

from typing import Any

import pytest

from rulesets.registry import PRESETS
from scoring.errors import RulesetError
from scoring.facts import Hand, Ron, TableState, Tsumo, Win
from scoring.ruleset import Ruleset
from scoring.settle import settle_hand

NAMED_DOUBLES = ["junsei_chuuren", "suuankou_tanki", "kokushi_13", "daisuushii"]
START = TableState("E", 1, dealer=0, honba=0, sticks=0, scores=(100000,) * 4)


def custom(base: str = "standard", **changes: Any) -> Ruleset:
    return Ruleset.from_dict({"base": base, "id": "house", **changes}, presets=PRESETS)


DOUBLES = custom(double_yakuman=NAMED_DOUBLES)


def ron_value(ruleset: Ruleset, win: Win) -> int:
    return settle_hand(START, Hand(result=Ron(loser=2, wins=(win,))), ruleset=ruleset).deltas[
        win.winner]


@pytest.mark.parametrize("name", NAMED_DOUBLES)
def test_a_named_double_yakuman_is_worth_two(name: str) -> None:
    win = Win(winner=1, yakuman=1, yakuman_names=(name,))
    assert ron_value(DOUBLES, win) == 64000
    assert ron_value(PRESETS["standard"], win) == 32000


def test_pao_covers_only_the_double_yakuman_it_is_liable_for() -> None:
    # 大四喜 (double, pao on seat 2) + 字一色 by tsumo: seat 2 covers the 大四喜's two yakuman
    # from everyone; the 字一色 is paid as an ordinary tsumo.
    win = Win(winner=1, yakuman=2, yakuman_names=("daisuushii", "tsuuiisou"), pao=2)
    deltas = settle_hand(START, Hand(result=Tsumo(win)), ruleset=DOUBLES).deltas
    assert deltas == (-16000, 96000, -64000 - 8000, -8000)


def test_a_double_yakuman_counts_twice_in_a_point_count() -> None:
    counted = custom("seed-003", double_yakuman=["suuankou_tanki"])
    win = Win(winner=1, points=3, yakuman=1, yakuman_names=("suuankou_tanki",))
    state = TableState("E", 1, dealer=0, honba=0, sticks=0, scores=(500,) * 3)
    hand = Hand(result=Ron(loser=2, wins=(win,)))
    assert settle_hand(state, hand, ruleset=counted).deltas[1] == 3 + 2 * 50
    assert settle_hand(state, hand, ruleset=PRESETS["seed-003"]).deltas[1] == 3 + 50


@pytest.mark.parametrize(("han", "stacked", "single"), [
    pytest.param(13, 32000, 32000, id="13-han-is-one-yakuman"),
    pytest.param(25, 32000, 32000, id="25-han-is-still-one"),
    pytest.param(26, 64000, 32000, id="26-han-is-a-double-yakuman"),
    pytest.param(39, 96000, 32000, id="39-han-is-a-triple-yakuman"),
])
def test_counted_yakuman_above_one(han: int, stacked: int, single: int) -> None:
    win = Win(winner=1, han=han)
    assert ron_value(custom(kazoe_yakuman_stacking=True), win) == stacked
    assert ron_value(PRESETS["standard"], win) == single


def test_counted_yakuman_above_one_respects_the_cap() -> None:
    capped = custom(kazoe_yakuman_stacking=True, yakuman_max_multiple=2)
    assert ron_value(capped, Win(winner=1, han=39)) == 64000


@pytest.mark.parametrize(("base", "changes", "field"), [
    pytest.param("seed-002", {"double_yakuman": ["kokushi_13"]}, "double_yakuman",
                 id="a-ruleset-capped-at-one-yakuman-has-no-double"),
    pytest.param("seed-002", {"kazoe_yakuman_stacking": True}, "kazoe_yakuman_stacking",
                 id="a-ruleset-capped-at-one-yakuman-counts-one"),
    pytest.param("seed-001", {"double_yakuman": ["daisuushii"]}, "double_yakuman",
                 id="a-big-yakuman-is-not-also-a-double"),
    pytest.param("standard", {"double_yakuman": ["kokushi_juusanmen"]}, "double_yakuman[0]",
                 id="an-unknown-yakuman-name"),
    pytest.param("standard", {"yakuman_stacking": False, "yakuman_max_multiple": 2},
                 "yakuman_max_multiple", id="no-stacking-means-one-yakuman-at-most"),
    pytest.param("seed-003", {"kazoe_yakuman_stacking": True}, "kazoe_yakuman_stacking",
                 id="a-point-count-has-no-counted-yakuman"),
])
def test_an_incoherent_yakuman_option_is_refused(base: str, changes: dict[str, Any],
                                                 field: str) -> None:
    with pytest.raises(RulesetError) as refused:
        custom(base, **changes)
    assert refused.value.field == field
