"""The manager's money settings page (料金設定): the parlor's default terms for four- and
three-player games, each table's own terms, and the amount beyond which a line needs a
manager. Edited through services.money (which validates and audits). Games already started
keep the terms they started with.

A table that follows the default shows each inherited term greyed (「標準: 50 円/1,000点」)
in an empty box: a box left empty stays inherited, so saving one term changes that term only.
After a save the page says what changed, old → new, or that nothing did.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from django import forms
from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_GET, require_POST

from parlor.domain.money import FeeModel, Terms
from parlor.domain.own_terms import TERM_NAMES, OwnTerms
from parlor.domain.units import RateBasis, rate_basis_of
from parlor.errors import NotFound
from parlor.models import MONEY_UNITS_YEN, MoneySettings, Parlor, Table
from parlor.natural_sort import natural_sorted
from parlor.selectors.access import Role, require
from parlor.selectors.money import TablePlay, default_rate_basis, tables_play
from parlor.services.money import (
    MoneySettingsChange,
    large_amount_set,
    money_settings_set,
    money_settings_table_remove,
)
from parlor.web.manage_forms import submitted
from parlor.web.manager import manager_page
from parlor.money_terms_text import (
    fee_model_text,
    snapshot_changes,
    stored_text,
    term_label,
)

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


def _rows(parlor: Parlor, *, bound: tuple[str, TermsForm] | None = None) -> list[Row]:
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


def _table(parlor: Parlor, table_id: str) -> Table:
    table = Table.objects.filter(parlor=parlor, public_id=table_id).first()
    if table is None:
        raise NotFound(f"no table {table_id}", code="table_not_found")
    return table


def _page(
    request: HttpRequest,
    parlor: Parlor,
    *,
    status: int = 200,
    large: LargeAmountForm | None = None,
    **kw: Any,
) -> HttpResponse:
    context = {
        "parlor": parlor,
        "rows": _rows(parlor, **kw),
        "large": large or LargeAmountForm(initial={"large_amount_yen": parlor.large_amount_yen}),
    }
    return render(request, "manage/money.html", context, status=status)


@require_GET
@manager_page
def money_page(request: HttpRequest) -> HttpResponse:
    parlor = require(request.user, Role.MANAGER).parlor
    return _page(request, parlor)


def _confirm(request: HttpRequest, title: str, change: MoneySettingsChange) -> None:
    """The confirmation at the top of the page: each term changed, old → new, in the words
    of the audit log (the same snapshots)."""
    if not change.changed:
        messages.info(request, _("%(title)s: nothing changed.") % {"title": title})
        return
    messages.success(request, _("%(title)s: saved.") % {"title": title})
    for line in snapshot_changes(change.before_snapshot, change.after_snapshot):
        text = _("%(term)s: %(old)s → %(new)s") % {
            "term": line.label,
            "old": line.old,
            "new": line.new,
        }
        messages.success(request, text, extra_tags="change")


def _save(
    request: HttpRequest, parlor: Parlor, *, key: str, row: Row, table: Table | None
) -> HttpResponse:
    form = TermsForm(
        request.POST,
        prefix=key,
        basis=RateBasis.PER_1000_POINTS,
        is_table=table is not None,
    )
    done: list[MoneySettingsChange] = []
    saved = submitted(
        request,
        form,
        lambda _data: done.append(
            money_settings_set(
                parlor=parlor,
                player_count=row.player_count,
                terms=form.own_terms(),
                table=table,
                by=request.user,
            )
        ),
    )
    if saved:
        _confirm(request, row.title, done[0])
        return redirect("manage:money")  # the confirmation is at the top
    return _page(request, parlor, status=400, bound=(key, _labelled(form, row)))


def _labelled(form: TermsForm, row: Row) -> TermsForm:
    """The sent form with the labels and greyed defaults of its row, to show again."""
    for name in TERM_NAMES:
        shown, sent = row.form.fields[name], form.fields[name]
        sent.label = shown.label
        sent.widget.attrs.update(shown.widget.attrs)
    return form


def _row_of(parlor: Parlor, key: str) -> Row:
    return next(row for row in _rows(parlor) if row.key == key)


@require_POST
@manager_page
def money_default_set(request: HttpRequest, player_count: int) -> HttpResponse:
    parlor = require(request.user, Role.MANAGER).parlor
    if player_count not in GAME_TYPES:
        raise NotFound("a game type is 3 or 4 players", code="not_found")
    key = f"default-{player_count}"
    return _save(request, parlor, key=key, row=_row_of(parlor, key), table=None)


@require_POST
@manager_page
def money_table_set(request: HttpRequest, table_id: str) -> HttpResponse:
    parlor = require(request.user, Role.MANAGER).parlor
    table = _table(parlor, table_id)
    key = f"table-{table.public_id}"
    return _save(request, parlor, key=key, row=_row_of(parlor, key), table=table)


@require_POST
@manager_page
def money_table_remove(request: HttpRequest, table_id: str) -> HttpResponse:
    parlor = require(request.user, Role.MANAGER).parlor
    table = _table(parlor, table_id)
    if money_settings_table_remove(table=table, by=request.user):
        messages.success(
            request,
            _("Table %(label)s: its own terms are removed; it follows the default.")
            % {"label": table.label},
        )
    return redirect("manage:money")


@require_POST
@manager_page
def money_large_amount_set(request: HttpRequest) -> HttpResponse:
    parlor = require(request.user, Role.MANAGER).parlor
    form = LargeAmountForm(request.POST)
    before = parlor.large_amount_yen
    changed: list[bool] = []

    def act(data: Any) -> None:
        bound_yen = data["large_amount_yen"]
        changed.append(large_amount_set(parlor=parlor, bound_yen=bound_yen, by=request.user))

    if not submitted(request, form, act):
        return _page(request, parlor, status=400, large=form)
    if not changed[0]:
        messages.info(request, _("Amount a manager confirms: nothing changed."))
    else:
        messages.success(
            request,
            _("Amount a manager confirms: %(old)s → %(new)s")
            % {"old": _large_text(before), "new": _large_text(parlor.large_amount_yen)},
            extra_tags="change",
        )
    return redirect("manage:money")


def _large_text(value: int | None) -> str:
    if value is None:
        return _("what each game's rate can reach")
    return _("%(yen)s yen") % {"yen": f"{value:,}"}
