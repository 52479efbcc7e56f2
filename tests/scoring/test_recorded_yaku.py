"""The optional `yaku` list on a win: kept by the record reader, carried into the replay,
and never a change to what anyone pays."""

from __future__ import annotations

from typing import Any

import pytest

from rulesets.registry import PRESETS
from scoring.errors import RecordError
from scoring.facts import RecordedYaku, Tsumo
from scoring.record import parse_record
from scoring.replay import replay_record
from scoring.win_input import MAX_YAKU

RIICHI_PINFU = [{"key": "riichi", "han": 1}, {"key": "pinfu", "han": 1},
                {"key": "dora", "han": 1}]


def game(win: dict[str, Any], *, kind: str = "ron") -> dict[str, Any]:
    result: dict[str, Any] = ({"kind": "ron", "loser": 2, "wins": [win]} if kind == "ron"
                              else {"kind": "tsumo", "win": win})
    return {"format": "tenbo-game/1", "ruleset": "standard", "players": ["A", "B", "C", "D"],
            "hands": [{"riichi": [win["winner"]], "result": result}]}


def test_the_reader_keeps_the_yaku_of_a_win_in_order() -> None:
    record = parse_record(game({"winner": 1, "han": 3, "fu": 30, "yaku": RIICHI_PINFU},
                               kind="tsumo"), presets=PRESETS)
    result = record.hands[0].result
    assert isinstance(result, Tsumo)
    assert result.win.yaku == (RecordedYaku("riichi", 1), RecordedYaku("pinfu", 1),
                               RecordedYaku("dora", 1))


def test_a_yakuman_entry_counts_yakuman_and_is_marked() -> None:
    record = parse_record(game({"winner": 1, "yakuman": 2, "yaku": [
        {"key": "suuankou_tanki", "han": 2, "yakuman": True}]}), presets=PRESETS)
    result = record.hands[0].result
    assert result.wins[0].yaku == (RecordedYaku("suuankou_tanki", 2, is_yakuman=True),)  # type: ignore[union-attr]


def test_the_replay_carries_the_yaku_per_winner_and_pays_the_same_as_without() -> None:
    win = {"winner": 1, "han": 3, "fu": 30}
    plain = replay_record(game(win), presets=PRESETS)["hands"][0]
    with_yaku = replay_record(game({**win, "yaku": RIICHI_PINFU}), presets=PRESETS)["hands"][0]
    assert with_yaku.pop("yaku") == [{"winner": 1, "yaku": RIICHI_PINFU}]
    assert with_yaku == plain
    assert "yaku" not in plain


def test_yaku_that_disagree_with_the_han_do_not_change_the_payment() -> None:
    win = {"winner": 1, "han": 2, "fu": 30}
    plain = replay_record(game(win), presets=PRESETS)["hands"][0]
    odd = replay_record(game({**win, "yaku": [{"key": "chinitsu", "han": 6}]}),
                        presets=PRESETS)["hands"][0]
    assert odd["deltas"] == plain["deltas"]


@pytest.mark.parametrize(("yaku", "field", "words"), [
    pytest.param("riichi", "yaku", "must be a list", id="not-a-list"),
    pytest.param([{"key": "riichi"}], "yaku[0].han", "missing", id="entry-without-han"),
    pytest.param([{"han": 1}], "yaku[0].key", "missing", id="entry-without-key"),
    pytest.param([{"key": "Riichi!", "han": 1}], "yaku[0].key", "not a yaku key",
                 id="key-not-an-identifier"),
    pytest.param([{"key": "riichi", "han": 0}], "yaku[0].han", "from 1 to", id="zero-han"),
    pytest.param([{"key": "riichi", "han": True}], "yaku[0].han", "whole number",
                 id="boolean-han"),
    pytest.param([{"key": "kokushi", "han": 9, "yakuman": True}], "yaku[0].han", "from 1 to",
                 id="yakuman-count-out-of-range"),
    pytest.param([{"key": "riichi", "han": 1, "name": "Riichi"}], "yaku[0].name",
                 "unknown field", id="unknown-field-in-entry"),
    pytest.param([{"key": "riichi", "han": 1}, {"key": "riichi", "han": 1}], "yaku[1].key",
                 "listed twice", id="same-yaku-twice"),
    pytest.param([{"key": f"y{i}", "han": 1} for i in range(MAX_YAKU + 1)], "yaku",
                 f"at most {MAX_YAKU}", id="too-many-entries"),
])
def test_a_malformed_yaku_list_is_refused_with_the_field_named(
        yaku: Any, field: str, words: str) -> None:
    with pytest.raises(RecordError) as caught:
        parse_record(game({"winner": 1, "han": 3, "fu": 30, "yaku": yaku}), presets=PRESETS)
    assert caught.value.field == f"hands[0].result.wins[0].{field}"
    assert words in caught.value.message


def test_an_empty_yaku_list_is_the_same_as_none() -> None:
    out = replay_record(game({"winner": 1, "han": 3, "fu": 30, "yaku": []}), presets=PRESETS)
    assert "yaku" not in out["hands"][0]
