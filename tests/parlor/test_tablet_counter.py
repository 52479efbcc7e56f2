"""The counter (受付・精算) on the tablet, and checking players in from the game start."""

from __future__ import annotations

import pytest
from django.test import Client

from parlor.domain.money import Terms
from parlor.models import (
    FeeModel,
    Game,
    GameStatus,
    MemberRole,
    Settlement,
    Visit,
    VisitStatus,
)
from parlor.services.games import game_finish, game_start
from parlor.services.hands import hand_record
from parlor.services.money import money_settings_set
from parlor.services.seating import Seating
from parlor.services.visits import visit_check_in, visit_last_game_call
from tests.parlor.factories import MemberFactory, ParlorFactory, PlayerFactory, UserFactory

pytestmark = pytest.mark.django_db
RON = {"result": {"kind": "ron", "loser": 0, "wins": [{"winner": 1, "han": 3, "fu": 30}]}}
POINT_5 = Terms(
    rate_yen_per_p=50,
    chip_value_yen=0,
    fee_model=FeeModel.EACH,
    game_fee_yen=500,
    top_prize_yen=0,
    money_unit_yen=10,
)


@pytest.fixture
def money(parlor):
    return money_settings_set(parlor=parlor, player_count=4, terms=POINT_5)


def finished_game(table, players, by) -> Game:
    game = game_start(table=table, players=players[:4], seating=Seating.GIVEN, by=by)
    hand_record(game=game, sequence=1, entry=RON, by=by)
    game_finish(game=game, by=by)
    return game


def test_the_floor_links_to_the_counter(tablet):
    page = tablet.get("/tablet/").content.decode()
    assert 'href="/tablet/counter/"' in page and "受付・精算" in page


def test_the_counter_needs_a_signed_in_member_of_staff(parlor, players):
    assert Client().get("/tablet/counter/")["Location"].startswith("/tablet/login/")
    user = UserFactory()
    players[0].user = user
    players[0].save(update_fields=["user"])
    client = Client()
    client.force_login(user)
    response = client.get("/tablet/counter/")
    assert response.status_code == 403
    assert 'data-code="role_required"' in response.content.decode()
    response = client.post("/tablet/counter/check-in/", {"player": str(players[1].public_id)})
    assert response.status_code == 403 and not Visit.objects.exists()


def test_staff_of_another_parlor_cannot_touch_a_visit_here(players, staff_user):
    visit = visit_check_in(player=players[0], by=staff_user)
    other = Client()
    other.force_login(MemberFactory(parlor=ParlorFactory(), role=MemberRole.STAFF).user)
    url = f"/tablet/counter/visits/{visit.public_id}/check-out/"
    assert other.get(url).status_code == 404
    assert other.post(url).status_code == 404
    assert Visit.objects.get(pk=visit.pk).status == VisitStatus.OPEN


def test_the_counter_lists_players_with_their_state(tablet, players, staff_user):
    visit_check_in(player=players[0], by=staff_user)
    called = visit_check_in(player=players[1], by=staff_user)
    visit_last_game_call(visit=called, called=True)
    page = tablet.get("/tablet/counter/").content.decode()
    assert page.count('data-state="in"') == 1
    assert page.count('data-state="last_call"') == 1
    assert page.count('data-state="out"') == 3
    assert "来店中 2名" in page and "ラス半" in page
    # Checked-in players come first.
    assert page.index(f'data-player="{players[0].name}"') < page.index(
        f'data-player="{players[2].name}"'
    )


def test_the_counter_search_keeps_the_matching_players(tablet, players):
    number = players[3].member_number or "none"
    page = tablet.get("/tablet/counter/", {"q": players[3].name}).content.decode()
    rows = [chunk for chunk in page.split('<li class="counter-row')[1:]]
    shown = [row for row in rows if " hidden>" not in row.split("\n", 1)[0]]
    assert len(shown) == 1 and players[3].name in shown[0] and number in page


def test_check_in_from_the_counter(tablet, players):
    response = tablet.post("/tablet/counter/check-in/", {"player": str(players[2].public_id)})
    visit = Visit.objects.get(player=players[2])
    # The counter, with the QR code of the guest's phone page.
    assert response.status_code == 302
    assert response["Location"] == f"/tablet/counter/?guest={visit.public_id}"
    assert visit.status == VisitStatus.OPEN
    page = tablet.get("/tablet/counter/").content.decode()
    assert f"{players[2].name}さんがチェックインしました。" in page


def test_a_second_check_in_is_refused_in_words_next_to_the_player(tablet, players, staff_user):
    visit_check_in(player=players[2], by=staff_user)
    response = tablet.post("/tablet/counter/check-in/", {"player": str(players[2].public_id)})
    assert response.status_code == 409
    page = response.content.decode()
    assert 'class="error row-error" role="alert" data-code="visit_already_open"' in page
    assert "このプレイヤーはすでにチェックインしています。" in page
    row = page.split(f'data-player="{players[2].name}"')[1].split("</li>")[0]
    assert "visit_already_open" in row


def test_the_error_is_in_english_when_staff_chose_english(tablet, players, staff_user):
    visit_check_in(player=players[2], by=staff_user)
    tablet.cookies["django_language"] = "en"
    response = tablet.post("/tablet/counter/check-in/", {"player": str(players[2].public_id)})
    assert "is already checked in" in response.content.decode()


def test_an_unknown_player_is_refused(tablet):
    response = tablet.post("/tablet/counter/check-in/", {"player": "not-a-uuid"})
    assert response.status_code == 404


def test_last_game_is_a_toggle(tablet, players, staff_user):
    visit = visit_check_in(player=players[0], by=staff_user)
    url = f"/tablet/counter/visits/{visit.public_id}/last-game/"
    assert tablet.post(url, {"called": "1"}).status_code == 302
    visit.refresh_from_db()
    assert visit.last_game_called_at is not None
    page = tablet.get("/tablet/counter/").content.decode()
    assert 'aria-pressed="true" data-last-game' in page
    assert tablet.post(url, {"called": "0"}).status_code == 302
    visit.refresh_from_db()
    assert visit.last_game_called_at is None


def test_the_check_out_confirms_the_settlement_then_shows_the_receipt(
    tablet, table, players, staff_user, money
):
    visits = [visit_check_in(player=p, by=staff_user) for p in players[:4]]
    finished_game(table, players, staff_user)
    url = f"/tablet/counter/visits/{visits[1].public_id}/check-out/"
    confirm = tablet.get(url).content.decode()
    assert 'data-screen="counter-check-out"' in confirm and "この内容で精算しますか" in confirm
    assert Visit.objects.get(pk=visits[1].pk).status == VisitStatus.OPEN  # nothing final yet
    response = tablet.post(url)
    assert response["Location"] == f"/tablet/counter/visits/{visits[1].public_id}/receipt/"
    settlement = Settlement.objects.get(visit=visits[1])
    assert f'data-total-yen="{settlement.total_yen}"' in confirm
    receipt = tablet.get(response["Location"]).content.decode()
    assert f'data-total-yen="{settlement.total_yen}"' in receipt
    receipts = f"/receipts/{visits[1].public_id}/"
    offered = [receipt.index(f'href="{receipts}?paper={p}"') for p in ("80", "58", "a4")]
    assert offered == sorted(offered)  # the roll first: the counter's printer
    for paper in ("80", "58", "a4"):
        assert f'href="{receipts}pdf/?paper={paper}"' in receipt


def test_a_check_out_during_a_game_is_refused_next_to_the_button(
    tablet, table, players, staff_user, money
):
    visits = [visit_check_in(player=p, by=staff_user) for p in players[:4]]
    game_start(table=table, players=players[:4], seating=Seating.GIVEN, by=staff_user)
    response = tablet.post(f"/tablet/counter/visits/{visits[0].public_id}/check-out/")
    assert response.status_code == 409
    page = response.content.decode()
    assert 'data-code="visit_game_in_progress"' in page and "まだ対局中です" in page
    assert Visit.objects.get(pk=visits[0].pk).status == VisitStatus.OPEN


def test_a_closed_visit_cannot_be_checked_out_again(tablet, players, staff_user):
    visit = visit_check_in(player=players[0], by=staff_user)
    url = f"/tablet/counter/visits/{visit.public_id}/check-out/"
    tablet.post(url)
    response = tablet.post(url)
    assert response.status_code == 409 and 'data-code="visit_closed"' in response.content.decode()


def test_the_start_lists_checked_in_players_first_and_marks_the_others(
    tablet, table, players, staff_user, money
):
    visit_check_in(player=players[4], by=staff_user)
    page = tablet.get(f"/tablet/tables/{table.public_id}/").content.decode()
    assert "data-money-table" in page
    assert page.index(f'data-slot="{players[4].name}"') < min(
        page.index(f'data-slot="{p.name}"') for p in players[:4]
    )
    assert page.count("data-check-in-now=") == 4
    assert page.count('data-can-play="false"') == 4


def test_a_table_without_money_settings_asks_for_no_check_in(tablet, table, players):
    page = tablet.get(f"/tablet/tables/{table.public_id}/").content.decode()
    assert "data-money-table" not in page and "data-check-in-now=" not in page


def test_check_in_from_the_start_keeps_the_picked_players(tablet, table, players, money):
    picked = [str(p.public_id) for p in players[:3]]
    response = tablet.post(
        f"/tablet/tables/{table.public_id}/check-in/",
        {"check_in": picked[1], "players": picked},
    )
    assert response.status_code == 302
    assert response["Location"].startswith(f"/tablet/tables/{table.public_id}/?picked=")
    assert Visit.objects.filter(player=players[1], status=VisitStatus.OPEN).exists()
    page = tablet.get(response["Location"]).content.decode()
    for position, pid in enumerate(picked, start=1):
        assert f'value="{pid}" data-seated="{position}"' in page


def test_a_start_with_a_player_not_checked_in_says_so(tablet, table, players, staff_user, money):
    for player in players[:3]:
        visit_check_in(player=player, by=staff_user)
    response = tablet.post(
        f"/tablet/tables/{table.public_id}/start/",
        {"players": [str(p.public_id) for p in players[:4]], "seating": "given"},
    )
    assert response.status_code == 409
    page = response.content.decode()
    assert 'data-code="player_not_checked_in"' in page
    assert "チェックインしていないプレイヤーがいます" in page
    assert not Game.objects.exists()
    visit_check_in(player=players[3], by=staff_user)
    response = tablet.post(
        f"/tablet/tables/{table.public_id}/start/",
        {"players": [str(p.public_id) for p in players[:4]], "seating": "given"},
    )
    assert response.status_code == 302
    assert Game.objects.get().status == GameStatus.IN_PROGRESS


def test_a_member_of_staff_seated_without_a_visit_is_shown_as_staff(
    tablet, table, parlor, staff_user, money
):
    PlayerFactory(parlor=parlor, user=staff_user, name="スタッフ山田")
    page = tablet.get(f"/tablet/tables/{table.public_id}/").content.decode()
    slot = page.split('data-slot="スタッフ山田"')[1].split("</div>")[0]
    assert 'data-visit-state="staff"' in slot and "data-check-in-now" not in slot


def test_a_closed_receipt_says_when_the_player_came_not_that_they_are_still_in(
    tablet, table, players, staff_user, money
):
    visits = [visit_check_in(player=p, by=staff_user) for p in players[:4]]
    finished_game(table, players, staff_user)
    url = f"/tablet/counter/visits/{visits[0].public_id}/check-out/"
    assert "から来店中" in tablet.get(url).content.decode()  # before: in since 09:00
    receipt = tablet.get(tablet.post(url)["Location"]).content.decode()
    assert 'data-screen="counter-receipt"' in receipt
    assert "から来店中" not in receipt
    assert " チェックイン · " in receipt and " チェックアウト" in receipt
