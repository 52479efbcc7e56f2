"""A win's optional ``open`` (docs/game-record.md): true for a hand with an open meld (副露),
false for a closed one (門前). A statistic only: the payment never reads it. A non-boolean is
refused with the field named, and so is ``open: true`` where the hand must have been closed
(riichi, ippatsu, a closed-only yaku or yakuman: 門前限定).
"""

from __future__ import annotations

from typing import Any

import pytest

from rulesets.registry import PRESETS
from scoring.errors import RecordError
from scoring.hand_input import read_hand
from scoring.replay import replay_record

NAMES = ["Aoki", "Baba", "Chiba", "Doi"]
TANYAO_RON = {"winner": 1, "han": 2, "fu": 30, "yaku": [{"key": "tanyao", "han": 1},
                                                        {"key": "dora", "han": 1}]}


def record(*hands: dict[str, Any], preset: str = "standard") -> dict[str, Any]:
    return {"format": "tenbo-game/1", "ruleset": preset, "players": NAMES,
            "start": {"round_wind": "E", "round_number": 1, "honba": 0, "sticks": 0},
            "hands": list(hands)}


def ron(win: dict[str, Any], **hand: Any) -> dict[str, Any]:
    return {**hand, "result": {"kind": "ron", "loser": 0, "wins": [win]}}


def tsumo(win: dict[str, Any], **hand: Any) -> dict[str, Any]:
    return {**hand, "result": {"kind": "tsumo", "win": win}}


def refused(game: dict[str, Any]) -> RecordError:
    with pytest.raises(RecordError) as error:
        replay_record(game, presets=PRESETS)
    return error.value


@pytest.mark.parametrize("is_open", [True, False])
def test_open_is_read_onto_the_win(is_open: bool) -> None:
    parsed = read_hand(ron({**TANYAO_RON, "open": is_open}), index=0,
                       ruleset=PRESETS["standard"], seats=4)
    assert parsed.result.wins[0].is_open is is_open  # type: ignore[union-attr]


def test_a_win_without_open_has_it_unrecorded() -> None:
    parsed = read_hand(ron(TANYAO_RON), index=0, ruleset=PRESETS["standard"], seats=4)
    assert parsed.result.wins[0].is_open is None  # type: ignore[union-attr]


@pytest.mark.parametrize("entry", [
    pytest.param(ron, id="ron"),
    pytest.param(tsumo, id="tsumo"),
])
def test_the_payment_never_depends_on_open(entry: Any) -> None:
    plain = replay_record(record(entry(TANYAO_RON)), presets=PRESETS)
    for is_open in (True, False):
        marked = replay_record(record(entry({**TANYAO_RON, "open": is_open})), presets=PRESETS)
        assert marked["hands"][0]["deltas"] == plain["hands"][0]["deltas"]
        assert marked["hands"][0]["transfers"] == plain["hands"][0]["transfers"]
    assert plain["hands"][0]["deltas"][1] > 0  # the winner was paid: a real hand, not a no-op


@pytest.mark.parametrize("value", ["yes", 1, 0, [], {}])
def test_open_must_be_true_or_false(value: Any) -> None:
    error = refused(record(ron({**TANYAO_RON, "open": value})))
    assert error.field == "hands[0].result.wins[0].open"
    assert "true or false" in str(error)


@pytest.mark.parametrize(("win", "named"), [
    pytest.param({"winner": 1, "han": 2, "fu": 30, "yaku": [
        {"key": "riichi", "han": 1}, {"key": "tanyao", "han": 1}]}, "riichi", id="riichi"),
    pytest.param({"winner": 1, "han": 3, "fu": 40, "yaku": [
        {"key": "double_riichi", "han": 2}, {"key": "dora", "han": 1}]}, "double_riichi",
        id="double-riichi"),
    pytest.param({"winner": 1, "han": 2, "fu": 30, "yaku": [
        {"key": "pinfu", "han": 1}, {"key": "tanyao", "han": 1}]}, "pinfu", id="pinfu"),
    pytest.param({"winner": 1, "han": 2, "fu": 25, "yaku": [
        {"key": "chiitoitsu", "han": 2}]}, "chiitoitsu", id="seven-pairs"),
    pytest.param({"winner": 1, "yakuman": ["kokushi"]}, "kokushi", id="kokushi-by-name"),
    pytest.param({"winner": 1, "han": 2, "fu": 30, "ippatsu": True}, "ippatsu",
                 id="ippatsu-flag"),
])
def test_an_open_hand_with_a_closed_only_yaku_is_refused(win: dict[str, Any],
                                                         named: str) -> None:
    error = refused(record(ron({**win, "open": True})))
    assert error.field == "hands[0].result.wins[0].open"
    assert error.code == "open_with_closed_yaku"
    assert named in str(error)
    # The same win recorded closed is accepted.
    closed = replay_record(record(ron({**win, "open": False})), presets=PRESETS)
    assert closed["hands"][0]["deltas"][1] > 0


def test_menzen_tsumo_on_an_open_tsumo_is_refused() -> None:
    win = {"winner": 1, "han": 2, "fu": 30, "open": True,
           "yaku": [{"key": "menzen_tsumo", "han": 1}, {"key": "tanyao", "han": 1}]}
    error = refused(record(tsumo(win)))
    assert error.field == "hands[0].result.win.open"
    assert "menzen_tsumo" in str(error)


def test_a_winner_whose_riichi_stood_cannot_be_open() -> None:
    win = {"winner": 1, "han": 2, "fu": 30, "open": True}  # no yaku listed: the riichi tells
    error = refused(record(ron(win, riichi=[1])))
    assert error.field == "hands[0].result.wins[0].open"
    assert error.code == "open_with_closed_yaku"
    # Another player's riichi says nothing of the winner's hand.
    other = replay_record(record(ron(win, riichi=[2])), presets=PRESETS)
    assert other["hands"][0]["deltas"][1] > 0


def test_an_open_hand_with_open_yaku_is_accepted() -> None:
    win = {"winner": 1, "han": 3, "fu": 30, "open": True,
           "yaku": [{"key": "honitsu", "han": 2}, {"key": "haku", "han": 1}]}
    assert replay_record(record(ron(win)), presets=PRESETS)["hands"][0]["deltas"][1] > 0
