"""A correction (or a void) of a 本走 game after its shift was signed out becomes an open
adjustment for the staff member, the shift row stays as settled, and the day's money still
reconciles, before and after the pay-out at the counter: on settlement.md's four-player
table (each_plus_top 400 + 200 yen) and its three-player seed-004 table (top_only 1,200 yen),
both at 点5 with chips at 100 yen, under half back (半額バック) and, for a rank change, all three
game-back rules."""

from __future__ import annotations

import json
from typing import Any

import pytest
import time_machine
from django.utils import translation

from parlor.models import (
    Adjustment,
    AdjustmentKind,
    AuditEvent,
    Game,
    GameBack,
    MemberRole,
    Shift,
)
from parlor.reports.day_money import day_money
from parlor.reports.report import daily_report_data
from parlor.services.games import game_void
from parlor.services.shifts import shift_sign_out
from parlor.services.visits import adjustments_pay_out
from tests.parlor.conftest import ok
from tests.parlor.day_close_helpers import NOON
from tests.parlor.factories import MemberFactory
from tests.parlor.money_helpers import NOTEN, play, ron
from tests.parlor.shift_helpers import shift_with_a_game, staff_player_of

pytestmark = pytest.mark.django_db
RATE, CHIP = 50, 100  # yen per p, yen per chip
SHIFT_FLOAT_YEN = 10_000


@pytest.fixture
def staff_player(parlor: Any, personas: Any) -> Any:
    return staff_player_of(parlor)


@pytest.fixture
def manager(parlor: Any) -> Any:
    return MemberFactory(parlor=parlor, role=MemberRole.MANAGER).user


def _shift_game(
    parlor, players, personas, staff_player, *, three, sign_out=True, game_back=GameBack.HALF
):
    """Yamada's shift with one 本走 game, the guests checked out, and (if asked) Yamada signed
    out with 500 yen of the float short."""
    staff, game, shift, _ = shift_with_a_game(
        parlor,
        players,
        personas,
        staff_player,
        three=three,
        float_out_yen=SHIFT_FLOAT_YEN,
        game_back=game_back,
    )
    if sign_out:
        shift = shift_sign_out(shift=shift, float_back_yen=SHIFT_FLOAT_YEN - 500, by=None)
    return staff, game, shift


def _correct(staff, game, sequence, hand, reason):
    url = f"/api/games/{game['id']}/hands/{sequence}/corrections/"
    return ok(staff.post(url, {"hand": hand, "reason": reason}, format="json"), 201)


def _balanced(parlor) -> bool:
    """The day's money reconciles, and the daily report's check says so."""
    money = day_money(parlor=parlor, day=NOON.date())
    assert money.is_balanced, money
    with translation.override("en"):
        report = daily_report_data(parlor=parlor, day=NOON.date())
    summary = next(s for s in report.sections if s.key == "summary")
    return ("Check", "Balanced") in summary.rows


def _report_row(parlor, player) -> tuple[Any, ...]:
    """The daily report's row of the player's correction adjustment (in Japanese)."""
    with translation.override("ja"):
        report = daily_report_data(parlor=parlor, day=NOON.date())
    section = next(s for s in report.sections if s.key == "corrections")
    (row,) = (row for row in section.rows if row[5] == player.name)
    return row


def _settled(shift: Shift) -> tuple[Any, ...]:
    return (shift.result_yen, shift.fees_yen, shift.back_yen, shift.owed_yen)


def test_a_correction_after_sign_out_owes_the_staff_member_the_difference(
    parlor, players, personas, staff_player
):
    with time_machine.travel(NOON, tick=False):
        staff, game, shift = _shift_game(parlor, players, personas, staff_player, three=False)
        before = _settled(shift)
        # Hand 1 was a haneman, not a mangan: Yamada (seat 1) takes 4,000 more from seat 3,
        # still tops; +4.0 p and the same chips and fee.
        _correct(staff, game, 1, ron(3, 1, chips=2, han=6), "跳満の申告漏れ")
        (adjustment,) = Adjustment.objects.filter(player=staff_player)
        assert adjustment.amount_yen == 4 * RATE
        assert adjustment.player == staff_player and adjustment.kind == AdjustmentKind.CORRECTION
        assert adjustment.corrects_shift == shift and adjustment.game_id == Game.objects.get().pk
        assert adjustment.reason == "跳満の申告漏れ" and adjustment.correction.sequence == 1
        assert adjustment.is_open and adjustment.corrects_settlement is None
        assert _settled(Shift.objects.get(pk=shift.pk)) == before  # the receipt as settled
        audit = AuditEvent.objects.get(subject_id=str(adjustment.public_id), action="create")
        assert audit.after["shift_id"] == str(shift.public_id) and audit.reason == "跳満の申告漏れ"
        assert _balanced(parlor)
        row = _report_row(parlor, staff_player)
        assert (row[1], row[-2], row[-1]) == ("シフト精算の調整", "跳満の申告漏れ", 4 * RATE)
        (listed,) = [
            a for a in ok(staff.get("/api/adjustments/?open=1")) if a["shift_id"] is not None
        ]
        assert (listed["shift_id"], listed["amount_yen"]) == (str(shift.public_id), 4 * RATE)
        receipt = adjustments_pay_out(player=staff_player, by=staff_player.user)
        assert receipt.total_yen == 4 * RATE and receipt.adjustments_yen == 4 * RATE
        assert _balanced(parlor)


@pytest.mark.parametrize(
    ("game_back", "given_back", "total"),
    [
        (GameBack.FULL, lambda fees: fees, -2_100),
        (GameBack.HALF, lambda fees: fees // 2, -2_000),
        (GameBack.NONE, lambda fees: 0, -1_900),
    ],
    ids=["full-back", "half-back", "no-back"],
)
def test_a_rank_change_moves_the_fee_and_the_back_and_a_second_correction_only_its_own(
    parlor, players, personas, staff_player, tablet, game_back, given_back, total
):
    with time_machine.travel(NOON, tick=False):
        staff, game, shift = _shift_game(
            parlor, players, personas, staff_player, three=False, game_back=game_back
        )
        _correct(staff, game, 1, ron(3, 1, chips=2, han=6), "跳満の申告漏れ")
        # Then hand 1 turns out to be seat 2's mangan, not Yamada's: 27,000 / 34,000 / 35,000
        # / 4,000, so Yamada is second with +14.0 p (4 + uma 10) and +1 chip instead of the
        # top's +52.0 p and +3; the fee a guest would pay falls from 400 + 200 to 400.
        _correct(staff, game, 1, ron(3, 2, chips=2, han=5), "和了者の訂正")
        first, second = Adjustment.objects.filter(player=staff_player).order_by("id")
        result_change = (14 - 52) * RATE + (1 - 3) * CHIP
        fee_change, back_change = 400 - 600, given_back(400) - given_back(600)
        assert result_change - (fee_change - back_change) == total  # docs/shifts.md's table
        assert first.amount_yen == 4 * RATE
        assert second.amount_yen == total - first.amount_yen
        assert second.reason == "和了者の訂正" and second.corrects_shift == shift
        assert _balanced(parlor)
        receipt = adjustments_pay_out(player=staff_player, by=staff_player.user)
        assert receipt.total_yen == total  # Yamada pays the parlor at the counter
        assert _balanced(parlor)
        page = tablet.get(f"/tablet/counter/shifts/{shift.public_id}/").content.decode()
        assert f'data-owed-yen="{shift.owed_yen}"' in page  # the total as settled
        assert f'data-correction-yen="{first.amount_yen}"' in page
        assert f'data-correction-yen="{second.amount_yen}"' in page and "和了者の訂正" in page
        assert "退勤後の訂正" in page and "精算済み" in page  # Japanese by default


@pytest.mark.parametrize("three", [False, True], ids=["four-player", "three-player"])
def test_a_void_after_sign_out_takes_back_the_whole_game(
    parlor, players, personas, staff_player, manager, three
):
    with time_machine.travel(NOON, tick=False):
        _, _, shift = _shift_game(parlor, players, personas, staff_player, three=three)
        # Four: a top with +2,900 yen and a 600 yen fee, half of it back; three: last with
        # −1,600 yen and no fee under top_only.
        result, fee = (2_900, 600) if not three else (-1_600, 0)
        assert (shift.result_yen, shift.fees_yen) == (result, fee)
        game_void(game=Game.objects.get(), reason="記録違い", by=manager)
        (adjustment,) = Adjustment.objects.filter(player=staff_player)
        assert adjustment.amount_yen == -(result - (fee - fee // 2))
        assert adjustment.reason == "game voided (無効): 記録違い" and adjustment.correction is None
        assert adjustment.created_by == manager
        assert _balanced(parlor)
        adjustments_pay_out(player=staff_player, by=manager)
        assert _balanced(parlor)


def test_a_three_player_correction_after_sign_out_owes_the_result_difference(
    parlor, players, personas, staff_player
):
    with time_machine.travel(NOON, tick=False):
        staff, game, shift = _shift_game(parlor, players, personas, staff_player, three=True)
        results = {r["seat"]: r for r in game["results"]}
        # Hand 4: seat 0's ron off Yamada (seat 2) was 2 han, not 1: Yamada pays more, still
        # last (no fee either way under top_only).
        _correct(staff, game, 4, ron(2, 0, han=2), "翻数の訂正")
        corrected = {r["seat"]: r for r in ok(staff.get(f"/api/games/{game['id']}/"))["results"]}
        assert corrected[2]["rank"] == results[2]["rank"] == 3
        tenths = round((corrected[2]["total"] - results[2]["total"]) * 10)
        change = tenths * RATE // 10
        change += (corrected[2]["chips"] - results[2]["chips"]) * CHIP
        assert change < 0
        (adjustment,) = Adjustment.objects.filter(player=staff_player)
        assert adjustment.amount_yen == change and adjustment.corrects_shift == shift
        assert _balanced(parlor)
        adjustments_pay_out(player=staff_player, by=staff_player.user)
        assert _balanced(parlor)


def test_a_correction_while_the_shift_is_open_waits_for_the_sign_out(
    parlor, players, personas, staff_player
):
    with time_machine.travel(NOON, tick=False):
        staff, game, shift = _shift_game(
            parlor, players, personas, staff_player, three=False, sign_out=False
        )
        _correct(staff, game, 1, ron(3, 1, chips=2, han=6), "跳満の申告漏れ")
        assert not Adjustment.objects.filter(player=staff_player).exists()
        shift = shift_sign_out(shift=shift, float_back_yen=SHIFT_FLOAT_YEN - 500, by=None)
        assert shift.result_yen == 2_900 + 4 * RATE  # the sign-out counts the correction
        assert _balanced(parlor)


def test_a_game_reopened_by_a_correction_after_sign_out_is_settled_when_it_ends_again(
    parlor, players, personas, staff_player
):
    with time_machine.travel(NOON, tick=False):
        staff, game, shift = _shift_game(parlor, players, personas, staff_player, three=False)
        # The last hand (South 4, seat 3 deals) was not an all-noten draw: the dealer was
        # tenpai, so the game goes on (renchan) and is in progress again.
        tenpai = {"result": {"kind": "draw", "tenpai": [3]}}
        _correct(staff, game, 8, tenpai, "親の聴牌の訂正")
        assert ok(staff.get(f"/api/games/{game['id']}/"))["status"] == "in_progress"
        assert not Adjustment.objects.filter(player=staff_player).exists()
        # It ends on the next all-noten draw: Yamada paid 1,000 points of the dealer's noten
        # payment and still tops, 41,000 points: −1.0 p.
        ended = play(staff, ok(staff.get(f"/api/games/{game['id']}/")), [NOTEN])
        assert ended["status"] == "finished"
        (adjustment,) = Adjustment.objects.filter(player=staff_player)
        assert adjustment.amount_yen == -1 * RATE and adjustment.corrects_shift == shift
        assert adjustment.reason == "親の聴牌の訂正"
        assert _balanced(parlor)


def test_the_correction_preview_warns_of_the_staff_members_adjustment(
    parlor, players, personas, staff_player, tablet
):
    with time_machine.travel(NOON, tick=False):
        staff, game, _ = _shift_game(parlor, players, personas, staff_player, three=False)
        _correct(staff, game, 1, ron(3, 1, chips=2, han=6), "跳満の申告漏れ")
        moved = ron(3, 2, chips=2, han=5)
        answer = ok(
            tablet.post(
                f"/tablet/games/{game['id']}/preview/",
                json.dumps({"hand": moved, "correct": 1}),
                content_type="application/json",
            )
        )
        marker = f'data-settled-player="{staff_player.name}" data-amount-yen="'
        warned = int(answer["settled"].split(marker, 1)[1].split('"', 1)[0])
        _correct(staff, game, 1, moved, "和了者の訂正")
        made = Adjustment.objects.filter(player=staff_player).order_by("id").last()
        assert warned == made.amount_yen == -2_000 - 4 * RATE
