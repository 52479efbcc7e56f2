"""The manager's money settings page (料金設定): the parlor's default terms for four- and
three-player games and each table's own terms, edited through money_settings_set (which
validates and audits). Games already started keep the terms they started with."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django import forms
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext_lazy as _
from django.views.decorators.http import require_GET, require_POST

from parlor.domain.money import Terms
from parlor.errors import NotFound
from parlor.models import MONEY_UNITS_YEN, FeeModel, MoneySettings, Parlor, Table
from parlor.selectors.access import Role, require
from parlor.selectors.rulesets import rulesets_resolve
from parlor.services.money import money_settings_set, money_settings_table_remove
from parlor.web.manage_forms import submitted
from parlor.web.manager import manager_page
from scoring.ruleset import Ruleset

GAME_TYPES = (4, 3)
NEW_TERMS = Terms(
    rate_yen_per_p=0,
    chip_value_yen=0,
    fee_model=FeeModel.EACH,
    game_fee_yen=0,
    top_prize_yen=0,
    money_unit_yen=10,
)


# The fee models (場代の取り方) in words a manager reads in either language.
FEE_MODELS = [
    (FeeModel.EACH, _("Each player pays the game fee")),
    (FeeModel.EACH_PLUS_TOP, _("Each pays the game fee; the top also pays the top prize")),
    (FeeModel.TOP_ONLY, _("Only the top pays, the whole table's game fee")),
]


def _amount(label: Any) -> forms.IntegerField:
    return forms.IntegerField(
        label=label,
        min_value=0,
        error_messages={
            "required": _("Enter an amount in yen."),
            "invalid": _("Enter a whole number of yen."),
            "min_value": _("Enter 0 or more."),
        },
    )


class TermsForm(forms.Form):
    """One row's money terms (料金). The service checks the bounds and names the field."""

    rate_yen_per_p = _amount(_("Rate (yen per 1p)"))
    chip_value_yen = _amount(_("Chip value (yen)"))
    fee_model = forms.ChoiceField(
        label=_("Fee model"),
        choices=FEE_MODELS,
        error_messages={"invalid_choice": _("Choose a fee model from the list.")},
    )
    game_fee_yen = _amount(_("Game fee (yen)"))
    top_prize_yen = _amount(_("Top prize (yen)"))
    money_unit_yen = forms.TypedChoiceField(
        label=_("Money unit (yen)"),
        coerce=int,
        choices=[(unit, unit) for unit in MONEY_UNITS_YEN],
        error_messages={"invalid_choice": _("Choose 1, 10 or 100 yen.")},
    )

    def terms(self) -> Terms:
        return Terms.of(self.cleaned_data)


@dataclass
class Row:
    """A row of the page: a game type's default or a table's terms, and its form."""

    key: str  # "default-4", "table-<public id>"
    title: str
    player_count: int
    form: TermsForm
    table: Table | None = None
    has_own_terms: bool = True


def _terms_dict(row: MoneySettings | None) -> dict[str, object]:
    terms = Terms.of(row) if row is not None else NEW_TERMS
    return {name: getattr(terms, name) for name in Terms.__slots__}


def _rows(parlor: Parlor, *, bound: tuple[str, TermsForm] | None = None) -> list[Row]:
    settings = list(MoneySettings.objects.filter(parlor=parlor).select_related("table"))
    defaults = {row.player_count: row for row in settings if row.table_id is None}
    own = {row.table_id: row for row in settings if row.table_id is not None}
    rows = [
        Row(
            key=f"default-{count}",
            title=str(_("Default for %(count)s-player games") % {"count": count}),
            player_count=count,
            form=TermsForm(initial=_terms_dict(defaults.get(count)), prefix=f"default-{count}"),
            has_own_terms=count in defaults,
        )
        for count in GAME_TYPES
    ]
    tables = list(Table.objects.filter(parlor=parlor).order_by("label"))
    plays = _plays(parlor, tables)
    for table in tables:
        key = f"table-{table.public_id}"
        row = own.get(table.pk)
        rows.append(
            Row(
                key=key,
                title=str(_("Table %(label)s") % {"label": table.label}),
                player_count=plays[table.pk],
                form=TermsForm(initial=_terms_dict(row), prefix=key),
                table=table,
                has_own_terms=row is not None,
            )
        )
    if bound is not None:
        for shown in rows:
            if shown.key == bound[0]:
                shown.form = bound[1]
    return rows


def _plays(parlor: Parlor, tables: list[Table]) -> dict[int, int]:
    """Each table's game type (3 or 4 players), from its ruleset; one query for all. A table
    whose ruleset is broken shows as 4: saving its terms names the problem."""
    resolved = rulesets_resolve(parlor_id=parlor.pk, keys={t.ruleset_key for t in tables})
    return {
        t.pk: ruleset.player_count if isinstance(ruleset := resolved[t.ruleset_key], Ruleset) else 4
        for t in tables
    }


def _table(parlor: Parlor, table_id: str) -> Table:
    table = Table.objects.filter(parlor=parlor, public_id=table_id).first()
    if table is None:
        raise NotFound(f"no table {table_id}", code="table_not_found")
    return table


def _page(request: HttpRequest, parlor: Parlor, *, status: int = 200, **kw: Any) -> HttpResponse:
    context = {"parlor": parlor, "rows": _rows(parlor, **kw)}
    return render(request, "manage/money.html", context, status=status)


@require_GET
@manager_page
def money_page(request: HttpRequest) -> HttpResponse:
    parlor = require(request.user, Role.MANAGER).parlor
    return _page(request, parlor)


def _save(
    request: HttpRequest, parlor: Parlor, *, key: str, player_count: int, table: Table | None
) -> HttpResponse:
    form = TermsForm(request.POST, prefix=key)
    saved = submitted(
        request,
        form,
        lambda _data: money_settings_set(
            parlor=parlor,
            player_count=player_count,
            terms=form.terms(),
            table=table,
            by=request.user,
        ),
    )
    if saved:
        return redirect(reverse("manage:money") + f"#{key}")
    return _page(request, parlor, status=400, bound=(key, form))


@require_POST
@manager_page
def money_default_set(request: HttpRequest, player_count: int) -> HttpResponse:
    parlor = require(request.user, Role.MANAGER).parlor
    if player_count not in GAME_TYPES:
        raise NotFound("a game type is 3 or 4 players", code="not_found")
    return _save(
        request, parlor, key=f"default-{player_count}", player_count=player_count, table=None
    )


@require_POST
@manager_page
def money_table_set(request: HttpRequest, table_id: str) -> HttpResponse:
    parlor = require(request.user, Role.MANAGER).parlor
    table = _table(parlor, table_id)
    return _save(
        request,
        parlor,
        key=f"table-{table.public_id}",
        player_count=_plays(parlor, [table])[table.pk],
        table=table,
    )


@require_POST
@manager_page
def money_table_remove(request: HttpRequest, table_id: str) -> HttpResponse:
    parlor = require(request.user, Role.MANAGER).parlor
    table = _table(parlor, table_id)
    money_settings_table_remove(table=table, by=request.user)
    return redirect("manage:money")
