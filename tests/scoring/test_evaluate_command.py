"""``python -m scoring evaluate``: corpus lines in, one value or one error out per line."""

from __future__ import annotations

import gzip
import json
import subprocess
import sys
from itertools import islice
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
AGARI = ROOT / "tests" / "data" / "tenhou" / "agari.jsonl.gz"


def run(*args: str, stdin: str) -> tuple[int, list[dict[str, object]]]:
    done = subprocess.run([sys.executable, "-m", "scoring", "evaluate", *args], input=stdin,
                          capture_output=True, text=True, cwd=ROOT, timeout=60)
    return done.returncode, [json.loads(line) for line in done.stdout.splitlines()]


def corpus_lines(count: int) -> list[str]:
    with gzip.open(AGARI, "rt", encoding="utf-8") as lines:
        return list(islice(lines, count))


def test_it_values_corpus_lines_as_they_are() -> None:
    lines = corpus_lines(5)
    status, out = run("-", stdin="".join(lines))
    assert status == 0
    for line, result in zip(lines, out):
        answer = json.loads(line)["tenhou"]
        assert (result["han"], result["fu"], result["points"]) == (
            answer["han"], answer["fu"], answer["points"])
        assert all({"name", "han"} <= set(y) for y in result["yaku"])  # type: ignore[union-attr]


def test_a_bad_line_gets_its_own_error_and_the_others_are_still_valued() -> None:
    good = corpus_lines(1)[0]
    broken = json.loads(good)
    broken["tiles"]["hand"] = broken["tiles"]["hand"][:-1]
    status, out = run("-", stdin=good + json.dumps(broken) + "\n" + "{not json\n")
    assert status == 2
    assert out[0]["points"] == json.loads(good)["tenhou"]["points"]
    assert out[1] == {"line": 2, "error": {
        "field": "concealed", "code": "wrong_tile_count",
        "message": "with 0 melds the concealed tiles, the winning tile included, must be "
                   "14; got 13"}}
    assert out[2]["error"]["code"] == "bad_json"  # type: ignore[index]


def test_ruleset_option_values_the_hand_under_another_preset() -> None:
    status, out = run("-", "--ruleset", "nope", stdin=corpus_lines(1)[0])
    assert status == 2
    assert out[0]["error"]["code"] == "unknown_ruleset"  # type: ignore[index]
    status, out = run("-", "--ruleset", "standard", stdin=corpus_lines(1)[0])
    assert (status, out[0]["ruleset"]) == (0, "standard")
