"""The hand calculator reproduces Tenhou's own scoring on every win of the corpus played
under Tenhou's standard rules: the yaku with their han, the han, the fu and the points.

The data is ``tests/data/tenhou/agari.jsonl.gz``, a gzipped copy of the shared corpus's
``agari.jsonl`` (AGARI.md describes every field). Tenhou's answer in ``tenhou`` is the truth.
"""

from __future__ import annotations

import gzip
import json
from collections import Counter
from dataclasses import replace
from pathlib import Path
from typing import Any

from rulesets.registry import PRESETS
from scoring.errors import ScoringError
from scoring.hand_value.evaluate import evaluate_hand
from scoring.hand_value.json_input import winning_hand_from_json
from scoring.hand_value.value import HandValue

AGARI = Path(__file__).resolve().parents[1] / "data" / "tenhou" / "agari.jsonl.gz"
STANDARD_WINS = 2423  # AGARI.md §1: 2,454 wins, 31 of them in non-standard lobbies
REPORT_LIMIT = 10

# Tenhou's yaku ids (the corpus README, "Yaku ids") and the calculator's keys. Tenhou names
# each wind separately; the calculator has one seat-wind and one round-wind yaku.
TENHOU_KEYS = {
    0: "menzen_tsumo", 1: "riichi", 2: "ippatsu", 3: "chankan", 4: "rinshan", 5: "haitei",
    6: "houtei", 7: "pinfu", 8: "tanyao", 9: "iipeikou", 10: "seat_wind", 11: "seat_wind",
    12: "seat_wind", 13: "seat_wind", 14: "round_wind", 15: "round_wind", 16: "round_wind",
    17: "round_wind", 18: "haku", 19: "hatsu", 20: "chun", 21: "double_riichi",
    22: "chiitoitsu", 23: "chanta", 24: "ittsu", 25: "sanshoku", 26: "sanshoku_doukou",
    27: "sankantsu", 28: "toitoi", 29: "sanankou", 30: "shousangen", 31: "honroutou",
    32: "ryanpeikou", 33: "junchan", 34: "honitsu", 35: "chinitsu", 36: "renhou",
    37: "tenhou", 38: "chiihou", 39: "daisangen", 40: "suuankou", 41: "suuankou_tanki",
    42: "tsuuiisou", 43: "ryuuiisou", 44: "chinroutou", 45: "chuuren", 46: "junsei_chuuren",
    47: "kokushi", 48: "kokushi_13", 49: "daisuushii", 50: "shousuushii", 51: "suukantsu",
    52: "dora", 53: "ura_dora", 54: "aka_dora",
}


def standard_wins() -> list[dict[str, Any]]:
    with gzip.open(AGARI, "rt", encoding="utf-8") as lines:
        wins = [json.loads(line) for line in lines if line.strip()]
    return [w for w in wins if w["rules"]["scoring_rules_standard"]]


def tenhou_yaku(answer: dict[str, Any]) -> Counter[str]:
    """Tenhou's yaku as key → han (yakuman count for yakuman), 0-han entries dropped."""
    if answer["yakuman"]:
        return Counter(TENHOU_KEYS[entry[0]] for entry in answer["yakuman"])
    found: Counter[str] = Counter()
    for tenhou_id, _, _, han in answer["yaku"]:
        if han:
            found[TENHOU_KEYS[tenhou_id]] += han
    return found


def our_yaku(value: HandValue) -> Counter[str]:
    """Ours in Tenhou's terms: Tenhou counts pulled North tiles inside ドラ."""
    found: Counter[str] = Counter()
    for yaku in value.yaku:
        found["dora" if yaku.key == "kita" else yaku.key] += yaku.han
    return found


def differences(win: dict[str, Any]) -> str | None:
    answer = win["tenhou"]
    ruleset = PRESETS[f"tenhou-{win['rules']['players']}p-hanchan"]
    try:
        value = evaluate_hand(winning_hand_from_json(win), ruleset=ruleset)
    except ScoringError as e:
        return f"refused: {e.code} {e.field}: {e.message}"
    problems = []
    if our_yaku(value) != tenhou_yaku(answer):
        problems.append(f"yaku {dict(our_yaku(value))} != {dict(tenhou_yaku(answer))}")
    if value.han != answer["han"]:
        problems.append(f"han {value.han} != {answer['han']}")
    if not answer["yakuman"] and answer["fu"] is not None and value.fu != answer["fu"]:
        problems.append(f"fu {value.fu} != {answer['fu']}")
    if value.points != answer["points"]:
        problems.append(f"points {value.points} != {answer['points']}")
    if value.limit != answer["limit"]:
        problems.append(f"limit {value.limit} != {answer['limit']}")
    return "; ".join(problems) or None


def test_it_scores_every_standard_lobby_win_as_tenhou_did() -> None:
    wins = standard_wins()
    assert len(wins) == STANDARD_WINS
    misses = []
    for win in wins:
        problem = differences(win)
        if problem:
            misses.append(f"{win['game_id']} hand {win['hand_index']} win "
                          f"{win['win_index']}: {problem}")
    assert not misses, f"{len(misses)} of {len(wins)} differ:\n" + "\n".join(
        misses[:REPORT_LIMIT])


def test_the_corpus_exercises_yakuman_kita_and_every_meld_kind() -> None:
    """Guard against a corpus copy that lost the hands the test is meant to cover."""
    wins = standard_wins()
    kinds = Counter(m["type"] for w in wins for m in w["tiles"]["melds"])
    assert set(kinds) == {"chi", "pon", "daiminkan", "kakan", "ankan"}
    assert sum(1 for w in wins if w["tenhou"]["yakuman"]) >= 20
    assert sum(1 for w in wins if w["tiles"]["kita"]) >= 80


def test_the_order_of_tiles_and_melds_does_not_change_the_value() -> None:
    for win in standard_wins()[::7]:
        ruleset = PRESETS[f"tenhou-{win['rules']['players']}p-hanchan"]
        hand = winning_hand_from_json(win)
        turned = replace(hand, concealed=tuple(reversed(hand.concealed)),
                         melds=tuple(replace(m, tiles=tuple(reversed(m.tiles)))
                                     for m in reversed(hand.melds)))
        value, again = (evaluate_hand(h, ruleset=ruleset) for h in (hand, turned))
        assert (Counter(again.yaku), again.han, again.fu, again.points) == (
            Counter(value.yaku), value.han, value.fu, value.points), win["game_id"]
        assert all(amount % ruleset.point_unit == 0 for _, amount in value.payers)
