"""The manager's money settings page (料金設定): the parlor's defaults and each table's own
terms, edited in tenbo's own page, audited, scoped to the manager's parlor."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client

from parlor.domain.money import Terms
from parlor.models import AuditEvent, MemberRole, MoneySettings, Parlor, Table
from parlor.services.money import money_settings_set
from tests.parlor.factories import MemberFactory, TableFactory

pytestmark = pytest.mark.django_db

TERMS = {
    "rate_yen_per_p": "50",
    "chip_value_yen": "100",
    "fee_model": "each_plus_top",
    "game_fee_yen": "400",
    "top_prize_yen": "200",
    "money_unit_yen": "10",
}


def posted(prefix: str, **changes: str) -> dict[str, str]:
    return {f"{prefix}-{name}": value for name, value in {**TERMS, **changes}.items()}


def signed_in(user: Any) -> Client:
    client = Client()
    client.force_login(user)
    return client


@pytest.fixture
def manager(parlor: Parlor) -> Client:
    return signed_in(MemberFactory(parlor=parlor, role=MemberRole.MANAGER).user)


def test_the_page_lists_both_game_types_and_every_table_and_says_games_keep_their_terms(
    manager: Client, parlor: Parlor, other_parlor: Parlor
) -> None:
    TableFactory(parlor=parlor, label="東1")
    TableFactory(parlor=other_parlor, label="Elsewhere")
    page = manager.get("/manage/money/")
    html = page.content.decode()
    assert page.status_code == 200
    assert 'data-terms="default-4"' in html and 'data-terms="default-3"' in html
    assert "東1" in html and "Elsewhere" not in html
    assert "始まった対局" in html  # games already started keep their terms (Japanese first)
    assert 'data-nav="manage-money" aria-current="page"' in html


def test_a_manager_sets_the_default_terms_and_the_change_is_audited(
    manager: Client, parlor: Parlor
) -> None:
    answer = manager.post("/manage/money/default/4/", posted("default-4"))
    assert answer.status_code == 302 and answer["Location"] == "/manage/money/"
    row = MoneySettings.objects.get(parlor=parlor, table=None, player_count=4)
    assert Terms.of(row) == Terms(50, 100, "each_plus_top", 400, 200, 10)
    event = AuditEvent.objects.get(parlor=parlor, subject_type="money_settings")
    assert event.action == "create" and event.after["rate_yen_per_p"] == 50
    manager.post("/manage/money/default/4/", posted("default-4", rate_yen_per_p="100"))
    row.refresh_from_db()
    assert row.rate_yen_per_p == 100
    corrected = AuditEvent.objects.filter(parlor=parlor, action="correct").get()
    assert corrected.before["rate_yen_per_p"] == 50 and corrected.after["rate_yen_per_p"] == 100
    page = manager.get("/manage/money/").content.decode()
    assert 'name="default-4-rate_yen_per_p" value="100"' in page


def test_bad_input_is_shown_beside_its_field_and_the_form_keeps_what_was_typed(
    manager: Client, parlor: Parlor
) -> None:
    answer = manager.post(
        "/manage/money/default/3/", posted("default-3", rate_yen_per_p="abc", game_fee_yen="-5")
    )
    html = answer.content.decode()
    assert answer.status_code == 400
    assert 'data-error="rate_yen_per_p"' in html and 'data-error="game_fee_yen"' in html
    assert 'name="default-3-rate_yen_per_p" value="abc"' in html
    # The service's own rule (a top prize goes with each_plus_top) is named beside its field.
    answer = manager.post(
        "/manage/money/default/3/", posted("default-3", fee_model="each", rate_yen_per_p="70")
    )
    html = answer.content.decode()
    assert answer.status_code == 400
    assert 'data-error="top_prize_yen"' in html and "トップ賞を0円にしてください" in html
    assert 'name="default-3-rate_yen_per_p" value="70"' in html
    assert not MoneySettings.objects.filter(parlor=parlor).exists()
    assert not AuditEvent.objects.filter(parlor=parlor).exists()


def test_a_table_gets_its_own_terms_and_removing_them_falls_back_to_the_default(
    manager: Client, parlor: Parlor
) -> None:
    table = TableFactory(parlor=parlor, label="7")
    key = f"table-{table.public_id}"
    answer = manager.post(
        f"/manage/money/table/{table.public_id}/", posted(key, rate_yen_per_p="100")
    )
    assert answer.status_code == 302
    own = MoneySettings.objects.get(table=table)
    assert own.rate_yen_per_p == 100 and own.player_count == 4
    html = manager.get("/manage/money/").content.decode()
    assert f'data-terms="{key}" data-own="yes"' in html
    answer = manager.post(f"/manage/money/table/{table.public_id}/remove/")
    assert answer.status_code == 302
    assert not MoneySettings.objects.filter(table=table).exists()
    removed = AuditEvent.objects.get(parlor=parlor, action="void")
    assert removed.before["rate_yen_per_p"] == 100 and "table 7" in removed.summary
    html = manager.get("/manage/money/").content.decode()
    assert f'data-terms="{key}" data-own="no"' in html and "data-uses-default" in html


def test_another_parlors_table_is_not_found_and_keeps_its_terms(
    manager: Client, other_parlor: Parlor
) -> None:
    theirs = TableFactory(parlor=other_parlor, label="9")
    money_settings_set(
        parlor=other_parlor, player_count=4, terms=Terms(30, 0, "each", 300, 0, 10), table=theirs
    )
    key = f"table-{theirs.public_id}"
    assert manager.post(f"/manage/money/table/{theirs.public_id}/", posted(key)).status_code == 404
    assert manager.post(f"/manage/money/table/{theirs.public_id}/remove/").status_code == 404
    assert MoneySettings.objects.get(table=theirs).rate_yen_per_p == 30
    assert manager.post("/manage/money/default/5/", posted("default-5")).status_code == 404


def test_staff_are_refused_in_japanese_and_a_visitor_is_sent_to_sign_in(
    parlor: Parlor, table: Table
) -> None:
    staff = signed_in(MemberFactory(parlor=parlor, role=MemberRole.STAFF).user)
    for path in ("/manage/money/", "/manage/money/default/4/"):
        answer = (
            staff.get(path) if path.endswith("money/") else staff.post(path, posted("default-4"))
        )
        assert answer.status_code == 403
        page = answer.content.decode()
        assert "権限がありません" in page and "Forbidden" not in page
    assert not MoneySettings.objects.exists()
    answer = Client().get("/manage/money/")
    assert answer.status_code == 302 and answer["Location"] == "/tablet/login/?next=/manage/money/"


def test_a_three_player_tables_own_terms_are_for_three_player_games(
    manager: Client, parlor: Parlor
) -> None:
    table = TableFactory(parlor=parlor, label="三麻", ruleset_key="tenhou-3p-hanchan")
    html = manager.get("/manage/money/").content.decode()
    assert "3人打ち" in html  # the table's game type, from its ruleset
    key = f"table-{table.public_id}"
    answer = manager.post(f"/manage/money/table/{table.public_id}/", posted(key))
    assert answer.status_code == 302
    assert MoneySettings.objects.get(table=table).player_count == 3


DEFAULT_4, LARGE = "/manage/money/default/4/", "/manage/money/large-amount/"


@pytest.mark.parametrize(
    ("url", "sent", "field", "words"),
    [
        (DEFAULT_4, posted("default-4", rate_yen_per_p="100000000"), "rate_yen_per_p", "100,000"),
        (DEFAULT_4, posted("default-4", game_fee_yen="99999999"), "game_fee_yen", "1,000,000"),
        (DEFAULT_4, posted("default-4", chip_value_yen="9999999"), "chip_value_yen", "1,000,000"),
        (DEFAULT_4, posted("default-4", fee_model="each"), "top_prize_yen", "トップ賞"),
        (LARGE, {"large_amount_yen": "99999999999"}, "large_amount_yen", "10,000,000"),
    ],
)
def test_a_value_beyond_its_bound_is_refused_in_the_managers_language(
    manager: Client, parlor: Parlor, url: str, sent: dict[str, str], field: str, words: str
) -> None:
    """Not the service's English sentence naming a field (`game_fee_yen is 0 to …`)."""
    html = manager.post(url, sent).content.decode()
    error = html.split(f'data-error="{field}">', 1)[1].split("</span>", 1)[0]
    assert words in error and "円" in error, error
    assert not any(word in error for word in ("yen", "_yen", "each_plus_top", " is ")), error
    assert not MoneySettings.objects.filter(parlor=parlor).exists()
