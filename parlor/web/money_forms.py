"""The money page's forms and rows: a game type's default terms, each table's own, and the
amount beyond which a line needs a manager (parlor.web.manage_money shows and saves them)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from django import forms
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from parlor.domain.money import FeeModel, Terms
from parlor.domain.own_terms import TERM_NAMES, OwnTerms
from parlor.domain.units import RateBasis, rate_basis_of
from parlor.models import MONEY_UNITS_YEN, MoneySettings, Parlor, Table
from parlor.money_terms_text import (
    fee_model_text,
    stored_text,
    term_label,
)
from parlor.natural_sort import natural_sorted
from parlor.selectors.money import TablePlay, default_rate_basis, tables_play

GAME_TYPES = (4, 3)
_AMOUNT_ERRORS = {
    "required": gettext_lazy("Enter an amount in yen."),
    "invalid": gettext_lazy("Enter a whole number of yen."),
    "min_value": gettext_lazy("Enter 0 or more."),
}


class TermsForm(forms.Form):
    """One row's money terms (料金). A table's boxes may stay empty: that term is inherited
    from the default. The service checks the bounds and names the field."""

    rate_yen_per_p = forms.IntegerField(min_value=0, error_messages=_AMOUNT_ERRORS)
    chip_value_yen = forms.IntegerField(min_value=0, error_messages=_AMOUNT_ERRORS)
    fee_model = forms.ChoiceField(
        error_messages={"invalid_choice": gettext_lazy("Choose a fee model from the list.")},
    )
    game_fee_yen = forms.IntegerField(min_value=0, error_messages=_AMOUNT_ERRORS)
    top_prize_yen = forms.IntegerField(min_value=0, error_messages=_AMOUNT_ERRORS)
    money_unit_yen = forms.TypedChoiceField(
        coerce=int,
        empty_value=None,
        error_messages={"invalid_choice": gettext_lazy("Choose 1, 10 or 100 yen.")},
    )

    def __init__(
        self,
        *args: Any,
        basis: RateBasis,
        inherited: Terms | None = None,
        is_table: bool = False,
        **kwargs: Any,
    ) -> None:
        super().__init__(*args, **kwargs)
        follow = [("", _("Follow the default"))] if is_table else []
        fee_models: Any = self.fields["fee_model"]
        fee_models.choices = follow + [(m.value, fee_model_text(m.value)) for m in FeeModel]
        units: Any = self.fields["money_unit_yen"]
        units.choices = follow + [(unit, f"{unit}") for unit in MONEY_UNITS_YEN]
        for name in TERM_NAMES:
            box = self.fields[name]
            box.label = term_label(name, basis)
            box.required = not is_table
            if is_table and inherited is not None:
                text = stored_text(name, None, inherited=getattr(inherited, name), basis=basis)
                box.widget.attrs.update({"placeholder": text, "data-inherited": text})

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean() or {}
        # A table's boxes may all be empty, but they are sent: a post without them is not
        # this form (JSON, a stale script), and saving it would say "nothing changed".
        if not any(self.add_prefix(name) in self.data for name in TERM_NAMES):
            raise forms.ValidationError(_("The form was sent without its fields: reload the page."))
        return cleaned

    def own_terms(self) -> OwnTerms:
        """The terms set in the boxes; an empty box (a table's) is None: inherited."""
        return OwnTerms.of({k: v for k, v in self.cleaned_data.items() if v not in ("", None)})


@dataclass
class Row:
    """A row of the page: a game type's default or a table's terms, and its form."""

    key: str  # "default-4", "table-<public id>"
    title: str
    player_count: int
    form: TermsForm
    table: Table | None = None
    has_own_terms: bool = True
    inherited: list[tuple[str, str]] = field(default_factory=list)  # (label, 「標準: …」)


def money_rows(parlor: Parlor, *, bound: tuple[str, TermsForm] | None = None) -> list[Row]:
    settings = list(MoneySettings.objects.filter(parlor=parlor).select_related("table"))
    defaults = {row.player_count: row for row in settings if row.table_id is None}
    own = {row.table_id: row for row in settings if row.table_id is not None}
    tables = natural_sorted(Table.objects.filter(parlor=parlor), label=lambda t: t.label)
    plays = tables_play(parlor.pk, tables)
    rows = [_default_row(count, defaults.get(count), plays.values()) for count in GAME_TYPES]
    for table in tables:
        play = plays[table.pk]
        default = defaults.get(play.player_count)
        rows.append(_table_row(table, play, own.get(table.pk), default))
    if bound is not None:
        for shown in rows:
            if shown.key == bound[0]:
                shown.form = bound[1]
    return rows


def _default_row(count: int, row: MoneySettings | None, plays: Any) -> Row:
    key = f"default-{count}"
    basis = default_rate_basis(plays, player_count=count)
    initial = row.terms_dict() if row is not None else {"fee_model": "each", "money_unit_yen": 10}
    return Row(
        key=key,
        title=_("Default for %(count)s-player games") % {"count": count},
        player_count=count,
        form=TermsForm(initial=initial, prefix=key, basis=basis),
        has_own_terms=row is not None,
    )


def _table_row(
    table: Table, play: TablePlay, row: MoneySettings | None, default: MoneySettings | None
) -> Row:
    key = f"table-{table.public_id}"
    basis = rate_basis_of(play.unit)
    inherited = Terms.of(default) if default is not None else None
    stored = OwnTerms.of(row.terms_dict()) if row is not None else OwnTerms()
    form = TermsForm(
        initial=stored.as_dict(), prefix=key, basis=basis, inherited=inherited, is_table=True
    )
    return Row(
        key=key,
        title=_("Table %(label)s") % {"label": table.label},
        player_count=play.player_count,
        form=form,
        table=table,
        has_own_terms=bool(stored.set_names()),
        inherited=[
            (
                term_label(name, basis),
                stored_text(name, None, inherited=getattr(inherited, name, None), basis=basis),
            )
            for name in stored.missing()
        ],
    )


class LargeAmountForm(forms.Form):
    large_amount_yen = forms.IntegerField(
        label=gettext_lazy("Amount a manager confirms (yen)"),
        required=False,
        min_value=1,
        error_messages={
            "invalid": gettext_lazy("Enter a whole number of yen."),
            "min_value": gettext_lazy("Enter 1 or more, or leave it empty."),
        },
    )
