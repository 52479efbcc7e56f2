"""Refusals that used to reach a Japanese page as a generic sentence with the service's English
(or as Japanese and English side by side) now have their own sentence, quoting what they need:
the staff and players pages, and what the tablet and the counter show for an error's code.
Each: the Japanese sentence, and no English."""

from __future__ import annotations

from collections.abc import Callable
from datetime import timedelta
from typing import Any

import pytest
from django.conf import settings
from django.test import Client
from django.utils import translation

from parlor.domain.business_days import business_day_of
from parlor.errors import DomainError
from parlor.models import AdjustmentKind, MemberRole, Parlor, PlayerKind
from parlor.reports.services import daily_report_request
from parlor.services.day_close import day_close_record
from parlor.services.games import game_start
from parlor.services.rulesets import ruleset_create
from parlor.services.seating import Seating
from parlor.services.settlements import adjustment_create, adjustment_settle
from parlor.services.visits import visit_check_in, visit_stand_in
from parlor.web.errors import error_payload
from tests.parlor.factories import MemberFactory, PlayerFactory, TableFactory
from tests.parlor.test_japanese_pages_have_no_english_sentences import english_runs

pytestmark = pytest.mark.django_db


@pytest.fixture
def manager(parlor: Parlor) -> Any:
    return MemberFactory(parlor=parlor, role=MemberRole.MANAGER).user


def signed_in(user: Any, language: str = "ja") -> Client:
    client = Client()
    client.force_login(user)
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = language
    return client


def refused(act: Callable[[], object]) -> DomainError:
    with pytest.raises(DomainError) as caught:
        act()
    return caught.value


def shown_in_japanese(exc: DomainError) -> str:
    """What the tablet or the counter shows for the refusal, Japanese being the language."""
    with translation.override("ja"):
        payload = error_payload(exc)
    assert payload["detail"] == "", payload  # no English detail below a generic sentence
    assert english_runs(f"<p>{payload['message']}</p>") == set(), payload
    return str(payload["message"])


def test_the_staff_page_refuses_a_taken_username_a_weak_password_and_oneself_in_japanese(
    parlor, manager
):
    client = signed_in(manager)
    account = {"password": "kanji-tile-9573", "password_again": "kanji-tile-9573"}
    taken = client.post(
        "/manage/members/", {"username": manager.username, "role": "staff", **account}
    ).content.decode()
    assert f"ユーザー名「{manager.username}」はすでに使われています" in taken
    weak = client.post(
        "/manage/members/",
        {"username": "hanako", "role": "staff", "password": "123", "password_again": "123"},
    ).content.decode()
    assert "このパスワードは使えません" in weak
    me = f"/manage/members/{manager.parlor_member.pk}/"
    demote = client.post(me, {"form": "role", "role-role": "staff"}).content.decode()
    assert "自分自身のアカウントにはできません" in demote
    for page in (taken, weak, demote):
        assert english_runs(page) == set()
    english = signed_in(manager, "en").post(me, {"form": "role", "role-role": "staff"})
    page = english.content.decode()
    assert "You cannot do this to your own account" in page and "自分自身" not in page


def test_the_players_page_refuses_a_taken_number_and_a_kind_in_japanese(parlor, manager):
    PlayerFactory(parlor=parlor, name="青木", member_number="0007")
    player = PlayerFactory(parlor=parlor, name="佐藤")
    url = f"/manage/players/{player.public_id}/"
    form = {"name": player.name, "kana": "", "member_number": "0007", "kind": PlayerKind.MEMBER}
    taken = signed_in(manager).post(url, form).content.decode()
    assert "会員番号 0007 は青木さんのものです" in taken
    kind = signed_in(manager).post(url, {**form, "member_number": "", "kind": "vip"})
    assert "種別を一覧から選んでください。" in kind.content.decode()
    for page in (taken, kind.content.decode()):
        assert english_runs(page) == set()


def test_adjustment_refusals_have_their_japanese_sentence(parlor, manager):
    player = PlayerFactory(parlor=parlor)

    def adjust(amount: int, kind: AdjustmentKind = AdjustmentKind.OTHER) -> Any:
        return adjustment_create(
            player=player, amount_yen=amount, reason="飲み物", kind=kind, by=manager
        )

    too_much = shown_in_japanese(refused(lambda: adjust(10**9)))
    assert too_much.startswith("調整金は 1 円から") and "円まで" in too_much
    correction = shown_in_japanese(refused(lambda: adjust(-500, AdjustmentKind.CORRECTION)))
    assert "対局の局を訂正してください" in correction
    adjustment = adjust(-500)
    adjustment_settle(adjustment=adjustment, by=manager)
    settled = shown_in_japanese(
        refused(lambda: adjustment_settle(adjustment=adjustment, by=manager))
    )
    assert "すでに精算済み" in settled


def test_day_refusals_quote_the_day_and_the_limit_in_japanese(parlor, manager):
    tomorrow = business_day_of(parlor) + timedelta(days=1)
    future = refused(lambda: daily_report_request(parlor=parlor, day=tomorrow, by=manager))
    assert f"営業日 {tomorrow.isoformat()} はまだ始まっていません" in shown_in_japanese(future)
    long = refused(
        lambda: day_close_record(
            parlor=parlor, counts={}, by=manager, float_yen=0, reason="理" * 501
        )
    )
    assert long.code == "reason_too_long"
    assert shown_in_japanese(long) == "500 文字以内で入力してください。"


def test_a_stand_in_for_a_game_not_played_and_a_taken_ruleset_key_in_japanese(parlor, manager):
    players = PlayerFactory.create_batch(4, parlor=parlor)
    game = game_start(
        table=TableFactory(parlor=parlor), players=players, seating=Seating.GIVEN, by=manager
    )
    visit = visit_check_in(player=PlayerFactory(parlor=parlor), by=manager)
    stand_in = refused(lambda: visit_stand_in(visit=visit, game=game, by=manager))
    assert shown_in_japanese(stand_in) == "このお客様は今回の来店でその対局に参加していません。"
    key = refused(
        lambda: ruleset_create(
            parlor=parlor, key="standard", title="店ルール", definition={"base": "standard"}
        )
    )
    assert "キー standard はすでに使われています" in shown_in_japanese(key)
