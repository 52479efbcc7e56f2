"""The waiting list (待ち席): who waits for a seat, since when, and what they want (希望)."""

from __future__ import annotations

import doctest
import re
from datetime import timedelta

import pytest
import time_machine
from django.test import Client
from django.utils import timezone

from parlor.domain import wishes
from parlor.domain.wishes import Wish
from parlor.errors import Conflict, InvalidInput
from parlor.models import AuditEvent, MoneySettings, Player, Visit
from parlor.selectors.waiting import table_kinds, waiting_list
from parlor.services.games import game_start, game_void
from parlor.services.seating import Seating
from parlor.services.visits import visit_check_in, visit_check_out, visit_last_game_call
from parlor.services.wishes import visit_wish_set
from parlor.view_helpers import wishes as web_wishes
from tests.parlor.conftest import ok
from tests.parlor.factories import PlayerFactory, TableFactory

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("module", [wishes, web_wishes], ids=lambda m: m.__name__)
def test_the_wish_modules_examples_hold(module):
    failed, tried = doctest.testmod(module, verbose=False)
    assert tried > 0 and failed == 0


@pytest.fixture
def four_player_rate(parlor):
    return MoneySettings.objects.create(parlor=parlor, player_count=4, rate_yen_per_p=50)


@pytest.fixture
def clock():
    with time_machine.travel(timezone.now(), tick=False) as traveller:
        yield traveller


def _names(parlor, **kw):
    return [guest.player.name for guest in waiting_list(parlor, **kw)]


def _start(table, players, staff_user):
    return game_start(table=table, players=players, seating=Seating.GIVEN, by=staff_user)


def test_a_guest_joins_at_check_in_and_the_list_is_in_arrival_order(
    parlor, players, staff_user, clock
):
    for minutes, player in ((0, players[2]), (3, players[0]), (7, players[1])):
        clock.move_to(timezone.now() + timedelta(minutes=minutes))
        visit_check_in(player=player, by=staff_user)
    clock.move_to(timezone.now() + timedelta(minutes=5))
    waiting = waiting_list(parlor)
    assert [g.player for g in waiting] == [players[2], players[0], players[1]]
    assert [g.waited_minutes for g in waiting] == [15, 12, 5]
    assert waiting[0].since == Visit.objects.get(player=players[2]).checked_in_at


def test_seated_guests_leave_the_list_and_come_back_when_the_game_ends(
    parlor, table, players, staff_user, four_player_rate, clock
):
    for player in players:
        visit_check_in(player=player, by=staff_user)
    game = _start(table, players[:4], staff_user)
    assert _names(parlor) == [players[4].name]
    clock.move_to(timezone.now() + timedelta(minutes=40))
    game_void(game=game, reason="間違えて開始", by=staff_user)
    waiting = waiting_list(parlor)
    # The one who never sat waits longest; the four wait from the end of their game.
    assert waiting[0].player == players[4]
    assert {g.player for g in waiting[1:]} == set(players[:4])
    game.refresh_from_db()
    assert all(g.since == game.ended_at for g in waiting[1:])
    assert waiting[0].waited_minutes == 40 and waiting[1].waited_minutes == 0


def test_after_the_last_game_is_over_or_check_out_the_guest_is_not_waiting(
    parlor, table, players, staff_user, four_player_rate
):
    visits = [visit_check_in(player=player, by=staff_user) for player in players]
    game = _start(table, players[:4], staff_user)
    visit_last_game_call(visit=visits[0], by=staff_user)
    game.status, game.ended_at = "finished", timezone.now()  # as the last hand ends it
    game.save(update_fields=["status", "ended_at"])
    visit_check_out(visit=visits[4], by=staff_user)
    assert _names(parlor) == [p.name for p in players[1:4]]


def test_a_voided_last_game_leaves_the_guest_waiting(
    parlor, table, players, staff_user, four_player_rate
):
    visits = [visit_check_in(player=player, by=staff_user) for player in players[:4]]
    game = _start(table, players[:4], staff_user)
    visit_last_game_call(visit=visits[0], by=staff_user)
    game_void(game=game, reason="間違えて開始", by=staff_user)
    assert players[0].name in _names(parlor)


def test_the_list_takes_one_query_however_many_guests(
    parlor, table, players, staff_user, four_player_rate, django_assert_num_queries
):
    for player in [*players, *PlayerFactory.create_batch(6, parlor=parlor)]:
        visit_check_in(player=player, by=staff_user)
    game_void(game=_start(table, players[:4], staff_user), reason="x", by=staff_user)
    with django_assert_num_queries(1):
        assert len(waiting_list(parlor)) == 11


def test_table_kinds_are_what_the_active_tables_play(parlor, table, four_player_rate):
    TableFactory(parlor=parlor, label="2", ruleset_key="tenhou-3p-hanchan")
    own = TableFactory(parlor=parlor, label="3", ruleset_key="standard")
    MoneySettings.objects.create(parlor=parlor, player_count=4, table=own, rate_yen_per_p=100)
    TableFactory(parlor=parlor, label="4", ruleset_key="mleague", is_active=False)
    kinds = [
        (o.kind.player_count, o.kind.ruleset_key, o.kind.rate_yen_per_p)
        for o in table_kinds(parlor)
    ]
    assert kinds == [
        (3, "tenhou-3p-hanchan", None),
        (4, "standard", 50),
        (4, "standard", 100),
    ]


@pytest.mark.parametrize(
    ("wish", "code", "field"),
    [
        pytest.param(Wish(player_count=3), "wish_player_count_not_played", "wish.player_count"),
        pytest.param(Wish(ruleset_key="mleague"), "wish_ruleset_not_played", "wish.ruleset_key"),
        pytest.param(Wish(rate_yen_per_p=100), "wish_rate_not_played", "wish.rate_yen_per_p"),
        pytest.param(
            Wish(ruleset_key="tenhou-3p-hanchan", rate_yen_per_p=50), "wish_not_played", "wish"
        ),
    ],
)
def test_a_wish_no_active_table_plays_is_refused_naming_the_field(
    parlor, table, players, staff_user, four_player_rate, wish, code, field
):
    TableFactory(parlor=parlor, label="2", ruleset_key="tenhou-3p-hanchan", is_active=True)
    TableFactory(parlor=parlor, label="9", ruleset_key="mleague", is_active=False)
    if wish.player_count == 3:
        parlor.tables.filter(label="2").update(is_active=False)
    with pytest.raises(InvalidInput) as raised:
        visit_check_in(player=players[0], by=staff_user, wish=wish)
    assert (raised.value.code, raised.value.field) == (code, field)
    assert not Visit.objects.exists()


def test_a_wish_is_set_at_check_in_and_changed_later_with_an_audit(
    parlor, table, players, staff_user, four_player_rate
):
    visit = visit_check_in(player=players[0], by=staff_user, wish=Wish(player_count=4))
    assert waiting_list(parlor)[0].wish == Wish(player_count=4)
    visit_wish_set(visit=visit, wish=Wish(ruleset_key="standard", rate_yen_per_p=50), by=staff_user)
    assert waiting_list(parlor)[0].wish == Wish(ruleset_key="standard", rate_yen_per_p=50)
    event = AuditEvent.objects.get(subject_type="visit_wish")
    assert event.before == {"wish": {"player_count": 4}}
    assert event.after == {"wish": {"ruleset_key": "standard", "rate_yen_per_p": 50}}
    visit_wish_set(visit=visit, wish=Wish(), by=staff_user)
    assert waiting_list(parlor)[0].wish.is_any


def test_a_checked_out_guest_has_no_wish_to_change(parlor, players, staff_user, table):
    visit = visit_check_in(player=players[0], by=staff_user)
    visit_check_out(visit=visit, by=staff_user)
    with pytest.raises(Conflict):
        visit_wish_set(visit=visit, wish=Wish(player_count=4), by=staff_user)


def test_the_counter_shows_the_waiting_list_and_a_tap_changes_a_wish(
    tablet, parlor, table, players, staff_user, four_player_rate, clock
):
    visit_check_in(player=players[1], by=staff_user)
    clock.move_to(timezone.now() + timedelta(minutes=3))
    page = tablet.post(
        "/tablet/counter/check-in/", {"player": str(players[0].public_id), "wish": "4|standard|50"}
    )
    assert page.status_code == 302
    clock.move_to(timezone.now() + timedelta(minutes=9))
    html = tablet.get("/tablet/counter/").content.decode()
    listed = re.findall(r'data-waiting="([^"]+)"', html)
    assert listed == [players[1].name, players[0].name]
    assert 'data-waited="12"' in html and 'data-waited="9"' in html
    assert 'data-wish="4|standard|50"' in html
    visit = Visit.objects.get(player=players[0])
    changed = tablet.post(f"/tablet/counter/visits/{visit.public_id}/wish/", {"wish": ""})
    assert changed.status_code == 302
    visit.refresh_from_db()
    assert visit.wish is None


def test_the_counter_refuses_a_wish_no_table_plays_beside_the_guest(
    tablet, parlor, table, players, staff_user, four_player_rate
):
    visit = visit_check_in(player=players[0], by=staff_user)
    page = tablet.post(f"/tablet/counter/visits/{visit.public_id}/wish/", {"wish": "3||"})
    assert page.status_code == 400
    html = page.content.decode()
    row = html[html.index(f'data-visit-id="{visit.public_id}"') :]
    assert 'data-code="wish_player_count_not_played"' in row[: row.index("</li>")]
    visit.refresh_from_db()
    assert visit.wish is None


def test_a_walk_in_is_registered_with_a_wish_and_a_wish_no_table_plays_writes_nothing(
    tablet, parlor, table, four_player_rate
):
    form = {"name": "大和", "idempotency_key": "walk-in-1", "wish": "4|standard|50"}
    assert tablet.post("/tablet/counter/walk-in/", form).status_code == 302
    assert Visit.objects.get(player__name="大和").wish == {
        "player_count": 4,
        "ruleset_key": "standard",
        "rate_yen_per_p": 50,
    }
    refused = {"name": "武蔵", "idempotency_key": "walk-in-2", "wish": "3||"}
    page = tablet.post("/tablet/counter/walk-in/", refused)
    assert page.status_code == 400
    assert 'data-code="wish_player_count_not_played"' in page.content.decode()
    assert not Player.objects.filter(name="武蔵").exists()  # nothing written


def test_the_api_lists_the_waiting_guests_and_checks_in_with_a_wish(
    staff, parlor, table, players, four_player_rate
):
    body = {"player": str(players[0].public_id), "wish": {"player_count": 4}}
    checked_in = ok(staff.post("/api/visits/", body, format="json"), 201)
    assert checked_in["visit"]["wish"] == {"player_count": 4}
    # The guest's phone link comes with the answer, for the counter app's QR code.
    assert checked_in["guest_url"].startswith("http://testserver/guest/")
    phone = Client().get(checked_in["guest_url"].removeprefix("http://testserver"))
    assert phone.status_code == 200 and players[0].name in phone.content.decode()
    [guest] = ok(staff.get("/api/waiting-list/"))
    assert guest["name"] == players[0].name and guest["waited_minutes"] == 0
    assert guest["wish"] == {"player_count": 4, "ruleset_key": "", "rate_yen_per_p": None}
    refused = staff.put(
        f"/api/visits/{guest['visit_id']}/wish/", {"rate_yen_per_p": 30}, format="json"
    )
    assert refused.status_code == 400
    assert refused.json()["error"]["field"] == "wish.rate_yen_per_p"
    changed = staff.put(
        f"/api/visits/{guest['visit_id']}/wish/", {"ruleset_key": "standard"}, format="json"
    )
    assert ok(changed)["ruleset_key"] == "standard"


@pytest.mark.parametrize(
    ("language", "words"),
    [
        pytest.param("ja", ("待ち席", ">12分<", "4人・", "どこでも", "50 円/1,000点"), id="ja"),
        pytest.param(
            "en", ("Waiting list", ">12 min<", "4 players · ", "Any table", "50 yen"), id="en"
        ),
    ],
)
def test_the_waiting_list_speaks_the_staff_language(
    tablet, parlor, table, players, staff_user, four_player_rate, clock, language, words
):
    visit_check_in(player=players[0], by=staff_user, wish=Wish(player_count=4, rate_yen_per_p=50))
    clock.move_to(timezone.now() + timedelta(minutes=12))
    tablet.cookies["django_language"] = language
    html = tablet.get("/tablet/counter/").content.decode()
    section = html[html.index("data-waiting-list") : html.index("</section>")]
    for word in words:
        assert word in section
