"""Whole games through the tablet: every hand tapped in, every payment seen before it counts,
a correction of an earlier hand, and the final settlement, checked against the engine's own
command line (`python -m scoring replay`) on the exported record."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

from parlor.models import Game, Hand, HandState, Table
from tests.browser.tablet import Tablet, engine_replay

pytestmark = pytest.mark.django_db(transaction=True)
EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
NAMES = ["青木", "馬場", "千葉", "土井"]
# The common case takes at most four taps after opening the table: winner, loser (or ツモ),
# value, confirm. The pad's promise, checked on every such hand below.
COMMON_CASE_TAPS = 4


def is_common(entry: dict[str, Any]) -> bool:
    result = entry["result"]
    plain = not entry.get("riichi") and not entry.get("stop")
    single = result["kind"] == "tsumo" or (
        result["kind"] == "ron" and len(result["wins"]) == 1 and "pao" not in result["wins"][0]
    )
    win = result.get("win") or (result.get("wins") or [{}])[0]
    return plain and single and not isinstance(win.get("yakuman"), list)


def play(
    tablet: Tablet,
    hands: list[dict[str, Any]],
    *,
    mistake: tuple[int, dict[str, Any]],
    correct_after: int,
    shots: dict[int, str],
) -> dict[int, list[int]]:
    """Enters `hands`, the one at mistake[0] first as mistake[1] and corrected after hand
    `correct_after`; returns the scores the screen showed after each hand, by index."""
    seen: dict[int, list[int]] = {}
    wrong_index, wrong_entry = mistake
    for index, entry in enumerate(hands):
        tablet.enter(wrong_entry if index == wrong_index else entry)
        if is_common(entry):
            assert tablet.taps + 1 <= COMMON_CASE_TAPS, (
                f"hand {index + 1} took {tablet.taps + 1} taps"
            )
        preview_after = tablet.after_scores_in_preview()
        if index in shots:
            tablet.shot(shots[index])
        tablet.confirm()
        if tablet.screen() == "game":
            assert tablet.scores() == preview_after  # what was shown is what counted
            seen[index] = tablet.scores()
        if index == correct_after:
            win = hands[wrong_index]["result"]["wins"][0]
            tablet.correct_value(wrong_index + 1, win, reason="翻数の入力ミス")
            tablet.shot("history-after-correction")
            assert tablet.page.locator("tr[data-state='superseded']").count() == 1
            tablet.page.click("[data-action='back-to-game']")
            tablet.wait_ready()
            seen = {i: s for i, s in seen.items() if i < wrong_index}
            seen[index] = tablet.scores()
    return seen


def check_against_the_engine(tablet: Tablet, seen: dict[int, list[int]]) -> None:
    """The exported record, replayed by the engine's CLI, gives what the screens showed."""
    game_id = tablet.page.url.rstrip("/").split("/")[-2]
    exported = tablet.page.request.get(f"{tablet.base_url}/api/games/{game_id}/export/")
    assert exported.ok
    replay = engine_replay(exported.json())
    for index, scores in seen.items():
        assert scores == replay["hands"][index]["scores_after"], f"hand {index + 1}"
    final = replay["final"]
    rows = tablet.page.eval_on_selector_all(
        ".final tbody tr",
        "rows => rows.map(r => [Number(r.dataset.seat), Number(r.dataset.finalScore),"
        " r.querySelector('[data-total]').textContent])",
    )
    assert len(rows) == len(final["scores"])
    for seat, score, total in rows:
        assert score == final["scores"][seat]
        assert float(total.replace(",", "")) == pytest.approx(float(final["total_points"][seat]))
    game = Game.objects.get(public_id=game_id)
    assert game.status == "finished" and game.end_reason == replay["end"]["reason"]
    assert Hand.objects.filter(game=game, state=HandState.CURRENT).count() == len(replay["hands"])


def example(name: str) -> dict[str, Any]:
    return json.loads((EXAMPLES / f"{name}.json").read_text(encoding="utf-8"))


def wrong_han(entry: dict[str, Any], han: int) -> dict[str, Any]:
    wrong = copy.deepcopy(entry)
    wrong["result"]["wins"][0]["han"] = han
    return wrong


def test_a_whole_four_player_game_with_double_ron_pao_draws_and_a_correction(tablet):
    hands = example("standard")["hands"]
    tablet.start_game("1", NAMES, seating="given")
    tablet.shot("game")
    tablet.assert_names_readable()
    seen = play(
        tablet,
        hands,
        mistake=(5, wrong_han(hands[5], 2)),  # E3-1: 30 fu 3 han entered as 2 han
        correct_after=7,
        shots={
            0: "preview-tsumo",
            1: "preview-draw-tenpai",
            3: "preview-double-ron",
            7: "preview-pao",
        },
    )
    assert tablet.screen() == "result"
    tablet.shot("result")
    check_against_the_engine(tablet, seen)


def test_a_whole_seed_004_game_for_three_players(tablet):
    hands = example("seed-004")["hands"]
    tablet.start_game("2", NAMES[:3], seating="given")
    tablet.shot("game")
    tablet.assert_names_readable()
    seen = play(
        tablet,
        hands,
        mistake=(5, wrong_han(hands[5], 2)),  # E3-2: a 1-han ron entered as 2 han
        correct_after=6,
        shots={1: "preview-riichi-cancelled-draw", 2: "preview-double-ron", 10: "preview-last"},
    )
    assert tablet.screen() == "result"
    tablet.shot("result")
    check_against_the_engine(tablet, seen)

    # The next game starts from the result, in the same seats; 回り親 passes the first deal on.
    tablet.page.click('[data-next-game="keep"]')
    tablet.page.wait_for_selector("body[data-screen='game']")
    tablet.shot("next-game")
    assert tablet.page.get_attribute('.seat[data-seat="0"]', "data-name") == "馬場"
    assert tablet.page.inner_text(".seat.is-dealer .name") == "馬場"


def test_four_people_on_a_three_player_point_count_table_then_staff_close_the_game(
    tablet, parlor_floor
):
    """seed-003: four people take turns (抜け番), hands are counted in points, and the game is
    open-ended until staff close it."""
    Table.objects.create(parlor=parlor_floor["parlor"], label="3", ruleset_key="seed-003")
    hands = example("seed-003")["hands"][:4]
    tablet.start_game("3", NAMES, seating="given")
    seen: dict[int, list[int]] = {}
    for index, entry in enumerate(hands):
        tablet.enter(entry)
        if index == 0:
            tablet.shot("preview-sit-out-points")
        tablet.confirm()
        seen[index] = tablet.scores()
    tablet.close_game()
    tablet.shot("result")
    check_against_the_engine(tablet, seen)
