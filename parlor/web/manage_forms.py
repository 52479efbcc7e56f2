"""What the manager's setup pages share: a form of the parlor's tables, a form sent to a
service, its refusal beside a field."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from django import forms
from django.http import HttpRequest
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from parlor.errors import DomainError
from parlor.models import Parlor, Table
from parlor.natural_sort import natural_sorted
from parlor.view_helpers.pages import ruleset_titles
from parlor.web.errors import refusal_sentence


class TablesForm(forms.Form):
    """A form that ends with a choice of the parlor's open tables (卓), as `tables`: the leagues
    and the events are played on tables of their parlor, all under one ruleset, so each table
    is named as staff call it, with its ruleset, in natural order (2 before 10)."""

    def __init__(self, *args: Any, parlor: Parlor, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        queryset = Table.objects.filter(parlor=parlor, is_active=True)
        field = forms.ModelMultipleChoiceField(
            label=_("Tables"), queryset=queryset, widget=forms.CheckboxSelectMultiple
        )
        tables = natural_sorted(queryset, label=lambda table: table.label)
        titles = ruleset_titles(parlor, {table.ruleset_key for table in tables})
        field.choices = [
            (table.pk, f"{_table_name(table.label)} · {titles[table.ruleset_key]}")
            for table in tables
        ]
        self.fields["tables"] = field


def _table_name(label: str) -> str:
    return gettext("Table %(label)s") % {"label": label}


def form_refused(form: forms.Form, exc: DomainError) -> None:
    """Shows a service's refusal beside the field it names (or above the form), in the page's
    language: the sentence for its code and params, or the service's words for a code with
    none."""
    message = refusal_sentence(exc) or exc.message
    form.add_error(exc.field if exc.field in form.fields else None, message)


def submitted(
    request: HttpRequest, form: forms.Form, act: Callable[[Mapping[str, Any]], object]
) -> bool:
    """Whether a posted, valid form was done by `act` (the service, given the cleaned data);
    a refusal is shown beside its field and the form keeps what was typed."""
    if request.method != "POST" or not form.is_valid():
        return False
    try:
        act(form.cleaned_data)
    except DomainError as exc:
        form_refused(form, exc)
        return False
    return True
