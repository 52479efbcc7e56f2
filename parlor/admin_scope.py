"""The Django admin scoped to a parlor (雀荘). The admin is the operator's (a superuser sees and
does everything the admin allows); a manager (店長) with an admin account (is_staff) sees only
their own parlor's rows, may point a foreign key only at their own parlor's rows, and may not
save a row into another parlor. Anyone else in the admin sees none of the parlors' models.

Another parlor's object is answered 404, as the scoped look-ups of the API do, so its existence
does not leak.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from django.contrib import admin
from django.contrib.admin.exceptions import NotRegistered
from django.contrib.auth import get_user_model
from django.core.exceptions import PermissionDenied
from django.db import models
from django.db.models import Q, QuerySet
from django.http import Http404, HttpRequest
from django.utils.translation import pgettext_lazy

from parlor.models import MemberRole, Parlor

ACTIONS = frozenset({"view", "add", "change", "delete"})
VIEW_ONLY = frozenset({"view"})
# A row's parlor on its form and as its list's column, in the page's language (its verbose
# name is the English field name).
PARLOR_LABEL = pgettext_lazy("admin field", "Parlor")


@admin.display(description=PARLOR_LABEL, ordering="parlor")
def parlor_column(row: Any) -> Any:
    return row.parlor


def manager_parlor_id(user: Any) -> int | None:
    """The parlor the user manages, or None (one query, then remembered on the user)."""
    if not user.is_authenticated:
        return None
    member = getattr(user, "parlor_member", None)  # None when the user works at no parlor
    if member is None or member.role != MemberRole.MANAGER:
        return None
    return int(member.parlor_id)


def parlor_users(parlor_id: int) -> QuerySet[Any]:
    """The accounts of a parlor: its members (staff and managers) and its players' logins."""
    return (
        get_user_model()
        .objects.filter(Q(parlor_member__parlor_id=parlor_id) | Q(player__parlor_id=parlor_id))
        .distinct()
    )


class ParlorScoped:
    """Mixed into a ModelAdmin or an inline: what the operator and a manager may do, and the
    foreign keys a manager may choose."""

    operator_may: frozenset[str] = ACTIONS  # what the admin allows at all
    manager_may: frozenset[str] | None = None  # None: the same as the operator
    admin_site: admin.AdminSite

    def may(self, request: HttpRequest, action: str, obj: Any = None) -> bool:
        if request.user.is_superuser:
            return action in self.operator_may
        allowed = self.operator_may if self.manager_may is None else self.manager_may
        parlor_id = manager_parlor_id(request.user)
        return action in allowed and parlor_id is not None and self.is_at(obj, parlor_id)

    def is_at(self, obj: Any, parlor_id: int) -> bool:
        """Whether `obj` (None: no object in particular) is at the parlor."""
        return True

    def has_module_permission(self, request: HttpRequest) -> bool:
        return self.may(request, "view")

    def has_view_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return self.may(request, "view", obj) or self.may(request, "change", obj)

    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return self.may(request, "add")

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return self.may(request, "change", obj)

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return self.may(request, "delete", obj)

    def get_autocomplete_fields(self, request: HttpRequest) -> list[str]:
        # The autocomplete searches the users' admin, which is the operator's alone; a manager
        # chooses from a list of their own parlor's accounts instead.
        if request.user.is_superuser:
            return list(getattr(self, "autocomplete_fields", ()))
        return []

    def formfield_for_foreignkey(
        self, db_field: models.ForeignKey[Any, Any], request: HttpRequest, **kwargs: Any
    ) -> Any:
        if not request.user.is_superuser:
            kwargs["queryset"] = self.choices_for(db_field.remote_field.model, request)
        return super().formfield_for_foreignkey(db_field, request, **kwargs)  # type: ignore[misc]

    def choices_for(self, model: type[models.Model], request: HttpRequest) -> QuerySet[Any]:
        """The rows of `model` a manager may point a foreign key at: their own parlor's."""
        parlor_id = manager_parlor_id(request.user)
        if parlor_id is None:
            return QuerySet(model).none()
        if model is get_user_model():
            return parlor_users(parlor_id)
        try:
            model_admin = self.admin_site.get_model_admin(model)
        except NotRegistered:
            return QuerySet(model).none()
        if isinstance(model_admin, ParlorScopedAdmin):
            return model_admin.get_queryset(request)
        return QuerySet(model).none()


class ParlorScopedInline(ParlorScoped):
    """An inline: its parent's admin has already found the parent in the user's parlor (a
    parent at another parlor is not found), so the inline needs no parlor of its own."""


if TYPE_CHECKING:
    # What the mixin is mixed into, for the checker: its super() calls reach ModelAdmin.
    _ModelAdmin = admin.ModelAdmin[Any]
else:
    _ModelAdmin = object


class ParlorScopedAdmin(ParlorScoped, _ModelAdmin):
    """Mixed into a ModelAdmin (before it): rows, objects, filters and saves of one parlor."""

    parlor_field = "parlor"  # the lookup from a row to its parlor

    def parlor_id_of(self, obj: Any) -> int | None:
        value = obj
        for name in self.parlor_field.split("__"):
            value = getattr(value, name, None)
            if value is None:
                return None
        return int(value.pk if isinstance(value, Parlor) else value)

    def is_at(self, obj: Any, parlor_id: int) -> bool:
        return obj is None or self.parlor_id_of(obj) == parlor_id

    def get_queryset(self, request: HttpRequest) -> QuerySet[Any]:
        rows = super().get_queryset(request)
        if request.user.is_superuser:
            return rows
        parlor_id = manager_parlor_id(request.user)
        if parlor_id is None:
            return rows.none()
        return rows.filter(**{self.parlor_field: parlor_id})

    def get_object(
        self, request: HttpRequest, object_id: str, from_field: str | None = None
    ) -> Any:
        """Another parlor's object is not found (404) rather than named in a message."""
        obj = super().get_object(request, object_id, from_field)
        if obj is None and not request.user.is_superuser:
            raise Http404("not found")
        return obj

    def get_form(
        self, request: HttpRequest, obj: Any = None, change: bool = False, **kwargs: Any
    ) -> Any:
        kwargs["labels"] = {"parlor": PARLOR_LABEL, **(kwargs.get("labels") or {})}
        return super().get_form(request, obj, change, **kwargs)

    def get_list_display(self, request: HttpRequest) -> Any:
        return [parlor_column if f == "parlor" else f for f in super().get_list_display(request)]

    def get_list_filter(self, request: HttpRequest) -> Any:
        """A manager has one parlor: a filter by parlor would list the other parlors' names."""
        filters = super().get_list_filter(request)
        if request.user.is_superuser:
            return filters
        return [f for f in filters if not (isinstance(f, str) and f.split("__")[-1] == "parlor")]

    def get_changeform_initial_data(self, request: HttpRequest) -> dict[str, Any]:
        # The stubs type the initial data as the query string's (str); a parlor id is an int.
        initial: dict[str, Any] = {**super().get_changeform_initial_data(request)}
        parlor_id = manager_parlor_id(request.user)
        if self.parlor_field == "parlor" and parlor_id is not None:
            initial.setdefault("parlor", parlor_id)
        return initial

    def save_model(self, request: HttpRequest, obj: Any, form: Any, change: bool) -> None:
        parlor_id = manager_parlor_id(request.user)
        if not request.user.is_superuser and (parlor_id is None or not self.is_at(obj, parlor_id)):
            raise PermissionDenied("a manager saves only into their own parlor")
        super().save_model(request, obj, form, change)
