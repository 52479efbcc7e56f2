"""Penalties inside a hand, chombo compensation and the wareme seat, entered through the pad.

Each game is tapped in hand by hand; the payments shown before each hand counts are the ones
that count, the record the tablet stored is exactly the hands entered, and the exported record
replayed by the engine's command line (`python -m scoring replay`) gives the scores and the
settlement the screens showed.
"""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

from parlor.models import Table
from tests.browser.tablet import Tablet, engine_replay
from tests.browser.test_tablet_games import NAMES, check_against_the_engine

pytestmark = pytest.mark.django_db(transaction=True)
EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


def example(name: str) -> list[dict[str, Any]]:
    return json.loads((EXAMPLES / f"{name}.json").read_text(encoding="utf-8"))["hands"]


def exported(tablet: Tablet) -> dict[str, Any]:
    game_id = tablet.page.url.rstrip("/").split("/")[-2]
    response = tablet.page.request.get(f"{tablet.base_url}/api/games/{game_id}/export/")
    assert response.ok
    return dict(response.json())


def play(
    tablet: Tablet,
    hands: list[dict[str, Any]],
    *,
    shots: dict[int, str],
    skip: frozenset[int] = frozenset(),
) -> dict[int, list[int]]:
    """Enters `hands` (except those in `skip`, entered by the test itself before calling this
    for the rest); returns the scores on screen after each hand."""
    seen: dict[int, list[int]] = {}
    for index, entry in enumerate(hands):
        if index in skip:
            continue
        tablet.enter(entry)
        shown = tablet.after_scores_in_preview()
        if index in shots:
            tablet.shot(shots[index])
        tablet.confirm()
        if tablet.screen() == "game":
            assert tablet.scores() == shown  # what was shown is what counted
            seen[index] = tablet.scores()
    return seen


def assert_touch_targets(page: Any, selector: str) -> None:
    """Every visible control the selector finds is at least 44 px each way."""
    boxes = page.eval_on_selector_all(
        selector,
        "els => els.filter(e => e.offsetParent !== null)"
        ".map(e => { const r = e.getBoundingClientRect(); return [r.width, r.height]; })",
    )
    assert boxes, f"nothing visible for {selector}"
    small = [box for box in boxes if min(box) < 44]
    assert small == [], f"{selector}: touch targets under 44 px: {small}"


def transfers_in_preview(tablet: Tablet) -> list[list[str]]:
    return tablet.page.eval_on_selector_all(
        "[data-preview] [data-transfer]",
        "rows => rows.map(r => Array.from(r.cells).map(c => c.textContent.trim()))",
    )


SEED_001 = example("seed-001")
COMPENSATED_HANEMAN = {
    "result": {"kind": "chombo", "offender": 2, "compensation": {"to": 3, "han": 6}}
}
DEAD_HAND_DRAW = {
    "penalties": [{"kind": "dead_hand", "seat": 1}],
    "result": {"kind": "draw", "tenpai": [0]},
}
DEPOSIT_RON = {
    "penalties": [{"kind": "deposit", "seat": 2}],
    "result": {"kind": "ron", "loser": 0, "wins": [{"winner": 3, "han": 2, "fu": 30}]},
}
COMPENSATED_YAKUMAN = {
    "result": {"kind": "chombo", "offender": 3, "compensation": {"to": 1, "yakuman": 1}}
}
# seed-001 (Kルール): a false-riichi deposit in a draw (the example's first hand), a chombo that
# spoiled a haneman, a dead hand at a draw, a false-call deposit in a ron, the example's game,
# a chombo that spoiled a yakuman; the last hand busts a player.
SEED_001_HANDS = [
    SEED_001[0],
    COMPENSATED_HANEMAN,
    DEAD_HAND_DRAW,
    DEPOSIT_RON,
    *SEED_001[1:6],
    COMPENSATED_YAKUMAN,
    SEED_001[6],
]


def test_seed_001_deposits_a_dead_hand_and_chombo_compensation(tablet, parlor_floor):
    Table.objects.create(parlor=parlor_floor["parlor"], label="K", ruleset_key="seed-001")
    tablet.start_game("K", NAMES, seating="given")
    page = tablet.page
    # The pad offers the penalties seed 001 has: a dead hand and its 1,000 deposit; a chombo
    # stops the hand here, so it is not offered as a penalty.
    page.click("#penalty-box > summary")
    offered = page.eval_on_selector_all("[data-penalty]", "bs => bs.map(b => b.dataset.penalty)")
    assert offered == ["dead_hand", "deposit"]
    assert page.query_selector("[data-wareme-seat]") is None

    seen = play(tablet, SEED_001_HANDS[:1], shots={0: "preview-deposit-draw"})
    # Hand 2: the chombo and the player whose haneman it spoiled. Below haneman is not offered.
    tablet.tap('[data-kind="chombo"]')
    tablet.seat(2)
    tablet.tap("#compensation-button")
    tablet.seat(3)
    assert page.is_disabled('.limit-row .cell[data-han="5"]')  # mangan
    assert page.is_disabled('.cell[data-han="3"][data-fu="30"]')
    assert page.is_enabled('.limit-row .cell[data-han="6"]')  # haneman
    tablet.shot("compensation-value")
    tablet.value({"han": 6})
    page.wait_for_selector("[data-preview]")
    assert "補償: 土井・跳満" in page.inner_text("#compensation-list")
    for control in ("[data-penalty]", "#compensation-button", "#compensation-list button"):
        assert_touch_targets(page, control)
    assert ["千葉", "→", "土井", "6,000", "チョンボ補償"] in transfers_in_preview(tablet)
    shown = tablet.after_scores_in_preview()
    tablet.shot("preview-chombo-compensation")
    tablet.confirm()
    assert tablet.scores() == shown
    seen[1] = shown

    seen |= play(tablet, SEED_001_HANDS[:3], shots={2: "preview-dead-hand"}, skip={0, 1})

    # A player with a dead hand cannot win: the engine's refusal is shown beside the penalties.
    tablet.penalty("dead_hand", 3)
    tablet.seat(3)
    tablet.seat(0)
    tablet.value({"han": 2, "fu": 30})
    error = page.wait_for_selector('[data-error="penalties"]:not([hidden])')
    assert error.inner_text() == "和了放棄中のプレイヤーは和了できません。"
    assert page.is_disabled("#confirm")
    assert_touch_targets(page, "[data-remove-penalty]")
    tablet.shot("error-dead-hand-win")
    page.click("[data-remove-penalty='0']")  # the dead hand was someone else's mistake
    page.wait_for_selector("[data-preview]")
    tablet.penalty("deposit", 2)
    page.wait_for_selector("[data-preview]")
    assert ["千葉", "→", "供託", "1,000", "罰符供託"] in transfers_in_preview(tablet)
    shown = tablet.after_scores_in_preview()
    tablet.shot("preview-deposit-ron")
    tablet.confirm()
    seen[3] = tablet.scores()
    assert seen[3] == shown

    seen |= play(
        tablet,
        SEED_001_HANDS,
        shots={9: "preview-chombo-yakuman-compensation"},
        skip=set(range(4)),
    )
    assert tablet.screen() == "result"
    tablet.shot("result")
    check_against_the_engine(tablet, seen)
    record = exported(tablet)
    assert record["hands"] == SEED_001_HANDS  # recorded exactly as entered
    replay = engine_replay(record)
    reasons = [{t["reason"] for t in hand["transfers"]} for hand in replay["hands"]]
    assert "deposit" in reasons[0] and "compensation" in reasons[1] and "deposit" in reasons[3]

    # The correction pad reads a compensated chombo back as it was entered.
    page.click("a[href$='/history/']")
    page.wait_for_selector("body[data-screen='history']")
    assert "補償 土井: 跳満" in page.inner_text("tr[data-sequence='2']")
    assert "和了放棄: 馬場" in page.inner_text("tr[data-sequence='3']")
    page.click('[data-correct="2"]')
    page.wait_for_selector("[data-preview]")
    assert "補償: 土井・跳満" in page.inner_text("#compensation-list")
    assert page.inner_text('.seat[data-seat="3"] [data-role]') == "補償"
    tablet.shot("correct-compensation")


def test_seed_003_the_hand_goes_on_after_a_chombo(tablet, parlor_floor):
    """白マティ: a chombo does not stop the hand; its 30 all is settled when the hand ends,
    here a ron by the seat that sat out the last hand, with the offender's hand dead."""
    Table.objects.create(parlor=parlor_floor["parlor"], label="3", ruleset_key="seed-003")
    hands = example("seed-003")[:7]
    assert hands[4]["penalties"] == [{"kind": "chombo", "offender": 2}]
    tablet.start_game("3", NAMES, seating="given")
    tablet.page.click("#penalty-box > summary")
    offered = tablet.page.eval_on_selector_all(
        "[data-penalty]", "bs => bs.map(b => b.dataset.penalty)"
    )
    assert offered == ["chombo", "dead_hand"]
    seen: dict[int, list[int]] = {}
    for index, entry in enumerate(hands):
        tablet.enter(entry)
        if index == 4:
            rows = transfers_in_preview(tablet)
            assert ["千葉", "→", "青木", "30", "チョンボ"] in rows
            assert ["千葉", "→", "土井", "30", "チョンボ"] in rows
            assert tablet.page.inner_text("[data-preview] [data-next]").startswith("次局")
            assert "チョンボ（続行）" in tablet.page.inner_text('.seat[data-seat="2"] [data-role]')
            tablet.shot("preview-chombo-hand-goes-on")
        tablet.confirm()
        seen[index] = tablet.scores()
    tablet.close_game()
    tablet.shot("result")
    check_against_the_engine(tablet, seen)
    assert exported(tablet)["hands"] == hands


def test_seed_000_wareme_by_seat_or_by_dice(tablet, parlor_floor):
    """われポン: the wareme seat picked directly on some hands, by the dice on the others."""
    Table.objects.create(parlor=parlor_floor["parlor"], label="W", ruleset_key="seed-000")
    hands = copy.deepcopy(example("seed-000"))
    for index in (1, 3, 5):
        del hands[index]["dice"]
        hands[index]["wareme"] = (index + 1) % 4
    tablet.start_game("W", NAMES, seating="given")
    page = tablet.page
    page.click("#more > summary")
    # Dice, then a seat: the seat replaces the dice (the record takes one or the other).
    page.click('[data-dice="6"]')
    page.click('[data-wareme-seat="2"]')
    assert page.get_attribute('[data-dice="6"]', "aria-pressed") == "false"
    assert page.get_attribute('[data-wareme-seat="2"]', "aria-pressed") == "true"
    assert page.inner_text('.seat[data-seat="2"] [data-role]') == "割れ目"
    assert_touch_targets(page, "[data-wareme-seat]")
    page.click('[data-wareme-seat="2"]')
    seen = play(tablet, hands, shots={1: "preview-wareme-seat-draw", 3: "preview-wareme-seat"})
    assert tablet.screen() == "result"
    tablet.shot("result")
    check_against_the_engine(tablet, seen)
    record = exported(tablet)
    assert record["hands"] == hands
    assert [h.get("wareme") for h in record["hands"]] == [None, 2, None, 0, None, 2, None]
