"""The guard on amounts no game can reach (issue 24): a check-out, a pay-out or a manual
adjustment with a line beyond the parlor's bound is refused without a manager, naming the game
line; a manager (the one doing it, or one who types their password) lets it through, audited."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client

from parlor.models import AuditEvent, MemberRole, Parlor, Settlement, VisitStatus
from parlor.services.games import game_finish, game_start
from parlor.services.hands import hand_record
from parlor.services.money import large_amount_set, money_settings_set
from parlor.services.money_guard import LargeAmountNeedsManager
from parlor.services.seating import Seating
from parlor.services.settlements import adjustment_create
from parlor.services.visits import visit_check_in, visit_check_out
from tests.parlor.conftest import ok
from tests.parlor.factories import MemberFactory
from tests.parlor.test_tablet_counter import POINT_5, RON

pytestmark = pytest.mark.django_db


@pytest.fixture
def manager_user(parlor: Parlor) -> Any:
    return MemberFactory(parlor=parlor, role=MemberRole.MANAGER).user


@pytest.fixture
def played(parlor, table, players, staff_user):
    """A 点5 game at table 1 (ron 3 han 30 fu by seat 1), every player checked in: visits."""
    money_settings_set(parlor=parlor, player_count=4, terms=POINT_5)
    visits = [visit_check_in(player=p, by=staff_user) for p in players[:4]]
    game = game_start(table=table, players=players[:4], seating=Seating.GIVEN, by=staff_user)
    hand_record(game=game, sequence=1, entry=RON, by=staff_user)
    game_finish(game=game, by=staff_user)
    return visits


def test_a_check_out_within_the_bound_goes_through(played, staff_user):
    settlement = visit_check_out(visit=played[1], by=staff_user)  # 点5: far below 10,000 yen
    assert settlement.total_yen != 0


def test_over_the_bound_without_a_manager_is_refused_naming_the_game_line(
    parlor, played, staff_user, tablet
):
    large_amount_set(parlor=parlor, bound_yen=100)
    with pytest.raises(LargeAmountNeedsManager) as refused:
        visit_check_out(visit=played[1], by=staff_user)
    assert "table 1" in refused.value.message and refused.value.line.bound_yen == 100
    played[1].refresh_from_db()
    assert played[1].status == VisitStatus.OPEN and not Settlement.objects.exists()
    # At the counter: the refusal names the table in Japanese and asks for the manager.
    answer = tablet.post(f"/tablet/counter/visits/{played[1].public_id}/check-out/")
    html = answer.content.decode()
    assert answer.status_code == 409 and "data-manager-confirm" in html
    assert "1番卓の対局" in html and "100 円を超えています" in html


def test_a_manager_confirms_at_the_counter_and_the_check_out_is_audited(
    parlor, played, tablet, manager_user
):
    large_amount_set(parlor=parlor, bound_yen=100)
    url = f"/tablet/counter/visits/{played[1].public_id}/check-out/"
    wrong = tablet.post(url, {"manager_username": manager_user.username, "manager_password": "x"})
    assert wrong.status_code == 400 and not Settlement.objects.exists()
    answer = tablet.post(url, {"manager_username": manager_user.username, "manager_password": "pw"})
    assert answer.status_code == 302
    settlement = Settlement.objects.get(visit=played[1])
    event = AuditEvent.objects.get(subject_type="settlement", subject_id=str(settlement.public_id))
    assert event.after["confirmed_by"] == manager_user.username
    [line] = event.after["lines_beyond_bound"]
    assert line["table"] == "1" and line["bound_yen"] == 100


def test_the_api_answers_409_with_a_code_and_goes_through_with_a_manager(
    parlor, played, personas, manager_user
):
    large_amount_set(parlor=parlor, bound_yen=100)
    url = f"/api/visits/{played[1].public_id}/check-out/"
    refused = personas["staff"].post(url, {}, format="json")
    assert refused.status_code == 409
    error = refused.json()["error"]
    assert error["code"] == "large_amount_needs_manager" and "table 1" in error["message"]
    body = {"manager_username": manager_user.username, "manager_password": "pw"}
    ok(personas["staff"].post(url, body, format="json"), 201)
    event = AuditEvent.objects.filter(subject_type="settlement").latest("id")
    assert event.after["confirmed_by"] == manager_user.username


def test_a_manual_adjustment_beyond_the_rates_reach_needs_a_manager(
    parlor, players, staff_user, manager_user
):
    money_settings_set(parlor=parlor, player_count=4, terms=POINT_5)  # reach: 200p × 50 yen
    adjustment_create(player=players[0], amount_yen=10_000, reason="お詫び", by=staff_user)
    with pytest.raises(LargeAmountNeedsManager) as refused:
        adjustment_create(player=players[0], amount_yen=-10_010, reason="打ち間違い", by=staff_user)
    assert "打ち間違い" in refused.value.message and refused.value.line.bound_yen == 10_000
    made = adjustment_create(
        player=players[0],
        amount_yen=-10_010,
        reason="打ち間違い",
        by=staff_user,
        confirmed_by=manager_user,
    )
    event = AuditEvent.objects.get(subject_type="adjustment", subject_id=str(made.public_id))
    assert event.after["confirmed_by"] == manager_user.username


def test_a_pay_out_beyond_the_bound_needs_a_manager_at_the_counter(
    parlor, players, tablet, manager_user
):
    money_settings_set(parlor=parlor, player_count=4, terms=POINT_5)
    adjustment_create(player=players[2], amount_yen=30_000, reason="返金", by=manager_user)
    url = f"/tablet/counter/players/{players[2].public_id}/pay-out/"
    refused = tablet.post(url, {"idempotency_key": "k1"})
    html = refused.content.decode()
    assert refused.status_code == 409 and "data-manager-confirm" in html and "返金" in html
    body = {
        "idempotency_key": "k1",
        "manager_username": manager_user.username,
        "manager_password": "pw",
    }
    assert tablet.post(url, body).status_code == 302
    assert Settlement.objects.filter(visit__player=players[2]).exists()


def test_settling_an_adjustment_through_the_api_beyond_the_bound_needs_a_manager(
    parlor, players, personas, manager_user
):
    money_settings_set(parlor=parlor, player_count=4, terms=POINT_5)
    made = adjustment_create(player=players[2], amount_yen=30_000, reason="返金", by=manager_user)
    url = f"/api/adjustments/{made.public_id}/settle/"
    refused = personas["staff"].post(url, {}, format="json")
    assert refused.status_code == 409
    assert refused.json()["error"]["code"] == "large_amount_needs_manager"
    wrong = {"manager_username": manager_user.username, "manager_password": "nope"}
    assert personas["staff"].post(url, wrong, format="json").status_code == 400
    body = {"manager_username": manager_user.username, "manager_password": "pw"}
    settled = ok(personas["staff"].post(url, body, format="json"))
    assert settled["settled_at"] is not None
    event = AuditEvent.objects.filter(subject_type="adjustment", action="close").get()
    assert event.after["confirmed_by"] == manager_user.username


def test_the_manager_sets_the_bound_on_the_money_settings_page(parlor, manager_user):
    client = Client()
    client.force_login(manager_user)
    answer = client.post("/manage/money/large-amount/", {"large_amount_yen": "5000"}, follow=True)
    parlor.refresh_from_db()
    assert parlor.large_amount_yen == 5000
    assert "店長の確認が必要な金額: 各対局のレートから決まる額 → 5,000円" in answer.content.decode()
    event = AuditEvent.objects.get(subject_type="large_amount")
    assert event.before == {"large_amount_yen": None} and event.after == {"large_amount_yen": 5000}
    again = client.post("/manage/money/large-amount/", {"large_amount_yen": "5000"}, follow=True)
    assert "変更はありません" in again.content.decode()
    bad = client.post("/manage/money/large-amount/", {"large_amount_yen": "0"})
    assert bad.status_code == 400 and 'data-error="large_amount_yen"' in bad.content.decode()
