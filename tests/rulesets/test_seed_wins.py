"""Where shared/rules read more into a seed than its text says, the seed wins.

Each test quotes the seed line that decides it.
"""

from __future__ import annotations

from typing import Any

import pytest

from rulesets.registry import PRESETS
from scoring.errors import RecordError
from scoring.replay import replay_record


def game(ruleset: str, *hands: dict[str, Any], **fields: Any) -> dict[str, Any]:
    return {"format": "tenbo-game/1", "ruleset": ruleset, "players": ["A", "B", "C", "D"],
            "hands": list(hands), **fields}


@pytest.mark.parametrize("ruleset", ["seed-002", "seed-002-tonpuu"])
def test_seed_002_rounds_up_only_30_fu_4_han(ruleset: str) -> None:
    # 「30符6ハン(4ハン)は切り上げ満貫とする」: 60 fu 3 han is not named, so it stays 7,700.
    out = replay_record(game(ruleset, {"result": {"kind": "ron", "loser": 0, "wins": [
        {"winner": 1, "han": 3, "fu": 60}]}}), presets=PRESETS)
    assert out["hands"][0]["deltas"] == [-7700, 7700, 0, 0]
    thirty_four = replay_record(game(ruleset, {"result": {"kind": "ron", "loser": 0, "wins": [
        {"winner": 1, "han": 4, "fu": 30}]}}), presets=PRESETS)
    assert thirty_four["hands"][0]["deltas"] == [-8000, 8000, 0, 0]


def test_seed_000_has_no_four_kans_abort() -> None:
    # 「九種九牌や四風連打、4人リーチは途中流局」 and the dead wall grows to 20 tiles after
    # four kans: play goes on.
    with pytest.raises(RecordError) as refused:
        replay_record(game("seed-000", {"result": {"kind": "abortive", "reason": "four_kans"}}),
                      presets=PRESETS)
    assert refused.value.field == "hands[0].result.reason"


def test_seed_000_top_dealer_may_stop_but_nobody_above_30000_means_kaeri_ton() -> None:
    # 「ラス親は和了ってそのゲームのトップになった場合、続行するかゲームをやめるか選択できる」
    # and 「誰も3万点を超えない場合は返り東」: the stop ends East 4, East 5 follows.
    start = {"round_wind": "E", "round_number": 4, "honba": 0,
             "scores": [24000, 24000, 24000, 28000]}
    hand = {"stop": True, "result": {"kind": "ron", "loser": 0, "wins": [
        {"winner": 3, "han": 1, "fu": 30}]}}
    out = replay_record(game("seed-000", hand, start=start), presets=PRESETS)
    assert out["hands"][0]["scores_after"] == [22500, 24000, 24000, 29500]
    assert out["end"] is None
    assert out["hands"][0]["next"] == {"round_wind": "E", "round_number": 5, "dealer": 0,
                                       "honba": 1}


def test_seed_000_top_dealer_stop_above_30000_ends_the_game() -> None:
    start = {"round_wind": "E", "round_number": 4, "scores": [24000, 24000, 22000, 30000]}
    hand = {"stop": True, "result": {"kind": "ron", "loser": 2, "wins": [
        {"winner": 3, "han": 1, "fu": 30}]}}
    out = replay_record(game("seed-000", hand, start=start), presets=PRESETS)
    assert out["hands"][0]["scores_after"] == [24000, 24000, 20500, 31500]
    assert out["end"] == {"reason": "agari_yame", "after_hand": 0}


def test_seed_000_flags_a_win_without_a_dora_count_at_5_honba() -> None:
    # seed-000.md rule 10: with no dora count the win is accepted and flagged for review.
    start = {"round_wind": "E", "round_number": 1, "honba": 5}
    out = replay_record(game("seed-000", {"result": {"kind": "ron", "loser": 2, "wins": [
        {"winner": 1, "han": 2, "fu": 30}]}}, start=start), presets=PRESETS)
    assert out["hands"][0]["deltas"] == [0, 3500, -3500, 0]
    assert any("no dora count" in note for note in out["hands"][0]["notes"])
    counted = replay_record(game("seed-000", {"result": {"kind": "ron", "loser": 2, "wins": [
        {"winner": 1, "han": 2, "fu": 30, "dora": 0}]}}, start=start), presets=PRESETS)
    assert counted["hands"][0]["notes"] == []
