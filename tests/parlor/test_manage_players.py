"""The manager's players page (お客様): the parlor's players searched by name, よみがな or
member number as at the counter (katakana, half-width kana and hiragana alike), paged; each
one's name, kana, member number and kind edited through player_update, checked as on create
(a member needs a number, a number already taken names its holder), audited with before and
after; past games keep the name they were recorded with; another parlor's player is 404;
staff get 403."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client

from parlor.models import AuditEvent, GameSeat, MemberRole, Parlor, PlayerKind
from parlor.services.games import game_start
from parlor.services.seating import Seating
from parlor.web.manage_players import PLAYERS_PER_PAGE
from tests.parlor.factories import MemberFactory, PlayerFactory, TableFactory
from tests.parlor.test_manage_tables import signed_in

pytestmark = pytest.mark.django_db


@pytest.fixture
def manager(parlor: Parlor) -> Any:
    return MemberFactory(parlor=parlor, role=MemberRole.MANAGER).user


def edit(player: Any, **over: str) -> dict[str, str]:
    return {
        "name": player.name,
        "kana": player.kana,
        "member_number": player.member_number,
        "kind": player.kind,
        **over,
    }


def test_the_list_searches_by_kana_folded_and_shows_only_this_parlor(parlor, other_parlor, manager):
    aoki = PlayerFactory(parlor=parlor, name="青木", kana="あおき", member_number="0042")
    sato = PlayerFactory(parlor=parlor, name="佐藤", kana="さとう")
    theirs = PlayerFactory(parlor=other_parlor, name="青木 other", kana="あおき")
    client = signed_in(manager)
    everyone = client.get("/manage/players/").content.decode()
    assert f'data-player="{aoki.public_id}"' in everyone
    assert f'data-player="{sato.public_id}"' in everyone
    assert str(theirs.public_id) not in everyone
    found = client.get("/manage/players/", {"q": "ｱｵｷ"}).content.decode()
    assert f'data-player="{aoki.public_id}"' in found
    assert str(sato.public_id) not in found
    by_number = client.get("/manage/players/", {"q": "0042"}).content.decode()
    assert f'data-player="{aoki.public_id}"' in by_number and str(sato.public_id) not in by_number


def test_the_list_is_paged(parlor, manager):
    PlayerFactory.create_batch(PLAYERS_PER_PAGE + 1, parlor=parlor)
    client = signed_in(manager)
    first = client.get("/manage/players/").content.decode()
    second = client.get("/manage/players/", {"page": 2}).content.decode()
    assert first.count("data-player=") == PLAYERS_PER_PAGE
    assert second.count("data-player=") == 1
    assert 'rel="next"' in first


def test_a_manager_edits_a_player_audited_and_past_games_keep_their_name(parlor, manager):
    players = PlayerFactory.create_batch(4, parlor=parlor)
    player = players[0]
    old_name = player.name
    game = game_start(
        table=TableFactory(parlor=parlor), players=players, seating=Seating.GIVEN, by=manager
    )
    page = signed_in(manager).get(f"/manage/players/{player.public_id}/").content.decode()
    assert "過去の対局は記録した時の名前のまま残ります。" in page
    assert "Past games keep the name they were recorded with" not in page
    answer = signed_in(manager).post(
        f"/manage/players/{player.public_id}/",
        edit(player, name="新しい名前", kana="あたらしい", member_number="9999"),
    )
    assert answer.status_code == 302
    player.refresh_from_db()
    assert (player.name, player.kana, player.member_number) == ("新しい名前", "あたらしい", "9999")
    assert GameSeat.objects.get(game=game, player=player).name == old_name
    event = AuditEvent.objects.get(subject_type="player", action="correct")
    assert event.subject_id == str(player.public_id) and event.actor == manager
    assert event.before["name"] == old_name and event.after["name"] == "新しい名前"
    assert event.after["member_number"] == "9999"


def test_a_number_already_taken_is_refused_naming_its_holder_and_keeps_what_was_typed(
    parlor, manager
):
    holder = PlayerFactory(parlor=parlor, name="青木", member_number="0007")
    player = PlayerFactory(parlor=parlor, name="佐藤")
    answer = signed_in(manager).post(
        f"/manage/players/{player.public_id}/", edit(player, member_number="0007", kana="さとう")
    )
    page = answer.content.decode()
    assert answer.status_code == 200
    assert 'data-error="member_number"' in page and holder.name in page
    assert "この会員番号はほかのお客様が使っています。" in page
    assert 'value="さとう"' in page
    player.refresh_from_db()
    assert player.member_number != "0007" and player.kana == ""
    assert not AuditEvent.objects.filter(subject_type="player").exists()


@pytest.mark.parametrize(
    ("over", "field"),
    [
        ({"kind": PlayerKind.MEMBER, "member_number": ""}, "member_number"),
        ({"name": "   "}, "name"),
        ({"name": "x" * 61}, "name"),
        ({"kana": "あ\x00い"}, "kana"),
        ({"kind": "vip"}, "kind"),
    ],
)
def test_bad_input_gets_the_field_error(parlor, manager, over, field):
    player = PlayerFactory(parlor=parlor, name="青木")
    answer = signed_in(manager).post(f"/manage/players/{player.public_id}/", edit(player, **over))
    assert answer.status_code == 200
    assert f'data-error="{field}"' in answer.content.decode()
    player.refresh_from_db()
    assert player.name == "青木"


def test_a_guest_needs_no_number(parlor, manager):
    player = PlayerFactory(parlor=parlor, name="青木")
    answer = signed_in(manager).post(
        f"/manage/players/{player.public_id}/",
        edit(player, kind=PlayerKind.GUEST, member_number=""),
    )
    assert answer.status_code == 302
    player.refresh_from_db()
    assert player.kind == PlayerKind.GUEST and player.member_number == ""


def test_another_parlors_player_is_404_and_staff_get_403(parlor, other_parlor, manager):
    theirs = PlayerFactory(parlor=other_parlor, name="他店")
    client = signed_in(manager)
    assert client.get(f"/manage/players/{theirs.public_id}/").status_code == 404
    answer = client.post(f"/manage/players/{theirs.public_id}/", edit(theirs, name="x"))
    assert answer.status_code == 404
    theirs.refresh_from_db()
    assert theirs.name == "他店"
    staff = signed_in(MemberFactory(parlor=parlor, role=MemberRole.STAFF).user)
    refused = staff.get("/manage/players/")
    assert refused.status_code == 403
    ours = PlayerFactory(parlor=parlor)
    assert staff.post(f"/manage/players/{ours.public_id}/", edit(ours)).status_code == 403
    assert Client().get("/manage/players/").status_code == 302
