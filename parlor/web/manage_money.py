"""The manager's money settings page (料金設定): the parlor's default terms for four- and
three-player games, each table's own terms, and the amount beyond which a line needs a
manager. Edited through services.money (which validates and audits). Games already started
keep the terms they started with.

A table that follows the default shows each inherited term greyed (「標準: 50 円/1,000点」)
in an empty box: a box left empty stays inherited, so saving one term changes that term only.
After a save the page says what changed, old → new, or that nothing did.
"""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from parlor.domain.own_terms import TERM_NAMES
from parlor.domain.units import RateBasis
from parlor.errors import NotFound
from parlor.models import Parlor, Table
from parlor.money_terms_text import (
    snapshot_changes,
)
from parlor.selectors.access import Role, require
from parlor.services.money import (
    MoneySettingsChange,
    large_amount_set,
    money_settings_set,
    money_settings_table_remove,
)
from parlor.web.manage_forms import submitted
from parlor.web.manager import manager_page
from parlor.web.money_forms import (
    GAME_TYPES,
    LargeAmountForm,
    Row,
    TermsForm,
    money_rows,
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
        "rows": money_rows(parlor, **kw),
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
    return next(row for row in money_rows(parlor) if row.key == key)


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
