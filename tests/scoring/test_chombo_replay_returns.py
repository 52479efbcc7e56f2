"""A chombo stops the hand (seed 001 §5.1): every stick put down in it goes back to its owner,
a riichi stick as ``riichi_return`` and a penalty deposit as ``deposit_return``."""

from __future__ import annotations

from rulesets.registry import PRESETS
from scoring.replay import replay_record


def replay(hand: dict) -> dict:
    record = {
        "format": "tenbo-game/1",
        "ruleset": "seed-001",
        "players": ["A", "B", "C", "D"],
        "hands": [hand],
    }
    return replay_record(record, presets=PRESETS)


def test_a_chombo_hands_back_the_riichi_stick_and_the_deposit_under_their_own_reasons():
    out = replay(
        {
            "riichi": [0],
            "penalties": [{"kind": "deposit", "seat": 1}],
            "result": {"kind": "chombo", "offender": 2},
        }
    )
    transfers = [
        (t["from"], t["to"], t["amount"], t["reason"]) for t in out["hands"][0]["transfers"]
    ]
    assert (0, None, 1000, "riichi") in transfers
    assert (1, None, 1000, "deposit") in transfers
    assert (None, 0, 1000, "riichi_return") in transfers
    assert (None, 1, 1000, "deposit_return") in transfers
    assert [t for t in transfers if t[3] == "chombo"] == [
        (2, 0, 3000, "chombo"),
        (2, 1, 3000, "chombo"),
        (2, 3, 3000, "chombo"),
    ]
    assert out["hands"][0]["scores_after"] == [28000, 28000, 16000, 28000]
    assert out["hands"][0]["sticks_after"] == 0
