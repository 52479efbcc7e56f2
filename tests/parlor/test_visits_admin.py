"""The admin shows money settings (editable) and visits, receipts and adjustments (read-only)."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from parlor.models import Settlement, Visit
from tests.parlor.money_helpers import FOUR_PLAYER_EXAMPLE, check_out, example_setup, play, start

pytestmark = pytest.mark.django_db


def test_the_admin_shows_a_receipt_and_cannot_change_it(parlor, players, personas):
    staff, four, _, visits = example_setup(parlor, players, personas)
    play(staff, start(staff, four, players[:4]), FOUR_PLAYER_EXAMPLE)
    check_out(staff, visits[players[1].pk])
    admin = Client()
    admin.force_login(get_user_model().objects.create_superuser("root", password="pw"))
    for path in ("moneysettings", "standingssettings", "visit", "settlement", "adjustment"):
        assert admin.get(f"/admin/parlor/{path}/").status_code == 200, path
    settlement = Settlement.objects.get()
    page = admin.get(f"/admin/parlor/settlement/{settlement.pk}/change/")
    assert page.status_code == 200 and "2300" in page.content.decode()
    assert admin.post(f"/admin/parlor/settlement/{settlement.pk}/delete/").status_code == 403
    assert admin.get(f"/admin/parlor/visit/{Visit.objects.first().pk}/change/").status_code == 200
