"""The Django admin with two parlors: a manager with an admin account sees and changes only
their own parlor's rows, cannot point a foreign key at another parlor's rows, and is answered
404 for another parlor's objects; the operator (a superuser) sees both parlors."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pytest
from django.apps import apps
from django.contrib import admin
from django.contrib.auth import get_user_model

from parlor.admin_scope import ParlorScoped
from parlor.models import (
    Adjustment,
    AuditEvent,
    MemberRole,
    MoneySettings,
    Parlor,
    ParlorMember,
    Player,
    RulesetDefinition,
    Settlement,
    StandingsSettings,
    Table,
    Visit,
)
from parlor.services.settlements import adjustment_create
from parlor.services.visits import visit_check_in, visit_check_out
from tests.parlor.admin_clients import operator_client as _operator
from tests.parlor.admin_clients import signed_in
from tests.parlor.factories import MemberFactory, ParlorFactory, PlayerFactory, TableFactory

pytestmark = pytest.mark.django_db


@dataclass
class Side:
    """One parlor's rows, each with a name that appears nowhere else."""

    parlor: Parlor
    manager: Any
    table: Table
    player: Player
    visit: Visit
    money: MoneySettings
    member: ParlorMember
    settlement: Settlement
    adjustment: Adjustment
    ruleset: RulesetDefinition
    event: AuditEvent


def _side(name: str) -> Side:
    parlor = ParlorFactory(name=f"{name} parlor", slug=f"{name.lower()}-parlor")
    member = MemberFactory(parlor=parlor, role=MemberRole.MANAGER, user__username=f"{name}-boss")
    member.user.is_staff = True  # an admin account, not a superuser
    member.user.save(update_fields=["is_staff"])
    staff = MemberFactory(parlor=parlor, user__username=f"{name}-staff")
    player = PlayerFactory(parlor=parlor, name=f"{name}-player")
    StandingsSettings.objects.create(parlor=parlor, monthly_min_games=7)
    money = MoneySettings.objects.create(parlor=parlor, player_count=4, rate_yen_per_p=50)
    leaver = PlayerFactory(parlor=parlor, name=f"{name}-leaver")
    visit = visit_check_in(player=player, by=staff.user)
    return Side(
        parlor=parlor,
        manager=member.user,
        table=TableFactory(parlor=parlor, label=f"{name}-table"),
        player=player,
        visit=visit,
        money=money,
        member=staff,
        settlement=visit_check_out(visit=visit_check_in(player=leaver, by=None), by=None),
        adjustment=adjustment_create(
            player=player, amount_yen=700, reason=f"{name}-drinks", by=staff.user
        ),
        ruleset=RulesetDefinition.objects.create(
            parlor=parlor, key="house", title=f"{name}-rules", definition={"base": "standard"}
        ),
        event=AuditEvent.objects.filter(parlor=parlor, summary__contains=f"{name}-player").first(),
    )


@pytest.fixture
def sides() -> tuple[Side, Side]:
    return _side("Alpha"), _side("Bravo")


# model admin -> the row of a side it shows, and the text its list shows for that row
LISTED = {
    "parlor": lambda s: (s.parlor, s.parlor.name),
    "visit": lambda s: (s.visit, s.player.name),
    "moneysettings": lambda s: (s.money, s.parlor.name),
    "table": lambda s: (s.table, s.table.label),
    "player": lambda s: (s.player, s.player.name),
    "standingssettings": lambda s: (s.parlor.standings, s.parlor.name),
    "settlement": lambda s: (s.settlement, s.parlor.name.split()[0] + "-leaver"),
    "adjustment": lambda s: (s.adjustment, s.adjustment.reason),
    "rulesetdefinition": lambda s: (s.ruleset, s.ruleset.title),
    "auditevent": lambda s: (s.event, s.event.data["player"]),  # named in its sentence
}


@pytest.mark.parametrize("model", sorted(LISTED))
def test_a_manager_lists_and_opens_only_their_own_parlors_rows(sides, model):
    alpha, bravo = sides
    manager = signed_in(alpha.manager)
    listing = manager.get(f"/admin/parlor/{model}/")
    assert listing.status_code == 200
    page = listing.content.decode()
    (own, own_text), (_, other_text) = LISTED[model](alpha), LISTED[model](bravo)
    assert own_text in page
    assert other_text not in page
    assert bravo.parlor.name not in page  # not even in a filter by parlor
    assert manager.get(f"/admin/parlor/{model}/{own.pk}/change/").status_code == 200


@pytest.mark.parametrize("model", sorted(LISTED))
@pytest.mark.parametrize("view", ["change", "delete", "history"])
def test_another_parlors_object_is_not_found_and_nothing_of_it_shows(sides, model, view):
    alpha, bravo = sides
    other, other_text = LISTED[model](bravo)
    response = signed_in(alpha.manager).get(f"/admin/parlor/{model}/{other.pk}/{view}/")
    assert response.status_code == 404
    assert other_text not in response.content.decode()


def test_a_manager_cannot_delete_or_change_another_parlors_row_by_posting(sides):
    alpha, bravo = sides
    manager = signed_in(alpha.manager)
    table = f"/admin/parlor/table/{bravo.table.pk}"
    assert manager.post(f"{table}/delete/", {"post": "yes"}).status_code == 404
    changed = manager.post(
        f"{table}/change/",
        {"parlor": bravo.parlor.pk, "label": "taken", "ruleset_key": "standard"},
    )
    assert changed.status_code == 404
    bravo.table.refresh_from_db()
    assert bravo.table.label == "Bravo-table"


def test_a_manager_sees_their_parlors_members_and_not_the_others(sides):
    alpha, _ = sides
    page = signed_in(alpha.manager).get(f"/admin/parlor/parlor/{alpha.parlor.pk}/change/")
    assert page.status_code == 200
    text = page.content.decode()
    assert "Alpha-staff" in text
    assert "Bravo-staff" not in text and "Bravo-boss" not in text


def _choices(response: Any, field: str) -> set[str]:
    form = response.context["adminform"].form
    return {str(value) for value, _label in form.fields[field].choices if value != ""}


@pytest.mark.parametrize(
    ("model", "field", "rows"),
    [
        ("table", "parlor", lambda s: [s.parlor]),
        ("moneysettings", "parlor", lambda s: [s.parlor]),
        ("moneysettings", "table", lambda s: [s.table]),
        ("player", "user", lambda s: [s.manager, s.member.user]),
        ("rulesetdefinition", "parlor", lambda s: [s.parlor]),
    ],
)
def test_a_managers_foreign_key_choices_are_their_own_parlors_rows(sides, model, field, rows):
    alpha, bravo = sides
    response = signed_in(alpha.manager).get(f"/admin/parlor/{model}/add/")
    assert response.status_code == 200
    choices = _choices(response, field)
    assert {str(row.pk) for row in rows(alpha)} <= choices
    assert not {str(row.pk) for row in rows(bravo)} & choices


def test_a_manager_cannot_point_a_foreign_key_at_another_parlors_row(sides):
    alpha, bravo = sides
    manager = signed_in(alpha.manager)
    into_bravo = manager.post(
        "/admin/parlor/table/add/",
        {"parlor": bravo.parlor.pk, "label": "smuggled", "ruleset_key": "standard"},
    )
    assert into_bravo.status_code == 200  # the form again, with the error beside the field
    assert "parlor" in into_bravo.context["adminform"].form.errors
    bravo_table = manager.post(
        "/admin/parlor/moneysettings/add/",
        {
            "parlor": alpha.parlor.pk,
            "table": bravo.table.pk,
            "player_count": 4,
            "rate_yen_per_p": 100,
            "chip_value_yen": 0,
            "fee_model": "each",
            "game_fee_yen": 0,
            "top_prize_yen": 0,
            "money_unit_yen": 10,
        },
    )
    assert bravo_table.status_code == 200
    assert "table" in bravo_table.context["adminform"].form.errors
    assert not Table.objects.filter(label="smuggled").exists()
    assert not MoneySettings.objects.filter(table=bravo.table).exists()


def test_a_manager_adds_a_table_to_their_own_parlor(sides):
    alpha, _ = sides
    added = signed_in(alpha.manager).post(
        "/admin/parlor/table/add/",
        {"parlor": alpha.parlor.pk, "label": "9", "ruleset_key": "standard", "is_active": "on"},
    )
    assert added.status_code == 302, added.content.decode()[:2000]
    assert Table.objects.get(label="9").parlor == alpha.parlor


def test_a_manager_changes_their_own_parlor_but_neither_adds_nor_deletes_one(sides):
    alpha, _ = sides
    manager = signed_in(alpha.manager)
    assert manager.get("/admin/parlor/parlor/add/").status_code == 403
    assert manager.get(f"/admin/parlor/parlor/{alpha.parlor.pk}/delete/").status_code == 403
    assert Parlor.objects.filter(pk=alpha.parlor.pk).exists()


def test_the_operators_accounts_and_groups_are_not_a_managers(sides):
    alpha, bravo = sides
    manager = signed_in(alpha.manager)
    assert manager.get("/admin/auth/user/").status_code == 403
    assert manager.get(f"/admin/auth/user/{bravo.manager.pk}/change/").status_code == 403
    index = manager.get("/admin/").content.decode()
    assert "/admin/auth/user/" not in index
    assert "/admin/parlor/visit/" in index


def test_staff_with_an_admin_account_see_no_parlors_rows(sides):
    alpha, _ = sides
    alpha.member.user.is_staff = True
    alpha.member.user.save(update_fields=["is_staff"])
    staff = signed_in(alpha.member.user)
    assert staff.get("/admin/parlor/visit/").status_code == 403
    assert staff.get(f"/admin/parlor/table/{alpha.table.pk}/change/").status_code == 404


@pytest.mark.parametrize("model", sorted(LISTED))
def test_the_operator_sees_both_parlors(sides, model):
    operator = _operator()
    page = operator.get(f"/admin/parlor/{model}/").content.decode()
    for side in sides:
        row, text = LISTED[model](side)
        assert text in page
        assert operator.get(f"/admin/parlor/{model}/{row.pk}/change/").status_code == 200


def test_the_operator_chooses_any_parlors_rows(sides):
    response = _operator().get("/admin/parlor/moneysettings/add/")
    assert {str(s.table.pk) for s in sides} <= _choices(response, "table")


def test_every_parlor_model_in_the_admin_is_scoped(sides):
    """A model registered later without the scope would list the other parlor's rows."""
    registered = [
        model
        for app in ("parlor", "reports")
        for model in apps.get_app_config(app).get_models()
        if admin.site.is_registered(model)
    ]
    assert len(registered) >= 10
    unscoped = [
        m.__name__
        for m in registered
        if not isinstance(admin.site.get_model_admin(m), ParlorScoped)
    ]
    assert unscoped == []


def _parlor_form(side: Side, extra_member: dict[str, Any]) -> dict[str, Any]:
    """The parlor's change form as the page posts it, its members and one member more."""
    members = list(side.parlor.members.order_by("pk"))
    data: dict[str, Any] = {
        "name": side.parlor.name,
        "slug": side.parlor.slug,
        "time_zone": side.parlor.time_zone,
        "business_day_cutoff_hour": side.parlor.business_day_cutoff_hour,
        "game_back": side.parlor.game_back,
        "members-TOTAL_FORMS": len(members) + 1,
        "members-INITIAL_FORMS": len(members),
        "members-MIN_NUM_FORMS": 0,
        "members-MAX_NUM_FORMS": 1000,
    }
    for i, member in enumerate(members):
        data |= {
            f"members-{i}-id": member.pk,
            f"members-{i}-parlor": side.parlor.pk,
            f"members-{i}-user": member.user_id,
            f"members-{i}-role": member.role,
        }
    new = len(members)
    data |= {f"members-{new}-parlor": side.parlor.pk}
    data |= {f"members-{new}-{key}": value for key, value in extra_member.items()}
    return data


def test_a_manager_cannot_make_another_parlors_account_a_member_of_theirs(sides):
    alpha, bravo = sides
    outsider = get_user_model().objects.create_user("outsider")  # works at no parlor
    manager = signed_in(alpha.manager)
    for user in (bravo.manager, outsider):
        response = manager.post(
            f"/admin/parlor/parlor/{alpha.parlor.pk}/change/",
            _parlor_form(alpha, {"user": user.pk, "role": MemberRole.MANAGER}),
        )
        assert response.status_code == 200  # the form again, the error beside the user
        assert response.context["inline_admin_formsets"][0].formset.errors[-1]["user"]
    assert ParlorMember.objects.get(user=bravo.manager).parlor == bravo.parlor
    assert not ParlorMember.objects.filter(user=outsider).exists()


def test_a_manager_makes_their_parlors_player_a_member(sides):
    alpha, _ = sides
    login = get_user_model().objects.create_user("alpha-player-login")
    alpha.player.user = login
    alpha.player.save(update_fields=["user"])
    response = signed_in(alpha.manager).post(
        f"/admin/parlor/parlor/{alpha.parlor.pk}/change/",
        _parlor_form(alpha, {"user": login.pk, "role": MemberRole.STAFF}),
    )
    assert response.status_code == 302
    assert ParlorMember.objects.get(user=login).parlor == alpha.parlor


def test_a_manager_lists_only_their_own_parlors_daily_reports_with_no_filter_by_parlor(sides):
    from parlor.reports.models import DailyReport

    alpha, bravo = sides
    for side in (alpha, bravo):
        DailyReport.objects.create(parlor=side.parlor, business_day="2026-11-28", format="csv")
    page = signed_in(alpha.manager).get("/admin/reports/dailyreport/").content.decode()
    assert alpha.parlor.name in page
    assert bravo.parlor.name not in page  # not even in a filter by parlor
