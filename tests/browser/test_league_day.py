"""A league (リーグ戦) of two stages in the browser: created from the director's form, eight
players registered, the qualifying session played as a tournament event, the cut (8 → 4, half
the points carried), the final, and the public standings by the QR code's address.

The games' hands are recorded through the service layer (one win per game), as the tablets
would, to keep the test short; the event pages are the tournament's own.
"""

from __future__ import annotations

from typing import Any

import pytest

from parlor.domain.league_cut import CarryOver, carried
from parlor.models import (
    GameResult,
    League,
    LeagueEntry,
    LeagueSession,
    MemberRole,
    Parlor,
    Player,
    PlayerKind,
    RoundTable,
    Table,
)
from parlor.services.hands import hand_record
from tests.browser.conftest import signed_in_context, submit_form
from tests.parlor.factories import MemberFactory, ParlorFactory


@pytest.fixture
def hall(transactional_db: None) -> dict[str, Any]:
    parlor: Parlor = ParlorFactory(name="点棒クラブ")
    director = MemberFactory(parlor=parlor, role=MemberRole.MANAGER).user
    players = [
        Player.objects.create(parlor=parlor, name=f"選手{i}", kind=PlayerKind.GUEST)
        for i in range(1, 9)
    ]
    for n in (1, 2):
        Table.objects.create(parlor=parlor, label=f"{n}", ruleset_key="standard")
    return {"director": director, "players": players}


def _create_league(page: Any, base: str) -> League:
    page.goto(base + "/manage/leagues/")
    page.fill("#id_name", "秋季リーグ")
    for box in page.query_selector_all('input[name="tables"]'):
        box.check()
    for index, (name, advance, carry) in enumerate([("予選", "4", "half"), ("決勝", "", "full")]):
        page.fill(f"#id_stage-{index}-name", name)
        page.fill(f"#id_stage-{index}-session_count", "1")
        page.fill(f"#id_stage-{index}-advance", advance)
        page.select_option(f"#id_stage-{index}-carry_over", carry)
    submit_form(page, "league")
    assert page.get_attribute("body", "data-screen") == "manage-league"
    return League.objects.get(name="秋季リーグ")


def _play_session(page: Any, league: League, number: int, by: Any) -> None:
    """Opens the session on the league's page, then seats, plays and ends its round on the
    event's page, and goes back to the league."""
    league_url = page.url
    page.fill('form[data-form="league-session"] input[name="starts_on"]', "2026-12-01")
    page.fill('form[data-form="league-session"] input[name="ends_on"]', "2026-12-01")
    submit_form(page, "league-session")
    session = LeagueSession.objects.filter(stage__league=league).order_by("-id").first()
    assert session is not None
    with page.expect_navigation():
        page.click(f'a[href="/manage/events/{session.event.public_id}/"]')
    submit_form(page, "seat")
    submit_form(page, "start")
    for index, round_table in enumerate(
        RoundTable.objects.filter(round__event=session.event).select_related("game")
    ):
        winner = (index + number) % 4
        win = {"winner": winner, "han": 2 + index, "fu": 30}
        entry = {"result": {"kind": "ron", "loser": (winner + 1) % 4, "wins": [win]}}
        hand_record(game=round_table.game, sequence=1, entry=entry, by=by)
    submit_form(page, "end")
    page.goto(league_url)


def test_a_league_runs_from_its_form_through_the_cut_to_the_final(browser, live_server, hall):
    base = live_server.url
    page = signed_in_context(browser, live_server, hall["director"]).new_page()
    league = _create_league(page, base)
    for player in hall["players"]:
        page.select_option('form[data-form="league-register"] select', str(player.pk))
        submit_form(page, "league-register")
    _play_session(page, league, 1, hall["director"])
    submit_form(page, "league-close")
    qualifying = {e.player_id: e for e in LeagueEntry.objects.filter(stage__order=1)}
    results = dict(
        GameResult.objects.filter(
            game__event_table__round__event__league_session__stage__order=1
        ).values_list("player_id", "total_tenths")
    )
    top = sorted(results, key=lambda p: -results[p])[:4]
    assert {p for p, e in qualifying.items() if e.advanced} == set(top)
    final = {e.player_id: e.carried_in_tenths for e in LeagueEntry.objects.filter(stage__order=2)}
    assert final == {p: carried(results[p], policy=CarryOver.HALF) for p in top}

    _play_session(page, league, 2, hall["director"])
    submit_form(page, "league-close")
    league.refresh_from_db()
    assert league.status == "finished"

    public = browser.new_page()
    public.goto(base + page.get_attribute('[data-link="public-league"]', "href"))
    assert public.locator('[data-league-standings="1"] [data-outcome="on"]').count() == 4
    assert public.locator('[data-league-standings="1"] [data-outcome="out"]').count() == 4
    assert "敗退" in public.inner_text('[data-league-standings="1"]')
    winner = LeagueEntry.objects.get(stage__order=2, final_rank=1).player.name
    assert (
        public.inner_text('[data-league-standings="2"] tr:nth-child(2) td:nth-child(2)') == winner
    )
