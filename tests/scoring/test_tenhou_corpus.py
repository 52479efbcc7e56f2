"""Every strict Tenhou game replayed by the engine must end exactly as Tenhou scored it.

The data is ``tests/data/tenhou/records.jsonl`` (261 games, 2,559 hands), generated from the
corpus copy beside it by ``tests/data/tenhou/convert.py``. Each line carries a `tenbo-game/1`
record and what Tenhou applied: per hand the round, dealer, honba, sticks, scores and net
deltas, and per game the owari scores and game points. Tenhou's rules are documented in
``tests/data/tenhou/README.md`` section 4.
"""

from __future__ import annotations

import copy
import json
import os
import subprocess
import sys
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from rulesets.registry import PRESETS
from scoring.errors import RecordError
from scoring.replay import replay_record

REPO_ROOT = Path(__file__).resolve().parents[2]
DATA = REPO_ROOT / "tests" / "data" / "tenhou"
RECORDS = DATA / "records.jsonl"

HAND_FIELDS = ("round_wind", "round_number", "honba", "dealer", "sticks_before",
               "scores_before", "deltas", "scores_after", "sticks_after")
NEXT_FIELDS = ("round_wind", "round_number", "dealer", "honba")
REPORT_LIMIT = 20


def load_games() -> list[dict[str, Any]]:
    with RECORDS.open(encoding="utf-8") as lines:
        return [json.loads(line) for line in lines if line.strip()]


GAMES = load_games()


@dataclass(frozen=True, slots=True)
class Mismatch:
    game: str
    hand: int | None  # None: the game as a whole
    field: str
    expected: object
    got: object

    def __str__(self) -> str:
        where = f"hand {self.hand}" if self.hand is not None else "game"
        return f"{self.game} {where}: {self.field}: expected {self.expected!r}, got {self.got!r}"


def plain(value: Any) -> Any:
    """Tuples as lists, so in-process output compares like the JSON from the CLI."""
    if isinstance(value, (list, tuple)):
        return [plain(item) for item in value]
    if isinstance(value, Mapping):
        return {key: plain(item) for key, item in value.items()}
    return value


def tenths(points: Iterable[Any]) -> list[int] | object:
    """Game points (p) as whole tenths, so 45.3 and 45.30000001 compare equal."""
    try:
        return [round(float(value) * 10) for value in points]
    except (TypeError, ValueError):
        return points


def compare_hands(game_id: str, expected: Sequence[Mapping[str, Any]],
                  got: Sequence[Mapping[str, Any]]) -> list[Mismatch]:
    found = []
    for index, (want, have) in enumerate(zip(expected, got)):
        for field in HAND_FIELDS:
            if plain(have.get(field)) != want[field]:
                found.append(Mismatch(game_id, index, field, want[field], plain(have.get(field))))
        if index + 1 < len(expected):
            following = expected[index + 1]
            want_next = {field: following[field] for field in NEXT_FIELDS}
            have_next = have.get("next")
            if have_next is not None:
                have_next = {field: have_next.get(field) for field in NEXT_FIELDS}
            if have_next != want_next:
                found.append(Mismatch(game_id, index, "next", want_next, have_next))
        elif have.get("next") is not None:
            found.append(Mismatch(game_id, index, "next", None, plain(have.get("next"))))
    return found


def compare_end(game: Mapping[str, Any], output: Mapping[str, Any]) -> list[Mismatch]:
    game_id, expected = game["id"], game["expected"]
    last = expected["hand_count"] - 1
    found = []
    end = output.get("end")
    if end is None or end.get("after_hand") != last:
        got = None if end is None else {"after_hand": end.get("after_hand"),
                                        "reason": end.get("reason")}
        found.append(Mismatch(game_id, None, "end.after_hand", last, got))
    final = output.get("final") or {}
    scores = plain(final.get("scores"))
    if scores != expected["final_scores"]:
        found.append(Mismatch(game_id, None, "final.scores", expected["final_scores"], scores))
    points = plain(final.get("total_points"))
    if points is None or tenths(points) != tenths(expected["final_points"]):
        found.append(Mismatch(game_id, None, "final.total_points",
                              expected["final_points"], points))
    return found


def compare(game: Mapping[str, Any], output: Mapping[str, Any]) -> list[Mismatch]:
    """Every difference between the engine's replay of a game and Tenhou's scores."""
    expected = game["expected"]
    got_hands = output.get("hands") or []
    found = []
    if len(got_hands) != expected["hand_count"]:
        found.append(Mismatch(game["id"], None, "len(hands)", expected["hand_count"],
                              len(got_hands)))
    found += compare_hands(game["id"], expected["hands"], got_hands)
    found += compare_end(game, output)
    return found


def report(found: Sequence[Mismatch], *, games: int) -> str:
    """The first mismatches in full, then a count per field."""
    bad_games = len({mismatch.game for mismatch in found})
    per_field = Counter(mismatch.field for mismatch in found)
    lines = [f"{len(found)} mismatches in {bad_games} of {games} games "
             f"(by field: {dict(per_field.most_common())}); the first {REPORT_LIMIT}:"]
    lines += [f"  {mismatch}" for mismatch in found[:REPORT_LIMIT]]
    return "\n".join(lines)


def replay_in_process(record: Mapping[str, Any]) -> dict[str, Any]:
    return replay_record(record, presets=PRESETS)


def replay_with_cli(record: Mapping[str, Any]) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(REPO_ROOT), env.get("PYTHONPATH")]))
    return subprocess.run([sys.executable, "-m", "scoring", "replay", "-"],
                          input=json.dumps(record), capture_output=True, text=True,
                          cwd=REPO_ROOT, env=env, timeout=60, check=False)


def cli_mismatches(game: Mapping[str, Any]) -> list[Mismatch]:
    done = replay_with_cli(game["record"])
    if done.returncode != 0:
        detail = (done.stdout.strip() or done.stderr.strip())[-500:]
        return [Mismatch(game["id"], None, "exit status", 0, f"{done.returncode}: {detail}")]
    try:
        output = json.loads(done.stdout)
    except json.JSONDecodeError:
        return [Mismatch(game["id"], None, "stdout", "one JSON document", done.stdout[:200])]
    return compare(game, output)


@pytest.mark.slow
def test_the_command_line_replays_every_strict_game_as_tenhou_scored_it() -> None:
    workers = max(2, os.cpu_count() or 1)
    with ThreadPoolExecutor(max_workers=workers) as pool:
        per_game = list(pool.map(cli_mismatches, GAMES))
    found = [mismatch for game in per_game for mismatch in game]
    assert not found, report(found, games=len(GAMES))


@pytest.mark.parametrize("game", [pytest.param(game, id=game["id"]) for game in GAMES])
def test_the_engine_replays_the_game_as_tenhou_scored_it(game: dict[str, Any]) -> None:
    try:
        output = replay_in_process(game["record"])
    except RecordError as error:
        pytest.fail(f"{game['id']}: the engine refused the record: {error.to_dict()}")
    found = compare(game, output)
    assert not found, report(found, games=1)


# Whole-points era (logs up to 2020): Tenhou rounded each non-top final score to 1,000.

RETURN_POINTS = {4: 30000, 3: 40000}  # 返し
RANK_UMA = {4: (20, 10, -10, -20), 3: (20, 0, -20)}  # p, by rank


def unrounded_points(scores: Sequence[int]) -> list[int]:
    """Tenhou's decimal-era settlement in tenths of a p: (score − return) / 1,000 + uma,
    the top takes minus the sum of the others; ties rank by seat order from the first dealer."""
    seats = len(scores)
    order = sorted(range(seats), key=lambda seat: (-scores[seat], seat))
    points = [0] * seats
    for rank, seat in enumerate(order[1:], start=1):
        points[seat] = (scores[seat] - RETURN_POINTS[seats]) // 100 + RANK_UMA[seats][rank] * 10
    points[order[0]] = -sum(points)
    return points


WHOLE_POINTS_GAMES = [game for game in GAMES if game["settlement_era"] == "whole_points"]


def without_rounding(record: Mapping[str, Any]) -> dict[str, Any]:
    plain_record = copy.deepcopy(dict(record))
    plain_record["ruleset"] = record["ruleset"]["base"]
    return plain_record


def test_the_whole_points_era_needs_the_rounding_override() -> None:
    # The data must make the point: the unrounded settlement differs from Tenhou's owari.
    differ = [game["id"] for game in WHOLE_POINTS_GAMES
              if unrounded_points(game["expected"]["final_scores"])
              != tenths(game["expected"]["final_points"])]
    assert differ, "no whole_points game would tell the rounding apart"

    wrong, unexplained = [], []
    for game in WHOLE_POINTS_GAMES:
        output = replay_in_process(without_rounding(game["record"]))
        got = tenths(plain(output["final"]["total_points"]))
        if got != tenths(game["expected"]["final_points"]):
            wrong.append(game["id"])
        if got != unrounded_points(game["expected"]["final_scores"]):
            unexplained.append((game["id"], got))
    assert wrong, "every whole_points game matched Tenhou without the rounding override"
    assert sorted(wrong) == sorted(differ)
    assert not unexplained, f"without the override, not the unrounded settlement: {unexplained[:5]}"


# What the converted data covers, counted from the records and Tenhou's scores alone.

ROUND_ORDER = "ESWN"


def last_scheduled_round(game: Mapping[str, Any]) -> int:
    """The last scheduled round of the game's preset, as an index into ``ROUND_ORDER``."""
    ruleset = game["record"]["ruleset"]
    preset = ruleset if isinstance(ruleset, str) else ruleset["base"]
    return ROUND_ORDER.index("S" if "hanchan" in preset else "E")


def round_index(hand: Mapping[str, Any]) -> int:
    return ROUND_ORDER.index(hand["round_wind"])


def results(game: Mapping[str, Any]) -> list[dict[str, Any]]:
    return [hand["result"] for hand in game["record"]["hands"]]


def wins(result: Mapping[str, Any]) -> list[dict[str, Any]]:
    return result.get("wins") or ([result["win"]] if "win" in result else [])


def dealer_kept_the_deal(result: Mapping[str, Any], dealer: int) -> bool:
    if result["kind"] == "draw":
        return dealer in result["tenpai"]
    return any(win["winner"] == dealer for win in wins(result))


def ended_by_a_dealer_stop(game: Mapping[str, Any]) -> bool:
    """アガリ止め / テンパイ止め: the game ended on a hand at or past all-last in which the
    dealer kept the deal, nobody was below zero and the hand was not an abortive draw."""
    last = game["expected"]["hands"][-1]
    seats = len(game["record"]["players"])
    at_all_last = (round_index(last) > last_scheduled_round(game)
                   or (round_index(last) == last_scheduled_round(game)
                       and last["round_number"] == seats))
    result = game["record"]["hands"][-1]["result"]
    return (at_all_last and result["kind"] != "abortive"
            and dealer_kept_the_deal(result, last["dealer"])
            and min(last["scores_after"]) >= 0)


FEATURES: dict[str, Callable[[Mapping[str, Any]], int]] = {
    "double_ron": lambda g: sum(len(wins(r)) >= 2 for r in results(g)),
    "tobi_ending": lambda g: int(min(g["expected"]["hands"][-1]["scores_after"]) < 0),
    "extension_round": lambda g: int(any(round_index(h) > last_scheduled_round(g)
                                         for h in g["expected"]["hands"])),
    "nagashi": lambda g: sum(bool(r.get("nagashi")) for r in results(g)),
    "pao": lambda g: sum(w.get("pao") is not None for r in results(g) for w in wins(r)),
    "pao_with_honba": lambda g: sum(h["honba"] > 0 and any(w.get("pao") is not None
                                                          for w in wins(r))
                                    for h, r in zip(g["expected"]["hands"], results(g))),
    "sanma_game": lambda g: int(len(g["record"]["players"]) == 3),
    "abortive_draw": lambda g: sum(r["kind"] == "abortive" for r in results(g)),
    "triple_ron_abort": lambda g: sum(r.get("reason") == "triple_ron" for r in results(g)),
    "agari_yame_stop": lambda g: int(ended_by_a_dealer_stop(g)),
    "yakuman": lambda g: sum("yakuman" in w for r in results(g) for w in wins(r)),
    "leftover_sticks_to_top": lambda g: int(g["expected"]["hands"][-1]["sticks_after"] > 0),
    "whole_points_era": lambda g: int(g["settlement_era"] == "whole_points"),
    "tonpuu_game": lambda g: int(last_scheduled_round(g) == 0),
}


@pytest.mark.parametrize("feature", FEATURES)
def test_the_converted_data_covers(feature: str) -> None:
    count = sum(FEATURES[feature](game) for game in GAMES)
    assert count > 0, f"no {feature} in {RECORDS.name}"


def test_the_converted_data_is_the_strict_corpus() -> None:
    assert len(GAMES) == 261
    assert sum(game["expected"]["hand_count"] for game in GAMES) == 2559


def test_records_jsonl_is_up_to_date_with_the_corpus_copy() -> None:
    done = subprocess.run([sys.executable, str(DATA / "convert.py"), "--check"],
                          capture_output=True, text=True, cwd=REPO_ROOT, check=False)
    assert done.returncode == 0, done.stderr
