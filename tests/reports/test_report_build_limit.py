"""A parlor's managers may ask for so many report builds an hour (REPORT_BUILDS_PER_HOUR); the
next request is refused with the reason, on the API (429, Retry-After) and on the page, and
changes nothing. The nightly job and the stale marks are not counted."""

from __future__ import annotations

from typing import Any

import pytest
from django.core.cache import cache, caches
from django.core.cache.backends.locmem import LocMemCache
from django.test import Client
from rest_framework.test import APIClient

from parlor.reports.models import DailyReport
from parlor.reports.services import daily_report_request
from tests.reports.day import DAY, DayOfGames

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def limit(settings: Any) -> int:
    if isinstance(caches["default"], LocMemCache):
        cache.clear()
    settings.REPORT_BUILDS_PER_HOUR = 3
    return 3


def rebuild(api: APIClient, capture: Any) -> Any:
    with capture(execute=True):
        return api.post(
            "/api/reports/",
            {"day": DAY.isoformat(), "formats": ["csv"], "rebuild": True},
            format="json",
        )


def test_the_api_refuses_a_build_over_the_limit(
    day_of_games: DayOfGames, django_capture_on_commit_callbacks: Any
) -> None:
    api = APIClient()
    api.force_authenticate(day_of_games.manager)
    codes = [rebuild(api, django_capture_on_commit_callbacks).status_code for _ in range(3)]
    assert codes == [202, 202, 202]
    report = DailyReport.objects.get(format="csv")
    refused = rebuild(api, django_capture_on_commit_callbacks)
    assert refused.status_code == 429
    assert refused.json()["error"]["code"] == "report_builds_limited"
    assert int(refused["Retry-After"]) > 0
    again = DailyReport.objects.get(format="csv")
    assert (again.revision, again.status) == (report.revision, report.status)  # rolled back


def test_the_page_says_why_and_the_system_is_not_counted(
    day_of_games: DayOfGames, django_capture_on_commit_callbacks: Any
) -> None:
    for _ in range(5):  # the nightly job and the management command ask without a user
        with django_capture_on_commit_callbacks(execute=True):
            daily_report_request(parlor=day_of_games.parlor, day=DAY, rebuild=True)
    page = Client()
    page.force_login(day_of_games.manager)
    with django_capture_on_commit_callbacks(execute=True):
        first = page.post("/reports/request/", {"day": DAY.isoformat(), "rebuild": "1"})
    assert first.status_code == 302  # three formats: the whole hour's allowance
    refused = page.post("/reports/request/", {"day": DAY.isoformat(), "rebuild": "1"}, follow=True)
    assert "report builds an hour" in refused.content.decode()
