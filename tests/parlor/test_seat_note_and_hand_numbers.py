"""Labels a staff member reads on the tablet (issue 30): the seating note says what the seats
show (no winds on four seats of a three-player table until the seat sitting out is known), and a
corrected hand reads 第1局（訂正1）, never "1.2"."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import translation

from parlor.view_helpers.labels import correction_text, hand_number
from tests.parlor.conftest import DRAW, RON_1_BY_0, ok
from tests.parlor.factories import TableFactory

WINDS_SHOWN = "各席に風を表示しています"
WINDS_LATER = "風は抜け番が決まってから（1局目の後）各席に表示します"


def page(staff_user: Any, url: str) -> str:
    client = Client()
    client.force_login(staff_user)
    response = client.get(url)
    assert response.status_code == 200
    return response.content.decode()


def seat_winds(html: str) -> list[str]:
    return re.findall(r'<span class="wind">([^<]*)</span>', html)


@pytest.mark.parametrize(
    ("count", "note", "winds"),
    [
        (4, WINDS_LATER, ["親", "", "", ""]),  # 抜け番 not known yet: the dealer is marked
        (3, WINDS_SHOWN, ["東", "南", "西"]),
    ],
)
def test_the_seating_note_says_what_the_seats_show(
    parlor: Any, staff_user: Any, start_game: Any, count: int, note: str, winds: list[str]
) -> None:
    table = TableFactory(parlor=parlor, label="3", ruleset_key="seed-003")  # 白マティ
    game = start_game(table, count=count)
    html = page(staff_user, reverse("tablet:game", args=[game["id"]]) + "?seated=keep")
    assert note in html
    assert (WINDS_SHOWN in html) == (note == WINDS_SHOWN)
    assert seat_winds(html) == winds


def test_the_seats_show_winds_once_a_hand_names_who_sits_out(
    parlor: Any, staff_user: Any, start_game: Any, record_hand: Any
) -> None:
    table = TableFactory(parlor=parlor, label="3", ruleset_key="seed-003")
    game = start_game(table, count=4)
    draw = {"sit_out": 3, "result": {"kind": "draw", "tenpai": [0]}}
    ok(record_hand(game, draw, sequence=1), 201)
    html = page(staff_user, reverse("tablet:game", args=[game["id"]]))
    assert sorted(w for w in seat_winds(html) if w) == sorted(["東", "南", "西"])


def test_a_corrected_hand_reads_as_hand_and_correction_on_the_history(
    table: Any, staff_user: Any, start_game: Any, record_hand: Any, staff: Any
) -> None:
    game = start_game(table)
    ok(record_hand(game, RON_1_BY_0, sequence=1), 201)
    ok(record_hand(game, RON_1_BY_0, sequence=2), 201)
    ok(
        staff.post(
            f"/api/games/{game['id']}/hands/1/corrections/",
            {"hand": DRAW, "reason": "流局でした"},
            format="json",
        ),
        201,
    )
    html = page(staff_user, reverse("tablet:history", args=[game["id"]]))
    cells = re.findall(r'<td class="hand-number">(.*?)</td>', html)
    numbers = [re.sub(r"<[^>]+>", "", cell) for cell in cells]
    assert sorted(numbers) == ["第1局", "第1局（訂正1）", "第2局"]
    assert "<small>.2</small>" not in html


def test_hand_numbers_in_both_languages() -> None:
    with translation.override("ja"):
        assert (hand_number(5), hand_number(5, 3)) == ("第5局", "第5局（訂正2）")
        assert correction_text(1) == ""
    with translation.override("en"):
        assert (hand_number(5), hand_number(5, 2)) == ("Hand 5", "Hand 5 (correction 1)")
