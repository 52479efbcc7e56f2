"""ツモ損 (sanma_tsumo) with han and fu: a three-player tsumo with and without tsumo-son."""

from __future__ import annotations

import pytest

from rulesets.registry import PRESETS
from scoring.errors import RulesetError
from scoring.facts import Hand, TableState, Tsumo, Win
from scoring.ruleset import Ruleset
from scoring.settle import settle_hand

START = TableState("E", 1, dealer=0, honba=0, sticks=0, scores=(35000,) * 3)


def custom(base: str, **changes: object) -> Ruleset:
    return Ruleset.from_dict({"base": base, "id": "house", **changes}, presets=PRESETS)


def tsumo(ruleset: Ruleset, win: Win) -> tuple[int, ...]:
    return settle_hand(START, Hand(result=Tsumo(win)), ruleset=ruleset).deltas


NO_TSUMO_SON = custom("tenhou-3p-hanchan", sanma_tsumo="no_tsumo_son_table")
TSUMO_SON = PRESETS["tenhou-3p-hanchan"]


@pytest.mark.parametrize(("ruleset", "win", "expected"), [
    pytest.param(TSUMO_SON, Win(winner=1, han=5), (-4000, 6000, -2000),
                 id="tsumo-son-non-dealer-mangan-is-2000-4000"),
    pytest.param(NO_TSUMO_SON, Win(winner=1, han=5), (-5000, 8000, -3000),
                 id="no-tsumo-son-non-dealer-mangan-is-3000-5000"),
    pytest.param(NO_TSUMO_SON, Win(winner=0, han=5), (12000, -6000, -6000),
                 id="no-tsumo-son-dealer-mangan-is-6000-all"),
    pytest.param(NO_TSUMO_SON, Win(winner=2, han=6), (-7500, -4500, 12000),
                 id="no-tsumo-son-non-dealer-haneman-is-4500-7500"),
    pytest.param(NO_TSUMO_SON, Win(winner=1, han=1, fu=30), (-600, 1000, -400),
                 id="no-tsumo-son-1-han-30-fu-is-400-600"),
])
def test_three_player_tsumo_shares(ruleset: Ruleset, win: Win,
                                   expected: tuple[int, ...]) -> None:
    assert tsumo(ruleset, win) == expected


def test_no_tsumo_son_pays_at_least_the_ron_value() -> None:
    # 北家折半: the absent player's share is not lost, so a tsumo is worth a ron or more.
    for han, fu in ((1, 30), (2, 40), (3, 60), (4, 30), (5, None), (13, None)):
        win = Win(winner=1, han=han, fu=fu)
        ron = -sum(d for d in tsumo(TSUMO_SON, win) if d < 0)
        assert -sum(d for d in tsumo(NO_TSUMO_SON, win) if d < 0) > ron


def test_fixed_40fu_with_tsumo_son_leaves_the_absent_share_unpaid() -> None:
    seed_004 = PRESETS["seed-004"]
    with_son = custom("seed-004", sanma_tsumo="tsumo_son")
    haneman = Win(winner=1, han=6)
    start = TableState("E", 1, dealer=0, honba=0, sticks=0, scores=(35000,) * 3)
    table = settle_hand(start, Hand(result=Tsumo(haneman)), ruleset=seed_004).deltas
    son = settle_hand(start, Hand(result=Tsumo(haneman)), ruleset=with_son).deltas
    assert table == (-8000, 12000, -4000)
    assert son == (-6000, 9000, -3000)


@pytest.mark.parametrize(("base", "value"), [
    pytest.param("standard", "no_tsumo_son_table", id="four-players-have-no-absent-share"),
    pytest.param("tenhou-3p-hanchan", "each_pays_count", id="each-pays-count-needs-a-count"),
    pytest.param("seed-003", "tsumo_son", id="a-point-count-is-paid-each-the-count"),
])
def test_incoherent_sanma_tsumo_is_refused(base: str, value: str) -> None:
    with pytest.raises(RulesetError) as refused:
        custom(base, sanma_tsumo=value)
    assert refused.value.field == "sanma_tsumo"
