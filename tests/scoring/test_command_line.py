"""The command line: a replay or one JSON error naming the hand and the field, exit 2."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]


def run(*args: str, stdin: str = "") -> tuple[int, Any, str]:
    done = subprocess.run([sys.executable, "-m", "scoring", *args], input=stdin,
                          capture_output=True, text=True, cwd=ROOT, timeout=60)
    return done.returncode, json.loads(done.stdout) if done.stdout.strip() else None, done.stderr


def record(*hands: dict[str, Any], ruleset: str = "standard", **game: Any) -> str:
    players = ["A", "B", "C"] if ruleset in ("seed-004", "tenhou-3p-hanchan") else [
        "A", "B", "C", "D"]
    return json.dumps({"format": "tenbo-game/1", "ruleset": ruleset, "players": players,
                       "hands": list(hands), **game})


def ron(loser: int | None, **win: Any) -> dict[str, Any]:
    result: dict[str, Any] = {"kind": "ron", "wins": [{"winner": 1, **win}]}
    if loser is not None:
        result["loser"] = loser
    return {"result": result}


@pytest.mark.parametrize(("text", "hand", "field", "words"), [
    pytest.param(record(ron(None, han=2, fu=30)), 0, "hands[0].result.loser",
                 "give the discarder", id="ron-with-no-loser"),
    pytest.param(record({"result": {"kind": "tsumo", "loser": 2,
                                    "win": {"winner": 1, "han": 1, "fu": 30}}}),
                 0, "hands[0].result.loser", "a tsumo has no loser", id="tsumo-with-a-loser"),
    pytest.param(record(ron(4, han=2, fu=30)), 0, "hands[0].result.loser",
                 "seat from 0 to 3", id="seat-out-of-range"),
    pytest.param(record(ron(2, han=0, fu=30)), 0, "hands[0].result.wins[0].han",
                 "from 1 to 99", id="han-zero"),
    pytest.param(record(ron(2, han=1, fu=25)), 0, "hands[0].result.wins[0].fu",
                 "fu 25 is only valid for seven pairs", id="25-fu-with-1-han"),
    pytest.param(record(ron(2, han=3)), 0, "hands[0].result.wins[0].fu",
                 "'fu' is missing", id="fu-missing-below-mangan"),
    pytest.param(record({"riichi": [0], "result": {"kind": "draw", "tenpai": [0]}},
                        start={"scores": [900, 33100, 33000, 33000]}),
                 0, "hands[0].riichi[0]", "riichi needs at least 1000",
                 id="riichi-under-the-minimum"),
    pytest.param(record(ron(0, yakuman=1), ron(2, han=1, fu=30),
                        start={"scores": [20000, 40000, 20000, 20000]}),
                 1, "hands[1]", "already ended", id="a-hand-after-the-end"),
    pytest.param(record({"result": {"kind": "abortive", "reason": "four_winds"}},
                        ruleset="seed-004"),
                 0, "hands[0].result.reason", "not an abortive draw", id="unknown-abortive"),
    pytest.param(record(ron(2, han=2, fu=30), stop=True), None, "stop",
                 "unknown field", id="unknown-game-field"),
    pytest.param(record({"result": {"kind": "draw", "tenpai": []}, "stop": True}), 0,
                 "hands[0].stop", "only for the all-last dealer", id="stop-outside-all-last"),
    pytest.param(record(ron(2, han=2, fu=30), ruleset="nope"), None, "ruleset",
                 "unknown ruleset", id="unknown-ruleset"),
    pytest.param(record(ron(2, han=2, fu=30), ruleset={"base": "standard", "uma": [1, 2]}),
                 None, "ruleset.uma", "uma needs 4 values", id="invalid-custom-ruleset"),
    pytest.param("{not json", None, "", "not valid JSON", id="not-json"),
    pytest.param("[]", None, "", "must be a JSON object", id="not-an-object"),
])
def test_invalid_input_gets_one_json_error_and_exit_2(
        text: str, hand: int | None, field: str, words: str) -> None:
    code, doc, stderr = run("replay", "-", stdin=text)
    assert code == 2 and stderr == ""
    error = doc["error"]
    assert (error["hand"], error["field"]) == (hand, field)
    assert words in error["message"]


def test_a_missing_file_is_an_error_not_a_traceback(tmp_path: Path) -> None:
    code, doc, stderr = run("replay", str(tmp_path / "missing.json"))
    assert code == 2 and "cannot read" in doc["error"]["message"] and stderr == ""


def test_a_replay_prints_the_spec_example(tmp_path: Path) -> None:
    game = tmp_path / "game.json"
    game.write_text(record({"riichi": [1], "result": {
        "kind": "tsumo", "win": {"winner": 1, "han": 3, "fu": 30}}},
        ruleset="tenhou-4p-hanchan"), encoding="utf-8")
    code, doc, _ = run("replay", str(game))
    assert code == 0
    hand = doc["hands"][0]
    assert hand["transfers"] == [
        {"from": 1, "to": None, "amount": 1000, "reason": "riichi"},
        {"from": 0, "to": 1, "amount": 2000, "reason": "tsumo"},
        {"from": 2, "to": 1, "amount": 1000, "reason": "tsumo"},
        {"from": 3, "to": 1, "amount": 1000, "reason": "tsumo"},
        {"from": None, "to": 1, "amount": 1000, "reason": "sticks"}]
    assert hand["deltas"] == [-2000, 4000, -1000, -1000]
    assert hand["next"] == {"round_wind": "E", "round_number": 2, "dealer": 1, "honba": 0}
    assert (doc["end"], doc["final"]) == (None, None)


def test_rulesets_lists_every_preset_with_its_title() -> None:
    done = subprocess.run([sys.executable, "-m", "scoring", "rulesets"], capture_output=True,
                          text=True, cwd=ROOT, timeout=60)
    assert done.returncode == 0
    lines = {line.split()[0]: line for line in done.stdout.splitlines()}
    for preset in ("standard", "seed-000", "seed-003", "tenhou-3p-tonpuu", "saikouisen",
                   "mleague", "jpml-a", "wrc", "ema", "mahjongsoul-4p-hanchan",
                   "mahjongsoul-4p-tonpuu", "mahjongsoul-3p-hanchan", "mahjongsoul-3p-tonpuu"):
        assert preset in lines
    assert "われポン" in lines["seed-000"] and "白マティ" in lines["seed-003"]
    assert "Mリーグ" in lines["mleague"] and "雀魂 三人東風戦" in lines["mahjongsoul-3p-tonpuu"]
    assert "(Aルール)" in lines["jpml-a"] and "WRC" in lines["wrc"] and "EMA" in lines["ema"]
    # The titles start in one column, however long the id.
    assert len({len(line) - len(line[len(key):].lstrip()) for key, line in lines.items()}) == 1


def test_rulesets_json_gives_the_fields_a_program_needs() -> None:
    code, listing, _ = run("rulesets", "--json")
    assert code == 0
    by_id = {item["id"]: item for item in listing}
    seed4 = by_id["seed-004"]
    assert (seed4["players"], seed4["start_points"], seed4["riichi_stick"]) == (3, 35000, 1000)
    assert seed4["ruleset"]["value_input"] == "han_fixed_40fu" and seed4["title"]


def test_a_bad_command_prints_the_usage() -> None:
    code, _, stderr = run("frobnicate")
    assert code == 2 and "usage" in stderr
