"""Rankings over any period (期間ランキング) and seasons: a range of business days ranks exactly
the sum of the games in it, by kind of table; a voided game counts for nothing, a corrected
hand counts as corrected; a closed season keeps the standings it closed with and says when a
game of its range changed since. Runs on SQLite and on PostgreSQL (DATABASE_URL)."""

from __future__ import annotations

from collections import defaultdict
from datetime import date, datetime, timedelta
from zoneinfo import ZoneInfo

import pytest
import time_machine

from parlor.errors import Conflict, InvalidInput
from parlor.models import AuditEvent, Game, GameResult, Season, SeasonStanding
from parlor.services.seasons import (
    season_close,
    season_create,
    season_standings,
    standings_of_days,
)
from parlor.services.standings import TableKind
from tests.parlor.conftest import ok
from tests.parlor.money_helpers import (
    FOUR_PLAYER_EXAMPLE,
    THREE_PLAYER_EXAMPLE,
    example_setup,
    play,
    ron,
    start,
)

pytestmark = pytest.mark.django_db
TOKYO = ZoneInfo("Asia/Tokyo")
CUTOFF = timedelta(hours=6)  # the factory parlor's business day turns over at 06:00 Tokyo
FIRST, LAST = date(2026, 5, 3), date(2026, 5, 7)


def _at(day: int, hour: int, minute: int = 0) -> datetime:
    return datetime(2026, 5, day, hour, minute, tzinfo=TOKYO)


@pytest.fixture
def week(parlor, players, personas):
    """A week of games at a four- and a three-player table: one voided, one with a hand
    corrected, two on each side of a business-day turn, one a day before and one a day after
    the range. Returns the staff client and the games' ids by name."""
    assert parlor.time_zone == "Asia/Tokyo" and parlor.business_day_cutoff_hour == 6
    staff, four, three, _ = example_setup(parlor, players, personas)
    p = players
    plan = {
        "before": (_at(2, 23), four, p[:4], FOUR_PLAYER_EXAMPLE, False),
        "first": (_at(3, 14), four, [p[1], p[0], p[2], p[3]], FOUR_PLAYER_EXAMPLE, False),
        "after_midnight": (_at(4, 2), four, [p[4], p[1], p[0], p[2]], FOUR_PLAYER_EXAMPLE, False),
        "three": (_at(5, 5, 50), three, [p[0], p[4], p[2]], THREE_PLAYER_EXAMPLE, True),
        "voided": (_at(6, 15), four, [p[3], p[2], p[1], p[0]], FOUR_PLAYER_EXAMPLE, False),
        "corrected": (_at(7, 20), four, [p[2], p[3], p[4], p[1]], FOUR_PLAYER_EXAMPLE, False),
        "last_night": (_at(8, 5, 30), three, [p[1], p[2], p[3]], THREE_PLAYER_EXAMPLE, True),
        "next_day": (_at(8, 6, 30), four, p[:4], FOUR_PLAYER_EXAMPLE, False),
    }
    ids = {}
    for name, (when, table, seated, hands, finish) in plan.items():
        with time_machine.travel(when, tick=False):
            ids[name] = play(staff, start(staff, table, seated), hands, finish=finish)["id"]
    with time_machine.travel(_at(9, 12), tick=False):
        ok(
            personas["manager"].post(
                f"/api/games/{ids['voided']}/cancel/", {"reason": "別卓の記録"}, format="json"
            )
        )
        _correct(staff, ids["corrected"])
    return staff, ids


def _correct(staff, game_id):
    """Hand 1 was a haneman, not a mangan (the top's result changes)."""
    ok(
        staff.post(
            f"/api/games/{game_id}/hands/1/corrections/",
            {"hand": ron(3, 1, chips=2, han=6), "reason": "跳満の申告漏れ"},
            format="json",
        ),
        201,
    )


def _expected(first: date, last: date, *, player_count=None, skip=()):
    """{(player_count, name): (games, total tenths, tops)} summed straight from the stored game
    results of the finished games whose end falls in the business days first to last."""
    sums = defaultdict(lambda: [0, 0, 0])
    results = GameResult.objects.select_related("game", "player").exclude(game__public_id__in=skip)
    for result in results:
        game = result.game
        if game.ended_at is None:
            continue
        day = (game.ended_at.astimezone(TOKYO) - CUTOFF).date()
        count = len(game.scores)
        if not first <= day <= last or player_count not in (None, count):
            continue
        line = sums[(count, result.player.name)]
        line[0] += 1
        line[1] += result.total_tenths  # p_1000 presets: tenths of p already
        line[2] += result.rank == 1
    return {key: tuple(value) for key, value in sums.items()}


def _ranked(standings):
    return {
        (section.player_count, row.name): (row.games, row.total_tenths, row.tops)
        for section in standings
        for row in [*section.rows, *section.below_minimum]
    }


def test_a_range_ranks_the_sum_of_its_games(parlor, week):
    _, ids = week
    standings = standings_of_days(parlor, FIRST, LAST, kind=TableKind())
    expected = _expected(FIRST, LAST, skip=[ids["voided"]])
    assert _ranked(standings) == expected
    # The voided game is out, the corrected one in with its correction, the night's games in.
    assert sum(games for games, _, _ in expected.values()) == 4 * 3 + 3 * 2
    corrected = Game.objects.get(public_id=ids["corrected"])
    assert corrected.results.get(seat=1).total_tenths != 520  # the example's top, corrected
    # Positions follow the totals.
    for section in standings:
        totals = [row.total_tenths for row in section.rows]
        assert totals == sorted(totals, reverse=True)


def test_a_single_day_and_the_day_boundary(parlor, week):
    _, ids = week
    for day in (date(2026, 5, 3), date(2026, 5, 4), date(2026, 5, 7), date(2026, 5, 8)):
        standings = standings_of_days(parlor, day, day, kind=TableKind())
        assert _ranked(standings) == _expected(day, day, skip=[ids["voided"]]), day
    # 02:00 on the 4th is the 3rd's business day: two four-player games that day.
    third = _ranked(standings_of_days(parlor, FIRST, FIRST, kind=TableKind()))
    assert max(games for games, _, _ in third.values()) == 2


def test_the_kind_of_table_filters_the_games(parlor, week):
    _, ids = week
    three = standings_of_days(parlor, FIRST, LAST, kind=TableKind(player_count=3))
    assert {s.player_count for s in three} == {3}
    assert _ranked(three) == _expected(FIRST, LAST, player_count=3)
    by_ruleset = standings_of_days(
        parlor, FIRST, LAST, kind=TableKind(ruleset_key="standard-chips")
    )
    assert _ranked(by_ruleset) == _expected(FIRST, LAST, player_count=4, skip=[ids["voided"]])
    at_rate = standings_of_days(parlor, FIRST, LAST, kind=TableKind(rate_yen_per_p=50))
    assert _ranked(at_rate) == _expected(FIRST, LAST, skip=[ids["voided"]])
    assert standings_of_days(parlor, FIRST, LAST, kind=TableKind(rate_yen_per_p=100)) == []


def test_the_minimum_of_games_lists_the_others_apart(parlor, players, week):
    standings = standings_of_days(parlor, FIRST, LAST, kind=TableKind(player_count=4), min_games=3)
    (four,) = standings
    assert all(row.games >= 3 for row in four.rows)
    assert four.below_minimum and all(row.games < 3 for row in four.below_minimum)
    assert [row.position for row in four.below_minimum] == list(
        range(1, len(four.below_minimum) + 1)
    )


def test_a_bad_range_is_refused_with_the_field_named(parlor):
    with pytest.raises(InvalidInput) as refused:
        standings_of_days(parlor, LAST, FIRST, kind=TableKind())
    assert refused.value.field == "last_day"


def test_a_closed_season_keeps_its_standings_and_says_a_game_changed(
    parlor, players, personas, week
):
    staff, ids = week
    season = season_create(
        parlor=parlor,
        name="5月第1週",
        first_day=FIRST,
        last_day=LAST,
        kind=TableKind(player_count=4),
        min_games=2,
    )
    with time_machine.travel(_at(7, 23), tick=False), pytest.raises(Conflict):
        season_close(season=season)  # its last business day is not over
    with time_machine.travel(_at(10, 12), tick=False):
        season_close(season=season)
    season.refresh_from_db()
    closed = season_standings(season)
    expected = _expected(FIRST, LAST, player_count=4, skip=[ids["voided"]])
    assert _ranked(closed.standings) == expected and closed.changed_games == 0
    assert SeasonStanding.objects.filter(season=season).count() == len(expected)
    assert AuditEvent.objects.filter(subject_type="season", action="close").count() == 1
    with pytest.raises(Conflict):
        season_close(season=season)
    # A later correction changes the live figures, never the closed season's.
    with time_machine.travel(_at(11, 12), tick=False):
        _correct(staff, ids["first"])
    after = season_standings(Season.objects.get(pk=season.pk))
    assert _ranked(after.standings) == expected
    assert after.changed_games == 1
    live = standings_of_days(parlor, FIRST, LAST, kind=TableKind(player_count=4))
    assert _ranked(live) == _expected(FIRST, LAST, player_count=4, skip=[ids["voided"]])
    assert _ranked(live) != expected


def test_the_api_ranks_a_range_and_a_manager_closes_a_season(parlor, personas, week):
    _, ids = week
    player = personas["player"]
    query = "first_day=2026-05-03&last_day=2026-05-07&player_count=4&min_games=2"
    body = ok(player.get(f"/api/rankings/?{query}"))
    got = {
        (s["player_count"], row["name"]): (row["games"], row["total_tenths"], row["tops"])
        for s in body["sections"]
        for row in s["rows"] + s["below_minimum"]
    }
    assert got == _expected(FIRST, LAST, player_count=4, skip=[ids["voided"]])
    assert player.get("/api/rankings/?first_day=2026-05-07&last_day=2026-05-03").status_code == 400
    assert player.get("/api/rankings/?player_count=5").status_code == 400
    season = {"name": "五月", "first_day": "2026-05-01", "last_day": "2026-05-07", "min_games": 1}
    assert personas["staff"].post("/api/seasons/", season, format="json").status_code == 403
    created = ok(personas["manager"].post("/api/seasons/", season, format="json"), 201)
    assert personas["manager"].post("/api/seasons/", season, format="json").status_code == 409
    with time_machine.travel(_at(20, 12), tick=False):
        closed = ok(personas["manager"].post(f"/api/seasons/{created['id']}/close/"))
    assert closed["closed_at"] is not None
    again = ok(player.get(f"/api/rankings/?season={created['id']}"))
    assert again["season"]["name"] == "五月" and again["changed_games"] == 0
    assert sum(len(s["rows"]) for s in again["sections"]) > 0
    other = personas["other_parlor"].get(f"/api/rankings/?season={created['id']}")
    assert other.status_code == 404


def test_the_page_export_and_tv_show_a_chosen_period(parlor, players, personas, week):
    import csv
    import io

    from django.test import Client
    from openpyxl import load_workbook

    staff, ids = week
    query = "first_day=2026-05-03&last_day=2026-05-07&player_count=3"
    page = Client().get(f"/standings/{parlor.slug}/?{query}")
    assert page.status_code == 200
    html = page.content.decode()
    assert 'data-first-day="2026-05-03" data-last-day="2026-05-07"' in html
    rows = list(
        csv.reader(
            io.StringIO(
                Client()
                .get(f"/standings/{parlor.slug}/standings.csv?{query}")
                .content.decode("utf-8-sig")
            )
        )
    )
    exported = {(3, r[1]): (int(r[2]), round(float(r[3]) * 10), None) for r in rows[4:] if r}
    expected = _expected(FIRST, LAST, player_count=3)
    assert {k: v[:2] for k, v in exported.items()} == {k: v[:2] for k, v in expected.items()}
    book = load_workbook(
        io.BytesIO(Client().get(f"/standings/{parlor.slug}/standings.xlsx?{query}").content)
    )
    sheet = book.worksheets[0]
    names = {row[1] for row in sheet.iter_rows(min_row=2, values_only=True)}
    assert names == {name for _, name in expected}
    assert sheet.max_row == 1 + len(expected)
    empty = "first_day=2025-01-01&last_day=2025-01-31"  # no game: a file all the same
    for ext in ("csv", "xlsx"):
        assert Client().get(f"/standings/{parlor.slug}/standings.{ext}?{empty}").status_code == 200
    bad = Client().get(f"/standings/{parlor.slug}/?first_day=2026-05-07&last_day=2026-05-03")
    assert bad.status_code == 400 and 'data-error="last_day"' in bad.content.decode()
    assert Client().get(f"/standings/{parlor.slug}/standings.csv?first_day=x").status_code == 400
    # A closed season, then a correction: the page says so, and shows what it closed with.
    season = season_create(
        parlor=parlor, name="五月前半", first_day=FIRST, last_day=LAST, kind=TableKind()
    )
    with time_machine.travel(_at(10, 12), tick=False):
        season_close(season=season)
    with time_machine.travel(_at(10, 13), tick=False):
        _correct(staff, ids["first"])
    html = Client().get(f"/standings/{parlor.slug}/?season={season.public_id}").content.decode()
    assert 'data-changed-games="1"' in html and "data-closed" in html
    assert "締めました" in html and "訂正または無効" in html  # Japanese by default
    english = Client()
    english.cookies["django_language"] = "en"
    text = english.get(f"/standings/{parlor.slug}/?season={season.public_id}").content.decode()
    assert "Closed on" in text and "corrected or voided after it closed" in text
    tv = Client().get(f"/standings/{parlor.slug}/tv/?season={season.public_id}").content.decode()
    assert 'data-column="period"' in tv and "五月前半" in tv
    # The player's own page lists their line of the season, as it closed.
    me = Client()
    me.force_login(players[0].user)
    mine = me.get("/me/").content.decode()
    stored = SeasonStanding.objects.get(season=season, player=players[0], player_count=4)
    assert 'data-season="五月前半"' in mine and f'<td class="num">{stored.games}</td>' in mine


def test_a_manager_creates_and_closes_a_season_on_the_seasons_page(parlor, personas):
    from django.test import Client

    from parlor.models import MemberRole, ParlorMember

    manager = Client()
    manager.force_login(ParlorMember.objects.get(parlor=parlor, role=MemberRole.MANAGER).user)
    form = {"name": "2026年5月", "first_day": "2026-05-01", "last_day": "2026-05-31"}
    form |= {"player_count": "4", "ruleset_key": "", "rate_yen_per_p": "", "min_games": "5"}
    with time_machine.travel(_at(20, 12), tick=False):
        assert manager.post("/manage/seasons/", form).status_code == 302
        again = manager.post("/manage/seasons/", form)
        assert again.status_code == 400 and "同じ名前のシーズン" in again.content.decode()
        bad = manager.post("/manage/seasons/", {**form, "name": "逆", "last_day": "2026-04-01"})
        assert bad.status_code == 400 and 'data-error="last_day"' in bad.content.decode()
        bell = manager.post("/manage/seasons/", {**form, "name": "五月\x07"})
        assert bell.status_code == 400 and 'data-error="name"' in bell.content.decode()
        season = Season.objects.get(parlor=parlor)
        assert (season.player_count, season.min_games, season.closed_at) == (4, 5, None)
        early = manager.post(f"/manage/seasons/{season.public_id}/close/")
        assert (
            early.status_code == 409
            and "最終営業日がまだ終わっていません" in early.content.decode()
        )
    with time_machine.travel(datetime(2026, 6, 1, 7, 0, tzinfo=TOKYO), tick=False):
        assert manager.post(f"/manage/seasons/{season.public_id}/close/").status_code == 302
    season.refresh_from_db()
    assert season.closed_at is not None
    events = AuditEvent.objects.filter(subject_type="season").values_list("action", flat=True)
    assert sorted(events) == ["close", "create"]
    staff = Client()
    staff.force_login(ParlorMember.objects.get(parlor=parlor, role=MemberRole.STAFF).user)
    assert staff.get("/manage/seasons/").status_code == 403
