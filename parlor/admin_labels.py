"""Read-only admin pages, labelled in the active language, for models whose fields are named
in English words.

A field's own label, column heading and filter title in the admin are its verbose name, which
is the English field name; these pages name each field in the active language instead (Japanese
by default), from one table of labels per page: its form (editable and read-only fields alike),
its list's columns and its filters read the same table (the form's through the labels
ModelAdmin.get_form passes to its form factory).
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar

from django.contrib import admin
from django.db.models import Q, QuerySet
from django.http import HttpRequest
from django.utils.translation import pgettext_lazy

from parlor.admin_scope import VIEW_ONLY, ParlorScopedAdmin, ParlorScopedInline

if TYPE_CHECKING:
    from django_stubs_ext import StrPromise  # a lazy translation, for the checker only

Labels = Mapping[str, "StrPromise"]
Choice = tuple[str, Any, Q]  # the value in the address, its label, the rows it keeps


def _at(row: Any, path: str) -> Any:
    """The value at `path` (a field, or fields across relations joined by __), as a person
    reads it: a choice's label rather than its stored value; None on a missing relation."""
    *through, name = path.split("__")
    for step in through:
        row = getattr(row, step)
        if row is None:
            return None
    shown = getattr(row, f"get_{name}_display", None)
    return shown() if shown is not None else getattr(row, name)


def column(path: str, label: StrPromise, *, boolean: bool = False) -> Callable[[Any], Any]:
    """A column of a list: the field at `path` under a translated heading, sorted by it."""

    def value(row: Any) -> Any:
        return _at(row, path)

    value.__name__ = path  # the column's class in the page
    return admin.display(description=label, ordering=path, boolean=boolean)(value)


def columns(labels: Labels, *paths: str, booleans: Collection[str] = ()) -> tuple[Any, ...]:
    """The columns of a list, each under the label of its field (of the relation it goes
    through, for a path across one); a name of the admin's own method is kept as it is."""
    shown: list[Any] = []
    for path in paths:
        label = labels.get(path) or labels.get(path.split("__")[0])
        shown.append(path if label is None else column(path, label, boolean=path in booleans))
    return tuple(shown)


def choice_filter(name: str, title: StrPromise, choices: Sequence[Choice]) -> type[Any]:
    """A list filter titled in the active language; each choice keeps the rows of its Q."""
    kept = {value: rows for value, _label, rows in choices}

    def lookups(self: Any, request: HttpRequest, model_admin: Any) -> list[tuple[str, Any]]:
        return [(value, label) for value, label, _rows in choices]

    def queryset(self: Any, request: HttpRequest, rows: QuerySet[Any]) -> QuerySet[Any]:
        chosen = kept.get(self.value() or "")
        return rows if chosen is None else rows.filter(chosen)

    return type(
        f"{name}_filter",
        (admin.SimpleListFilter,),
        {"title": title, "parameter_name": name, "lookups": lookups, "queryset": queryset},
    )


def enum_filter(path: str, title: StrPromise, choices: Sequence[tuple[str, Any]]) -> type[Any]:
    """A filter on a field of TextChoices (a status): one choice per value."""
    return choice_filter(path, title, [(v, label, Q(**{path: v})) for v, label in choices])


def yes_no_filter(path: str, title: StrPromise, *, yes: Q | None = None) -> type[Any]:
    """A filter on a yes-or-no field, or on the rows of `yes` and the others."""
    rows = Q(**{path: True}) if yes is None else yes
    return choice_filter(
        path,
        title,
        [
            ("1", pgettext_lazy("admin filter", "Yes"), rows),
            ("0", pgettext_lazy("admin filter", "No"), ~rows),
        ],
    )


def player_count_filter(path: str) -> type[Any]:
    """Three-player (三麻) or four-player (四麻) games."""
    return choice_filter(
        path,
        pgettext_lazy("admin field", "Game type"),
        [
            ("4", pgettext_lazy("admin filter", "Four players"), Q(**{path: 4})),
            ("3", pgettext_lazy("admin filter", "Three players"), Q(**{path: 3})),
        ],
    )


class ParlorFilter(admin.RelatedFieldListFilter):
    """The filter by parlor (雀荘), titled in the active language. Only the operator has it:
    a manager's list has no filter by parlor (admin_scope)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.title = pgettext_lazy("admin field", "Parlor")


def with_parlor_titled(filters: Sequence[Any]) -> list[Any]:
    """`filters` with each filter by parlor (a path ending in parlor) titled by ParlorFilter."""
    return [
        (f, ParlorFilter) if isinstance(f, str) and f.split("__")[-1] == "parlor" else f
        for f in filters
    ]


def date_filter(title: StrPromise) -> type[Any]:
    """A filter on a date field (a business day) titled in the active language; give it as
    (path, date_filter(title)) in list_filter."""

    def __init__(self: Any, *args: Any, **kwargs: Any) -> None:
        admin.DateFieldListFilter.__init__(self, *args, **kwargs)
        self.title = title

    return type("date_filter", (admin.DateFieldListFilter,), {"__init__": __init__})


def without(labels: Labels, name: str) -> Labels:
    """The labels of an inline: its parent's foreign key is not shown on the parent's page."""
    return {k: v for k, v in labels.items() if k != name}


class ShownOnly:
    """What a read-only page and its inlines share: shown, never changed here, each field
    under its label and the page under its description (why it is read-only)."""

    operator_may = VIEW_ONLY
    labels: ClassVar[Labels] = {}
    description: Any = None

    def get_fieldsets(self, request: HttpRequest, obj: Any = None) -> Any:
        return [(None, {"fields": list(self.labels), "description": self.description})]

    def get_readonly_fields(self, request: HttpRequest, obj: Any = None) -> Any:
        return list(self.labels)


class LabelledAdmin(ParlorScopedAdmin, admin.ModelAdmin):
    """An editable page whose form names each field by `labels`."""

    labels: ClassVar[Labels] = {}

    def get_form(
        self, request: HttpRequest, obj: Any = None, change: bool = False, **kwargs: Any
    ) -> Any:
        return super().get_form(request, obj, change, labels=self.labels, **kwargs)

    def get_list_filter(self, request: HttpRequest) -> Any:
        # Titled after the scope has taken the filter by parlor out of a manager's list.
        return with_parlor_titled(super().get_list_filter(request))


class ShownAdmin(ShownOnly, LabelledAdmin):
    actions = None  # no "delete selected"


class ShownInline(ShownOnly, ParlorScopedInline, admin.TabularInline):
    extra = 0
    can_delete = False
    related: tuple[str, ...] = ()

    def get_fields(self, request: HttpRequest, obj: Any = None) -> Any:
        return list(self.labels)

    def get_formset(self, request: HttpRequest, obj: Any = None, **kwargs: Any) -> Any:
        return super().get_formset(request, obj, labels=self.labels, **kwargs)

    def get_queryset(self, request: HttpRequest) -> QuerySet[Any]:
        return super().get_queryset(request).select_related(*self.related)
