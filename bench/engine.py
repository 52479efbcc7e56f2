"""How fast the scoring engine replays the Tenhou corpus (tests/data/tenhou/records.jsonl).

Prints three figures:

(a) hands replayed per second over the whole corpus, in process, on one core
    (``replay_record`` over every game, repeated for about five seconds; reading and
    parsing the JSON file is not timed);
(b) the mean time of one ``replay_record`` call for one average game (the game whose hand
    count is nearest the corpus mean);
(c) the mean time to replay that game through ``python -m scoring replay -``, process
    start included;
(d) the cost per hand of each stage: checking and parsing, settling and flow, output.

Run from the repository root:  python bench/engine.py  [--seconds 5] [--cli-runs 20]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

REPO_ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO_ROOT))

from rulesets.registry import PRESETS  # noqa: E402  (needs the repo root on sys.path)
from scoring.record import parse_record  # noqa: E402
from scoring.replay import replay_game, replay_record, replay_to_dict  # noqa: E402

RECORDS = REPO_ROOT / "tests" / "data" / "tenhou" / "records.jsonl"


def load_records() -> list[dict[str, Any]]:
    with RECORDS.open(encoding="utf-8") as lines:
        return [json.loads(line) for line in lines if line.strip()]


def pin_to_one_core() -> str:
    """Keep the process on one CPU so the figure is per core; not every OS allows it."""
    if hasattr(os, "sched_setaffinity"):
        core = min(os.sched_getaffinity(0))
        os.sched_setaffinity(0, {core})
        return f"pinned to CPU {core}"
    return "not pinned (no sched_setaffinity here)"


def corpus_rate(games: list[dict[str, Any]], *, seconds: float) -> tuple[float, int, int, float]:
    """Replay every game until ``seconds`` have passed; (hands/s, passes, hands, elapsed)."""
    records = [game["record"] for game in games]
    hands_per_pass = sum(len(record["hands"]) for record in records)
    for record in records:  # warm-up: imports, caches, preset lookups
        replay_record(record, presets=PRESETS)
    passes, start = 0, time.perf_counter()
    while True:
        for record in records:
            replay_record(record, presets=PRESETS)
        passes += 1
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            break
    hands = passes * hands_per_pass
    return hands / elapsed, passes, hands, elapsed


def average_game(games: list[dict[str, Any]]) -> dict[str, Any]:
    mean = statistics.fmean(len(game["record"]["hands"]) for game in games)
    return min(games, key=lambda game: abs(len(game["record"]["hands"]) - mean))


def one_call(record: dict[str, Any], *, seconds: float) -> tuple[float, int]:
    """Mean seconds per replay_record call on one record, repeated for ``seconds``."""
    replay_record(record, presets=PRESETS)
    calls, start = 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        replay_record(record, presets=PRESETS)
        calls += 1
    return (time.perf_counter() - start) / calls, calls


def stages(games: list[dict[str, Any]], *, rounds: int = 5) -> dict[str, float]:
    """Microseconds per hand in each stage of replay_record: checking and parsing the
    record, settling the hands and the flow (the engine proper), building the output."""
    records = [game["record"] for game in games]
    hands = sum(len(record["hands"]) for record in records) * rounds

    def timed(step: Any) -> tuple[float, Any]:
        start = time.perf_counter()
        for _ in range(rounds):
            result = step()
        return (time.perf_counter() - start) / hands * 1e6, result

    parse_us, parsed = timed(lambda: [parse_record(r, presets=PRESETS) for r in records])
    settle_us, replays = timed(lambda: [replay_game(p) for p in parsed])
    output_us, _ = timed(lambda: [replay_to_dict(g, ruleset_ref="x") for g in replays])
    return {"parse": parse_us, "settle": settle_us, "output": output_us}


def cli_call(record: dict[str, Any], *, runs: int) -> tuple[float, float]:
    """Mean and fastest wall time of ``python -m scoring replay -`` on one record."""
    payload = json.dumps(record)
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(REPO_ROOT), env.get("PYTHONPATH")]))
    times = []
    for _ in range(runs + 1):  # the first run warms the OS file cache and is dropped
        start = time.perf_counter()
        done = subprocess.run(
            [sys.executable, "-m", "scoring", "replay", "-"],
            input=payload,
            capture_output=True,
            text=True,
            cwd=REPO_ROOT,
            env=env,
            check=False,
        )
        times.append(time.perf_counter() - start)
        if done.returncode != 0:
            raise SystemExit(f"the CLI failed ({done.returncode}): {done.stdout}{done.stderr}")
    return statistics.fmean(times[1:]), min(times[1:])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=5.0, help="time for (a); (b) takes half")
    parser.add_argument("--cli-runs", type=int, default=20, help="process runs for (c)")
    args = parser.parse_args()

    games = load_records()
    total_hands = sum(len(game["record"]["hands"]) for game in games)
    pinning = pin_to_one_core()
    print(
        f"corpus: {len(games)} games, {total_hands} hands ({RECORDS.relative_to(REPO_ROOT)}); "
        f"Python {sys.version.split()[0]}; {pinning}"
    )

    rate, passes, hands, elapsed = corpus_rate(games, seconds=args.seconds)
    print(
        f"(a) in process, whole corpus: {rate:,.0f} hands/s "
        f"({passes} passes, {hands:,} hands in {elapsed:.2f} s; "
        f"{elapsed / (passes * len(games)) * 1e3:.3f} ms per game on average)"
    )

    game = average_game(games)
    size = len(game["record"]["hands"])
    mean, calls = one_call(game["record"], seconds=args.seconds / 2)
    print(
        f"(b) in process, one average game ({game['id']}, {size} hands): "
        f"{mean * 1e3:.3f} ms per replay_record call ({calls:,} calls)"
    )

    cost = stages(games)
    print(
        f"(d) per hand: checking and parsing {cost['parse']:.1f} µs, settling and game flow "
        f"(the engine proper) {cost['settle']:.1f} µs = {1e6 / cost['settle']:,.0f} hands/s, "
        f"output {cost['output']:.1f} µs"
    )

    cli_mean, cli_best = cli_call(game["record"], runs=args.cli_runs)
    print(
        f"(c) command line, same game: {cli_mean * 1e3:.1f} ms per run, process start included "
        f"(best {cli_best * 1e3:.1f} ms, {args.cli_runs} runs)"
    )


if __name__ == "__main__":
    main()
