"""The manager's page (Japanese first) and the reports API: status, requests, files, roles."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
import time_machine
from django.contrib.auth import get_user_model
from django.test import Client
from rest_framework.test import APIClient

from parlor.domain.business_days import business_day_of, day_range
from parlor.models import MemberRole, Parlor, ParlorMember
from parlor.reports.models import DailyReport
from parlor.reports.services import daily_reports_mark_stale
from tests.reports.day import DAY, DayOfGames
from tests.reports.files import needs_pdf

pytestmark = [pytest.mark.django_db, needs_pdf]  # the reports built here include a PDF


def signed_in(user: Any) -> Client:
    client = Client()
    client.force_login(user)
    return client


def api_as(user: Any) -> APIClient:
    client = APIClient()
    client.force_authenticate(user)
    return client


@pytest.fixture
def requested(day_of_games: DayOfGames, django_capture_on_commit_callbacks: Any) -> Client:
    """The manager asked for the day's reports from the page; they were built."""
    manager = signed_in(day_of_games.manager)
    with django_capture_on_commit_callbacks(execute=True):
        response = manager.post("/reports/request/", {"day": DAY.isoformat()})
    assert response.status_code == 302
    return manager


def test_a_signed_out_visitor_is_sent_to_sign_in(day_of_games: DayOfGames) -> None:
    response = Client().get("/reports/")
    assert response.status_code == 302 and "login" in response["Location"]


def test_only_a_manager_sees_the_reports(day_of_games: DayOfGames) -> None:
    assert signed_in(day_of_games.staff).get("/reports/").status_code == 403


def test_the_page_is_japanese_and_offers_the_last_closed_day(day_of_games: DayOfGames) -> None:
    page = signed_in(day_of_games.manager).get("/reports/").content.decode()
    assert "日報" in page and "営業日" in page and "日報を作成" in page
    assert 'type="date" name="day"' in page


@pytest.mark.parametrize("hour", [20, 26])  # the evening, and 2 a.m. before the day's end
def test_the_form_offers_the_business_day_in_progress(day_of_games: DayOfGames, hour: int) -> None:
    """While a business day is in progress the form asks for its report, not yesterday's."""
    parlor = day_of_games.parlor
    start, _end = day_range(parlor, DAY + timedelta(days=1))
    now = start.replace(hour=0, minute=0) + timedelta(hours=hour)
    with time_machine.travel(now, tick=False):
        in_progress = business_day_of(parlor)
        page = signed_in(day_of_games.manager).get("/reports/").content.decode()
    assert in_progress == DAY + timedelta(days=1)  # the evening and the night after are one day
    assert f'name="day" value="{in_progress.isoformat()}"' in page


def test_asking_from_the_page_builds_the_files_and_offers_them(
    requested: Client, day_of_games: DayOfGames
) -> None:
    assert sorted(DailyReport.objects.values_list("format", "status")) == [
        ("csv", "done"),
        ("pdf", "done"),
        ("xlsx", "done"),
    ]
    page = requested.get("/reports/").content.decode()
    assert "完了" in page and page.count("ダウンロード") == 3
    pdf = DailyReport.objects.get(format="pdf")
    response = requested.get(f"/reports/{pdf.public_id}/download/")
    assert response.status_code == 200 and response["Content-Type"] == "application/pdf"
    assert "attachment" in response["Content-Disposition"]
    assert "daily-report-tenbo-honten-2026-05-01.pdf" in response["Content-Disposition"]
    assert response.content == bytes(pdf.content)


def test_a_stale_report_says_so_while_it_is_made_again(
    requested: Client, day_of_games: DayOfGames, django_capture_on_commit_callbacks: Any
) -> None:
    with django_capture_on_commit_callbacks(execute=False):
        daily_reports_mark_stale(parlor_id=day_of_games.parlor.pk, days=[DAY])
    page = requested.get("/reports/").content.decode()
    assert page.count("古くなりました") == 3 and page.count("ダウンロード") == 3
    assert 'http-equiv="refresh"' in page  # the page follows the build by itself


def test_another_parlors_manager_cannot_download(requested: Client) -> None:
    other = Parlor.objects.create(name="Other", slug="other")
    user = get_user_model().objects.create_user("other-manager", password="pw")
    ParlorMember.objects.create(parlor=other, user=user, role=MemberRole.MANAGER)
    report = DailyReport.objects.first()
    assert report is not None
    assert signed_in(user).get(f"/reports/{report.public_id}/download/").status_code == 404
    assert api_as(user).get(f"/api/reports/{report.public_id}/file/").status_code == 404


def test_the_api_asks_for_a_day_and_serves_its_files(
    day_of_games: DayOfGames, django_capture_on_commit_callbacks: Any
) -> None:
    api = api_as(day_of_games.manager)
    with django_capture_on_commit_callbacks(execute=True):
        response = api.post(
            "/api/reports/", {"day": "2026-05-01", "formats": ["xlsx"]}, format="json"
        )
    assert response.status_code == 202, response.content
    listed = api.get("/api/reports/", {"day": "2026-05-01"}).json()
    assert [(r["format"], r["status"], r["is_stale"]) for r in listed] == [("xlsx", "done", False)]
    file = api.get(listed[0]["file_url"])
    assert file.status_code == 200 and file.content.startswith(b"PK")  # a zip: XLSX


def test_the_api_refuses_staff_and_days_to_come(day_of_games: DayOfGames) -> None:
    staff = api_as(day_of_games.staff)
    assert staff.post("/api/reports/", {"day": "2026-05-01"}, format="json").status_code == 403
    manager = api_as(day_of_games.manager)
    response = manager.post("/api/reports/", {"day": "2999-01-01"}, format="json")
    assert response.status_code == 400 and response.json()["error"]["code"] == "day_in_future"
