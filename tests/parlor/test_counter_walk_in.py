"""A walk-in registered and checked in at the counter in one tap, and the player search at the
counter, at the game start and in the API, by name, kana or member number."""

from __future__ import annotations

import re

import pytest

from parlor.errors import Conflict, InvalidInput
from parlor.models import AuditEvent, Player, PlayerKind, Visit, VisitStatus
from parlor.services.games import game_start
from parlor.services.seating import Seating
from parlor.services.visits import visit_check_in, visit_walk_in
from tests.parlor.conftest import ok
from tests.parlor.factories import PlayerFactory, TableFactory

pytestmark = pytest.mark.django_db


def _walk_in(tablet, **form):
    return tablet.post("/tablet/counter/walk-in/", form)


def test_a_walk_in_without_a_number_is_a_guest_checked_in_at_once(parlor, staff_user):
    visit = visit_walk_in(parlor=parlor, name=" 青木 ", kana="アオキ", by=staff_user)
    player = visit.player
    assert (player.name, player.kana, player.kind, player.member_number) == (
        "青木",
        "アオキ",
        PlayerKind.GUEST,
        "",
    )
    assert visit.status == VisitStatus.OPEN and visit.checked_in_by == staff_user
    created = AuditEvent.objects.get(subject_type="player", subject_id=str(player.public_id))
    assert created.after["kana"] == "アオキ"
    assert AuditEvent.objects.filter(subject_type="visit", subject_id=str(visit.public_id))


def test_a_walk_in_with_a_number_is_a_member(parlor, staff_user):
    visit = visit_walk_in(parlor=parlor, name="馬場", member_number="0123", by=staff_user)
    assert visit.player.kind == PlayerKind.MEMBER and visit.player.member_number == "0123"


@pytest.mark.parametrize(
    ("form", "code", "field"),
    [
        pytest.param({"name": "  "}, "name_required", "name", id="empty-name"),
        pytest.param({"name": "x" * 61}, "too_long", "name", id="name-too-long"),
        pytest.param({"name": "青木", "kana": "あ" * 61}, "too_long", "kana", id="kana-too-long"),
        pytest.param({"name": "青木", "member_number": "0" * 21}, "too_long", "member_number"),
    ],
)
def test_a_walk_in_with_bad_input_is_refused_and_nothing_is_written(
    parlor, staff_user, form, code, field
):
    with pytest.raises(InvalidInput) as raised:
        visit_walk_in(parlor=parlor, by=staff_user, **form)
    assert (raised.value.code, raised.value.field) == (code, field)
    assert not Player.objects.exists() and not Visit.objects.exists()


def test_a_taken_member_number_names_its_holder_and_whether_they_are_in(parlor, staff_user):
    holder = PlayerFactory(parlor=parlor, name="千葉", member_number="0007")
    with pytest.raises(Conflict) as raised:
        visit_walk_in(parlor=parlor, name="千葉 花子", member_number="0007", by=staff_user)
    assert raised.value.code == "member_number_taken" and "千葉" in raised.value.message
    visit_check_in(player=holder, by=staff_user)
    with pytest.raises(Conflict) as raised:
        visit_walk_in(parlor=parlor, name="千葉 花子", member_number="0007", by=staff_user)
    assert (raised.value.code, raised.value.field) == ("visit_already_open", "member_number")
    assert Player.objects.count() == 1


def test_the_counter_registers_a_walk_in_with_one_tap(tablet, parlor):
    response = _walk_in(tablet, name="青木", kana="あおき", member_number="", idempotency_key="k1")
    player = Player.objects.get(name="青木")
    visit = Visit.objects.get(player=player)
    assert visit.status == VisitStatus.OPEN
    # The counter, with the QR code of the guest's phone page.
    assert response.status_code == 302
    assert response["Location"] == f"/tablet/counter/?guest={visit.public_id}"
    page = tablet.get("/tablet/counter/").content.decode()
    assert "青木さんを登録してチェックインしました。" in page
    assert re.search(r'data-player="青木"[^>]*data-state="in"', page)


def test_a_double_tap_on_the_walk_in_registers_one_player(tablet, parlor):
    form = {"name": "青木", "kana": "あおき", "idempotency_key": "same-form"}
    assert _walk_in(tablet, **form).status_code == 302
    assert _walk_in(tablet, **form).status_code == 302
    assert Player.objects.filter(name="青木").count() == 1 and Visit.objects.count() == 1


def test_a_form_sent_again_with_other_content_is_refused_in_the_walk_in_form(tablet, parlor):
    assert _walk_in(tablet, name="青木", idempotency_key="form-1").status_code == 302
    response = _walk_in(tablet, name="馬場", idempotency_key="form-1")
    page = response.content.decode()
    assert response.status_code == 409
    form = page[page.index('<details class="walk-in"') : page.index("</details>")]
    assert 'data-code="idempotency_key_reused"' in form and 'value="馬場"' in form
    assert list(Player.objects.values_list("name", flat=True)) == ["青木"]


@pytest.mark.parametrize(
    ("form", "status", "field"),
    [
        pytest.param({"name": ""}, 400, "name", id="empty-name"),
        pytest.param({"name": "千葉", "member_number": "0007"}, 409, "member_number", id="taken"),
    ],
)
def test_the_counter_shows_a_walk_in_error_next_to_its_field_and_keeps_the_form(
    tablet, parlor, form, status, field
):
    PlayerFactory(parlor=parlor, name="千葉", member_number="0007")
    response = _walk_in(tablet, kana="ちば", **form)
    page = response.content.decode()
    assert response.status_code == status
    assert f'data-error="{field}"' in page
    assert 'value="ちば"' in page  # what was typed stays, to fix and send again
    assert '<details class="walk-in" id="walk-in" open' in page
    assert Player.objects.count() == 1


def test_the_counter_says_when_the_number_belongs_to_someone_checked_in(tablet, parlor, staff_user):
    visit_check_in(player=PlayerFactory(parlor=parlor, member_number="0007"), by=staff_user)
    page = _walk_in(tablet, name="千葉", member_number="0007").content.decode()
    assert 'data-error="member_number" data-code="visit_already_open"' in page
    assert "すでにチェックインしています" in page


@pytest.fixture
def aoki(parlor):
    return PlayerFactory(parlor=parlor, name="青木", kana="あおき", member_number="0042")


@pytest.mark.parametrize("typed", ["あおき", "アオキ", "ｱｵｷ", "青木", "0042", "００４２"])
def test_the_search_finds_a_player_by_name_kana_or_number(tablet, players, aoki, typed):
    found = ok(tablet.get("/tablet/players/search/", {"q": typed}))["players"]
    assert [p["name"] for p in found] == ["青木"]
    assert found[0] == {
        "id": str(aoki.public_id),
        "name": "青木",
        "kana": "あおき",
        "member_number": "0042",
        "state": "out",
        "checked_in": False,
        "seated_at": "",
    }


def test_the_search_says_who_is_checked_in_and_where_they_sit(
    tablet, parlor, players, aoki, staff_user
):
    table = TableFactory(parlor=parlor, label="7")
    game_start(table=table, players=[aoki, *players[:3]], seating=Seating.GIVEN, by=staff_user)
    visit_check_in(player=players[4], by=staff_user)
    found = {p["name"]: p for p in ok(tablet.get("/tablet/players/search/"))["players"]}
    assert found["青木"]["seated_at"] == "7" and not found["青木"]["checked_in"]
    assert found[players[4].name]["checked_in"] and found[players[4].name]["state"] == "in"
    assert found[players[4].name]["seated_at"] == ""
    page = tablet.get("/tablet/counter/", {"q": "ｱｵｷ"}).content.decode()
    assert 'data-seated-at="7"' in page and "7卓で対局中" in page


def test_the_search_needs_staff_of_the_parlor(client, aoki):
    response = client.get("/tablet/players/search/", {"q": "あおき"})
    assert response.status_code == 302 and "/tablet/login/" in response["Location"]


def _shown_rows(page: str, marker: str) -> list[str]:
    """The rows of a list (split at `marker`) that are not hidden."""
    rows = page.split(marker)[1:]
    return [row for row in rows if " hidden>" not in row.split("\n", 1)[0]]


def test_the_counter_search_works_without_script_by_kana(tablet, players, aoki):
    page = tablet.get("/tablet/counter/", {"q": "アオキ"}).content.decode()
    shown = _shown_rows(page, '<li class="counter-row')
    assert len(shown) == 1 and 'data-player="青木"' in shown[0] and "あおき" in shown[0]
    assert '<p class="hint" id="player-none" hidden>' in page
    page = tablet.get("/tablet/counter/", {"q": "いない人"}).content.decode()
    assert not _shown_rows(page, '<li class="counter-row')
    assert '<p class="hint" id="player-none" >' in page


def test_the_game_start_search_keeps_the_players_picked_in_sight(tablet, table, players, aoki):
    picked = str(players[0].public_id)
    page = tablet.get(
        f"/tablet/tables/{table.public_id}/", {"q": "ｱｵｷ", "picked": picked}
    ).content.decode()
    shown = _shown_rows(page, '<div class="player-slot"')
    assert sorted(re.search(r'data-slot="([^"]+)"', row)[1] for row in shown) == sorted(
        ["青木", players[0].name]
    )
    assert f'name="picked" value="{picked}"' in page  # the next search keeps the pick


def test_the_api_creates_a_player_with_kana_and_searches_by_it(staff):
    created = ok(
        staff.post("/api/players/", {"name": "馬場", "kana": "ババ", "kind": "guest"}), 201
    )
    assert created["kana"] == "ババ"
    found = ok(staff.get("/api/players/", {"q": "ばば"}))
    assert [p["name"] for p in found] == ["馬場"]
    refused = staff.post("/api/players/", {"name": "  ", "kind": "guest"}, format="json")
    assert refused.status_code == 400
