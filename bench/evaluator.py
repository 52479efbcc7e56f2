"""How fast the hand calculator values the Tenhou corpus, beside the ``mahjong`` library.

Both evaluate every win of ``tests/data/tenhou/agari.jsonl.gz`` (2,454 wins) in the same
process, in alternating passes; the figure is the median hands per
second. Inputs are built before the clock starts for both (our ``WinningHand``, the
library's tiles, ``Meld`` and ``HandConfig``), so only the call is timed, as in AGARI.md
§5. The library's LRU cache of hand divisions is cleared before each of its passes; the
calculator keeps no cache between hands, so it has nothing to clear.

Two floors bound what any speed-up of the rest can reach. The first is the hand's tile
names read into a 34-count vector and every reading (decomposition and wait) enumerated,
with no yaku, fu, dora or payment. The second adds what every answer must hold whatever
the hand: the payment through the ruleset's own payment code (a ``Win`` and
``scoring.hand_value.value.payments``) and the ``HandValue`` returned, with a fixed 1 han
30 fu and no yaku, fu parts, dora, limit or checks. The calculator can be no faster than
the second floor.

The library is a benchmark-only dependency (requirements-dev.txt); the product never
imports it.

Run from the repository root:  python bench/evaluator.py  [--passes 7]
"""

from __future__ import annotations

import argparse
import gzip
import json
import statistics
import sys
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any

REPO_ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO_ROOT))

from rulesets.registry import PRESETS  # noqa: E402  (needs the repo root on sys.path)
from scoring.facts import Win  # noqa: E402
from scoring.hand_value.checks import tile_kinds  # noqa: E402
from scoring.hand_value.evaluate import evaluate_hand  # noqa: E402
from scoring.hand_value.hand import WinningHand  # noqa: E402
from scoring.hand_value.json_input import winning_hand_from_json  # noqa: E402
from scoring.hand_value.readings import Reading, readings_of  # noqa: E402
from scoring.hand_value.tiles import parse_tile  # noqa: E402
from scoring.hand_value.value import WIND_ORDER, HandValue, payments  # noqa: E402
from scoring.ruleset import Ruleset  # noqa: E402

AGARI = REPO_ROOT / "tests" / "data" / "tenhou" / "agari.jsonl.gz"
TARGET_RATIO = 5


def load_wins() -> list[dict[str, Any]]:
    with gzip.open(AGARI, "rt", encoding="utf-8") as lines:
        return [json.loads(line) for line in lines if line.strip()]


def our_calls(wins: list[dict[str, Any]]) -> list[Callable[[], object]]:
    calls: list[Callable[[], object]] = []
    for win in wins:
        hand = winning_hand_from_json(win)
        ruleset = PRESETS[f"tenhou-{win['rules']['players']}p-hanchan"]
        calls.append(partial(evaluate_hand, hand, ruleset=ruleset))
    return calls


def read_and_decompose(concealed: tuple[str, ...], win_tile: str) -> list[Reading]:
    """The floor: tile names to counts, then every reading, and nothing else."""
    counts = [0] * 34
    for kind in tile_kinds(concealed, field="concealed"):
        counts[kind] += 1
    return readings_of(counts, parse_tile(win_tile, field="win_tile").kind)


def floor_calls(wins: list[dict[str, Any]]) -> list[Callable[[], object]]:
    calls: list[Callable[[], object]] = []
    for win in wins:
        hand = winning_hand_from_json(win)
        calls.append(partial(read_and_decompose, hand.concealed, hand.win_tile))
    return calls


def read_decompose_and_answer(hand: WinningHand, ruleset: Ruleset) -> HandValue:
    """The floor with the answer: counts, every reading, the payment and the HandValue."""
    reading = read_and_decompose(hand.concealed, hand.win_tile)[0]
    win = Win(winner=WIND_ORDER.index(hand.seat_wind), han=1, fu=30)
    paid = payments(win, hand, ruleset)
    return HandValue(yaku=(), han=1, fu=30, fu_parts=(), yakuman=0, limit="none",
                     points=sum(amount for _, amount in paid), payers=paid,
                     shape=reading.shape, wait=reading.wait, win=win)


def answer_floor_calls(wins: list[dict[str, Any]]) -> list[Callable[[], object]]:
    return [partial(read_decompose_and_answer, winning_hand_from_json(win),
                    PRESETS[f"tenhou-{win['rules']['players']}p-hanchan"]) for win in wins]


def library_calls(wins: list[dict[str, Any]]) -> tuple[list[Callable[[], object]],
                                                        Callable[[], None]]:
    """The library's calls with the options AGARI.md §5 used to match Tenhou."""
    from mahjong.constants import EAST, NORTH, SOUTH, WEST
    from mahjong.hand_calculating.divider import HandDivider
    from mahjong.hand_calculating.hand import HandCalculator
    from mahjong.hand_calculating.hand_config import HandConfig, OptionalRules
    from mahjong.meld import Meld

    winds = {"E": EAST, "S": SOUTH, "W": WEST, "N": NORTH}
    kinds = {"chi": Meld.CHI, "pon": Meld.PON, "daiminkan": Meld.KAN, "ankan": Meld.KAN,
             "kakan": Meld.SHOUMINKAN}
    calculator = HandCalculator()
    calls: list[Callable[[], object]] = []
    for win in wins:
        tiles, situation, flags = win["tiles"], win["situation"], win["flags"]
        melds = [Meld(kinds[m["type"]], m["tiles136"], opened=m["open"])
                 for m in tiles["melds"]]
        options = OptionalRules(has_open_tanyao=win["rules"]["kuitan"],
                                has_aka_dora=win["rules"]["aka"], has_double_yakuman=False,
                                kiriage=False, fu_for_open_pinfu=True,
                                fu_for_pinfu_tsumo=False,
                                is_three_player=win["rules"]["players"] == 3)
        config = HandConfig(
            is_tsumo=situation["tsumo"], is_riichi=flags["riichi"],
            is_ippatsu=flags["ippatsu"], is_rinshan=flags["rinshan"],
            is_chankan=flags["chankan"], is_haitei=flags["haitei"],
            is_houtei=flags["houtei"], is_daburu_riichi=flags["double_riichi"],
            is_tenhou=flags["tenhou"], is_chiihou=flags["chiihou"],
            player_wind=winds[situation["seat_wind"]], round_wind=winds[situation["round_wind"]],
            options=options, num_nuki_dora=tiles["kita"])
        all_tiles = tiles["hand136"] + [t for m in tiles["melds"] for t in m["tiles136"]]
        calls.append(partial(calculator.estimate_hand_value, all_tiles, tiles["win_tile136"],
                             melds=melds, dora_indicators=tiles["dora136"], config=config,
                             ura_dora_indicators=tiles["ura136"]))
    return calls, HandDivider._divide_hand_impl.cache_clear


def one_pass(calls: list[Callable[[], object]]) -> float:
    """Hands per second over one pass of every call."""
    start = time.perf_counter()
    for call in calls:
        call()
    return len(calls) / (time.perf_counter() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--passes", type=int, default=7)
    args = parser.parse_args()
    wins = load_wins()
    ours = our_calls(wins)
    floor = floor_calls(wins)
    answer_floor = answer_floor_calls(wins)
    try:
        theirs, clear = library_calls(wins)
    except ImportError:
        theirs, clear = [], lambda: None
    # The passes alternate, so a machine busy with other work slows both alike.
    our_rates, their_rates, floor_rates, answer_rates = [], [], [], []
    for _ in range(args.passes):
        our_rates.append(one_pass(ours))
        floor_rates.append(one_pass(floor))
        answer_rates.append(one_pass(answer_floor))
        if theirs:
            clear()
            their_rates.append(one_pass(theirs))
    our_rate = statistics.median(our_rates)
    print(f"tenbo hand calculator: {our_rate:>9,.0f} hands/s over {len(wins):,} wins "
          f"(median of {args.passes} passes)")
    floor_rate = statistics.median(floor_rates)
    print(f"floor (decompositions only): {floor_rate:,.0f} hands/s; the calculator spends "
          f"{1 - our_rate / floor_rate:.0%} of its time beyond the floor")
    answer_rate = statistics.median(answer_rates)
    print(f"floor with the answer (payment and HandValue, no yaku): {answer_rate:,.0f} "
          f"hands/s; the calculator spends {1 - our_rate / answer_rate:.0%} of its time "
          "beyond it")
    if not theirs:
        print("mahjong library: not installed (pip install -r requirements-dev.txt)")
        return
    their_rate = statistics.median(their_rates)
    print(f"mahjong library:       {their_rate:>9,.0f} hands/s, cache cleared before each pass")
    print(f"ratio: {our_rate / their_rate:.2f}x (target: at least {TARGET_RATIO}x); "
          f"floor / library: {floor_rate / their_rate:.2f}x; floor with the answer / "
          f"library: {answer_rate / their_rate:.2f}x")


if __name__ == "__main__":
    main()
