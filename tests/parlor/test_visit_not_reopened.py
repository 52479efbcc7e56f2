"""A checked-out visit stays checked out: setting its status back to open would reopen its
receipt to new games. The model refuses it with a clear error, and a database trigger refuses
it from anywhere else (a queryset update, raw SQL)."""

from __future__ import annotations

import pytest
from django.db import DatabaseError, connection, transaction

from parlor.models import Visit, VisitReopenRefused, VisitStatus
from tests.parlor.money_helpers import FOUR_PLAYER_EXAMPLE, check_out, example_setup, play, start

pytestmark = pytest.mark.django_db


@pytest.fixture
def checked_out(parlor, players, personas) -> Visit:
    staff, four, _, visits = example_setup(parlor, players, personas)
    play(staff, start(staff, four, players[:4]), FOUR_PLAYER_EXAMPLE)
    check_out(staff, visits[players[0].pk])
    return Visit.objects.get(player=players[0])


def _as_stored(visit: Visit) -> tuple[str, object]:
    visit.refresh_from_db()
    return visit.status, visit.checked_out_at


def test_the_model_refuses_to_reopen_a_checked_out_visit(checked_out):
    stored = _as_stored(checked_out)
    assert stored[0] == VisitStatus.CLOSED
    checked_out.status, checked_out.checked_out_at = VisitStatus.OPEN, None
    with pytest.raises(VisitReopenRefused, match="cannot be reopened"):
        checked_out.save(update_fields=["status", "checked_out_at"])
    with pytest.raises(VisitReopenRefused, match="check the player in again"):
        checked_out.save()
    assert _as_stored(checked_out) == stored


@pytest.mark.parametrize("how", ["queryset", "sql"])
def test_the_database_refuses_to_reopen_a_checked_out_visit(checked_out, how):
    stored = _as_stored(checked_out)
    with (
        pytest.raises(DatabaseError, match="a checked-out visit cannot be reopened"),
        transaction.atomic(),
    ):
        if how == "queryset":
            Visit.objects.filter(pk=checked_out.pk).update(status="open", checked_out_at=None)
        else:
            with connection.cursor() as cursor:
                cursor.execute(
                    "UPDATE parlor_visit SET status = 'open', checked_out_at = NULL WHERE id = %s",
                    [checked_out.pk],
                )
    assert _as_stored(checked_out) == stored


def test_an_open_visit_still_saves_and_checks_out(parlor, players, personas):
    staff, four, _, visits = example_setup(parlor, players, personas)
    open_visit = Visit.objects.get(player=players[1], status=VisitStatus.OPEN)
    open_visit.save()  # an open visit saved as open: nothing to refuse
    play(staff, start(staff, four, players[:4]), FOUR_PLAYER_EXAMPLE)
    check_out(staff, visits[players[1].pk])
    assert Visit.objects.get(pk=open_visit.pk).status == VisitStatus.CLOSED
