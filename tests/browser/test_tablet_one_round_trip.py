"""A tap answered in one round trip: the payments are asked for the moment a tap completes the
hand (no timer stands between the han/fu cell and the question; taps on a hand already
complete, such as riichi, still wait a moment for the next tap), and 確定's banner comes with
the record's answer, with no second request for the scores."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from tests.browser.tablet import Tablet

pytestmark = pytest.mark.django_db(transaction=True)
NAMES = ["青木", "馬場", "千葉", "土井"]
DEALER_RON = {"result": {"kind": "ron", "loser": 1, "wins": [{"winner": 0, "han": 3, "fu": 30}]}}
START = datetime(2026, 11, 28, 19, 0, tzinfo=UTC)


def test_the_tap_that_completes_the_hand_asks_at_once_and_later_taps_wait(tablet: Tablet):
    tablet.start_game("1", NAMES, seating="given")
    page = tablet.page
    sent: list[str] = []
    page.on("request", lambda r: sent.append(r.url) if r.url.endswith("/preview/") else None)
    page.clock.install(time=START)
    page.clock.pause_at(START + timedelta(seconds=1))  # timers run only when the test says
    tablet.seat(0)
    tablet.seat(1)
    assert sent == []  # the hand still lacks its value
    tablet.value({"han": 3, "fu": 30})
    page.wait_for_selector("[data-preview]")  # answered with the clock standing still
    assert len(sent) == 1
    assert tablet.after_scores_in_preview() == [30_800, 19_200, 25_000, 25_000]

    tablet.tap('[data-riichi="2"]')  # one of possibly several riichi: waits for the next tap
    page.wait_for_timeout(300)
    assert len(sent) == 1
    assert page.query_selector("[data-preview]") is None
    assert page.is_disabled("#confirm")
    page.clock.run_for(150)
    page.wait_for_selector("#confirm:not([disabled])")
    assert len(sent) == 2
    assert tablet.after_scores_in_preview() == [31_800, 19_200, 24_000, 25_000]


def test_the_banner_after_confirm_comes_from_the_record_alone(tablet: Tablet):
    tablet.start_game("1", NAMES, seating="given")
    page = tablet.page
    sent: list[str] = []
    page.on("request", lambda r: sent.append(f"{r.method} {r.url.split('/')[-2]}"))
    tablet.enter(DEALER_RON)
    sent.clear()
    tablet.tap("#confirm")
    page.wait_for_selector("#toast:not([hidden])")
    assert "第1局を記録しました" in page.inner_text("#toast")
    assert tablet.scores() == [30_800, 19_200, 25_000, 25_000]
    assert page.get_attribute("#game-state", "data-sequence") == "2"
    assert sent == ["POST hands"]  # no GET /state/ before the banner
