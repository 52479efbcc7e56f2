"""The close of the day (締め) at the counter: check-outs during the day, then 締め: the float,
the notes and coins counted and added up as they are typed, expected against counted, the
difference with its reason, a manager's confirmation, and the day closed: the next check-out
is refused, naming the close."""

from __future__ import annotations

from typing import Any

import pytest

from parlor.domain.money import Terms
from parlor.models import DayClose, FeeModel, MemberRole, Settlement, Visit
from parlor.services.money import money_settings_set
from parlor.services.visits import visit_check_in
from tests.browser.tablet import Tablet
from tests.parlor.day_close_helpers import notes_and_coins
from tests.parlor.factories import MemberFactory

pytestmark = pytest.mark.django_db(transaction=True)
SANMA = Terms(
    rate_yen_per_p=50,
    chip_value_yen=0,
    fee_model=FeeModel.EACH_PLUS_TOP,
    game_fee_yen=400,
    top_prize_yen=300,
    money_unit_yen=10,
)
HANDS = [
    {"result": {"kind": "ron", "loser": 0, "wins": [{"winner": 1, "han": 3}]}},
    {"result": {"kind": "tsumo", "win": {"winner": 2, "han": 2}}},
]
FLOAT_YEN = 30_000


def _check_out(tablet: Tablet, name: str) -> None:
    page = tablet.page
    tablet.goto("/tablet/counter/")
    page.click(f'.counter-row[data-player="{name}"] [data-check-out]')
    page.wait_for_selector("body[data-screen='counter-check-out']")
    page.click("[data-confirm-check-out]")
    page.wait_for_selector("body[data-screen='counter-receipt']")


def test_check_outs_then_the_close_of_the_day(tablet: Tablet, parlor_floor: dict[str, Any]):
    parlor = parlor_floor["parlor"]
    money_settings_set(parlor=parlor, player_count=3, terms=SANMA)
    manager = MemberFactory(parlor=parlor, role=MemberRole.MANAGER).user
    for player in parlor_floor["players"][:4]:
        visit_check_in(player=player, by=parlor_floor["staff"])
    page = tablet.page

    # A game for money, and two of its players check out during the day.
    tablet.start_game("2", ["馬場", "青木", "千葉"])
    for entry in HANDS:
        tablet.enter(entry)
        tablet.confirm()
    tablet.close_game()
    _check_out(tablet, "馬場")
    _check_out(tablet, "青木")
    totals = list(Settlement.objects.values_list("total_yen", flat=True))
    paid_in = sum(-t for t in totals if t < 0)
    paid_out = sum(t for t in totals if t > 0)
    assert paid_in > 0 or paid_out > 0

    # 締め from the counter: the float first, saved as at the start of the day.
    tablet.goto("/tablet/counter/")
    page.click('[data-action="day-close"]')
    page.wait_for_selector("body[data-screen='day-close']")
    page.fill('[data-day-float] input[name="float_yen"]', str(FLOAT_YEN))
    page.click("[data-save-float]")
    page.wait_for_selector("body[data-screen='day-close'] .msg")
    assert page.input_value("[data-float]") == str(FLOAT_YEN)
    expected = FLOAT_YEN + paid_in - paid_out
    assert int(page.get_attribute("[data-expected-yen]", "data-expected-yen")) == expected
    assert int(page.get_attribute("[data-paid-in-yen]", "data-paid-in-yen")) == paid_in
    assert int(page.get_attribute("[data-paid-out-yen]", "data-paid-out-yen")) == paid_out

    # The drawer is 100 yen short: the page adds up the counts as they are typed.
    for yen, count in notes_and_coins(expected - 100).items():
        page.fill(f'[data-count="{yen}"]', str(count))
    page.wait_for_selector(f'[data-counted-yen="{expected - 100}"]')
    assert page.get_attribute("[data-difference-yen]", "data-difference-yen") == "-100"
    assert page.inner_text("[data-difference-yen]") == "-100"
    tablet.shot("day-close-counted")

    # No reason for the difference: refused beside the reason, the counts kept.
    page.fill('input[name="manager_username"]', manager.username)
    page.fill('input[name="manager_password"]', "pw")
    page.click("[data-close-day]")
    page.wait_for_selector('[data-error-for="reason"]')
    assert page.get_attribute("[data-difference-yen]", "data-difference-yen") == "-100"
    assert not DayClose.objects.exists()

    page.fill('input[name="reason"]', "釣り銭の渡し過ぎ")
    page.fill('input[name="manager_password"]', "pw")
    page.click("[data-close-day]")
    page.wait_for_selector("[data-day-closed]")
    assert page.get_attribute("[data-close-difference]", "data-close-difference") == "-100"
    assert page.get_attribute("[data-close-expected]", "data-close-expected") == str(expected)
    assert manager.username in page.inner_text("[data-close-by]")
    tablet.shot("day-closed")
    close = DayClose.objects.get()
    assert (close.difference_yen, close.reason, close.confirmed_by) == (
        -100,
        "釣り銭の渡し過ぎ",
        manager,
    )

    # The day is closed: the next check-out is refused, naming the close.
    visit = Visit.objects.get(player__name="千葉")
    tablet.goto(f"/tablet/counter/visits/{visit.public_id}/check-out/")
    page.click("[data-confirm-check-out]")
    page.wait_for_selector('[data-code="day_closed"]')
    assert parlor_floor["staff"].username in page.inner_text('[data-code="day_closed"]')
    assert Settlement.objects.count() == 2

    # A manager reopens it with a reason: the close stays, superseded, and the day is open.
    tablet.goto("/tablet/counter/close/")
    page.fill('[data-day-closed] input[name="reason"]', "千葉さんの精算が残っていた")
    page.fill('[data-day-closed] input[name="manager_username"]', manager.username)
    page.fill('[data-day-closed] input[name="manager_password"]', "pw")
    page.click("[data-reopen]")
    page.wait_for_selector("[data-day-close-form]")
    assert "千葉さんの精算が残っていた" in page.inner_text("[data-reopened-closes]")
    close.refresh_from_db()
    assert close.reopened_by == manager and not close.is_current
    _check_out(tablet, "千葉")
    assert Settlement.objects.count() == 3
