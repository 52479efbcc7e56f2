"""The authentication backend: Django's own, behind the login lockout.

Every sign-in path goes through `django.contrib.auth.authenticate()` (the admin's login form,
the tablet's, DRF's token endpoint), so the lockout holds for all of them.
"""

from __future__ import annotations

from typing import Any

from django.contrib.auth import get_user_model
from django.contrib.auth.backends import ModelBackend
from django.contrib.auth.models import User
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest

from parlor.security.client_address import client_address
from parlor.security.lockout import (
    lockout_remaining,
    login_failure_record,
    login_success_record,
)
from parlor.security.user_roles import USER_ROLES


class LockoutModelBackend(ModelBackend):
    def get_user(self, user_id: Any) -> User | None:
        """The session's user, with their roles (USER_ROLES) in the same query."""
        user = get_user_model().objects.select_related(*USER_ROLES).filter(pk=user_id).first()
        return user if user is not None and self.user_can_authenticate(user) else None

    def authenticate(
        self,
        request: HttpRequest | None,
        username: str | None = None,
        password: str | None = None,
        **kwargs: Any,
    ) -> User | None:
        if username is None:
            username = kwargs.get(get_user_model().USERNAME_FIELD)
        if username is None or password is None:
            return None
        username, address = str(username), client_address(request)
        if lockout_remaining(username=username, address=address):
            # PermissionDenied stops authenticate() from asking any other backend: a locked
            # username fails even with the right password.
            raise PermissionDenied("too many failed sign-ins")
        user = super().authenticate(request, username=username, password=password, **kwargs)
        if user is None:
            login_failure_record(username=username, address=address)
        else:
            login_success_record(username=username, address=address)
        return user
