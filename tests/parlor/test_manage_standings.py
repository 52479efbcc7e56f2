"""The manager's standings settings page (ランキング設定): public or not and the monthly
minimum of games, audited, for the manager's own parlor only."""

from __future__ import annotations

import pytest
from django.test import Client
from rest_framework.test import APIClient

from parlor.errors import InvalidInput
from parlor.models import AuditEvent, MemberRole, Parlor, StandingsSettings
from parlor.services.standings import standings_settings_set
from tests.parlor.factories import MemberFactory

pytestmark = pytest.mark.django_db


def signed_in(parlor: Parlor, role: str) -> Client:
    client = Client()
    client.force_login(MemberFactory(parlor=parlor, role=role).user)
    return client


def test_a_manager_sets_the_standings_and_each_change_is_audited(
    parlor: Parlor, other_parlor: Parlor
) -> None:
    standings_settings_set(parlor=other_parlor, is_public=True, monthly_min_games=3)
    manager = signed_in(parlor, MemberRole.MANAGER)
    page = manager.get("/manage/standings/").content.decode()
    assert "ランキング設定" in page and 'value="10"' in page and "checked" in page
    answer = manager.post("/manage/standings/", {"monthly_min_games": "20"})
    assert answer.status_code == 302 and answer["Location"] == "/manage/standings/"
    row = StandingsSettings.objects.get(parlor=parlor)
    assert row.is_public is False and row.monthly_min_games == 20
    created = AuditEvent.objects.get(parlor=parlor, subject_type="standings_settings")
    assert created.action == "create" and created.after == {
        "is_public": False,
        "monthly_min_games": 20,
    }
    manager.post("/manage/standings/", {"is_public": "on", "monthly_min_games": "8"})
    corrected = AuditEvent.objects.get(parlor=parlor, action="correct")
    assert corrected.before == {"is_public": False, "monthly_min_games": 20}
    assert corrected.after == {"is_public": True, "monthly_min_games": 8}
    theirs = StandingsSettings.objects.get(parlor=other_parlor)
    assert theirs.monthly_min_games == 3  # another parlor's settings are untouched


@pytest.mark.parametrize("typed", ["abc", "-1", "501", ""])
def test_bad_input_is_shown_beside_the_field_and_kept(parlor: Parlor, typed: str) -> None:
    manager = signed_in(parlor, MemberRole.MANAGER)
    answer = manager.post("/manage/standings/", {"is_public": "on", "monthly_min_games": typed})
    html = answer.content.decode()
    assert answer.status_code == 400
    assert 'data-error="monthly_min_games"' in html
    assert f'value="{typed}"' in html or typed == ""
    assert not StandingsSettings.objects.filter(parlor=parlor).exists()
    assert not AuditEvent.objects.filter(parlor=parlor).exists()


def test_the_service_refuses_a_minimum_out_of_bounds_naming_the_field(parlor: Parlor) -> None:
    with pytest.raises(InvalidInput) as refused:
        standings_settings_set(parlor=parlor, is_public=True, monthly_min_games=501)
    assert refused.value.field == "monthly_min_games"


def test_staff_are_refused_and_a_visitor_is_sent_to_sign_in(parlor: Parlor) -> None:
    staff = signed_in(parlor, MemberRole.STAFF)
    assert staff.get("/manage/standings/").status_code == 403
    refused = staff.post("/manage/standings/", {"monthly_min_games": "1"})
    assert refused.status_code == 403
    page = refused.content.decode()
    assert "権限がありません" in page and "Forbidden" not in page
    assert not StandingsSettings.objects.exists()
    answer = Client().get("/manage/standings/")
    assert answer["Location"] == "/tablet/login/?next=/manage/standings/"


def test_a_change_through_the_api_is_audited_with_who_made_it(parlor: Parlor) -> None:
    user = MemberFactory(parlor=parlor, role=MemberRole.MANAGER).user
    api = APIClient()
    api.force_authenticate(user)
    body = {"is_public": False, "monthly_min_games": 4}
    assert api.put("/api/standings-settings/", body, format="json").status_code == 200
    event = AuditEvent.objects.get(parlor=parlor, subject_type="standings_settings")
    assert event.actor_name == user.get_username() and event.after == body
