"""settlement.md's worked examples, through the service: games recorded hand by hand over the
API, the visits checked out, the receipts read back."""

from __future__ import annotations

import pytest

from parlor.models import Settlement
from tests.parlor.conftest import ok
from tests.parlor.factories import PlayerFactory
from tests.parlor.money_helpers import (
    FOUR_PLAYER_EXAMPLE,
    THREE_PLAYER_EXAMPLE,
    check_out,
    example_setup,
    play,
    play_both_examples,
    start,
)

pytestmark = pytest.mark.django_db


@pytest.fixture
def example(parlor, players, personas):
    return example_setup(parlor, players, personas)


def _line(receipt, number=0):
    return {
        k: receipt["lines"][number][k]
        for k in ("rank", "result", "chips", "points_yen", "chips_yen", "fee_yen", "amount_yen")
    }


def test_the_four_player_example_settles_to_the_yen(example, players):
    staff, four, _, visits = example
    game = play(staff, start(staff, four, players[:4]), FOUR_PLAYER_EXAMPLE)
    assert game["status"] == "finished"
    receipts = [check_out(staff, visits[p.pk]) for p in players[:4]]
    by_rank = sorted((_line(r) for r in receipts), key=lambda line: line["rank"])
    assert by_rank == [
        {
            "rank": 1,
            "result": 52.0,
            "chips": 3,
            "points_yen": 2600,
            "chips_yen": 300,
            "fee_yen": 600,
            "amount_yen": 2300,
        },
        {
            "rank": 2,
            "result": 7.0,
            "chips": 0,
            "points_yen": 350,
            "chips_yen": 0,
            "fee_yen": 400,
            "amount_yen": -50,
        },
        {
            "rank": 3,
            "result": -13.0,
            "chips": -1,
            "points_yen": -650,
            "chips_yen": -100,
            "fee_yen": 400,
            "amount_yen": -1150,
        },
        {
            "rank": 4,
            "result": -46.0,
            "chips": -2,
            "points_yen": -2300,
            "chips_yen": -200,
            "fee_yen": 400,
            "amount_yen": -2900,
        },
    ]
    assert sum(line["fee_yen"] for line in by_rank) == 1800
    assert sum(line["points_yen"] + line["chips_yen"] for line in by_rank) == 0
    assert [r["totals"]["total_yen"] for r in receipts] == [-50, 2300, -1150, -2900]


def test_the_three_player_top_only_example(example, players):
    staff, _, three, visits = example
    trio = [players[0], players[4], players[2]]
    game = play(staff, start(staff, three, trio), THREE_PLAYER_EXAMPLE, finish=True)
    assert [r["total"] for r in sorted(game["results"], key=lambda r: r["seat"])] == [35, -5, -30]
    receipts = [check_out(staff, visits[p.pk]) for p in trio]
    assert [_line(r) for r in receipts] == [
        {
            "rank": 1,
            "result": 35.0,
            "chips": 2,
            "points_yen": 1750,
            "chips_yen": 200,
            "fee_yen": 1200,
            "amount_yen": 750,
        },
        {
            "rank": 2,
            "result": -5.0,
            "chips": -1,
            "points_yen": -250,
            "chips_yen": -100,
            "fee_yen": 0,
            "amount_yen": -350,
        },
        {
            "rank": 3,
            "result": -30.0,
            "chips": -1,
            "points_yen": -1500,
            "chips_yen": -100,
            "fee_yen": 0,
            "amount_yen": -1600,
        },
    ]


def test_a_visit_of_both_games_pays_the_player_700_yen(example, players, personas):
    staff, four, three, visits = example
    play_both_examples(staff, four, three, players)
    receipt = check_out(staff, visits[players[0].pk])
    assert [line["amount_yen"] for line in receipt["lines"]] == [-50, 750]
    assert [line["table_label"] for line in receipt["lines"]] == ["1", "2"]
    assert receipt["totals"] == {
        "points_yen": 350 + 1750,
        "chips_yen": 200,
        "fees_yen": 1600,
        "adjustments_yen": 0,
        "total_yen": 700,
    }
    assert receipt["is_closed"] is True

    # Read back later, by staff and by the player themself: the same receipt.
    visit_id = visits[players[0].pk]["visit"]["id"]
    again = ok(staff.get(f"/api/visits/{visit_id}/"))
    assert again["lines"] == receipt["lines"] and again["totals"]["total_yen"] == 700
    mine = ok(personas["player"].get(f"/api/visits/{visit_id}/"))
    assert mine["totals"]["total_yen"] == 700
    assert Settlement.objects.get(visit__public_id=visit_id).total_yen == 700


def test_a_player_who_is_not_checked_in_cannot_sit_at_a_settled_table(example, parlor, players):
    staff, four, _, _ = example
    stranger = PlayerFactory(parlor=parlor)
    body = {"players": [str(p.public_id) for p in [*players[:3], stranger]], "seating": "given"}
    response = staff.post(f"/api/tables/{four.public_id}/games/", body, format="json")
    assert response.status_code == 409
    assert response.json()["error"]["code"] == "player_not_checked_in"
