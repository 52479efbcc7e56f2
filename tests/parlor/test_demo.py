"""The demo parlor: a live floor made through the services, safe to load again, and leaving
users, passwords and signed-in tablets alone."""

from __future__ import annotations

from io import StringIO

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.test import Client

from parlor.domain.money import Terms
from parlor.models import (
    Game,
    GameSeat,
    GameStatus,
    Hand,
    MemberRole,
    MoneySettings,
    Parlor,
    ParlorMember,
    Player,
    Settlement,
    Table,
    Visit,
    VisitGame,
    VisitStatus,
)
from parlor.selectors.visits import receipt_of
from parlor.services import demo, demo_floor
from parlor.services.demo import (
    DEMO_MONEY,
    DEMO_PLAYERS,
    DEMO_SLUG,
    DEMO_STAFF_SEAT_NAME,
    DEMO_USERS,
)
from parlor.services.demo_floor import DEMO_CHECKED_OUT, DEMO_FLOOR, DEMO_HISTORY_PRESETS
from parlor.services.visits import visit_check_in
from rulesets.registry import PRESETS
from tests.parlor.conftest import ok
from tests.parlor.factories import ParlorFactory, PlayerFactory

pytestmark = pytest.mark.django_db


def load() -> str:
    out = StringIO()
    call_command("load_demo", stdout=out)
    return out.getvalue()


def counts() -> dict[str, object]:
    return {
        "users": get_user_model().objects.count(),
        "players": Player.objects.count(),
        "tables": Table.objects.count(),
        "games": sorted(Game.objects.values_list("table__label", "status")),
        "hands": Hand.objects.count(),
        "visits": sorted(Visit.objects.values_list("player__name", "status")),
        "links": VisitGame.objects.count(),
        "settlements": sorted(Settlement.objects.values_list("visit__player__name", "total_yen")),
        "money": sorted(MoneySettings.objects.values_list("player_count", "rate_yen_per_p")),
    }


def test_loading_the_demo_twice_creates_nothing_twice_and_prints_passwords_once():
    first = load()
    before = counts()
    second = load()
    assert counts() == before
    for username, password, _role in DEMO_USERS:
        assert username in first and password in first
        assert password not in second and username in second
    assert "0 new games" in second
    assert Table.objects.count() == len(PRESETS)
    assert sorted(Table.objects.values_list("ruleset_key", flat=True)) == sorted(PRESETS)


def test_a_second_load_keeps_passwords_and_signed_in_tablets(client):
    load()
    assert client.login(username="staff", password="tenbo-staff-demo")
    assert client.get("/tablet/").status_code == 200
    manager = get_user_model().objects.get(username="manager")
    manager.set_password("the parlor's own password")
    manager.save(update_fields=["password"])
    load()
    assert client.get("/tablet/").status_code == 200  # the session survived the second load
    manager.refresh_from_db()
    assert manager.check_password("the parlor's own password")
    assert not manager.check_password("tenbo-manager-demo")


def test_a_second_load_leaves_a_changed_role_alone():
    load()
    member = get_user_model().objects.get(username="staff").parlor_member
    member.role = "manager"
    member.save(update_fields=["role"])
    load()
    member.refresh_from_db()
    assert member.role == "manager"


def test_the_demo_manager_is_no_superuser_and_the_operator_has_the_whole_admin():
    load()
    users = get_user_model().objects
    manager, operator = users.get(username="manager"), users.get(username="operator")
    assert manager.is_staff and not manager.is_superuser
    assert manager.parlor_member.role == MemberRole.MANAGER
    assert operator.is_superuser and not ParlorMember.objects.filter(user=operator).exists()
    other = ParlorFactory(name="隣の店")
    visit_check_in(player=PlayerFactory(parlor=other, name="隣の客"), by=None)
    admin = Client()
    assert admin.login(username="manager", password="tenbo-manager-demo")
    page = admin.get("/admin/parlor/visit/").content.decode()
    assert "青木" in page and "隣の客" not in page
    assert admin.login(username="operator", password="tenbo-operator-demo")
    page = admin.get("/admin/parlor/visit/").content.decode()
    assert "青木" in page and "隣の客" in page


def test_loading_again_makes_a_superuser_demo_manager_a_plain_manager_signed_in_still():
    load()
    manager = get_user_model().objects.get(username="manager")
    manager.is_superuser = True  # as the demo made it before it had an operator
    manager.save(update_fields=["is_superuser"])
    tablet = Client()
    assert tablet.login(username="manager", password="tenbo-manager-demo")
    assert "manager is now a plain manager" in load()
    manager.refresh_from_db()
    assert manager.is_staff and not manager.is_superuser
    assert manager.check_password("tenbo-manager-demo")
    assert tablet.get("/tablet/").status_code == 200  # still signed in
    assert "plain manager" not in load()


def test_the_floor_has_four_games_in_progress_under_four_rulesets():
    load()
    games = list(Game.objects.filter(status=GameStatus.IN_PROGRESS).select_related("table"))
    assert len(games) == len(DEMO_FLOOR) >= 4
    assert len({g.ruleset_key for g in games}) == len(games)
    assert {g.seats.count() for g in games} == {3, 4}
    assert all(g.hands.count() >= 2 for g in games)
    assert any(g.sticks >= 1 for g in games)  # a riichi stick on the table
    # Every seat is a checked-in player's: the game is on their visit.
    for seat in GameSeat.objects.filter(game__in=games).select_related("player"):
        assert VisitGame.objects.filter(
            game=seat.game, visit__player=seat.player, visit__status=VisitStatus.OPEN
        ).exists(), seat.player.name


def test_some_players_wait_one_called_the_last_game_and_one_is_not_in():
    load()
    seated = set(
        GameSeat.objects.filter(game__status=GameStatus.IN_PROGRESS).values_list(
            "player_id", flat=True
        )
    )
    open_visits = Visit.objects.filter(status=VisitStatus.OPEN)
    waiting = open_visits.exclude(player_id__in=seated)
    assert waiting.count() >= 4  # enough to start a four-player game from the tablet
    called = open_visits.filter(last_game_called_at__isnull=False).get()
    assert called.last_game is not None and called.last_game.status == GameStatus.IN_PROGRESS
    assert called.player_id in seated
    assert Player.objects.exclude(visits__isnull=False).exists()  # registered, not here today


def test_the_history_left_finished_games_and_receipts():
    load()
    parlor = Parlor.objects.get(slug=DEMO_SLUG)
    for player_count, terms in DEMO_MONEY.items():
        row = MoneySettings.objects.get(parlor=parlor, player_count=player_count, table=None)
        assert Terms.of(row) == terms
    finished = Game.objects.filter(status=GameStatus.FINISHED)
    assert finished.count() == 2 * len(DEMO_HISTORY_PRESETS)
    assert not Game.objects.exclude(status__in=[GameStatus.FINISHED, GameStatus.IN_PROGRESS])
    # Every demo game was played by checked-in players, so every seat is settled.
    assert not GameSeat.objects.filter(game__money__isnull=True).exists()
    assert VisitGame.objects.count() == GameSeat.objects.count()
    closed = Visit.objects.filter(status=VisitStatus.CLOSED)
    assert sorted(v.player.name for v in closed) == sorted(DEMO_CHECKED_OUT)
    for visit in closed:
        receipt = receipt_of(visit)
        assert receipt.is_closed and receipt.lines
        assert visit.settlement.total_yen == receipt.totals["total_yen"]


def test_players_have_kana_and_members_their_numbers():
    load()
    players = Player.objects.filter(parlor__slug=DEMO_SLUG)
    staff = players.get(user__username="staff")  # the name the staff member sits in under
    assert staff.name == DEMO_STAFF_SEAT_NAME
    assert players.count() == len(DEMO_PLAYERS) + 1
    assert not players.filter(kana="").exists()
    members = players.exclude(member_number="")
    assert members.exists() and members.count() < players.count()  # walk-ins have no number
    assert {p.kind for p in members} == {"member"}


def test_a_demo_loaded_before_it_had_a_live_floor_gets_one(monkeypatch):
    with monkeypatch.context() as old_demo:  # the demo as it was: eight members, no floor
        old_demo.setattr(demo, "DEMO_PLAYERS", DEMO_PLAYERS[:8])
        old_demo.setattr(demo, "demo_floor_play", lambda **kwargs: None)
        load()
    assert not Game.objects.filter(status=GameStatus.IN_PROGRESS).exists()
    load()
    assert Game.objects.filter(status=GameStatus.IN_PROGRESS).count() == len(DEMO_FLOOR)
    before = counts()
    load()
    assert counts() == before


def test_a_demo_loaded_before_it_had_money_gets_its_players_checked_in(monkeypatch):
    with monkeypatch.context() as old_demo:  # the demo as it was: no money, no visits
        old_demo.setattr(demo, "DEMO_MONEY", {})
        old_demo.setattr(demo_floor, "demo_check_in", lambda players, by: None)
        old_demo.setattr(demo_floor, "DEMO_CHECKED_OUT", ())
        old_demo.setattr(demo, "demo_floor_play", lambda **kwargs: None)
        load()
    assert not Visit.objects.exists() and Game.objects.exists()
    load()
    assert MoneySettings.objects.count() == len(DEMO_MONEY)
    assert Visit.objects.filter(status=VisitStatus.OPEN).count() == len(DEMO_PLAYERS) - len(
        DEMO_CHECKED_OUT
    )
    before = counts()
    load()
    assert counts() == before


def test_a_token_is_issued_for_a_tablet(client):
    load()
    token = ok(
        client.post("/api/auth/token/", {"username": "staff", "password": "tenbo-staff-demo"})
    )["token"]
    tables = client.get("/api/tables/", HTTP_AUTHORIZATION=f"Token {token}")
    assert tables.status_code == 200 and len(tables.json()) == len(PRESETS)
