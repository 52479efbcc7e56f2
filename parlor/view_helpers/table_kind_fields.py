"""The form fields that choose a kind of table (卓の種類): the game type and the ruleset, as the
standings page's period chooser and the manager's seasons page ask for them."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from parlor.models import Parlor, Table
from parlor.view_helpers.pages import ruleset_titles


def player_count_field() -> forms.TypedChoiceField:
    """3 or 4 players, or both (empty: None)."""
    return forms.TypedChoiceField(
        label=gettext_lazy("Game type"),
        coerce=int,
        empty_value=None,
        required=False,
        choices=[
            ("", gettext_lazy("All")),
            (4, gettext_lazy("Four-player")),
            (3, gettext_lazy("Three-player")),
        ],
    )


def set_ruleset_choices(form: forms.Form, parlor: Parlor, name: str = "ruleset_key") -> None:
    """The rulesets of the parlor's tables, by title, or all of them (empty)."""
    tables = Table.objects.filter(parlor=parlor)
    keys = sorted(set(tables.values_list("ruleset_key", flat=True)))
    titles = ruleset_titles(parlor, keys)
    field = form.fields[name]
    assert isinstance(field, forms.ChoiceField)
    field.choices = [("", _("All")), *((key, titles[key]) for key in keys)]
