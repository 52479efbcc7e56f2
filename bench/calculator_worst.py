"""The hand calculator's worst accepted requests, and the CPU each one costs (target < 50 ms).

Every request the calculator accepts is bounded (scoring/hand_value/bounds.py): 14 concealed
tiles, 4 melds, 5 + 5 indicators, 4 copies of a tile over all of them, the ruleset's gari and
flowers. This searches that space for what costs most:

- the shapes with most readings and waits: a sample (``--sample``) of the 13,259 winning
  one-suit hands (清一色: four sets and a pair, the nine gates among them) in each suit, with
  the largest lists beside them (5 dora and 5 ura indicators; 4 kans of honours);
- the all-mighty tiles: seed 004's white pocchi as the winning tile of a tsumo (each face in
  play tried) with its four flowers; seed 003's whites (白マティ), one to four of them
  replacing tiles of those hands, the winning tile a white or not, with every gari (12) and
  North (4) set aside where the copies allow;
- then a hill climb from the slowest: each step swaps one tile of the slowest hands for
  another and keeps the change when it costs more.

Each request goes the way a request does: its JSON read (``winning_hand_from_json``), valued
(``evaluate_hand`` with the preset's yaku table) and answered (``hand_value_to_dict``). Its
cost is the least of ``--repeat`` runs of ``time.process_time`` (CPU, not wall clock, so other
processes on the machine count for less). Refused requests are counted apart: a refusal stops
at the first check that fails.

Run from the repository root:  python bench/calculator_worst.py  [--seconds 60] [--repeat 3]
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

REPO_ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO_ROOT))

from rulesets.registry import PRESETS  # noqa: E402  (needs the repo root on sys.path)
from scoring.errors import ScoringError  # noqa: E402
from scoring.hand_value.evaluate import evaluate_hand  # noqa: E402
from scoring.hand_value.json_input import winning_hand_from_json  # noqa: E402
from scoring.hand_value.json_output import hand_value_to_dict  # noqa: E402
from scoring.hand_value.yaku_files import load_yaku_tables, yaku_table_for  # noqa: E402

TARGET_MS = 50.0
TABLES = load_yaku_tables()
SUITS_4P = ("m", "p", "s")
SUITS_3P = ("p", "s")  # sanma has no 2m–8m


Request = tuple[str, dict[str, Any]]  # (ruleset key, the JSON line)


def line(players: int, hand: list[str], win: str, *, tsumo: bool, seat: str = "S",
         flags: dict[str, bool] | None = None, **tiles: Any) -> dict[str, Any]:
    return {"rules": {"players": players},
            "situation": {"seat_wind": seat, "round_wind": "E", "tsumo": tsumo},
            "tiles": {"hand": hand, "win_tile": win, **tiles}, "flags": flags or {}}


def one_suit_wins(suit: str) -> list[list[str]]:
    """Every winning 14-tile hand of one suit (清一色: four sets and a pair, at most four of a
    number), seven pairs left out: the sets and pairs give the most readings and waits."""
    sets = [(n, n + 1, n + 2) for n in range(1, 8)] + [(n, n, n) for n in range(1, 10)]
    found: set[tuple[int, ...]] = set()

    def build(first: int, chosen: list[int]) -> None:
        if len(chosen) == 12:
            for pair in range(1, 10):
                hand = tuple(sorted([*chosen, pair, pair]))
                if all(hand.count(n) <= 4 for n in set(hand)):
                    found.add(hand)
            return
        for i in range(first, len(sets)):
            build(i, chosen + list(sets[i]))
    build(0, [])
    return [[f"{n}{suit}" for n in hand] for hand in sorted(found)]


def evaluate(ruleset: str, data: dict[str, Any]) -> dict[str, Any]:
    hand = winning_hand_from_json(data)
    value = evaluate_hand(hand, ruleset=PRESETS[ruleset],
                          yaku_table=yaku_table_for(ruleset, TABLES))
    return hand_value_to_dict(value)


def cost_ms(request: Request, repeat: int) -> float | None:
    """The least CPU of ``repeat`` runs in ms, or None when the request is refused."""
    ruleset, data = request
    best = float("inf")
    for _ in range(repeat):
        start = time.process_time()
        try:
            evaluate(ruleset, data)
        except ScoringError:
            return None
        best = min(best, time.process_time() - start)
    return best * 1000


def standard_requests(hands: list[list[str]]) -> Iterator[Request]:
    kans = [{"type": "ankan", "tiles": [w] * 4} for w in ("E", "S", "W", "N")]
    for hand in hands:
        for win in sorted(set(hand)):
            for tsumo in (False, True):
                yield "tenhou-4p-hanchan", line(
                    4, hand, win, tsumo=tsumo, flags={"riichi": True},
                    dora_indicators=["P", "F", "C", "E", "S"],
                    ura_indicators=["P", "F", "C", "E", "S"])
    yield "tenhou-4p-hanchan", line(4, ["P", "P"], "P", tsumo=True, melds=kans,
                                    dora_indicators=["1m", "2m", "3m", "4m", "5m"])


def pocchi_requests(hands: list[list[str]]) -> Iterator[Request]:
    """Seed 004: the pocchi is the winning tile of a tsumo after riichi, any face in play."""
    for hand in hands:
        for i in sorted({hand.index(t) for t in hand}):
            yield "seed-004", line(3, hand[:i] + hand[i + 1:] + ["*"], "*", tsumo=True,
                                   flags={"riichi": True}, flowers=4,
                                   dora_indicators=["E", "S", "W", "N", "F"])


def white_requests(hands: list[list[str]], rng: random.Random,
                   samples: int) -> Iterator[Request]:
    """Seed 003: one to four tiles of a winning hand become whites (白マティ)."""
    gari = ["1m"] * 4 + ["5m"] * 4 + ["9m"] * 4
    for _ in range(samples):
        hand = list(rng.choice(hands))
        whites = rng.randint(1, 4)
        for i in rng.sample(range(14), whites):
            hand[i] = "P"
        win = rng.choice(hand)
        yield "seed-003", line(3, hand, win, tsumo=rng.random() < 0.5, seat="E", gari=gari,
                               kita=4, dora_indicators=["E", "S", "W", "F", "C"])


def mutate(request: Request, rng: random.Random) -> Request:
    ruleset, data = request
    hand = list(data["tiles"]["hand"])
    faces = sorted({t for t in hand} | {"P", "1p", "5p", "9p", "1s", "5s", "9s", "E", "C"})
    hand[rng.randrange(len(hand))] = rng.choice(faces)
    win = data["tiles"]["win_tile"]
    if win not in hand:
        win = rng.choice(hand)
    tiles = {**data["tiles"], "hand": hand, "win_tile": win}
    return ruleset, {**data, "tiles": tiles}


def label(request: Request) -> str:
    ruleset, data = request
    tiles = data["tiles"]
    extras = [f"{len(tiles.get('gari', []))} gari"] if tiles.get("gari") else []
    extras += [f"{tiles['flowers']} flowers"] if tiles.get("flowers") else []
    extras += [f"{len(tiles.get('melds', []))} melds"] if tiles.get("melds") else []
    how = "tsumo" if data["situation"]["tsumo"] else "ron"
    return (f"{ruleset:18} {' '.join(tiles['hand'])} win {tiles['win_tile']} {how}"
            f"{' (' + ', '.join(extras) + ')' if extras else ''}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=60.0, help="hill-climb budget")
    parser.add_argument("--repeat", type=int, default=3, help="runs per request (least kept)")
    parser.add_argument("--seed", type=int, default=26)
    parser.add_argument("--sample", type=int, default=150, help="one-suit hands per family")
    parser.add_argument("--top", type=int, default=12, help="slowest requests printed")
    args = parser.parse_args()
    rng = random.Random(args.seed)

    wins = one_suit_wins("p")
    print(f"one-suit winning hands: {len(wins)} per suit; {args.sample} of them tried per family")
    hands_4p = [[t.replace("p", s) for t in h] for h in rng.sample(wins, args.sample)
                for s in SUITS_4P]
    hands_3p = [[t.replace("p", s) for t in h] for h in rng.sample(wins, args.sample)
                for s in SUITS_3P]
    costs: dict[str, tuple[float, Request]] = {}
    refused = 0

    def measure(request: Request) -> float | None:
        nonlocal refused
        ms = cost_ms(request, args.repeat)
        if ms is None:
            refused += 1
        else:
            costs[label(request)] = (ms, request)
        return ms

    families = {"one suit, 5 + 5 indicators": standard_requests(hands_4p),
                "seed 004 pocchi, 4 flowers": pocchi_requests(hands_3p),
                "seed 003 whites, 12 gari, 4 North": white_requests(hands_3p, rng, 600)}
    for name, requests in families.items():
        found = [ms for ms in map(measure, requests) if ms is not None]
        print(f"{name:36} {len(found):6} accepted  p50 {statistics.median(found):6.2f} ms  "
              f"max {max(found):7.2f} ms")

    deadline = time.monotonic() + args.seconds
    climbs = 0
    while time.monotonic() < deadline:
        slowest = sorted(costs.values(), key=lambda c: c[0], reverse=True)[:20]
        ms, request = rng.choice(slowest)
        changed = mutate(request, rng)
        measure(changed)
        climbs += 1
    print(f"hill climb: {climbs} steps in {args.seconds:.0f} s")

    every = sorted(ms for ms, _ in costs.values())
    print(f"\naccepted requests: {len(every)}, refused: {refused}")
    print(f"CPU per accepted request: p50 {statistics.median(every):.2f} ms, "
          f"p99 {every[int(len(every) * 0.99)]:.2f} ms, max {every[-1]:.2f} ms "
          f"(target < {TARGET_MS:.0f} ms)")
    print(f"over the target: {sum(ms >= TARGET_MS for ms in every)}")
    print(f"\nthe {args.top} slowest:")
    for ms, request in sorted(costs.values(), key=lambda c: c[0], reverse=True)[:args.top]:
        print(f"{ms:8.2f} ms  {label(request)}")


if __name__ == "__main__":
    main()
