"""The public standings page: no login, today's and this month's ranking by business day,
points only and never money, a minimum number of games for the month, staff play left out,
and a TV mode."""

from __future__ import annotations

import re
from datetime import datetime
from zoneinfo import ZoneInfo

import pytest
import time_machine
from django.test import Client

from parlor.models import MemberRole, ParlorMember, PlayerKind, StandingsSettings
from tests.parlor.conftest import ok
from tests.parlor.factories import PlayerFactory
from tests.parlor.money_helpers import (
    FOUR_PLAYER_EXAMPLE,
    THREE_PLAYER_EXAMPLE,
    example_setup,
    play,
    start,
)

pytestmark = pytest.mark.django_db
TOKYO = ZoneInfo("Asia/Tokyo")
NOW = datetime(2026, 5, 21, 3, 0, tzinfo=TOKYO)  # still the business day of 20 May (cutoff 06:00)
MONEY_WORDS = ("円", "¥", "yen", "Yen", "fee", "Fee", "ゲーム代", "精算", "チップ代", "rate")
# What the players' money was in these games (settlement.md's examples): none may show.
MONEY_FIGURES = ("2,300", "2300", "2,600", "1,150", "2,900", "1,750", "1,200", "+750", "−350")


@pytest.fixture
def month_of_games(parlor, players, personas):
    staff, four, three, _ = example_setup(parlor, players, personas)
    member = ParlorMember.objects.get(parlor=parlor, role=MemberRole.STAFF)
    staff_player = PlayerFactory(
        parlor=parlor, user=member.user, name="店員 山田", kind=PlayerKind.GUEST, member_number=""
    )
    StandingsSettings.objects.create(parlor=parlor, monthly_min_games=2)
    p = players

    def game_at(when, table, seated, hands, finish=False):
        with time_machine.travel(when, tick=False):
            play(staff, start(staff, table, seated), hands, finish=finish)

    game_at(
        datetime(2026, 4, 30, 23, 0, tzinfo=TOKYO),
        four,
        [p[1], p[0], p[2], p[3]],
        FOUR_PLAYER_EXAMPLE,
    )  # last month
    game_at(datetime(2026, 5, 3, 14, 0, tzinfo=TOKYO), four, p[:4], FOUR_PLAYER_EXAMPLE)
    game_at(
        datetime(2026, 5, 20, 22, 0, tzinfo=TOKYO),
        four,
        [p[0], staff_player, p[2], p[3]],
        FOUR_PLAYER_EXAMPLE,
    )  # the member of staff tops it (本走)
    game_at(
        datetime(2026, 5, 21, 1, 30, tzinfo=TOKYO),
        three,
        [p[0], p[4], p[2]],
        THREE_PLAYER_EXAMPLE,
        finish=True,
    )  # after midnight: still the 20th's business day
    return staff_player


def _page(parlor, path=""):
    with time_machine.travel(NOW, tick=False):
        response = Client().get(f"/standings/{parlor.slug}/{path}")
    assert response.status_code == 200, response.status_code
    return response.content.decode()


def _section(html, period, player_count):
    """Names in ranked order, and (name, points) pairs, of one period and game type."""
    start = html.index(f'id="{period}"')
    part = html[start:]
    other = 'id="month"' if period == "today" else None
    if other and other in part:
        part = part[: part.index(other)]
    block = part.split(f'data-player-count="{player_count}"', 1)[1].split("</section>", 1)[0]
    body = block.split("<tbody>", 1)[1].split("</tbody>", 1)[0]
    rows = re.findall(
        r'<td class="name">(.*?)</td>.*?<td class="num(?: neg)?">([^<]*)</td>\s*'
        r'<td class="num(?: neg)?">([^<]*)</td>',
        body,
        re.S,
    )
    below = re.findall(r'class="muted below">(.*?)</p>', block, re.S)
    return [(name, points) for name, _games, points in rows], (below[0] if below else "")


def test_todays_ranking_counts_the_business_day_and_leaves_staff_play_out(
    parlor, players, month_of_games
):
    html = _page(parlor)
    p = [x.name for x in players]
    four, _ = _section(html, "today", 4)
    assert four == [(p[0], "+7.0"), (p[2], "−13.0"), (p[3], "−46.0")]
    three, _ = _section(html, "today", 3)
    assert three == [(p[0], "+35.0"), (p[4], "−5.0"), (p[2], "−30.0")]
    assert month_of_games.name not in html  # 本走 never appears in a player ranking


def test_the_monthly_ranking_needs_the_minimum_number_of_games(parlor, players, month_of_games):
    html = _page(parlor)
    p = [x.name for x in players]
    four, below = _section(html, "month", 4)
    assert four == [(p[0], "+14.0"), (p[2], "−26.0"), (p[3], "−92.0")]  # two games each in May
    assert p[1] in below and "(1)" in below  # one game in May: not ranked yet
    three, below3 = _section(html, "month", 3)
    assert three == [] and p[0] in below3
    assert 'data-min-games="2"' in html


def test_the_public_pages_show_no_money(parlor, month_of_games):
    for path in ("", "tv/"):
        html = _page(parlor, path)
        for word in MONEY_WORDS + MONEY_FIGURES:
            assert word not in html, (path, word)


def test_tv_mode_fills_the_screen_and_refreshes_itself(parlor, month_of_games):
    html = _page(parlor, "tv/")
    # The script fetches the standings again and turns the pages; without it, the page reloads.
    assert 'data-refresh-ms="60000" data-page-ms="10000"' in html
    assert '<noscript><meta http-equiv="refresh" content="60"></noscript>' in html
    assert 'data-action="fullscreen"' in html and "overflow: hidden" in html and "vh" in html
    assert 'data-refresh-ms="15000"' in _page(parlor, "tv/?refresh=1")  # clamped to the least
    assert 'data-refresh-ms="60000"' in _page(parlor, "tv/?refresh=soon")
    assert 'data-page-ms="60000"' in _page(parlor, "tv/?page=3600")  # clamped to the most


def test_standings_need_no_login_but_a_known_public_parlor(parlor):
    assert Client().get(f"/standings/{parlor.slug}/").status_code == 200
    assert Client().get("/standings/no-such-parlor/").status_code == 404
    StandingsSettings.objects.create(parlor=parlor, is_public=False)
    assert Client().get(f"/standings/{parlor.slug}/").status_code == 404


def test_a_manager_sets_the_monthly_minimum_and_hides_the_page(parlor, personas):
    assert ok(personas["staff"].get("/api/standings-settings/")) == {
        "is_public": True,
        "monthly_min_games": 10,
    }
    body = {"is_public": False, "monthly_min_games": 4}
    assert personas["staff"].put("/api/standings-settings/", body, format="json").status_code == 403
    assert ok(personas["manager"].put("/api/standings-settings/", body, format="json")) == body
    assert Client().get(f"/standings/{parlor.slug}/").status_code == 404
