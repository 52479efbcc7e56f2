"""Check-in, the settlement close and adjustments are in the audit log with who and what."""

from __future__ import annotations

import pytest

from parlor.models import AuditEvent
from tests.parlor.money_helpers import (
    FOUR_PLAYER_EXAMPLE,
    check_out,
    example_setup,
    play,
    start,
)

pytestmark = pytest.mark.django_db


def test_a_check_out_records_the_settlement_close_with_its_money(parlor, players, personas):
    staff, four, _, visits = example_setup(parlor, players, personas)
    play(staff, start(staff, four, players[:4]), FOUR_PLAYER_EXAMPLE)
    receipt = check_out(staff, visits[players[1].pk])

    checked_in = AuditEvent.objects.filter(subject_type="visit", parlor=parlor)
    assert checked_in.count() >= 4
    closed = AuditEvent.objects.get(subject_type="settlement", parlor=parlor)
    assert closed.action == "close" and closed.actor_name
    assert closed.after["total_yen"] == receipt["totals"]["total_yen"]
    listed = personas["manager"].get("/api/audit/").json()
    assert any(row["subject_type"] == "settlement" for row in listed["events"])
