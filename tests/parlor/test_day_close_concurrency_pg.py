"""A check-out racing the close of the day (締め): whichever commits first, the close counts
exactly the check-outs committed before it, and none lands in the day after it. PostgreSQL
only (row locks)."""

from __future__ import annotations

import time
from typing import Any

import pytest
from django.db import connection

from parlor.models import DayClose, Settlement
from parlor.services import day_close as day_close_services
from parlor.services import visits as visit_services
from tests.parlor.money_helpers import FOUR_PLAYER_EXAMPLE, example_setup, play, start
from tests.parlor.test_concurrency_pg import _race

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(
        connection.vendor != "postgresql",
        reason="row locks need PostgreSQL (set DATABASE_URL=postgres://...)",
    ),
]


@pytest.mark.parametrize("slow", ["check-out", "close"])
def test_a_check_out_racing_the_close_is_counted_or_refused(
    parlor, players, personas, monkeypatch, slow
):
    staff, four, _, visits = example_setup(parlor, players, personas)
    play(staff, start(staff, four, players[:4]), FOUR_PLAYER_EXAMPLE)
    real_build = visit_services.settlement_build
    real_totals = day_close_services.counter_cash_totals

    def slow_build(**kwargs: Any) -> Any:
        time.sleep(0.3)  # the check-out holds the parlor's row while the close arrives
        return real_build(**kwargs)

    def slow_totals(**kwargs: Any) -> Any:
        totals = real_totals(**kwargs)
        time.sleep(0.3)  # the close has read the day's cash; the check-out arrives
        return totals

    if slow == "check-out":
        monkeypatch.setattr(visit_services, "settlement_build", slow_build)
    else:
        monkeypatch.setattr(day_close_services, "counter_cash_totals", slow_totals)
    visit_id = visits[players[1].pk]["visit"]["id"]
    close = {"float_yen": 0, "counts": {}, "reason": "race"}
    responses = _race(
        [
            lambda: staff.post(f"/api/visits/{visit_id}/check-out/"),
            lambda: personas["manager"].post("/api/day-close/", close, format="json"),
        ]
    )
    check_out, closed = responses
    assert closed.status_code == 201, closed.content.decode()
    assert check_out.status_code in (201, 409)
    row = DayClose.objects.get()
    net = sum(s.total_yen for s in Settlement.objects.all())
    assert row.paid_in_yen - row.paid_out_yen == -net  # the close counts every check-out
    if check_out.status_code == 409:
        assert check_out.json()["error"]["code"] == "day_closed"
        assert not Settlement.objects.exists()
