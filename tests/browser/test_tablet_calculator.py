"""The hand calculator on the tablet: hands entered by tiles, valued on the screen, and the
value, its yaku and its fu checked against the engine's own evaluator; the value then fills the
win, the payments are the engine's for that value, and the record keeps the yaku. The three
hands: a standard ron, a seed-004 tsumo with flowers and the white pocchi, and a seed-003
(白マティ) ron counted in points with two whites read as two different tiles.
"""

from __future__ import annotations

from typing import Any

import pytest

from parlor.models import Game, Hand, Table
from rulesets.registry import PRESETS
from scoring.hand_value import HandValue, WinFlags, WinningHand, evaluate_hand
from scoring.hand_value.yaku_files import load_yaku_tables
from tests.browser.tablet import Tablet

pytestmark = pytest.mark.django_db(transaction=True)
NAMES = ["青木", "馬場", "千葉", "土井"]


def open_calculator(tablet: Tablet) -> None:
    tablet.page.click("[data-calc-open]")
    tablet.page.wait_for_selector("#calc-sheet:not([hidden]) [data-calc]")


def tap_tiles(tablet: Tablet, tiles: list[str]) -> None:
    for tile in tiles:
        tablet.page.click(f'#calc-panel .tile-keyboard [data-tile="{tile}"]')


def shown_value(tablet: Tablet, scope: str) -> dict[str, Any]:
    """The yaku (key and han), the fu parts and the points as the screen shows them."""
    page = tablet.page
    yaku = page.eval_on_selector_all(
        f"{scope} [data-yaku]",
        "rows => rows.map(r => [r.dataset.yaku, r.querySelector('td').textContent.trim()])",
    )
    fu = page.eval_on_selector_all(
        f"{scope} [data-fu-part] td", "cells => cells.map(c => Number(c.textContent))"
    )
    points = page.text_content(f"{scope} [data-calc-points]") or ""
    return {"yaku": yaku, "fu": fu, "points": int("".join(ch for ch in points if ch.isdigit()))}


def expected_shown(value: HandValue) -> dict[str, Any]:
    return {
        "yaku": [[y.key, str(y.han)] for y in value.yaku],
        "fu": [p.fu for p in value.fu_parts],
        "points": value.points,
    }


def use_and_confirm(tablet: Tablet) -> None:
    tablet.page.click("[data-calc-use]")
    tablet.page.wait_for_selector("#calc-sheet", state="hidden")
    tablet.page.wait_for_selector("#calc-summary:not([hidden]) [data-calc-value]")
    tablet.page.wait_for_selector("#confirm:not([disabled])")
    tablet.page.wait_for_selector("[data-preview]")


def recorded_win(game_id: str) -> dict[str, Any]:
    hand = Hand.objects.get(game__public_id=game_id, sequence=1)
    result = hand.entry["result"]
    return dict(result["wins"][0] if result["kind"] == "ron" else result["win"])


def test_a_standard_ron_entered_by_tiles_shows_the_engines_yaku_fu_and_points(tablet):
    tablet.start_game("1", NAMES)
    tablet.riichi(1, "riichi")
    tablet.seat(1)
    tablet.seat(0)  # seat 1 wins by ron on seat 0's discard: the South seat in East 1
    open_calculator(tablet)
    hand = ["2m", "3m", "4m", "3p", "4p", "5p", "6p", "7p", "8p", "3s", "4s", "6s", "6s"]
    tap_tiles(tablet, hand)  # the hand full, the next tile is the winning tile
    tap_tiles(tablet, ["5s"])
    tablet.page.click('[data-calc-target="dora"]')
    tap_tiles(tablet, ["5p"])
    tablet.page.click("[data-calc-evaluate]")
    tablet.page.wait_for_selector("[data-calc-result] [data-calc-value]")
    tablet.shot("calculated")
    expected = evaluate_hand(
        WinningHand(concealed=(*hand, "5s"), win_tile="5s", is_tsumo=False, seat_wind="S",
                    round_wind="E", flags=WinFlags(riichi=True), dora_indicators=("5p",)),
        ruleset=PRESETS["standard"])
    assert shown_value(tablet, "[data-calc-result]") == expected_shown(expected)

    use_and_confirm(tablet)
    assert shown_value(tablet, "#calc-summary") == expected_shown(expected)
    # The payments are the engine's for the computed value: the discarder pays the hand.
    assert tablet.after_scores_in_preview() == [25000 - expected.points, 25000 + expected.points,
                                                25000, 25000]
    tablet.shot("filled")
    game_id = tablet.page.get_attribute("#tablet", "data-game")
    tablet.confirm()
    win = recorded_win(game_id)
    assert (win["han"], win["fu"]) == (expected.han, expected.fu)
    assert win["yaku"] == [{"key": y.key, "han": y.han} for y in expected.yaku]


def test_a_seed_004_tsumo_with_flowers_and_the_white_pocchi_in_portrait(tablet):
    tablet.page.set_viewport_size({"width": 800, "height": 1280})
    tablet.start_game("2", NAMES[:3])
    tablet.riichi(1, "riichi")
    tablet.seat(1)
    tablet.tap('[data-kind="tsumo"]')
    open_calculator(tablet)
    # 2 to 8 man are not played with three players: the keyboard has no key for them.
    assert tablet.page.query_selector('#calc-panel [data-tile="5m"]') is None
    hand = ["1p", "2p", "3p", "4p", "5p", "6p", "7s", "8s", "9s", "9m", "9m", "2s", "3s"]
    tap_tiles(tablet, hand)
    tap_tiles(tablet, ["*"])  # the white pocchi, drawn after riichi, is the winning tile
    tablet.page.click('[data-calc-flowers="2"]')
    keys = tablet.page.eval_on_selector_all(
        "#calc-panel .tile-keyboard .tile",
        "els => els.map(e => { const r = e.getBoundingClientRect();"
        " return [r.left, r.right, r.width, r.height]; })",
    )
    assert all(right <= 800 and left >= 0 and min(w, h) >= 44 for left, right, w, h in keys)
    tablet.page.click("[data-calc-evaluate]")
    tablet.page.wait_for_selector("[data-calc-result] [data-calc-value]")
    tablet.shot("calculated-portrait")
    expected = evaluate_hand(
        WinningHand(concealed=(*hand, "*"), win_tile="*", is_tsumo=True, seat_wind="S",
                    flags=WinFlags(riichi=True), flowers=2, player_count=3),
        ruleset=PRESETS["seed-004"], yaku_table=load_yaku_tables()["seed-004"])
    assert shown_value(tablet, "[data-calc-result]") == expected_shown(expected)
    assert {"flower", "riichi"} <= {y.key for y in expected.yaku}

    use_and_confirm(tablet)
    game_id = tablet.page.get_attribute("#tablet", "data-game")
    before = tablet.scores()
    after = tablet.after_scores_in_preview()
    # The winner gains the hand's value: their riichi stick goes out and comes straight back.
    assert after[1] - before[1] == expected.points
    tablet.confirm()
    win = recorded_win(game_id)
    assert win["han"] == expected.han and "fu" not in win  # seed 004 fixes fu at 40
    assert [y["key"] for y in win["yaku"]] == [y.key for y in expected.yaku]
    assert Game.objects.get(public_id=game_id).hand_count == 1


def test_a_seed_003_ron_counted_in_points_with_two_whites_as_different_tiles(tablet,
                                                                             parlor_floor):
    Table.objects.create(parlor=parlor_floor["parlor"], label="3", ruleset_key="seed-003")
    tablet.start_game("3", NAMES[:3])
    tablet.seat(1)
    tablet.seat(0)  # seat 1 wins by ron on seat 0's discard; seat 0 deals, so seat 1 is South
    open_calculator(tablet)
    # 白マティ: the 白 key is the all-mighty tile; there is no separate pocchi key.
    assert tablet.page.query_selector('#calc-panel [data-tile="*"]') is None
    hand = ["2p", "3p", "P", "6p", "7p", "P", "3s", "4s", "6s", "7s", "8s", "2s", "2s"]
    tap_tiles(tablet, hand)
    tap_tiles(tablet, ["5s"])
    tablet.page.click('[data-calc-target="gari"]')
    tap_tiles(tablet, ["5m"])  # a 5m set aside (ガリ)
    tablet.page.click('[data-calc-kita="1"]')
    tablet.page.click("[data-calc-evaluate]")
    tablet.page.wait_for_selector("[data-calc-result] [data-calc-value]")
    tablet.shot("calculated-seed-003")
    expected = evaluate_hand(
        WinningHand(concealed=(*hand, "5s"), win_tile="5s", is_tsumo=False, seat_wind="S",
                    gari=("5m",), kita=1, player_count=3),
        ruleset=PRESETS["seed-003"], yaku_table=load_yaku_tables()["seed-003"])
    assert sorted(expected.joker_faces) == ["4p", "5p"]  # one white per gap, not the same tile
    assert shown_value(tablet, "[data-calc-result]") == expected_shown(expected)
    assert expected.fu_parts == () and {"banban", "gari"} <= {y.key for y in expected.yaku}
    read_as = tablet.page.text_content("[data-calc-result] .hint") or ""
    assert "4筒" in read_as and "5筒" in read_as

    use_and_confirm(tablet)
    game_id = tablet.page.get_attribute("#tablet", "data-game")
    # 出アガリは1人分: the discarder pays the count; no dealer factor, no limit.
    before = tablet.scores()
    after = tablet.after_scores_in_preview()
    assert (after[0] - before[0], after[1] - before[1], after[2] - before[2]) == (
        -expected.points, expected.points, 0)
    tablet.confirm()
    win = recorded_win(game_id)
    assert win["points"] == expected.win.points and "han" not in win
    assert win["yaku"] == [{"key": y.key, "han": y.han} for y in expected.yaku]


def test_a_fifth_copy_among_the_dora_indicators_is_refused_beside_them(tablet):
    tablet.start_game("1", NAMES)
    tablet.riichi(1, "riichi")  # a win with a yaku: only the copies are wrong
    tablet.seat(1)
    tablet.seat(0)
    open_calculator(tablet)
    tap_tiles(tablet, ["1m", "1m", "1m", "2p", "3p", "4p", "5p", "6p", "7p", "7s", "8s", "9s",
                       "9s", "9s"])
    tablet.page.click('[data-calc-target="dora"]')
    tap_tiles(tablet, ["1m", "1m"])  # a triplet of 1m and two 1m indicators: five copies
    tablet.page.click("[data-calc-evaluate]")
    beside_dora = tablet.page.wait_for_selector('[data-calc-error="dora"]:not([hidden])')
    tablet.shot("fifth-copy")
    assert "同じ牌は4枚まで" in beside_dora.text_content()
    assert "5 copies of 1m" in (tablet.page.text_content("[data-calc-error-detail]") or "")
    assert tablet.page.is_hidden('[data-calc-error="general"]')
    assert tablet.page.query_selector("[data-calc-result] [data-calc-value]") is None
