"""祝儀 (chips): a ruleset that pays them names its events; a win carries its chip count."""

from __future__ import annotations

from typing import Any

import pytest

from rulesets.registry import PRESETS
from scoring.errors import RecordError
from scoring.replay import replay_record

CHIPS = {"events": ["ippatsu", "ura_dora", "red_five"], "ron_paid_by": "discarder",
         "tsumo_paid_by": "each"}


def game(*hands: dict[str, Any], chips: bool = True) -> dict[str, Any]:
    ruleset: Any = {"base": "standard", "id": "standard-chips", "chips": CHIPS} if chips \
        else "standard"
    return {"format": "tenbo-game/1", "ruleset": ruleset, "players": ["A", "B", "C", "D"],
            "finished": True, "hands": list(hands)}


def test_ron_chips_come_from_the_discarder_and_tsumo_chips_from_everyone() -> None:
    out = replay_record(game(
        {"result": {"kind": "ron", "loser": 2, "wins": [{"winner": 1, "han": 2, "fu": 30,
                                                         "chips": 2}]}},
        {"result": {"kind": "tsumo", "win": {"winner": 3, "han": 3, "fu": 30, "chips": 1}}},
    ), presets=PRESETS)
    assert [h["chips"] for h in out["hands"]] == [[0, 2, -2, 0], [-1, -1, -1, 3]]
    assert out["final"]["chips"] == [-1, 1, -3, 3]


def test_a_head_bumped_claimant_earns_no_chips() -> None:
    ruleset = {"base": "seed-002", "id": "seed-002-chips", "chips": CHIPS}
    out = replay_record({"format": "tenbo-game/1", "ruleset": ruleset,
                         "players": ["A", "B", "C", "D"], "hands": [{"result": {
                             "kind": "ron", "loser": 0, "wins": [
                                 {"winner": 2, "han": 2, "fu": 30, "chips": 3},
                                 {"winner": 1, "han": 2, "fu": 30, "chips": 1}]}}]},
                        presets=PRESETS)
    assert out["hands"][0]["chips"] == [-1, 1, 0, 0]


def test_chips_are_refused_where_the_ruleset_pays_none() -> None:
    with pytest.raises(RecordError) as refused:
        replay_record(game({"result": {"kind": "tsumo", "win": {
            "winner": 3, "han": 3, "fu": 30, "chips": 1}}}, chips=False), presets=PRESETS)
    assert refused.value.field == "hands[0].result.win.chips"
    assert "pays no chips" in refused.value.message
