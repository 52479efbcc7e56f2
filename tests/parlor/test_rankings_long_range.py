"""A range of business days longer than a ranking covers (five years) is refused beside the
last day, in the page's language, on the public standings, their TV board and exports, and on
the manager's seasons page: never a server error, never the service's English. A period with
no minimum of games does not say "ranked from 0 games"."""

from __future__ import annotations

import re

import pytest
from django.test import Client

from parlor.models import MemberRole, ParlorMember

pytestmark = pytest.mark.django_db

TOO_LONG = "first_day=1900-01-01&last_day=2999-12-31"


def test_the_standings_refuse_a_range_too_long_beside_the_last_day(parlor):
    page = Client().get(f"/standings/{parlor.slug}/?{TOO_LONG}")
    html = page.content.decode()
    assert page.status_code == 400 and 'data-error="last_day"' in html
    assert "1830" in html and "営業日" in html and "business days" not in html
    assert "開始日と終了日の両方" not in html  # both were entered: only the range is refused
    english = Client()
    english.cookies["django_language"] = "en"
    text = english.get(f"/standings/{parlor.slug}/?{TOO_LONG}").content.decode()
    assert "at most 1830 business days" in text.lower().replace("\n", " ")
    assert Client().get(f"/standings/{parlor.slug}/tv/?{TOO_LONG}").status_code in (200, 400)
    for ext in ("csv", "xlsx"):
        answer = Client().get(f"/standings/{parlor.slug}/standings.{ext}?{TOO_LONG}")
        assert answer.status_code == 400 and "1830" in answer.content.decode()
    five_years = "first_day=2021-01-01&last_day=2025-12-31"  # within the bound: ranked
    assert Client().get(f"/standings/{parlor.slug}/?{five_years}").status_code == 200


def test_the_seasons_page_refuses_a_season_too_long_in_japanese(parlor, personas):
    manager = Client()
    manager.force_login(ParlorMember.objects.get(parlor=parlor, role=MemberRole.MANAGER).user)
    form = {"name": "百年", "first_day": "1900-01-01", "last_day": "2999-12-31"}
    form |= {"player_count": "4", "ruleset_key": "", "rate_yen_per_p": "", "min_games": "5"}
    answer = manager.post("/manage/seasons/", form)
    html = answer.content.decode()
    assert answer.status_code == 400 and 'data-error="last_day"' in html
    assert "1830" in html and "business days" not in html


def test_a_period_without_a_minimum_of_games_does_not_say_ranked_from_0_games(parlor):
    days = "first_day=2026-11-01&last_day=2026-11-30"
    for page in ("", "tv/"):
        html = Client().get(f"/standings/{parlor.slug}/{page}?{days}").content.decode()
        assert not re.search(r"(?<![0-9])0対局以上", html), page
        chosen = Client().get(f"/standings/{parlor.slug}/{page}?{days}&min_games=5")
        assert "5対局以上" in chosen.content.decode(), page
