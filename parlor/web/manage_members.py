"""The manager's staff page (スタッフ): the parlor's members with their role; create an
account, change a role, reset a password, deactivate an account. Thin: the rules are in
parlor/services/members.py."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django import forms
from django.contrib.auth import update_session_auth_hash
from django.contrib.auth.validators import UnicodeUsernameValidator
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy
from django.views.decorators.http import require_http_methods

from parlor.models import MemberRole, ParlorMember
from parlor.selectors.access import Role, require
from parlor.selectors.members import member_for, members_of
from parlor.services.members import (
    member_active_set,
    member_create,
    member_password_set,
    member_role_set,
    member_seat_name_set,
)
from parlor.web.manage_forms import submitted
from parlor.web.manager import manager_page

ROLE_CHOICE = {"invalid_choice": _("Choose a role from the list.")}


class PasswordTwiceForm(forms.Form):
    password = forms.CharField(label=_("Password"), widget=forms.PasswordInput, strip=False)
    password_again = forms.CharField(
        label=_("Password again"), widget=forms.PasswordInput, strip=False
    )

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        if data.get("password") and data.get("password_again") != data["password"]:
            self.add_error(
                "password_again",
                _("The two passwords differ: type them again."),
            )
        data.pop("password_again", None)
        return data


class MemberCreateForm(PasswordTwiceForm):
    username = forms.CharField(
        label=_("Username"),
        max_length=150,
        validators=[UnicodeUsernameValidator()],
    )
    role = forms.ChoiceField(
        label=pgettext_lazy("audit field", "Role"),
        choices=MemberRole.choices,
        initial=MemberRole.STAFF,
        error_messages=ROLE_CHOICE,
    )
    field_order = ("username", "password", "password_again", "role")


class RoleForm(forms.Form):
    role = forms.ChoiceField(
        label=pgettext_lazy("audit field", "Role"),
        choices=MemberRole.choices,
        error_messages=ROLE_CHOICE,
    )


class SeatNameForm(forms.Form):
    name = forms.CharField(label=_("Name at the table"), max_length=60)
    kana = forms.CharField(label=pgettext_lazy("player", "Kana"), max_length=60, required=False)


class ActiveForm(forms.Form):
    is_active = forms.BooleanField(label=pgettext_lazy("account", "Active"), required=False)


@require_http_methods(["GET", "POST"])
@manager_page
def members_page(request: HttpRequest) -> HttpResponse:
    parlor = require(request.user, Role.MANAGER).parlor
    form = MemberCreateForm(request.POST or None)
    if submitted(request, form, lambda data: member_create(parlor=parlor, by=request.user, **data)):
        return redirect("setup:members")
    context = {"parlor": parlor, "form": form, "members": members_of(parlor)}
    return render(request, "manage/members.html", context)


# Each form of a member's page, by the name its submit button sends as `form`.
# Each form on a member's page and the service its data goes to (as keyword arguments).
MEMBER_FORMS: dict[str, tuple[type[forms.Form], Callable[..., object]]] = {
    "role": (RoleForm, member_role_set),
    "password": (PasswordTwiceForm, member_password_set),
    "active": (ActiveForm, member_active_set),
    "seat_name": (SeatNameForm, member_seat_name_set),
}


@require_http_methods(["GET", "POST"])
@manager_page
def member_page(request: HttpRequest, member_id: int) -> HttpResponse:
    member = member_for(request.user, member_id)
    forms_shown = _member_forms(member)
    sent = request.POST.get("form", "")
    if sent in MEMBER_FORMS:
        form_class, act = MEMBER_FORMS[sent]
        form = forms_shown[sent] = form_class(request.POST, prefix=sent)
        if submitted(request, form, lambda data: act(member=member, by=request.user, **data)):
            if member.user_id == request.user.pk:  # a manager's own new password: stay signed in
                request.user.refresh_from_db()
                update_session_auth_hash(request, request.user)
            return redirect("setup:member", member_id=member.pk)
    return render(request, "manage/member.html", {"member": member, **forms_shown})


def _member_forms(member: ParlorMember) -> dict[str, forms.Form]:
    return {
        "role": RoleForm(prefix="role", initial={"role": member.role}),
        "password": PasswordTwiceForm(prefix="password"),
        "active": ActiveForm(prefix="active", initial={"is_active": member.user.is_active}),
        "seat_name": SeatNameForm(prefix="seat_name", initial=_seat_name(member)),
    }


def _seat_name(member: ParlorMember) -> dict[str, str]:
    player = getattr(member.user, "player", None)
    return {"name": player.name, "kana": player.kana} if player is not None else {}
