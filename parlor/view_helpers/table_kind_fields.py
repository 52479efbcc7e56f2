"""The form fields that choose a kind of table (卓の種類): the game type and the ruleset, as the
standings page's period chooser and the manager's seasons page ask for them, and the bound of
the range of business days both cover."""

from __future__ import annotations

from datetime import date

from django import forms
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from parlor.models import Parlor, Table
from parlor.services.seasons import MAX_RANGE_DAYS
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


def last_day_checked(first: date | None, last: date | None) -> date | None:
    """A form's last day, refused in the page's language when the range is longer than a
    ranking covers (services.seasons.checked_days refuses it too, in English, for the API)."""
    if first and last and (last - first).days >= MAX_RANGE_DAYS:
        message = _("A ranking covers at most %(limit)s business days: choose a shorter range.")
        raise forms.ValidationError(message % {"limit": MAX_RANGE_DAYS})
    return last
