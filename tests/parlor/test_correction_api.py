"""Correcting a hand in the middle replays the rest and keeps the old version."""

from __future__ import annotations

import pytest

from parlor.models import Hand, HandState
from rulesets.registry import PRESETS
from scoring.replay import replay_record
from tests.parlor.conftest import DRAW, RON_1_BY_0, TSUMO_2, ok

pytestmark = pytest.mark.django_db

HANDS = [
    RON_1_BY_0,
    TSUMO_2,
    DRAW,
    {"result": {"kind": "ron", "loser": 2, "wins": [{"winner": 3, "han": 2, "fu": 40}]}},
    {"result": {"kind": "tsumo", "win": {"winner": 0, "han": 1, "fu": 30}}},
]
CORRECTED = {"result": {"kind": "ron", "loser": 3, "wins": [{"winner": 2, "han": 5}]}}


@pytest.fixture
def game_of_five_hands(table, start_game, record_hand):
    game = start_game(table)
    for sequence, hand in enumerate(HANDS, start=1):
        ok(record_hand(game, hand, sequence=sequence), 201)
    return game


def test_a_correction_replays_the_later_hands_and_keeps_the_old_version(game_of_five_hands, staff):
    game_id = game_of_five_hands["id"]
    before = ok(staff.get(f"/api/games/{game_id}/"))
    body = ok(
        staff.post(
            f"/api/games/{game_id}/hands/2/corrections/",
            {"hand": CORRECTED, "reason": "it was a ron by seat 2, not a tsumo"},
            format="json",
        ),
        201,
    )

    versions = [(h["sequence"], h["version"], h["state"]) for h in body["hands"]]
    assert versions == [
        (1, 1, "current"),
        (2, 1, "superseded"),
        (2, 2, "current"),
        (3, 1, "current"),
        (4, 1, "current"),
        (5, 1, "current"),
    ]
    old, new = body["hands"][1], body["hands"][2]
    assert old["entry"] == TSUMO_2 and old["outcome"] == before["hands"][1]["outcome"]
    assert new["entry"] == CORRECTED and new["supersedes_version"] == 1
    assert new["reason"] == "it was a ron by seat 2, not a tsumo"

    record = ok(staff.get(f"/api/games/{game_id}/export/"))
    assert record["hands"] == [HANDS[0], CORRECTED, *HANDS[2:]]
    expected = replay_record(record, presets=PRESETS)
    current = [h for h in body["hands"] if h["state"] == "current"]
    assert [h["outcome"]["scores_after"] for h in current] == [
        h["scores_after"] for h in expected["hands"]
    ]
    assert body["scores"] == expected["hands"][-1]["scores_after"]
    assert body["scores"] != before["scores"]
    assert current[3]["outcome"]["scores_before"] != before["hands"][3]["outcome"]["scores_before"]


def test_a_correction_needs_a_reason(game_of_five_hands, staff):
    response = staff.post(
        f"/api/games/{game_of_five_hands['id']}/hands/2/corrections/",
        {"hand": CORRECTED, "reason": ""},
        format="json",
    )
    assert response.status_code == 400
    assert response.json()["error"]["field"] == "reason"
    assert Hand.objects.filter(state=HandState.SUPERSEDED).count() == 0


def test_an_invalid_correction_is_refused_and_changes_nothing(game_of_five_hands, staff):
    bad = {"result": {"kind": "ron", "loser": 1, "wins": [{"winner": 1, "han": 3, "fu": 30}]}}
    response = staff.post(
        f"/api/games/{game_of_five_hands['id']}/hands/2/corrections/",
        {"hand": bad, "reason": "typo"},
        format="json",
    )
    assert response.status_code == 400
    assert response.json()["error"]["hand"] == 1
    assert Hand.objects.filter(state=HandState.CURRENT).count() == 5
    assert Hand.objects.count() == 5


def test_correcting_a_hand_that_does_not_exist_is_a_404(game_of_five_hands, staff):
    response = staff.post(
        f"/api/games/{game_of_five_hands['id']}/hands/9/corrections/",
        {"hand": CORRECTED, "reason": "x"},
        format="json",
    )
    assert response.status_code == 404
    assert "no hand 9" in response.json()["error"]["message"]


def test_a_finished_game_can_be_corrected_and_its_results_follow(game_of_five_hands, staff):
    game_id = game_of_five_hands["id"]
    finished = ok(staff.post(f"/api/games/{game_id}/finish/"))
    assert finished["status"] == "finished" and finished["end_reason"] == "finished"
    body = ok(
        staff.post(
            f"/api/games/{game_id}/hands/5/corrections/",
            {"hand": {"result": {"kind": "draw", "tenpai": []}}, "reason": "no win"},
            format="json",
        ),
        201,
    )
    record = ok(staff.get(f"/api/games/{game_id}/export/"))
    assert record["finished"] is True
    final = replay_record(record, presets=PRESETS)["final"]
    assert [r["total"] for r in body["results"]] == pytest.approx(final["total_points"])
    assert [r["total"] for r in body["results"]] != [r["total"] for r in finished["results"]]
