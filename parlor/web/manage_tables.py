"""The manager's tables page (卓): the parlor's tables in natural order with their ruleset by
title; add a table, change its ruleset, take it out of use or back. Thin: the rules are in
parlor/services/tables.py."""

from __future__ import annotations

from typing import Any, cast

from django import forms
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext_lazy as _
from django.views.decorators.http import require_http_methods

from parlor.models import Parlor, RulesetDefinition, Table
from parlor.natural_sort import natural_sorted
from parlor.selectors.access import Role, require, table_for
from parlor.services.tables import table_change, table_create
from parlor.view_helpers.pages import ruleset_titles
from parlor.web.manage_forms import submitted
from parlor.web.manager import manager_page
from rulesets.registry import PRESETS

RULESET_CHOICE = {
    "invalid_choice": _("Choose a ruleset from the list.")
}


def ruleset_choices(parlor: Parlor, *, also: str = "") -> list[tuple[str, str]]:
    """(key, title) of the presets and the parlor's own rulesets, by title; `also` keeps a
    table's current key listed even if it no longer resolves."""
    keys = set(PRESETS) | set(
        RulesetDefinition.objects.filter(parlor=parlor).values_list("key", flat=True)
    )
    if also:
        keys.add(also)
    titles = ruleset_titles(parlor, keys)
    return sorted(titles.items(), key=lambda item: (item[1], item[0]))


class TableAddForm(forms.Form):
    label = forms.CharField(label=_("Table number"), max_length=20)
    ruleset_key = forms.ChoiceField(label=_("Ruleset"), error_messages=RULESET_CHOICE)

    def __init__(self, *args: Any, parlor: Parlor, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        cast(forms.ChoiceField, self.fields["ruleset_key"]).choices = ruleset_choices(parlor)


class TableChangeForm(forms.Form):
    ruleset_key = forms.ChoiceField(label=_("Ruleset"), error_messages=RULESET_CHOICE)
    # 営業中: the table is open for games tonight (not "a game is in progress", 対局中).
    is_active = forms.BooleanField(label=_("In service"), required=False)

    def __init__(self, *args: Any, table: Table, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        rulesets = cast(forms.ChoiceField, self.fields["ruleset_key"])
        rulesets.choices = ruleset_choices(table.parlor, also=table.ruleset_key)


@require_http_methods(["GET", "POST"])
@manager_page
def tables_page(request: HttpRequest) -> HttpResponse:
    parlor = require(request.user, Role.MANAGER).parlor
    form = TableAddForm(request.POST or None, parlor=parlor)
    if submitted(request, form, lambda data: table_create(parlor=parlor, by=request.user, **data)):
        return redirect("setup:tables")
    tables = natural_sorted(Table.objects.filter(parlor=parlor), label=lambda t: t.label)
    titles = ruleset_titles(parlor, {t.ruleset_key for t in tables})
    rows = [(table, titles.get(table.ruleset_key, table.ruleset_key)) for table in tables]
    return render(request, "manage/tables.html", {"parlor": parlor, "form": form, "rows": rows})


@require_http_methods(["GET", "POST"])
@manager_page
def table_page(request: HttpRequest, table_id: str) -> HttpResponse:
    table, _access = table_for(request.user, table_id, role=Role.MANAGER)
    initial = {"ruleset_key": table.ruleset_key, "is_active": table.is_active}
    form = TableChangeForm(request.POST or None, table=table, initial=initial)
    if submitted(request, form, lambda data: table_change(table=table, by=request.user, **data)):
        return redirect("setup:tables")
    return render(request, "manage/table.html", {"table": table, "form": form})
