"""大明槓の責任払い: a tsumo on the replacement tile of an open kan (大明槓の嶺上開花) is paid in
full by the player whose discard was called for that kan, where the ruleset says so
(``pao.daiminkan_rinshan``, as JPML's 公式ルール). The win names that player as
``daiminkan_feeder`` (docs/game-record.md).

Expected numbers are worked out by hand from the payment table, never copied from the engine.
"""

from __future__ import annotations

from typing import Any

import pytest

from rulesets.registry import PRESETS
from scoring.errors import RecordError
from scoring.replay import replay_record

NAMES = ["Aoki", "Baba", "Chiba", "Doi"]


def first_hand(preset: str, result: dict[str, Any], *, honba: int = 0) -> dict[str, Any]:
    record = {"format": "tenbo-game/1", "ruleset": preset, "players": NAMES,
              "start": {"round_wind": "E", "round_number": 1, "honba": honba, "sticks": 0},
              "hands": [{"result": result}]}
    hand: dict[str, Any] = replay_record(record, presets=PRESETS)["hands"][0]
    return hand


def rinshan_tsumo(winner: int, feeder: int, **value: Any) -> dict[str, Any]:
    return {"kind": "tsumo", "win": {"winner": winner, "daiminkan_feeder": feeder, **value}}


def test_the_kan_feeder_pays_a_non_dealers_rinshan_tsumo_in_full_honba_included() -> None:
    # Seat 1 (not the dealer) wins 30 fu 3 han on the replacement tile of an open kan fed by
    # seat 2, at 1 honba: the tsumo is 1,000 / 2,000 (4,000 in all) and 100 honba from each
    # of three payers (300). Seat 2 pays all of it; seats 0 and 3 pay nothing.
    hand = first_hand("jpml-a", rinshan_tsumo(1, 2, han=3, fu=30), honba=1)
    assert hand["deltas"] == [0, 4300, -4300, 0]
    assert {(t["from"], t["reason"]) for t in hand["transfers"]} == {(2, "pao"), (2, "honba")}


def test_the_kan_feeder_pays_a_dealers_rinshan_tsumo_in_full() -> None:
    # The dealer (seat 0) wins 30 fu 2 han on a kan fed by seat 3: 1,000 all, 3,000 in all.
    assert first_hand("jpml-a", rinshan_tsumo(0, 3, han=2, fu=30))["deltas"] == [
        3000, 0, 0, -3000]


def test_without_a_feeder_the_same_rinshan_tsumo_is_paid_by_everyone() -> None:
    hand = first_hand("jpml-a", {"kind": "tsumo", "win": {"winner": 1, "han": 3, "fu": 30}})
    assert hand["deltas"] == [-2000, 4000, -1000, -1000]


@pytest.mark.parametrize(("preset", "result", "field"), [
    pytest.param("mleague", rinshan_tsumo(1, 2, han=3, fu=30),
                 "hands[0].result.win.daiminkan_feeder",
                 id="a ruleset without the liability refuses the field"),
    pytest.param("jpml-a", {"kind": "ron", "loser": 2, "wins": [
        {"winner": 1, "han": 3, "fu": 30, "daiminkan_feeder": 2}]},
                 "hands[0].result.wins[0].daiminkan_feeder",
                 id="a rinshan win is a tsumo, never a ron"),
    pytest.param("jpml-a", rinshan_tsumo(1, 1, han=3, fu=30),
                 "hands[0].result.win.daiminkan_feeder",
                 id="the winner cannot have fed their own kan"),
    pytest.param("jpml-a", rinshan_tsumo(1, 2, yakuman=1, pao=3),
                 "hands[0].result.win.daiminkan_feeder",
                 id="one liable player: pao or the kan feeder"),
])
def test_a_feeder_that_cannot_apply_is_refused_with_the_field_named(
        preset: str, result: dict[str, Any], field: str) -> None:
    with pytest.raises(RecordError) as refused:
        first_hand(preset, result)
    assert refused.value.field == field
