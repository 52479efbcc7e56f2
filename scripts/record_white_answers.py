"""Record the calculator's answers to seed 003 hands with whites (白マティ), to check that a
faster search gives the same answers (``tests/scoring/test_hand_value_white_answers.py``).

The requests: the white family of ``bench/calculator_worst.py`` (its 600 hands, drawn as the
bench draws them), the slowest hands the bench found (four whites with 2p–6p pairs, won on a
white), and random seed 003 hands: winning hands of pin, sou, honours, 1m and 9m with one to
four whites (some in a pon or kan), random winds, ron or tsumo, riichi, indicators, gari and
North, some of them not a win. Each line holds a request as the API takes it and the answer
(``hand_value_to_dict``) or the refusal (code, field, message).

The answers in tests/data/white_answers.jsonl.gz were recorded from main at a4cea22 (the
search before the point ceiling), in a worktree of that commit with this file copied in:

    python scripts/record_white_answers.py --out tests/data/white_answers.jsonl.gz
"""

from __future__ import annotations

import argparse
import gzip
import json
import random
import sys
from pathlib import Path
from typing import Any

REPO_ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO_ROOT))

from bench.calculator_worst import evaluate, one_suit_wins, white_requests  # noqa: E402
from scoring.errors import ScoringError  # noqa: E402

SEED = 26
FACES = [f"{n}{suit}" for suit in "ps" for n in range(1, 10)] + [
    "E", "S", "W", "N", "F", "C", "1m", "9m"]
SLOWEST = ["P P P P 2p 2p 3p 3p 4p 4p 5p 5p 6p 6p", "P P P P 3p 3p 4p 4p 5p 5p 6p 6p 7p 7p",
           "P P P 2s 2s 3s 3s 4s 4s 5s 5s 6s 6s 6s", "P P P P 1p 1p 2p 2p 3p 3p 4p 4p 5p 5p"]


def request(hand: list[str], win: str, *, tsumo: bool, seat: str = "E",
            **tiles: Any) -> dict[str, Any]:
    return {"rules": {"players": 3},
            "situation": {"seat_wind": seat, "round_wind": "E", "tsumo": tsumo},
            "tiles": {"hand": hand, "win_tile": win, **tiles}, "flags": {}}


def random_win(rng: random.Random) -> list[str]:
    """Four sets and a pair (or seven pairs) of pin, sou, honours, 1m and 9m, at most four
    of a tile."""
    while True:
        if rng.random() < 0.1:
            tiles = [t for face in rng.sample(FACES, 7) for t in (face, face)]
        else:
            tiles = [rng.choice(FACES)] * 2
            for _ in range(4):
                if rng.random() < 0.5:
                    suit, low = rng.choice("ps"), rng.randint(1, 7)
                    tiles += [f"{low + i}{suit}" for i in range(3)]
                else:
                    tiles += [rng.choice(FACES)] * 3
        if all(tiles.count(t) <= 4 for t in tiles):
            return tiles


def random_request(rng: random.Random) -> dict[str, Any]:
    hand = random_win(rng)
    if rng.random() < 0.1:
        hand[rng.randrange(14)] = rng.choice(FACES)  # most likely no longer a win
    for i in rng.sample(range(14), rng.randint(1, 4)):
        hand[i] = rng.choice(("P", "*"))
    tiles: dict[str, Any] = {}
    if rng.random() < 0.2:  # a pon (or kan) of the first triplet, whites and all
        first = next((t for t in hand if hand.count(t) >= 3 and t not in ("P", "*")), None)
        if first is not None:
            for _ in range(3):
                hand.remove(first)
            kind = rng.choice(("pon", "daiminkan", "ankan"))
            meld = [first] * (4 if kind != "pon" else 3)
            if rng.random() < 0.5:
                meld[0] = "P"
            tiles["melds"] = [{"type": kind, "tiles": meld}]
    win = rng.choice(hand)
    gari = rng.sample(["1m"] * 4 + ["5m"] * 4 + ["9m"] * 4, rng.randint(0, 6))
    if gari:
        tiles["gari"] = gari
    if rng.random() < 0.5:
        tiles["kita"] = rng.randint(0, 4)
    tiles["dora_indicators"] = rng.sample(["E", "S", "W", "N", "F", "C", "P", "1p", "4s", "9m"],
                                          rng.randint(1, 5))
    data = request(hand, win, tsumo=rng.random() < 0.5, seat=rng.choice("ESW"), **tiles)
    if rng.random() < 0.3:
        data["flags"] = {"riichi": True}
        data["tiles"]["ura_indicators"] = rng.sample(["E", "F", "C", "P", "5p"], 2)
    return data


def requests() -> list[dict[str, Any]]:
    rng = random.Random(SEED)
    wins = one_suit_wins("p")
    rng.sample(wins, 150)  # the bench draws its four-player hands first
    hands_3p = [[t.replace("p", s) for t in h] for h in rng.sample(wins, 150) for s in "ps"]
    found = [data for _, data in white_requests(hands_3p, rng, 600)]
    gari = ["1m"] * 4 + ["5m"] * 4 + ["9m"] * 4
    for hand in SLOWEST:
        for tsumo in (False, True):
            for win in sorted(set(hand.split())):
                found.append(request(hand.split(), win, tsumo=tsumo, gari=gari, kita=4,
                                     dora_indicators=["E", "S", "W", "F", "C"]))
    found += [random_request(rng) for _ in range(600)]
    return found


def answer(data: dict[str, Any]) -> dict[str, Any]:
    try:
        return evaluate("seed-003", data)
    except ScoringError as e:
        return {"error": e.code, "field": getattr(e, "field", None), "message": str(e)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, required=True)
    args = parser.parse_args()
    with gzip.open(args.out, "wt", encoding="utf-8") as out:
        for data in requests():
            out.write(json.dumps({"request": data, "answer": answer(data)},
                                 ensure_ascii=False, sort_keys=True) + "\n")


if __name__ == "__main__":
    main()
