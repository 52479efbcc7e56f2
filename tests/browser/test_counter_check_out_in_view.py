"""A check-out refused at the counter is seen: on a regular's long receipt (six games) the
warning that a game is still in progress is at the top of the confirmation, and after 精算 the
refusal beside the button is in view at 1280×800, not below the fold of an unchanged page."""

from __future__ import annotations

from typing import Any

import pytest

from parlor.domain.money import Terms
from parlor.models import FeeModel, Visit, VisitStatus
from parlor.services.games import game_finish, game_start
from parlor.services.hands import hand_record
from parlor.services.money import money_settings_set
from parlor.services.seating import Seating
from parlor.services.visits import visit_check_in
from tests.browser.tablet import Tablet
from tests.parlor.conftest import RON_1_BY_0

pytestmark = pytest.mark.django_db(transaction=True)
POINT_5 = Terms(50, 0, FeeModel.EACH, 500, 0, 10)  # 点5, a 500-yen fee each


def in_view(page: Any, selector: str) -> bool:
    box = page.locator(selector).bounding_box()
    viewport = page.viewport_size
    return box is not None and box["y"] >= 0 and box["y"] + box["height"] <= viewport["height"]


def test_a_refused_check_out_is_in_view(tablet: Tablet, parlor_floor: dict[str, Any]) -> None:
    staff, players = parlor_floor["staff"], parlor_floor["players"][:4]
    table = parlor_floor["tables"]["standard"]
    money_settings_set(parlor=parlor_floor["parlor"], player_count=4, terms=POINT_5)
    visit, *_ = [visit_check_in(player=p, by=staff) for p in players]
    for _ in range(6):
        game = game_start(table=table, players=players, seating=Seating.GIVEN, by=staff)
        hand_record(game=game, sequence=1, entry=RON_1_BY_0, by=staff)
        game_finish(game=game, by=staff)
    game_start(table=table, players=players, seating=Seating.GIVEN, by=staff)

    page = tablet.page
    tablet.goto(f"/tablet/counter/visits/{visit.public_id}/check-out/")
    assert page.locator("tr[data-line]").count() == 6
    assert in_view(page, "[data-playing]"), "the game in progress is said below the fold"

    with page.expect_navigation():
        page.click("[data-confirm-check-out]")
    page.wait_for_selector('[data-code="visit_game_in_progress"]')
    tablet.shot("refused")
    assert in_view(page, '[data-code="visit_game_in_progress"]'), "the refusal is below the fold"
    assert Visit.objects.get(pk=visit.pk).status == VisitStatus.OPEN
