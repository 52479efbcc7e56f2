"""Seed 003's whites (白マティ) give the same answers since the search skips the fills that
cannot beat the best found (``point_ceiling``): every answer recorded from the search that
read them all (main at a4cea22, ``scripts/record_white_answers.py``) is given again, the
yaku, points, faces read and refusals alike, and no fill's ceiling is below a reading of it.
"""

from __future__ import annotations

import gzip
import json
from contextlib import suppress
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from rulesets.registry import PRESETS
from scoring.errors import HandError, ScoringError
from scoring.hand_value.best import value_rank
from scoring.hand_value.evaluate import evaluate_faces, evaluate_hand
from scoring.hand_value.json_input import winning_hand_from_json
from scoring.hand_value.json_output import hand_value_to_dict
from scoring.hand_value.point_ceiling import fill_ceilings
from scoring.hand_value.tiles import JOKER
from scoring.hand_value.whites import (
    WHITE,
    concealed_fills,
    fill_candidates,
    joker_faces_in_play,
    meld_readings,
)
from scoring.hand_value.yaku_files import load_yaku_tables

ANSWERS = Path(__file__).resolve().parents[1] / "data" / "white_answers.jsonl.gz"
SEED_003 = PRESETS["seed-003"]
TABLE = load_yaku_tables()["seed-003"]


def recorded() -> list[dict[str, Any]]:
    with gzip.open(ANSWERS, "rt", encoding="utf-8") as lines:
        return [json.loads(line) for line in lines]


RECORDED = recorded()


def answer(data: dict[str, Any]) -> dict[str, Any]:
    try:
        value = evaluate_hand(winning_hand_from_json(data), ruleset=SEED_003,
                              yaku_table=TABLE)
    except ScoringError as e:
        return {"error": e.code, "field": e.field, "message": str(e)}
    return json.loads(json.dumps(hand_value_to_dict(value)))


def test_the_recorded_requests_cover_wins_refusals_and_the_slowest_hands() -> None:
    answers = [r["answer"] for r in RECORDED]
    assert len(answers) == 1248
    assert sum("error" not in a for a in answers) == 918
    assert {a["error"] for a in answers if "error" in a} >= {"not_a_win", "no_yaku",
                                                             "gari_in_hand"}
    four_whites = [r for r in RECORDED if r["request"]["tiles"]["hand"].count("P") == 4
                   and "error" not in r["answer"]]
    assert len(four_whites) > 50


def test_every_recorded_answer_is_given_again() -> None:
    different = [(r["request"]["tiles"], r["answer"], answer(r["request"]))
                 for r in RECORDED if answer(r["request"]) != r["answer"]]
    assert different == []


def ceilings_and_best(data: dict[str, Any]) -> list[tuple[Any, list[Any]]]:
    """Every fill of the request's whites: its ceiling and the ranks of its readings."""
    hand = winning_hand_from_json(data)
    hand = replace(hand, concealed=tuple(JOKER if t == WHITE else t for t in hand.concealed),
                   win_tile=JOKER if hand.win_tile == WHITE else hand.win_tile)
    faces = joker_faces_in_play(3, TABLE)
    found = []
    for melds in meld_readings(hand.melds, faces):
        reading = replace(hand, melds=melds)
        fills = concealed_fills(reading, faces)
        ceilings = fill_ceilings(reading, fills, ruleset=SEED_003, yaku_table=TABLE)
        for fill, ceiling in zip(fills, ceilings):
            ranks = []
            for candidate, _ in fill_candidates(reading, fill):
                with suppress(HandError):  # a refused reading has no rank
                    ranks.append(value_rank(evaluate_faces(candidate, ruleset=SEED_003,
                                                           yaku_table=TABLE)))
            found.append((ceiling, ranks))
    return found


# Every 20th request whose whites are searched (not refused before: a fifth tile, too many
# indicators).
SEARCHED = [r["request"] for r in RECORDED
            if r["answer"].get("error") not in ("five_of_a_tile", "too_many_indicators")][::20]


@pytest.mark.parametrize("data", SEARCHED)
def test_no_reading_of_a_fill_ranks_above_its_ceiling(data: dict[str, Any]) -> None:
    for ceiling, ranks in ceilings_and_best(data):
        assert ceiling is None or all(rank <= ceiling for rank in ranks)


def test_the_slowest_hand_reads_few_fills_and_their_ceilings_hold() -> None:
    slowest = next(r["request"] for r in RECORDED
                   if r["request"]["tiles"]["hand"][:4] == ["P"] * 4
                   and r["request"]["tiles"]["hand"][4:6] == ["2p", "2p"]
                   and r["request"]["tiles"]["win_tile"] == "P")
    found = ceilings_and_best(slowest)
    assert len(found) == 631
    best = max(rank for _, ranks in found for rank in ranks)
    assert best[0] == 42
    read = [ceiling for ceiling, _ in found if ceiling is None or ceiling >= best]
    assert len(read) < 80  # of 631 fills
    assert all(ceiling is None or all(rank <= ceiling for rank in ranks)
               for ceiling, ranks in found)
