"""A table's own money terms store only what it sets and inherit the rest from the parlor's
default (issue 24): the page shows inherited terms greyed with what the rate is per, saving one
term changes that term only, the page confirms old → new, and the audit keeps both."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from parlor.domain.money import Terms
from parlor.domain.own_terms import OwnTerms
from parlor.errors import InvalidInput
from parlor.models import AuditEvent, MemberRole, MoneySettings, Parlor
from parlor.selectors.money import money_settings_for
from parlor.services.money import money_settings_set
from tests.parlor.conftest import client_for, ok
from tests.parlor.factories import MemberFactory, TableFactory

pytestmark = pytest.mark.django_db

DEFAULT = Terms(50, 100, "each", 500, 0, 10)
EMPTY = {
    "rate_yen_per_p": "",
    "chip_value_yen": "",
    "fee_model": "",
    "game_fee_yen": "",
    "top_prize_yen": "",
    "money_unit_yen": "",
}


def posted(prefix: str, **values: str) -> dict[str, str]:
    return {f"{prefix}-{name}": value for name, value in {**EMPTY, **values}.items()}


@pytest.fixture
def manager_user(parlor: Parlor) -> Any:
    return MemberFactory(parlor=parlor, role=MemberRole.MANAGER).user


@pytest.fixture
def manager(manager_user: Any) -> Client:
    client = Client()
    client.force_login(manager_user)
    return client


@pytest.fixture
def default(parlor: Parlor) -> None:
    money_settings_set(parlor=parlor, player_count=4, terms=DEFAULT)


def test_a_table_following_the_default_shows_the_inherited_terms_greyed_not_zero(
    manager: Client, parlor: Parlor, default: None
) -> None:
    table = TableFactory(parlor=parlor, label="1")
    html = manager.get("/manage/money/").content.decode()
    key = f"table-{table.public_id}"
    section = html[html.index(f'data-terms="{key}"') :]
    assert 'data-own="no"' in section[:80]
    assert f'name="{key}-rate_yen_per_p" value=' not in section  # an empty box, not 0
    assert 'placeholder="標準: 50 円/1,000点"' in section
    assert "標準: 100円" in section and "標準: 500円" in section
    assert "レート（円/1,000点）" in section  # the label says what the rate is per


def test_a_point_count_tables_rate_is_per_ten(manager: Client, parlor: Parlor) -> None:
    money_settings_set(parlor=parlor, player_count=3, terms=Terms(30, 0, "each", 300, 0, 10))
    table = TableFactory(parlor=parlor, label="白", ruleset_key="seed-003")
    html = manager.get("/manage/money/").content.decode()
    section = html[html.index(f'data-terms="table-{table.public_id}"') :]
    assert "レート（円/点（点数制））" in section and "標準: 30 円/点" in section


def test_saving_one_term_of_a_table_changes_that_term_only_and_confirms_old_to_new(
    manager: Client, parlor: Parlor, default: None
) -> None:
    table = TableFactory(parlor=parlor, label="1")
    key = f"table-{table.public_id}"
    answer = manager.post(
        f"/manage/money/table/{table.public_id}/", posted(key, game_fee_yen="600"), follow=True
    )
    html = answer.content.decode()
    row = MoneySettings.objects.get(table=table)
    assert OwnTerms.of(row.terms_dict()) == OwnTerms(game_fee_yen=600)
    found = money_settings_for(table, player_count=4)
    assert found is not None and found.terms == Terms(50, 100, "each", 600, 0, 10)
    confirmation = html[html.index("data-saved") : html.index("data-large-amount")]
    assert "1番卓: 保存しました。" in confirmation
    assert "ゲーム代（円）: 標準: 500円 → 600円" in confirmation
    assert confirmation.count("data-change") == 1  # the other terms did not change
    # The rest stays inherited: a change of the default reaches the table.
    money_settings_set(parlor=parlor, player_count=4, terms=Terms(100, 100, "each", 500, 0, 10))
    found = money_settings_for(table, player_count=4)
    assert found is not None and found.terms.rate_yen_per_p == 100
    assert found.terms.game_fee_yen == 600


def test_saving_without_a_change_says_so_and_audits_nothing(
    manager: Client, parlor: Parlor, default: None
) -> None:
    table = TableFactory(parlor=parlor, label="2")
    key = f"table-{table.public_id}"
    before = AuditEvent.objects.count()
    html = manager.post(
        f"/manage/money/table/{table.public_id}/", posted(key), follow=True
    ).content.decode()
    assert "2番卓: 変更はありません。" in html
    assert AuditEvent.objects.count() == before
    assert not MoneySettings.objects.filter(table=table).exists()


def test_the_audit_keeps_old_and_new_and_the_audit_log_shows_them_in_japanese(
    manager: Client, parlor: Parlor, default: None
) -> None:
    table = TableFactory(parlor=parlor, label="3")
    key = f"table-{table.public_id}"
    manager.post(f"/manage/money/table/{table.public_id}/", posted(key, game_fee_yen="600"))
    event = AuditEvent.objects.filter(subject_type="money_settings").latest("id")
    assert event.before["game_fee_yen"] is None and event.after["game_fee_yen"] == 600
    assert event.after["rate_yen_per_p"] is None and event.after["default"]["game_fee_yen"] == 500
    assert "game_fee_yen default (500) → 600" in event.summary
    html = _audit_page(manager)
    assert "ゲーム代（円）: 標準: 500円 → 600円" in html


def _audit_page(manager: Client) -> str:
    return manager.get(reverse("audit-log")).content.decode()


def test_tables_are_in_natural_order_and_only_those_with_their_own_terms_open(
    manager: Client, parlor: Parlor, default: None
) -> None:
    ten, two, one = (TableFactory(parlor=parlor, label=label) for label in ("10", "2", "1"))
    money_settings_set(parlor=parlor, player_count=4, terms=OwnTerms(rate_yen_per_p=100), table=two)
    html = manager.get("/manage/money/").content.decode()
    at = [html.index(f'data-terms="table-{t.public_id}"') for t in (one, two, ten)]
    assert at == sorted(at)
    assert f'data-terms="table-{two.public_id}" data-own="yes" open>' in html
    assert f'data-terms="table-{one.public_id}" data-own="no">' in html


def test_a_table_without_a_default_must_set_every_term(parlor: Parlor) -> None:
    table = TableFactory(parlor=parlor, label="4")
    with pytest.raises(InvalidInput) as refused:
        money_settings_set(
            parlor=parlor, player_count=4, terms=OwnTerms(game_fee_yen=600), table=table
        )
    assert getattr(refused.value, "field", "") == "rate_yen_per_p"


def test_the_api_sets_one_term_of_a_table_and_says_what_changed(
    parlor: Parlor, manager_user: Any, default: None
) -> None:
    table = TableFactory(parlor=parlor, label="5")
    api = client_for(manager_user)
    body = {"player_count": 4, "table": str(table.public_id), "game_fee_yen": 600}
    answer = ok(api.put("/api/money-settings/", body, format="json"))
    assert answer["changed"] == ["game_fee_yen"]
    assert answer["game_fee_yen"] == 600 and answer["rate_yen_per_p"] is None
    again = ok(api.put("/api/money-settings/", body, format="json"))
    assert again["changed"] == []
    event = AuditEvent.objects.filter(subject_type="money_settings").latest("id")
    assert event.before["game_fee_yen"] is None and event.after["game_fee_yen"] == 600


def test_a_new_default_that_breaks_a_tables_own_top_prize_is_refused_naming_the_table(
    parlor: Parlor,
) -> None:
    money_settings_set(
        parlor=parlor, player_count=4, terms=Terms(50, 0, "each_plus_top", 400, 0, 10)
    )
    table = TableFactory(parlor=parlor, label="7")
    money_settings_set(
        parlor=parlor, player_count=4, terms=OwnTerms(top_prize_yen=200), table=table
    )
    with pytest.raises(InvalidInput) as refused:
        money_settings_set(parlor=parlor, player_count=4, terms=Terms(50, 0, "each", 400, 0, 10))
    assert "table 7" in refused.value.message and refused.value.field == "top_prize_yen"
    default = MoneySettings.objects.get(parlor=parlor, table=None)
    assert default.fee_model == "each_plus_top"


@pytest.mark.parametrize(
    ("form", "table"),
    [("multipart", ""), ("json", ""), ("json", None)],
    ids=["form-empty", "json-empty", "json-null"],
)
def test_an_empty_table_is_refused_and_the_parlor_default_stays(
    parlor: Parlor, manager_user: Any, default: None, form: str, table: str | None
) -> None:
    api = client_for(manager_user)
    audited = AuditEvent.objects.filter(subject_type="money_settings").count()
    body = {"player_count": 4, "table": table, "rate_yen_per_p": 100, "game_fee_yen": 900}
    response = api.put("/api/money-settings/", body, format=form)
    assert response.status_code == 400, response.content.decode()
    error = response.json()["error"]
    assert error["field"] == "table" and "leave `table` out" in error["message"]
    row = MoneySettings.objects.get(parlor=parlor, table=None, player_count=4)
    assert Terms.of(row) == DEFAULT
    assert AuditEvent.objects.filter(subject_type="money_settings").count() == audited


def test_a_form_that_leaves_the_table_out_sets_the_parlor_default(
    parlor: Parlor, manager_user: Any, default: None
) -> None:
    api = client_for(manager_user)
    body = {"player_count": 4, "rate_yen_per_p": 100}
    answer = ok(api.put("/api/money-settings/", body, format="multipart"))
    assert answer["table_id"] is None and answer["rate_yen_per_p"] == 100
