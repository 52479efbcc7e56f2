"""A member of staff at the tablet: taps that enter a tenbo-game/1 hand, and what the screen says.

The driver taps the way staff do: the winner's seat, then the loser's seat (ron) or ツモ, then
the value; riichi toggles on the seats; 流局 and the tenpai seats. It reads the record's entry
only to know what to tap, never to compute a score.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
SCREENSHOTS = ROOT / "test-artifacts" / "screenshots"


def engine_replay(record: dict[str, Any]) -> dict[str, Any]:
    """`python -m scoring replay -`: the engine alone, outside Django, as staff could run it."""
    done = subprocess.run(
        [sys.executable, "-m", "scoring", "replay", "-"],
        cwd=ROOT,
        input=json.dumps(record),
        capture_output=True,
        text=True,
        check=True,
        timeout=60,
    )
    return json.loads(done.stdout)


class Tablet:
    def __init__(self, page: Any, base_url: str, *, prefix: str) -> None:
        self.page = page
        self.base_url = base_url
        self.prefix = prefix.replace("[", "-").replace("]", "")
        self.taps = 0  # taps since the last confirm, to hold the pad to its promise

    # ---- screens -------------------------------------------------------------------------
    def shot(self, name: str) -> None:
        self.page.screenshot(path=str(SCREENSHOTS / f"{self.prefix}-{name}.png"), full_page=True)

    def goto(self, path: str) -> None:
        self.page.goto(self.base_url + path)
        self.page.wait_for_selector("body[data-screen]")

    def screen(self) -> str:
        return str(self.page.get_attribute("body", "data-screen"))

    def wait_ready(self) -> None:
        self.page.wait_for_selector("body[data-ready='true']")

    def assert_names_readable(self) -> None:
        """No seat's name lies under its riichi toggle (names must be readable at a glance)."""
        for wrap in self.page.query_selector_all(".seat-wrap"):
            name = wrap.query_selector(".seat .name").bounding_box()
            toggle = wrap.query_selector(".riichi").bounding_box()
            apart = (
                name["x"] + name["width"] <= toggle["x"]
                or toggle["x"] + toggle["width"] <= name["x"]
                or name["y"] + name["height"] <= toggle["y"]
                or toggle["y"] + toggle["height"] <= name["y"]
            )
            assert apart, f"name {name} under the riichi toggle {toggle}"

    def tap(self, selector: str) -> None:
        self.page.click(selector)
        self.taps += 1

    # ---- game start ------------------------------------------------------------------------
    def start_game(self, table_label: str, names: list[str], *, seating: str = "given") -> None:
        self.goto("/tablet/")
        self.page.click(f'a.table-card[data-table="{table_label}"]')
        self.page.wait_for_selector("body[data-screen='start']")
        self.wait_ready()
        for name in names:
            self.page.click(f'.player-pick[data-player="{name}"]')
        self.shot("start")
        self.page.click(f'[data-seating="{seating}"]')
        self.page.wait_for_selector("body[data-screen='game']")
        self.wait_ready()

    # ---- the pad -----------------------------------------------------------------------------
    def seat(self, seat: int) -> None:
        self.tap(f'.seat[data-seat="{seat}"]')

    def riichi(self, seat: int, how: str) -> None:
        button = f'[data-riichi="{seat}"]'
        for _ in range(4):
            if self.page.get_attribute(button, "data-how") == how:
                return
            self.tap(button)
        raise AssertionError(f"seat {seat}'s riichi toggle never showed {how}")

    def value(self, win: dict[str, Any]) -> None:
        page = self.page
        yakuman = win.get("yakuman")
        if isinstance(yakuman, list):
            if not page.is_visible(f'[data-yakuman-name="{yakuman[0]}"]'):
                page.click("#yakuman-names > summary")
            for name in yakuman:
                self.tap(f'[data-yakuman-name="{name}"]')
        elif yakuman:
            self.tap(f'.cell[data-yakuman="{yakuman}"]')
        elif "points" in win and page.query_selector(f'.cell[data-points="{win["points"]}"]'):
            self.tap(f'.cell[data-points="{win["points"]}"]')
        elif "points" in win:
            page.fill("#points-input", str(win["points"]))
            page.dispatch_event("#points-input", "change")
        elif "fu" in win and page.query_selector(f'.cell[data-han="{win["han"]}"][data-fu]'):
            self.tap(f'.cell[data-han="{win["han"]}"][data-fu="{win["fu"]}"]')
        else:
            self.tap(self._han_cell(win["han"]))
        if "pao" in win:
            self.tap("#pao-button")
            self.seat(win["pao"])

    def _han_cell(self, han: int) -> str:
        """The han button, or the limit class (満貫, 跳満, ...) that han falls in."""
        if self.page.query_selector(f'.han-row .cell[data-han="{han}"]'):
            return f'.han-row .cell[data-han="{han}"]'
        limits = self.page.eval_on_selector_all(
            ".limit-row .cell", "cells => cells.map(c => Number(c.dataset.han))"
        )
        reached = max(h for h in limits if h <= han)
        return f'.limit-row .cell[data-han="{reached}"]'

    def option(self, attribute: str, value: int) -> None:
        """A choice under その他 (dice, the wareme seat, the seat sitting out), opened only when
        needed."""
        chosen = (
            self.page.get_attribute(f'[{attribute}][aria-pressed="true"]', attribute)
            if (self.page.query_selector(f'[{attribute}][aria-pressed="true"]'))
            else None
        )
        if chosen == str(value):
            return
        if not self.page.is_visible(f'[{attribute}="{value}"]'):
            self.page.click("#more > summary")
        self.tap(f'[{attribute}="{value}"]')

    def penalty(self, kind: str, seat: int) -> None:
        """A penalty inside the hand (和了放棄, 供託, チョンボ続行): its button, then the seat."""
        if not self.page.is_visible(f'[data-penalty="{kind}"]'):
            self.page.click("#penalty-box > summary")
        self.tap(f'[data-penalty="{kind}"]')
        self.seat(seat)

    def compensation(self, comp: dict[str, Any]) -> None:
        """After a chombo's offender: the compensated player, then the spoiled hand's value."""
        self.tap("#compensation-button")
        self.seat(comp["to"])
        self.value({k: v for k, v in comp.items() if k != "to"})

    def enter(self, entry: dict[str, Any]) -> None:
        """Taps one hand in and waits for its payments to be shown."""
        if "sit_out" in entry:
            self.option("data-sit-out", entry["sit_out"])
        if "dice" in entry:
            self.option("data-dice", entry["dice"])
        if "wareme" in entry:
            self.option("data-wareme-seat", entry["wareme"])
        for penalty in entry.get("penalties", []):
            self.penalty(penalty["kind"], penalty.get("offender", penalty.get("seat")))
        for seat in entry.get("riichi", []):
            how = "riichi"
            if seat in entry.get("open_riichi", []):
                how = "open"
            if seat in entry.get("riichi_cancelled", []):
                how = "cancelled"
            self.riichi(seat, how)
        result = entry["result"]
        kind = result["kind"]
        if kind == "ron":
            first, *others = result["wins"]
            self.seat(first["winner"])
            self.seat(result["loser"])
            self.value(first)
            for win in others:
                self.tap("#add-winner")
                self.seat(win["winner"])
                self.value(win)
        elif kind == "tsumo":
            self.seat(result["win"]["winner"])
            self.tap('[data-kind="tsumo"]')
            self.value(result["win"])
        elif kind == "draw":
            self.tap('[data-kind="draw"]')
            for seat in result.get("tenpai", []):
                self.seat(seat)
            for seat in result.get("nagashi", []):
                self.tap('[data-pick="nagashi"]')
                self.seat(seat)
        elif kind == "abortive":
            self.tap('[data-kind="abortive"]')
            self.tap(f'[data-abortive="{result["reason"]}"]')
        elif kind == "chombo":
            self.tap('[data-kind="chombo"]')
            self.seat(result["offender"])
            if "compensation" in result:
                self.compensation(result["compensation"])
        if entry.get("stop"):
            self.page.wait_for_selector("#stop-option:not([hidden])")
            self.tap("#stop")
        self.page.wait_for_selector("#confirm:not([disabled])")
        self.page.wait_for_selector("[data-preview], [data-offline-preview]")

    def sequence(self) -> int:
        return int(self.page.get_attribute("#game-state", "data-sequence") or 0)

    def confirm(self) -> None:
        """Confirms the hand on the pad; waits until it is recorded (or the game ended)."""
        before = self.sequence()
        self.tap("#confirm")
        try:
            self.page.wait_for_function(
                """(before) => {
                    const state = document.querySelector('#game-state');
                    return location.pathname.endsWith('/result/') || (
                        Number(state.dataset.sequence) === before + 1 &&
                        document.querySelector('#queue').hidden &&
                        !document.body.dataset.refreshing);
                }""",
                arg=before,
            )
        except Exception:  # the last hand: the page went to the result while we looked
            self.page.wait_for_url("**/result/")
        self.page.wait_for_selector("body[data-ready='true'], body[data-screen='result']")
        self.taps = 0

    def scores(self) -> list[int]:
        return [
            int(v)
            for v in self.page.eval_on_selector_all(
                ".seat [data-score]", "els => els.map(e => e.dataset.score)"
            )
        ]

    def after_scores_in_preview(self) -> list[int]:
        texts = self.page.eval_on_selector_all(
            "[data-preview] [data-after]", "els => els.map(e => e.textContent)"
        )
        return [int(t.replace(",", "")) for t in texts]

    def close_game(self) -> None:
        """Staff close the game now (強制終了) from the game screen's menu."""
        self.page.click('[data-action="finish"]')
        self.page.click('[data-confirm="finish"]')
        self.page.wait_for_selector("body[data-screen='result']")

    # ---- after commit ------------------------------------------------------------------------
    def correct_value(self, sequence: int, win: dict[str, Any], *, reason: str) -> None:
        """From the history: correct hand `sequence` by giving its (single) winner a new value."""
        self.page.click('[data-action="history"]')
        self.page.wait_for_selector("body[data-screen='history']")
        self.page.click(f'[data-correct="{sequence}"]')
        self.page.wait_for_selector("body[data-screen='correct']")
        self.wait_ready()
        self.page.wait_for_selector("[data-preview]")  # the hand as recorded, worked out again
        self.page.click(".winner-chip")
        self.value(win)
        self.page.fill("#reason", reason)
        self.page.wait_for_selector("#confirm:not([disabled])")
        self.shot(f"correct-{sequence}")
        self.page.click("#confirm")
        self.page.wait_for_selector("body[data-screen='history']")
        self.taps = 0
