"""A 32-player, 4-round tournament (大会) from registration to results, in the browser.

The director's pages are driven in Chromium: the event's creation, the 33 registrations (one
of them a substitute), seating and starting each round, the timer (paused, resumed, one
table extended), the round's end, a drop and the substitute in the dropped player's place,
and the referee's penalty; then the public standings reached by the QR code's address and the
CSV and EMA exports. The games' hands are recorded through the service layer (hand_record,
one win per game), as the tablets would, to keep the test fast; one tablet page is opened to
see the round's clock. Time is moved with time-machine to run the round's clock out.
"""

from __future__ import annotations

import csv
import io
import itertools
from collections import Counter
from datetime import timedelta
from typing import Any

import pytest
import time_machine
from django.contrib.auth.models import Group
from django.utils import timezone

from parlor.domain.tournament_repeats import least_event_repeats, least_round_repeats
from parlor.domain.tournament_seating import history, repeat_meetings, round_repeats
from parlor.models import (
    AuditEvent,
    Event,
    EventPlayer,
    EventRound,
    GameResult,
    MemberRole,
    Parlor,
    Player,
    PlayerKind,
    RoundTable,
    Table,
)
from parlor.selectors.tournaments import round_tables_of
from parlor.services.hands import hand_record
from parlor.services.tournament_penalties import REFEREE_GROUP
from tests.browser.conftest import signed_in_context, submit_form
from tests.parlor.factories import MemberFactory, ParlorFactory

PLAYERS = 32
ROUNDS = 4


@pytest.fixture
def hall(transactional_db: None) -> dict[str, Any]:
    """A parlor with eight tables of one ruleset, 33 players (members and guests), a
    manager who directs and a member of staff in the referee group."""
    parlor: Parlor = ParlorFactory(name="点棒クラブ")
    director = MemberFactory(parlor=parlor, role=MemberRole.MANAGER).user
    referee = MemberFactory(parlor=parlor, role=MemberRole.STAFF).user
    referee.groups.add(Group.objects.get_or_create(name=REFEREE_GROUP)[0])
    players = [
        Player.objects.create(
            parlor=parlor,
            name=f"選手{i:02d}",
            kind=PlayerKind.MEMBER if i % 2 else PlayerKind.GUEST,
            member_number=f"{i:04d}" if i % 2 else "",
        )
        for i in range(1, PLAYERS + 2)
    ]
    tables = [
        Table.objects.create(parlor=parlor, label=f"{n}", ruleset_key="standard")
        for n in range(1, 9)
    ]
    return {
        "parlor": parlor,
        "director": director,
        "referee": referee,
        "players": players,
        "tables": tables,
    }


def _create_event(page: Any, base: str) -> Event:
    page.goto(base + "/manage/events/")
    page.fill("#id_name", "秋季大会")
    page.fill("#id_starts_on", "2026-11-28")
    page.fill("#id_ends_on", "2026-11-28")
    page.fill("#id_round_count", str(ROUNDS))
    page.fill("#id_round_minutes", "60")
    page.fill("#id_entry_fee_yen", "0")
    for box in page.query_selector_all('input[name="tables"]'):
        box.check()
    submit_form(page, "event")
    assert page.get_attribute("body", "data-screen") == "manage-event"
    return Event.objects.get(name="秋季大会")


def _register(page: Any, players: list[Player], *, substitute: bool = False) -> None:
    for player in players:
        page.select_option('form[data-form="register"] select[name="player"]', str(player.pk))
        if substitute:
            page.check('form[data-form="register"] input[name="is_substitute"]')
        submit_form(page, "register")


def _play_round(event: Event, number: int, by: Any) -> None:
    """One win per game through the service layer, a different winner and value per table."""
    for index, round_table in enumerate(
        RoundTable.objects.filter(round__event=event, round__number=number).select_related("game")
    ):
        winner = (index + number) % 4
        win = {"winner": winner, "han": 1 + index % 4, "fu": 30}
        entry = {"result": {"kind": "ron", "loser": (winner + 1) % 4, "wins": [win]}}
        hand_record(game=round_table.game, sequence=1, entry=entry, by=by)


def _expected_scores(event: Event) -> dict[str, int]:
    """Each player's settled results summed, less penalties, in tenths: from the games."""
    scores: Counter[str] = Counter()
    for result in GameResult.objects.filter(game__event_table__round__event=event).select_related(
        "player"
    ):
        scores[result.player.name] += result.total_tenths
    for penalty in event.penalties.select_related("entry__player"):
        scores[penalty.entry.player.name] -= penalty.points * 10
    return dict(scores)


def test_a_swiss_tournament_runs_from_registration_to_results(browser, live_server, hall):
    base = live_server.url
    director = signed_in_context(browser, live_server, hall["director"]).new_page()
    event = _create_event(director, base)
    players, substitute = hall["players"][:PLAYERS], hall["players"][PLAYERS]
    _register(director, players)
    _register(director, [substitute], substitute=True)
    assert director.inner_text('[data-count="entries"]') == str(PLAYERS + 1)

    for number in range(1, ROUNDS + 1):
        if number == 3:  # between rounds: a player drops, the substitute takes the place
            dropped = EventPlayer.objects.get(event=event, player=players[5])
            row = f'tr[data-entry="{dropped.pk}"]'
            director.fill(f'{row} form[data-form="drop"] input[name="reason"]', "体調不良")
            with director.expect_navigation():
                director.click(f'{row} form[data-form="drop"] button')
            with director.expect_navigation():
                director.click(f'{row} form[data-form="substitute"] button')
        submit_form(director, "seat")
        submit_form(director, "start", within=f'[data-round="{number}"]')
        _play_round(event, number, hall["director"])
        if number == 1:
            _run_the_clock_out(browser, live_server, hall, event, director)
        submit_form(director, "end", within=f'[data-round="{number}"]')
        assert director.get_attribute(f'[data-round="{number}"]', "data-round-status") == (
            "finished"
        )

    seatings = round_tables_of(event)
    every_table = [t for seating in seatings for t in seating]
    assert all(len(t) == 4 for t in every_table) and len(every_table) == ROUNDS * 8
    for seating in seatings:  # every player seated once a round
        seated = [p for t in seating for p in t]
        assert len(seated) == len(set(seated)) == PLAYERS
    # Each round seats as few pairs that met before as that round allows, and the event has
    # as few repeats as any 4-round schedule of 32 players can (0: a social golfer schedule).
    for number, seating in enumerate(seatings, start=1):
        seen = history(seatings[: number - 1])
        least = least_round_repeats([p for t in seating for p in t], seen.meetings)
        assert least.proven and round_repeats(seating, seen.meetings) == least.repeats
    least_event = least_event_repeats(PLAYERS, ROUNDS)
    assert least_event.proven and repeat_meetings(seatings) == least_event.repeats
    sub_entry = EventPlayer.objects.get(event=event, player=substitute)
    assert sum(sub_entry.pk in t for t in every_table) == 2  # rounds 3 and 4

    _give_a_penalty(browser, live_server, hall, event, players[0])
    _check_public_standings(browser, base, event)
    assert Event.objects.get(pk=event.pk).status == "finished"


def _run_the_clock_out(
    browser: Any, live_server: Any, hall: dict[str, Any], event: Event, director: Any
) -> None:
    """The tablet and the board count the round down; past its 60 minutes they say time is
    up, but for the table given 5 more minutes."""
    first = RoundTable.objects.filter(round__event=event, round__number=1).order_by("number")
    tablet = signed_in_context(browser, live_server, hall["referee"]).new_page()
    tablet.clock.install()  # the page's clock, moved on below without waiting an hour
    tablet.goto(f"{live_server.url}/tablet/games/{first[0].game.public_id}/")
    assert int(tablet.get_attribute("[data-event-clock]", "data-event-clock")) > 59 * 60
    assert tablet.inner_text("[data-event-clock] [data-minutes]") == "60"  # 残り60分
    tablet.clock.run_for("30:00")
    assert tablet.inner_text("[data-event-clock] [data-minutes]") in ("30", "31")
    tablet.clock.run_for("31:00")  # the page counts down to the time-up sentence by itself
    assert tablet.get_attribute("[data-event-clock]", "data-time-up") is not None
    assert tablet.is_visible("[data-event-clock] [data-time-up-text]")
    director.reload()
    director.fill('[data-round-table="2"] form[data-form="extend"] input[name="minutes"]', "5")
    with director.expect_navigation():
        director.click('[data-round-table="2"] form[data-form="extend"] button')
    with time_machine.travel(timezone.now() + timedelta(minutes=61), tick=True):
        tablet.reload()
        assert tablet.get_attribute("[data-event-clock]", "data-time-up") is not None
        assert "時間" in tablet.inner_text("[data-event-clock]")
        board = browser.new_page()
        board.goto(f"{live_server.url}/events/{event.public_id}/")
        assert board.query_selector('[data-board-table="1"] [data-time-up]') is not None
        assert board.query_selector('[data-board-table="2"] [data-time-up]') is None
        assert int(board.get_attribute('[data-board-table="2"] [data-clock]', "data-clock")) > 0
        board.close()
    tablet.context.close()


def _give_a_penalty(
    browser: Any, live_server: Any, hall: dict[str, Any], event: Event, player: Player
) -> None:
    referee = signed_in_context(browser, live_server, hall["referee"]).new_page()
    referee.goto(f"{live_server.url}/manage/events/{event.public_id}/")
    entry = EventPlayer.objects.get(event=event, player=player)
    referee.select_option('form[data-form="penalty"] select[name="entry"]', str(entry.pk))
    referee.fill('form[data-form="penalty"] input[name="points"]', "20")
    referee.fill('form[data-form="penalty"] input[name="reason"]', "遅刻")
    submit_form(referee, "penalty")
    assert event.penalties.get().points == 20
    audited = AuditEvent.objects.filter(subject_type="event", reason="遅刻")
    assert audited.get().actor == hall["referee"]
    referee.context.close()


def _check_public_standings(browser: Any, base: str, event: Event) -> None:
    """The standings page the QR code leads to, in the order of the games' results, and the
    exports with the same figures."""
    page = browser.new_page()
    page.goto(f"{base}/events/{event.public_id}/")
    address = page.get_attribute("[data-event-url]", "data-event-url")
    assert address.endswith(f"/events/{event.public_id}/")
    assert page.query_selector("[data-event-url] svg") is not None
    page.goto(address)
    expected = _expected_scores(event)
    shown = [
        (
            row.get_attribute("data-name"),
            int(row.query_selector("[data-score]").get_attribute("data-score")),
        )
        for row in page.query_selector_all("tr[data-standing]")
    ]
    assert {name: score for name, score in shown} == expected
    assert [score for _, score in shown] == sorted(expected.values(), reverse=True)
    exported = page.request.get(f"{base}/events/{event.public_id}/results.csv").text()
    rows = list(csv.reader(io.StringIO(exported.lstrip("\ufeff"))))[1:]
    assert [r[1] for r in rows] == [name for name, _ in shown]
    ema = page.request.get(f"{base}/events/{event.public_id}/ema.csv")
    assert ema.ok and all(name in ema.text() for name, _ in shown[:3])
    page.close()
    assert len(list(itertools.islice(rows, 40))) == PLAYERS + 1  # the substitute played too
    assert EventRound.objects.filter(event=event, ended_at__isnull=False).count() == ROUNDS
