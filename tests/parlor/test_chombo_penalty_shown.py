"""A chombo whose penalty is taken at the end of the game (M.League, JPML, EMA: −20p) is shown
when it is recorded: in the preview, on the seats, in the history and in the final result, as
a penalty (罰符), never as a bonus; the API's preview and hand answers carry it. A chombo paid at
once (standard) shows its payments as before."""

from __future__ import annotations

from typing import Any

import pytest
from django.conf import settings
from django.test import Client
from django.utils import translation

from parlor.models import Game
from parlor.services.games import game_start
from parlor.services.seating import Seating
from parlor.services.verification import game_verify
from parlor.view_helpers.pages import deduction_lines
from rulesets.registry import preset
from tests.parlor.conftest import ok
from tests.parlor.factories import TableFactory

CHOMBO_2 = {"result": {"kind": "chombo", "offender": 2}}
NAMES = ["青木", "馬場", "千葉", "土井"]


def tablet_in(tablet: Client, language: str) -> Client:
    tablet.cookies[settings.LANGUAGE_COOKIE_NAME] = language
    return tablet


def page(client: Client, url: str) -> str:
    response = client.get(url)
    assert response.status_code == 200, response.content.decode()
    return response.content.decode()


def preview_html(client: Client, game_id: str, hand: dict[str, Any]) -> str:
    response = client.post(
        f"/tablet/games/{game_id}/preview/", {"hand": hand}, content_type="application/json"
    )
    data = response.json()
    assert data["ok"], data
    return str(data["html"])


@pytest.mark.parametrize("key", ["mleague", "jpml-a", "ema"])
def test_the_api_preview_and_the_recorded_hand_carry_the_deduction(
    parlor, key, start_game, staff, record_hand
):
    game = start_game(TableFactory(parlor=parlor, ruleset_key=key))
    preview = ok(
        staff.post(f"/api/games/{game['id']}/hands/preview/", {"hand": CHOMBO_2}, format="json")
    )
    assert preview["hand"]["deltas"] == [0, 0, 0, 0]  # nothing moves at the table
    assert preview["hand"]["deductions"] == [0, 0, -20000, 0]
    recorded = ok(record_hand(game, CHOMBO_2), 201)
    (hand,) = recorded["hands"]
    assert hand["outcome"]["deltas"] == [0, 0, 0, 0]
    assert hand["outcome"]["deductions"] == [0, 0, -20000, 0]
    minimal = ok(record_hand(game, CHOMBO_2, Prefer="return=minimal"), 201)
    assert minimal["hand"]["outcome"]["deductions"] == [0, 0, -20000, 0]
    finished = ok(staff.post(f"/api/games/{game['id']}/finish/"), 200)
    results = {r["seat"]: r for r in finished["results"]}
    assert results[2]["deduction"] == -40 and results[2]["bonus"] == 0
    assert sum(r["total"] for r in results.values()) == pytest.approx(-40)
    assert game_verify(game_id=Game.objects.get(public_id=game["id"]).pk)


def test_a_chombo_paid_at_once_shows_its_payments_and_no_penalty(
    parlor, start_game, staff, tablet, record_hand
):
    game = start_game(TableFactory(parlor=parlor, ruleset_key="standard"))
    preview = ok(
        staff.post(f"/api/games/{game['id']}/hands/preview/", {"hand": CHOMBO_2}, format="json")
    )
    assert preview["hand"]["deltas"] == [4000, 2000, -8000, 2000]  # 満貫払い, seat 0 deals
    assert "deductions" not in preview["hand"]
    html = preview_html(tablet, game["id"], CHOMBO_2)
    assert html.count("<tr data-transfer>") == 3 and "-8,000" in html and "チョンボ" in html
    assert "罰符" not in html and "終局時" not in html
    recorded = ok(record_hand(game, CHOMBO_2), 201)
    assert recorded["hands"][0]["outcome"]["deductions"] == []
    seats = page(tablet, f"/tablet/games/{game['id']}/state/")
    assert "罰符" not in seats and 'data-deduction="0"' in seats


@pytest.mark.parametrize(
    ("key", "language", "shown", "hidden"),
    [
        pytest.param(
            "mleague",
            "ja",
            ["チョンボ罰符: {name} 終局時に-20p", "卓上の点数の移動はありません", "終局時の罰符"],
            ["<p>点数の移動はありません。", "ボーナス"],
            id="mleague-ja",
        ),
        pytest.param(
            "jpml-a",
            "en",
            ["Chombo penalty: {name} -20p at the end of the game", "Penalty at the end"],
            ["<p>No points move.", "Bonus"],
            id="jpml-a-en",
        ),
    ],
)
def test_the_tablet_shows_the_deduction_as_a_penalty_from_preview_to_result(
    parlor, players, tablet, key, language, shown, hidden, staff_user
):
    client = tablet_in(tablet, language)
    table = TableFactory(parlor=parlor, ruleset_key=key)
    game = game_start(table=table, players=players[:4], seating=Seating.GIVEN, by=staff_user)
    game_id = str(game.public_id)
    shown = [text.format(name=players[2].name) for text in shown]
    html = preview_html(client, game_id, CHOMBO_2)
    for text in shown:
        assert text in html
    for text in hidden:
        assert text not in html
    response = client.post(
        f"/tablet/games/{game_id}/hands/",
        {"sequence": 1, "hand": CHOMBO_2},
        content_type="application/json",
        headers={"Idempotency-Key": "chombo-1"},
    )
    assert response.status_code == 201, response.content.decode()
    seats = page(client, f"/tablet/games/{game_id}/state/")
    badge = "罰符 -20p" if language == "ja" else "Penalty -20p"
    assert seats.count(badge) == 1 and 'data-deduction="-20000"' in seats
    history = page(client, f"/tablet/games/{game_id}/history/")
    assert shown[0] in history
    client.post(f"/tablet/games/{game_id}/finish/")
    result = page(client, f"/tablet/games/{game_id}/result/")
    penalty = '<th class="num">罰符</th>' if language == "ja" else '<th class="num">Penalty</th>'
    assert penalty in result
    # Its own column, beside a bonus of 0: the −20 is not a bonus.
    assert '<td class="num">0</td><td class="num penalty" data-deduction>-20</td>' in result


@pytest.mark.parametrize(
    ("key", "deductions", "language", "lines"),
    [
        pytest.param(
            "mleague",
            [0, 0, -20000, 0],
            "ja",
            [(2, "千葉", "終局時に-20p", False)],
            id="p-ja",
        ),
        pytest.param(
            "ema",
            [-20000, 0, 0, 0],
            "en",
            [(0, "青木", "-20p at the end of the game", False)],
            id="p-en",
        ),
        pytest.param(
            "mleague",
            [6666, -20000, 6666, 6666],
            "en",
            [
                (0, "青木", "+6.7p at the end of the game", True),
                (1, "馬場", "-20p at the end of the game", False),
                (2, "千葉", "+6.7p at the end of the game", True),
                (3, "土井", "+6.7p at the end of the game", True),
            ],
            id="shared-among-the-others-shares-read-as-shares",
        ),
        pytest.param(
            "seed-000",
            [0, -20000, 0, 0],
            "ja",
            [(1, "馬場", "終局時に-20,000点", False)],
            id="a-ruleset-settled-in-points",
        ),
        pytest.param("mleague", [], "ja", [], id="a-hand-that-owes-none"),
    ],
)
def test_a_deduction_reads_in_the_rulesets_unit(key, deductions, language, lines):
    with translation.override(language):
        shown = deduction_lines(deductions, NAMES, preset(key))
        assert [(d.seat, d.name, d.text, d.is_share) for d in shown] == lines
