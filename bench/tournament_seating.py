"""How long seating a tournament's round takes (parlor.domain.tournament_seating).

Seats an event of --players players (200 by default) over --rounds rounds (8), one round after
the other as the director does, with made-up results between rounds (each table's players
placed at random, with uma-like points and a little noise, from --seed). Prints, per round, the
time round_seating took and the repeat meetings it seated, and at the end the total repeats, the
players whose winds are more than one apart, and the slowest round. Target (issue 28): under
about 1 s a round for 200 players.

Run from the repository root:

    .venv/bin/python bench/tournament_seating.py
    .venv/bin/python bench/tournament_seating.py --players 32 --rounds 4 --table-size 4
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from parlor.domain.tournament_seating import (  # needs the repo root on sys.path
    Round,
    SeatingPlayer,
    history,
    repeat_meetings,
    round_repeats,
    round_seating,
)

UMA = (30, 10, -10, -30)  # placement points of the made-up results, by place


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=200)
    parser.add_argument("--rounds", type=int, default=8)
    parser.add_argument("--table-size", type=int, default=4, choices=(3, 4))
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args()

    dice = random.Random(args.seed)
    scores = dict.fromkeys(range(1, args.players + 1), 0)
    played: list[Round] = []
    times: list[float] = []
    print(f"{args.players} players, {args.rounds} rounds, tables of {args.table_size}")
    print(f"{'round':>5} {'ms':>8} {'repeats':>8}")
    for number in range(1, args.rounds + 1):
        before = history(played, table_size=args.table_size)
        entries = [
            SeatingPlayer(p, score=scores[p], winds=before.winds.get(p, ())) for p in scores
        ]
        start = time.perf_counter()
        seating = round_seating(
            entries, number, meetings=before.meetings, seed=args.seed,
            table_size=args.table_size,
        )
        times.append(time.perf_counter() - start)
        played.append(seating)
        print(f"{number:>5} {times[-1] * 1000:>8.1f} {round_repeats(seating, before.meetings):>8}")
        for table in seating:
            order = list(table)
            dice.shuffle(order)
            for place, player in enumerate(order):
                scores[player] += UMA[place] + dice.randint(-9, 9)
    winds = history(played, table_size=args.table_size).winds
    uneven = sum(1 for counts in winds.values() if max(counts) - min(counts) > 1)
    print(f"repeat meetings over the event: {repeat_meetings(played)}")
    print(f"players with winds more than one apart: {uneven}")
    print(f"slowest round: {max(times) * 1000:.1f} ms; all rounds: {sum(times) * 1000:.1f} ms")


if __name__ == "__main__":
    main()
