"""The engine's notes are codes with parameters, and the game record writes each as the
sentence docs/game-record.md has always shown."""

from __future__ import annotations

from typing import Any

import pytest

from rulesets.registry import PRESETS
from scoring.notes import Note, NoteCode
from scoring.record import parse_record
from scoring.replay import replay_record
from scoring.settle import settle_hand


def record(preset: str, entry: dict[str, Any], **start: Any) -> dict[str, Any]:
    return {
        "format": "tenbo-game/1",
        "ruleset": preset,
        "players": ["A", "B", "C", "D"],
        "start": {"round_wind": "E", "round_number": 1, **start},
        "hands": [entry],
    }


def ron(loser: int, *winners: int) -> dict[str, Any]:
    wins = [{"winner": w, "han": 2, "fu": 30} for w in winners]
    return {"result": {"kind": "ron", "loser": loser, "wins": wins}}


CASES = [
    pytest.param(
        record("jpml-a", ron(0, 3, 2)),
        (Note(NoteCode.HEAD_BUMP, seat=3),),
        ["head bump: the ron of seat 3 is void"],
        id="head-bump",
    ),
    pytest.param(
        record("standard", ron(0, 1, 2, 3)),
        (Note(NoteCode.TRIPLE_RON),),
        ["triple_ron"],
        id="triple-ron",
    ),
    pytest.param(
        record("standard", {"riichi": [2], "result": {"kind": "draw", "tenpai": [0]}}),
        (Note(NoteCode.NOTEN_RIICHI_CHOMBO),),
        ["noten riichi (不聴立直) settled as chombo"],
        id="noten-riichi",
    ),
    pytest.param(
        record("seed-000", ron(2, 1), honba=5),
        (Note(NoteCode.MIN_HAN_UNCHECKED, seat=1, honba=5, han=2),),
        ["check: at 5 honba seat 1's win needs 2 han without dora, and no dora count was entered"],
        id="min-han-unchecked",
    ),
]


@pytest.mark.parametrize(("game", "notes", "written"), CASES)
def test_a_note_is_a_code_and_the_record_writes_its_sentence(
    game: dict[str, Any], notes: tuple[Note, ...], written: list[str]
) -> None:
    parsed = parse_record(game, presets=PRESETS)
    ruleset = PRESETS[game["ruleset"]]
    assert settle_hand(parsed.start, parsed.hands[0], ruleset=ruleset).notes == notes
    assert replay_record(game, presets=PRESETS)["hands"][0]["notes"] == written


def test_every_code_is_settled_by_some_hand() -> None:
    assert {case.values[1][0].code for case in CASES} == set(NoteCode)
