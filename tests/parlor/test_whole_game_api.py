"""A whole game of every preset recorded through the API gives exactly the engine's ledger."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from parlor.models import Table
from rulesets.registry import PRESETS
from scoring.replay import replay_record
from tests.parlor.conftest import ok
from tests.parlor.game_driver import play_to_end

pytestmark = pytest.mark.django_db
ROOT = Path(__file__).resolve().parents[2]
OUTCOME_KEYS = (
    "round_wind",
    "round_number",
    "honba",
    "dealer",
    "sticks_before",
    "scores_before",
    "transfers",
    "deltas",
    "scores_after",
    "sticks_after",
    "notes",
)


def _engine_cli(record: dict) -> dict:
    """`python -m scoring replay -`, the engine alone, as staff would run it."""
    done = subprocess.run(
        [sys.executable, "-m", "scoring", "replay", "-"],
        cwd=ROOT,
        input=json.dumps(record),
        capture_output=True,
        text=True,
        check=True,
    )
    return json.loads(done.stdout)


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_a_whole_game_through_the_api_equals_the_engine_replay(
    preset, parlor, players, staff, start_game
):
    table = Table.objects.create(parlor=parlor, label=preset[:20], ruleset_key=preset)
    game = start_game(table, count=PRESETS[preset].player_count, seating="draw")
    finished = play_to_end(staff, game["id"])
    assert finished["status"] == "finished" and finished["end_reason"]

    record = ok(staff.get(f"/api/games/{game['id']}/export/"))
    assert record["format"] == "tenbo-game/1" and record["ruleset"]["id"] == preset
    expected = _engine_cli(record)
    assert expected == replay_record(record, presets=PRESETS)

    hands = [h for h in finished["hands"] if h["state"] == "current"]
    assert len(hands) == len(expected["hands"]) == finished["hand_count"]
    for hand, engine_hand in zip(hands, expected["hands"], strict=True):
        assert {k: hand["outcome"][k] for k in OUTCOME_KEYS} == {
            k: engine_hand[k] for k in OUTCOME_KEYS
        }
        assert hand["outcome"]["next"] == engine_hand["next"]
    assert finished["end_reason"] == expected["end"]["reason"]
    final = expected["final"]
    by_seat = sorted(finished["results"], key=lambda r: r["seat"])
    assert [r["final_score"] for r in by_seat] == final["scores"]
    assert [r["rank"] for r in by_seat] == final["ranks"]
    assert [r["total"] for r in by_seat] == pytest.approx(final["total_points"])
    assert [r["chips"] for r in by_seat] == final["chips"]
    assert finished["scores"] == expected["hands"][-1]["scores_after"]
