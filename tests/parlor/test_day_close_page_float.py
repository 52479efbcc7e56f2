"""The close page after a reopen: the float the drawer was counted with at the close is in its
box again, so the second count expects the same drawer (not 0 yen of float, a shortfall of
the whole float)."""

from __future__ import annotations

import time_machine
from django.test import Client

from parlor.services.day_close import day_close_record, day_close_reopen
from tests.parlor.day_close_helpers import FLOAT_YEN, NOON, counter_day, notes_and_coins


def test_a_reopened_day_keeps_the_float_it_was_counted_with(db, parlor, players, personas):
    with time_machine.travel(NOON, tick=False):
        day = counter_day(parlor, players, personas)
        expected = FLOAT_YEN + day.paid_in_yen - day.paid_out_yen
        close = day_close_record(  # the float given at the close, not at the start of the day
            parlor=parlor,
            counts=notes_and_coins(expected),
            float_yen=FLOAT_YEN,
            by=day.staff_user,
            confirmed_by=day.manager,
        )
        day_close_reopen(close=close, reason="精算漏れ", by=day.manager)
        tablet = Client()
        tablet.force_login(day.staff_user)
        page = tablet.get("/tablet/counter/close/").content.decode()
    box = f'inputmode="numeric" value="{FLOAT_YEN}" data-float'
    assert box in page and f"{expected:,}" in page  # the drawer it should hold, float included
