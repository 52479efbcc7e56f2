"""The visit and money POSTs take an Idempotency-Key per parlor: a retried check-in, check-out
or adjustment returns the first response and changes nothing."""

from __future__ import annotations

import threading
from typing import Any

import pytest
from django.db import connection, connections, transaction
from rest_framework.test import APIClient

from parlor.models import Adjustment, IdempotencyRecord, MemberRole, Parlor, Settlement, Visit
from parlor.services.idempotency import KeyedRequest, idempotent_call
from tests.parlor.conftest import client_for, ok
from tests.parlor.factories import MemberFactory, PlayerFactory
from tests.parlor.test_concurrency_pg import _race

pytestmark = pytest.mark.django_db
postgresql_only = pytest.mark.skipif(
    connection.vendor != "postgresql",
    reason="row locks need PostgreSQL (set DATABASE_URL=postgres://...)",
)


def _post(client: APIClient, url: str, body: dict[str, Any] | None = None, key: str = "") -> Any:
    headers = {"Idempotency-Key": key} if key else None
    return client.post(url, body, format="json", headers=headers)


def _check_in(client: APIClient, player: Any, key: str = "") -> Any:
    return _post(client, "/api/visits/", {"player": str(player.public_id)}, key)


def _payment(player: Any, amount_yen: int = -2000) -> dict[str, Any]:
    return {
        "player": str(player.public_id),
        "amount_yen": amount_yen,
        "kind": "payment",
        "reason": "途中精算",
    }


def _assert_replayed(first: Any, retry: Any, status: int) -> None:
    assert first.status_code == retry.status_code == status, retry.content.decode()
    assert retry.json() == first.json()
    assert retry["Idempotent-Replayed"] == "true"
    assert "Idempotent-Replayed" not in first


# Check-in


def test_a_retried_check_in_returns_the_first_receipt_and_opens_one_visit(staff, players):
    first = _check_in(staff, players[0], key="in-0001")
    retry = _check_in(staff, players[0], key="in-0001")
    _assert_replayed(first, retry, 201)
    assert Visit.objects.filter(player=players[0]).count() == 1
    record = IdempotencyRecord.objects.get()
    assert (record.parlor, record.table, record.key) == (players[0].parlor, None, "in-0001")


def test_a_check_in_key_reused_for_another_player_is_a_409(staff, players):
    ok(_check_in(staff, players[0], key="in-0002"), 201)
    response = _check_in(staff, players[1], key="in-0002")
    assert response.status_code == 409
    assert response.json()["error"]["code"] == "idempotency_key_reused"
    assert not Visit.objects.filter(player=players[1]).exists()


def test_a_second_check_in_without_a_key_is_still_a_409(staff, players):
    ok(_check_in(staff, players[0]), 201)
    again = _check_in(staff, players[0])
    assert again.status_code == 409
    assert again.json()["error"]["code"] == "visit_already_open"
    assert not IdempotencyRecord.objects.exists()


def test_a_second_check_in_with_a_new_key_is_a_409_and_not_remembered(staff, players):
    ok(_check_in(staff, players[0], key="in-0003"), 201)
    again = _check_in(staff, players[0], key="in-0004")
    assert again.status_code == 409
    assert again.json()["error"]["code"] == "visit_already_open"
    assert list(IdempotencyRecord.objects.values_list("key", flat=True)) == ["in-0003"]


def test_keys_are_per_parlor(staff, players, other_parlor):
    other_staff = client_for(MemberFactory(parlor=other_parlor, role=MemberRole.STAFF).user)
    other_player = PlayerFactory(parlor=other_parlor)
    here = ok(_check_in(staff, players[0], key="shared-key"), 201)
    there = _check_in(other_staff, other_player, key="shared-key")
    assert there.status_code == 201
    assert "Idempotent-Replayed" not in there
    assert there.json()["visit"]["id"] != here["visit"]["id"]
    assert Visit.objects.count() == 2
    assert IdempotencyRecord.objects.filter(key="shared-key").count() == 2


# Check-out


def _checked_in(staff: APIClient, player: Any) -> str:
    return ok(_check_in(staff, player), 201)["visit"]["id"]


def test_a_retried_check_out_returns_the_first_receipt_and_settles_once(staff, players):
    visit_id = _checked_in(staff, players[0])
    url = f"/api/visits/{visit_id}/check-out/"
    first = _post(staff, url, key="out-0001")
    retry = _post(staff, url, key="out-0001")
    _assert_replayed(first, retry, 201)
    assert first.json()["is_closed"] is True
    assert Settlement.objects.count() == 1


def test_a_check_out_key_reused_for_another_visit_is_a_409(staff, players):
    visits = [_checked_in(staff, p) for p in players[:2]]
    ok(_post(staff, f"/api/visits/{visits[0]}/check-out/", key="out-0002"), 201)
    response = _post(staff, f"/api/visits/{visits[1]}/check-out/", key="out-0002")
    assert response.status_code == 409
    assert response.json()["error"]["code"] == "idempotency_key_reused"
    assert Settlement.objects.count() == 1
    assert Visit.objects.get(public_id=visits[1]).status == "open"


def test_a_second_check_out_without_a_key_is_still_a_409(staff, players):
    visit_id = _checked_in(staff, players[0])
    ok(_post(staff, f"/api/visits/{visit_id}/check-out/"), 201)
    again = _post(staff, f"/api/visits/{visit_id}/check-out/")
    assert again.status_code == 409
    assert again.json()["error"]["code"] == "visit_closed"
    assert Settlement.objects.count() == 1


def test_a_retried_last_game_call_is_replayed_too(staff, players):
    visit_id = _checked_in(staff, players[0])
    url = f"/api/visits/{visit_id}/last-game/"
    first = _post(staff, url, {"called": True}, key="last-0001")
    retry = _post(staff, url, {"called": True}, key="last-0001")
    _assert_replayed(first, retry, 200)
    reused = _post(staff, url, {"called": False}, key="last-0001")
    assert reused.json()["error"]["code"] == "idempotency_key_reused"
    assert Visit.objects.get(public_id=visit_id).last_game_called_at is not None


# Adjustments


def test_a_retried_adjustment_is_entered_once(personas, players):
    manager = personas["manager"]
    first = _post(manager, "/api/adjustments/", _payment(players[1]), key="adj-0001")
    retry = _post(manager, "/api/adjustments/", _payment(players[1]), key="adj-0001")
    _assert_replayed(first, retry, 201)
    assert Adjustment.objects.count() == 1
    assert Adjustment.objects.get().amount_yen == -2000


def test_an_adjustment_key_reused_with_another_amount_is_a_409(personas, players):
    manager = personas["manager"]
    ok(_post(manager, "/api/adjustments/", _payment(players[1]), key="adj-0002"), 201)
    response = _post(manager, "/api/adjustments/", _payment(players[1], -3000), key="adj-0002")
    assert response.status_code == 409
    assert response.json()["error"]["code"] == "idempotency_key_reused"
    assert list(Adjustment.objects.values_list("amount_yen", flat=True)) == [-2000]


def test_adjustments_without_a_key_are_entered_each_time(personas, players):
    manager = personas["manager"]
    for _ in range(2):
        ok(_post(manager, "/api/adjustments/", _payment(players[1])), 201)
    assert Adjustment.objects.count() == 2
    assert not IdempotencyRecord.objects.exists()


def test_adjustment_keys_are_per_parlor(personas, players, other_parlor: Parlor):
    other_player = PlayerFactory(parlor=other_parlor)
    ok(_post(personas["manager"], "/api/adjustments/", _payment(players[1]), key="adj-k"), 201)
    there = _post(personas["other_parlor"], "/api/adjustments/", _payment(other_player), "adj-k")
    assert there.status_code == 201
    assert "Idempotent-Replayed" not in there
    assert Adjustment.objects.count() == 2


def test_a_retried_settle_returns_the_first_answer_not_a_409(personas, players):
    manager = personas["manager"]
    created = ok(_post(manager, "/api/adjustments/", _payment(players[1])), 201)
    url = f"/api/adjustments/{created['id']}/settle/"
    first = _post(manager, url, key="settle-0001")
    retry = _post(manager, url, key="settle-0001")
    _assert_replayed(first, retry, 200)
    assert first.json()["is_open"] is False
    assert _post(manager, url).json()["error"]["code"] == "adjustment_settled"


# Races (PostgreSQL)


@pytest.mark.django_db(transaction=True)
@postgresql_only
def test_two_retries_of_one_adjustment_racing_enter_it_once(personas, players):
    manager = personas["manager"]
    body = _payment(players[1])
    responses = _race(
        [lambda: _post(manager, "/api/adjustments/", body, key="adj-race")] * 2,
    )
    assert [r.status_code for r in responses] == [201, 201]
    assert sorted(r.get("Idempotent-Replayed", "") for r in responses) == ["", "true"]
    assert responses[0].json() == responses[1].json()
    assert Adjustment.objects.count() == 1


@pytest.mark.django_db(transaction=True)
@postgresql_only
def test_a_keyed_post_does_not_hold_up_other_writes_at_the_parlor(parlor, players):
    """While a keyed POST holds the parlor's row, a check-in elsewhere still commits: the
    foreign key check at its commit takes FOR KEY SHARE on the parlor, which the key's lock
    (FOR NO KEY UPDATE) lets through and FOR UPDATE would not."""
    locked, release = threading.Event(), threading.Event()

    def held() -> tuple[int, Any]:
        locked.set()
        release.wait(timeout=10)
        return 201, {}

    def keyed_post() -> None:
        try:
            idempotent_call(parlor=parlor, request=KeyedRequest("k", "f", None), call=held)
        finally:
            connections.close_all()

    other = threading.Thread(target=keyed_post)
    other.start()
    try:
        assert locked.wait(timeout=10)
        with connection.cursor() as cursor:
            cursor.execute("SET lock_timeout = '2s'")
        try:
            with transaction.atomic():
                Visit.objects.create(parlor=parlor, player=players[0])
        finally:
            with connection.cursor() as cursor:
                cursor.execute("RESET lock_timeout")
    finally:
        release.set()
        other.join(timeout=10)
    assert Visit.objects.count() == 1
    assert IdempotencyRecord.objects.filter(parlor=parlor, key="k").count() == 1
