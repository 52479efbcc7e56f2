"""JPML's 大明槓の責任払い on the pad: after a rinshan tsumo on an open kan called from a discard,
the player who fed the kan pays the whole win (`daiminkan_feeder`, docs/game-record.md).

The picker is offered on a tsumo where the table's ruleset makes the feeder liable (`jpml-a`),
and nowhere else. What the preview shows is what the table stores, and the engine's command line
replays the stored record to the same scores.
"""

from __future__ import annotations

from typing import Any

import pytest

from parlor.models import Game, GameStatus, Table
from parlor.services.hands import hand_record
from tests.browser.tablet import Tablet, engine_replay
from tests.browser.test_tablet_games import NAMES
from tests.browser.test_tablet_penalties import exported, transfers_in_preview

pytestmark = pytest.mark.django_db(transaction=True)

WINNER, FEEDER = 1, 2
RINSHAN_TSUMO = {"result": {"kind": "tsumo", "win": {"winner": WINNER, "han": 3, "fu": 30}}}
FED_RINSHAN_TSUMO = {
    "result": {
        "kind": "tsumo",
        "win": {"winner": WINNER, "han": 3, "fu": 30, "daiminkan_feeder": FEEDER},
    }
}


def payers_in_preview(tablet: Tablet) -> set[str]:
    return {row[0] for row in transfers_in_preview(tablet)}


def wait_for_payers(tablet: Tablet, payers: set[str]) -> None:
    """The preview is asked for again after each tap: wait for the one with these payers."""
    tablet.page.wait_for_function(
        """(payers) => {
            const rows = document.querySelectorAll('[data-preview] [data-transfer]');
            const from = new Set(Array.from(rows).map(r => r.cells[0].textContent.trim()));
            return rows.length > 0 && from.size === payers.length &&
                payers.every(p => from.has(p));
        }""",
        arg=sorted(payers),
    )


def tsumo_with_value(tablet: Tablet, entry: dict[str, Any]) -> None:
    win = entry["result"]["win"]
    tablet.seat(win["winner"])
    tablet.tap('[data-kind="tsumo"]')
    tablet.value(win)


def test_the_feeder_of_the_open_kan_pays_the_whole_tsumo_at_a_jpml_table(tablet, parlor_floor):
    Table.objects.create(parlor=parlor_floor["parlor"], label="J", ruleset_key="jpml-a")
    tablet.start_game("J", NAMES, seating="given")
    page = tablet.page
    before = tablet.scores()

    tsumo_with_value(tablet, RINSHAN_TSUMO)
    # Without a feeder the other three pay their shares, as at any table.
    wait_for_payers(tablet, {NAMES[0], NAMES[2], NAMES[3]})
    shared = tablet.after_scores_in_preview()
    button = page.wait_for_selector("#feeder-button:not([hidden])")
    assert button.inner_text() == "大明槓の責任払い (嶺上開花)…"
    assert button.get_attribute("aria-pressed") == "false"

    tablet.tap("#feeder-button")
    assert page.inner_text("#prompt") == (
        "大明槓させた牌を捨てたプレイヤー（責任払い）をタップしてください。"
    )
    # The winner cannot have fed their own kan: tapping them ends the pick, naming nobody.
    tablet.tap(f'.seat[data-seat="{WINNER}"]')
    assert page.get_attribute("#feeder-button", "aria-pressed") == "false"
    assert "大明槓の責任払い" not in page.inner_text(f'.seat[data-seat="{WINNER}"] [data-role]')
    tablet.tap("#feeder-button")
    tablet.seat(FEEDER)
    wait_for_payers(tablet, {NAMES[FEEDER]})
    assert page.get_attribute("#feeder-button", "aria-pressed") == "true"
    assert "大明槓の責任払い" in page.inner_text(f'.seat[data-seat="{FEEDER}"] [data-role]')
    shown = tablet.after_scores_in_preview()
    tablet.shot("preview-daiminkan-feeder")

    # The feeder alone pays, and pays what the three would have paid together.
    won = shared[WINNER] - before[WINNER]
    assert won > 0
    assert shown[WINNER] - before[WINNER] == won
    assert before[FEEDER] - shown[FEEDER] == won
    for seat in (0, 3):
        assert shown[seat] == before[seat]

    page.wait_for_selector("#confirm:not([disabled])")
    tablet.confirm()
    assert tablet.scores() == shown
    stored = exported(tablet)
    assert stored["hands"] == [FED_RINSHAN_TSUMO]
    assert engine_replay(stored)["hands"][0]["scores_after"] == shown


def test_the_feeder_is_dropped_when_the_tsumo_becomes_a_ron(tablet, parlor_floor):
    Table.objects.create(parlor=parlor_floor["parlor"], label="J", ruleset_key="jpml-a")
    tablet.start_game("J", NAMES, seating="given")
    page = tablet.page
    tsumo_with_value(tablet, RINSHAN_TSUMO)
    tablet.tap("#feeder-button")
    tablet.seat(FEEDER)
    wait_for_payers(tablet, {NAMES[FEEDER]})

    tablet.tap('[data-kind="ron"]')  # the open kan's liability exists only on a tsumo
    tablet.seat(3)
    page.wait_for_selector("#feeder-button", state="hidden")
    wait_for_payers(tablet, {NAMES[3]})
    assert "大明槓の責任払い" not in page.inner_text(f'.seat[data-seat="{FEEDER}"] [data-role]')
    tablet.confirm()
    hand = exported(tablet)["hands"][0]
    assert hand["result"]["kind"] == "ron"
    assert "daiminkan_feeder" not in hand["result"]["wins"][0]


def test_no_feeder_picker_at_a_standard_table(tablet, parlor_floor):
    Table.objects.create(parlor=parlor_floor["parlor"], label="S", ruleset_key="standard")
    tablet.start_game("S", NAMES, seating="given")
    tsumo_with_value(tablet, RINSHAN_TSUMO)
    wait_for_payers(tablet, {NAMES[0], NAMES[2], NAMES[3]})
    assert tablet.page.query_selector("#feeder-button") is None
    assert tablet.page.query_selector('[data-pick="feeder"]') is None


def test_a_correction_keeps_the_feeder_and_what_the_calculator_recorded(tablet, parlor_floor):
    Table.objects.create(parlor=parlor_floor["parlor"], label="J", ruleset_key="jpml-a")
    tablet.start_game("J", NAMES, seating="given")
    page = tablet.page
    # The hand as the calculator fills it (an open hand: rinshan, haku, dora), recorded
    # before the correction screen reads it back.
    win = {**FED_RINSHAN_TSUMO["result"]["win"], "open": True,
           "yaku": [{"key": "rinshan", "han": 1}, {"key": "haku", "han": 1},
                    {"key": "dora", "han": 1}]}
    recorded = {"result": {"kind": "tsumo", "win": win}}
    game = Game.objects.get(table__label="J", status=GameStatus.IN_PROGRESS)
    hand_record(game=game, sequence=1, entry=recorded, by=parlor_floor["staff"])

    # Staff add a riichi they forgot (seat 3's stick); the win is left as it was.
    page.reload()
    tablet.wait_ready()
    page.click('[data-action="history"]')
    page.wait_for_selector("body[data-screen='history']")
    page.click('[data-correct="1"]')
    page.wait_for_selector("body[data-screen='correct']")
    tablet.wait_ready()
    wait_for_payers(tablet, {NAMES[FEEDER]})
    assert "大明槓の責任払い" in page.inner_text(f'.seat[data-seat="{FEEDER}"] [data-role]')
    tablet.riichi(3, "riichi")
    page.fill("#reason", "リーチ棒の記録漏れ")
    page.wait_for_selector("#confirm:not([disabled])")
    page.click("#confirm")
    page.wait_for_selector("body[data-screen='history']")
    assert exported(tablet)["hands"] == [{"riichi": [3], **recorded}]
