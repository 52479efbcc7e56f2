"""The close of the day (締め) through the API: the day's drawer, the float, the close and a
reopening, with the tablet's errors; and the counter's 締め page over the same services."""

from __future__ import annotations

import re

import pytest
import time_machine
from django.test import Client

from parlor.models import DayClose, DayFloat
from tests.parlor.conftest import client_for, ok
from tests.parlor.day_close_helpers import FLOAT_YEN, NOON, counter_day, notes_and_coins

pytestmark = pytest.mark.django_db


@pytest.fixture
def day(parlor, players, personas):
    with time_machine.travel(NOON, tick=False):
        yield counter_day(parlor, players, personas)


def _counts(amount_yen: int) -> dict[str, int]:
    return {str(yen): n for yen, n in notes_and_coins(amount_yen).items()}


def test_the_day_shows_the_drawer_before_the_close(day):
    staff = client_for(day.staff_user)
    ok(staff.post("/api/day-close/float/", {"float_yen": FLOAT_YEN}, format="json"))
    state = ok(staff.get("/api/day-close/"))
    assert state["day"] == "2026-05-01" and state["is_closed"] is False
    assert (state["float_yen"], state["paid_in_yen"], state["paid_out_yen"]) == (
        FLOAT_YEN,
        day.paid_in_yen,
        day.paid_out_yen,
    )
    assert state["expected_yen"] == FLOAT_YEN + day.paid_in_yen - day.paid_out_yen
    assert state["closes"] == []


def test_staff_close_with_a_managers_password_then_a_manager_reopens(day):
    staff = client_for(day.staff_user)
    expected = FLOAT_YEN + day.paid_in_yen - day.paid_out_yen
    body = {
        "float_yen": FLOAT_YEN,
        "counts": _counts(expected - 10),
        "reason": "十円足りない",
        "manager_username": day.manager.username,
        "manager_password": "pw",
    }
    close = ok(staff.post("/api/day-close/", body, format="json"), 201)
    assert close["difference_yen"] == -10 and close["counted_yen"] == expected - 10
    assert close["closed_by"] == day.staff_user.username
    assert close["confirmed_by"] == day.manager.username and close["is_current"] is True
    again = staff.post("/api/day-close/", body, format="json")
    assert again.status_code == 409 and again.json()["error"]["code"] == "day_closed"
    refused = staff.post(
        f"/api/day-close/{close['id']}/reopen/", {"reason": "数え直し"}, format="json"
    )
    assert refused.status_code == 403
    assert refused.json()["error"]["code"] == "manager_confirmation_required"
    reopened = ok(
        client_for(day.manager).post(
            f"/api/day-close/{close['id']}/reopen/", {"reason": "数え直し"}, format="json"
        )
    )
    assert reopened["is_current"] is False and reopened["reopened_by"] == day.manager.username
    state = ok(staff.get("/api/day-close/?day=2026-05-01"))
    assert state["is_closed"] is False and [c["id"] for c in state["closes"]] == [close["id"]]


def test_bad_counts_and_a_missing_reason_are_400s_naming_the_field(day):
    manager = client_for(day.manager)
    bad = manager.post("/api/day-close/", {"float_yen": 0, "counts": {"100": -1}}, format="json")
    assert bad.status_code == 400 and "counts" in bad.json()["error"]["field"]
    short = manager.post("/api/day-close/", {"float_yen": 0, "counts": {}}, format="json")
    assert short.status_code == 400 and short.json()["error"]["code"] == "reason_required"
    assert not DayClose.objects.exists()


def test_another_parlors_staff_cannot_see_or_reopen_the_close(day, personas):
    manager = client_for(day.manager)
    expected = FLOAT_YEN + day.paid_in_yen - day.paid_out_yen
    close = ok(
        manager.post(
            "/api/day-close/",
            {"float_yen": FLOAT_YEN, "counts": _counts(expected)},
            format="json",
        ),
        201,
    )
    other = personas["other_parlor"]
    assert ok(other.get("/api/day-close/"))["closes"] == []
    refused = other.post(f"/api/day-close/{close['id']}/reopen/", {"reason": "x"}, format="json")
    assert refused.status_code == 404
    assert personas["player"].get("/api/day-close/").status_code == 403


def test_the_close_is_in_the_openapi_schema(day):
    schema = client_for(day.staff_user).get("/api/schema/").content.decode()
    for path in ("/api/day-close/", "/api/day-close/float/", "/api/day-close/{close_id}/reopen/"):
        assert f"{path}:" in schema
    assert "DayCloseInput" in schema


def _tablet(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def test_the_counter_page_closes_the_day_and_refuses_a_check_out_after(day):
    tablet = _tablet(day.staff_user)
    page = tablet.get("/tablet/counter/close/")
    assert page.status_code == 200 and "締め" in page.content.decode()
    assert f'data-paid-in-yen="{day.paid_in_yen}"' in page.content.decode()
    expected = FLOAT_YEN + day.paid_in_yen - day.paid_out_yen
    form = {f"count_{yen}": str(n) for yen, n in notes_and_coins(expected).items()}
    form["float_yen"] = str(FLOAT_YEN)
    refused = tablet.post("/tablet/counter/close/count/", form)
    assert (
        refused.status_code == 403
        and 'data-error-for="manager_username"' in refused.content.decode()
    )
    form |= {"manager_username": day.manager.username, "manager_password": "pw"}
    closed = tablet.post("/tablet/counter/close/count/", form, follow=True)
    text = closed.content.decode()
    assert "data-day-closed" in text and 'data-close-difference="0"' in text
    visit = day.visits[day.players[4].pk]["visit"]["id"]
    check_out = tablet.post(f"/tablet/counter/visits/{visit}/check-out/")
    assert check_out.status_code == 409
    assert re.search(r'data-code="day_closed"', check_out.content.decode())
    assert day.staff_user.username in check_out.content.decode()  # who closed, in the detail


def test_the_counter_page_adds_up_without_closing(day):
    tablet = _tablet(day.staff_user)
    page = tablet.post(
        "/tablet/counter/close/count/",
        {"preview": "1", "float_yen": "1000", "count_10000": "2", "count_500": "3"},
    )
    text = page.content.decode()
    assert 'data-counted-yen="21500"' in text
    expected = 1000 + day.paid_in_yen - day.paid_out_yen
    assert f'data-difference-yen="{21500 - expected}"' in text
    assert not DayClose.objects.exists() and not DayFloat.objects.exists()


def test_a_double_tap_on_the_close_closes_once(day):
    tablet = _tablet(day.manager)
    expected = FLOAT_YEN + day.paid_in_yen - day.paid_out_yen
    form = {f"count_{yen}": str(n) for yen, n in notes_and_coins(expected).items()}
    form |= {"float_yen": str(FLOAT_YEN), "idempotency_key": "close-form-1"}
    first = tablet.post("/tablet/counter/close/count/", form)
    second = tablet.post("/tablet/counter/close/count/", form)
    assert (first.status_code, second.status_code) == (302, 302)
    assert DayClose.objects.count() == 1
    third = tablet.post("/tablet/counter/close/count/", {**form, "idempotency_key": "another"})
    assert third.status_code == 409  # a new form: the day is already closed
