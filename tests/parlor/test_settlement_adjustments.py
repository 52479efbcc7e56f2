"""A correction after check-out never changes the closed receipt: it becomes an adjustment,
taken by the player's next visit or settled by staff at the counter."""

from __future__ import annotations

import pytest

from parlor.models import Adjustment, AdjustmentKind, Settlement, SettlementLine
from tests.parlor.conftest import ok
from tests.parlor.money_helpers import (
    FOUR_PLAYER_EXAMPLE,
    check_in,
    check_out,
    example_setup,
    play,
    ron,
    start,
)

pytestmark = pytest.mark.django_db
# Hand 1 was a mangan; it was really a haneman (12,000): the top gains 4,000 from the last.
HANEMAN = ron(3, 1, chips=2, han=6)


@pytest.fixture
def settled(parlor, players, personas):
    """The four-player example, played and checked out by all four."""
    staff, four, _, visits = example_setup(parlor, players, personas)
    game = play(staff, start(staff, four, players[:4]), FOUR_PLAYER_EXAMPLE)
    receipts = {p.pk: check_out(staff, visits[p.pk]) for p in players[:4]}
    return staff, game, visits, receipts


def _correct(staff, game, hand, reason):
    return ok(
        staff.post(
            f"/api/games/{game['id']}/hands/1/corrections/",
            {"hand": hand, "reason": reason},
            format="json",
        ),
        201,
    )


def test_a_correction_after_check_out_leaves_the_receipt_and_adds_adjustments(settled, players):
    staff, game, visits, receipts = settled
    lines_before = list(SettlementLine.objects.values())
    _correct(staff, game, HANEMAN, "跳満の申告漏れ")
    # +56.0 and −50.0 now: 2,800 + 300 − 600 = 2,500 for the top, −2,500 − 200 − 400 = −3,100.
    adjustments = {a.player_id: a for a in Adjustment.objects.all()}
    assert {pid: a.amount_yen for pid, a in adjustments.items()} == {
        players[1].pk: 2500 - 2300,
        players[3].pk: -3100 - (-2900),
    }
    top = adjustments[players[1].pk]
    assert top.kind == AdjustmentKind.CORRECTION and top.reason == "跳満の申告漏れ"
    assert top.correction.sequence == 1 and top.correction.version == 2
    assert top.corrects_settlement == Settlement.objects.get(visit__player=players[1])
    assert list(SettlementLine.objects.values()) == lines_before
    for p in players[:4]:
        again = ok(staff.get(f"/api/visits/{visits[p.pk]['visit']['id']}/"))
        assert again["totals"] == receipts[p.pk]["totals"]
    listed = ok(staff.get("/api/adjustments/?open=1"))
    assert sorted(a["amount_yen"] for a in listed) == [-200, 200]
    assert {a["correction_hand"] for a in listed} == {1}


def test_the_next_visit_takes_the_open_adjustment(settled, players):
    staff, game, _, _ = settled
    _correct(staff, game, HANEMAN, "跳満の申告漏れ")
    visit = check_in(staff, players[1])
    assert visit["totals"]["adjustments_yen"] == 200  # shown before any game is played
    receipt = check_out(staff, visit)
    assert [(line["kind"], line["amount_yen"]) for line in receipt["lines"]] == [
        ("adjustment", 200)
    ]
    assert receipt["lines"][0]["description"] == "跳満の申告漏れ"
    assert receipt["totals"] == {
        "points_yen": 0,
        "chips_yen": 0,
        "fees_yen": 0,
        "adjustments_yen": 200,
        "total_yen": 200,
    }
    adjustment = Adjustment.objects.get(player=players[1])
    assert adjustment.settled_in.visit.public_id.hex == visit["visit"]["id"].replace("-", "")
    assert ok(staff.get("/api/adjustments/?open=1")) != []  # the last player's is still open


def test_staff_settle_an_adjustment_at_the_counter(settled, players):
    staff, game, _, _ = settled
    _correct(staff, game, HANEMAN, "跳満の申告漏れ")
    owed = Adjustment.objects.get(player=players[3])
    paid = ok(staff.post(f"/api/adjustments/{owed.public_id}/settle/"))
    assert paid["is_open"] is False
    again = staff.post(f"/api/adjustments/{owed.public_id}/settle/")
    assert again.status_code == 409
    receipt = check_out(staff, check_in(staff, players[3]))
    assert receipt["lines"] == []  # already paid: the next visit does not take it again


def test_correcting_back_adds_the_opposite_adjustment(settled, players):
    staff, game, _, _ = settled
    _correct(staff, game, HANEMAN, "跳満の申告漏れ")
    _correct(staff, game, FOUR_PLAYER_EXAMPLE[0], "満貫で正しかった")
    amounts = list(Adjustment.objects.filter(player=players[1]).values_list("amount_yen", "reason"))
    assert amounts == [(200, "跳満の申告漏れ"), (-200, "満貫で正しかった")]


def test_a_correction_that_moves_no_money_adds_nothing(settled):
    staff, game, _, _ = settled
    same = {**FOUR_PLAYER_EXAMPLE[0], "riichi": []}
    _correct(staff, game, same, "入力の確認")
    assert not Adjustment.objects.exists()


def test_a_manager_records_money_paid_during_a_visit(parlor, players, personas):
    staff, four, _, visits = example_setup(parlor, players, personas)
    play(staff, start(staff, four, players[:4]), FOUR_PLAYER_EXAMPLE)
    body = {
        "player": str(players[1].public_id),
        "amount_yen": -2000,
        "kind": "payment",
        "reason": "途中精算 (1半荘目)",
    }
    assert staff.post("/api/adjustments/", body, format="json").status_code == 403
    ok(personas["manager"].post("/api/adjustments/", body, format="json"), 201)
    receipt = check_out(staff, visits[players[1].pk])
    assert receipt["totals"]["total_yen"] == 2300 - 2000
    assert receipt["totals"]["adjustments_yen"] == -2000
