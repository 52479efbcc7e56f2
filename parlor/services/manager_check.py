"""A manager's confirmation typed in at the tablet: their username and password, checked
without signing anyone in (the tablet stays signed in as its staff). The void of a game with
hands and an amount beyond the parlor's bound both ask for it."""

from __future__ import annotations

from typing import Any

from django.contrib.auth import authenticate
from django.contrib.auth.models import AbstractBaseUser

from parlor.errors import InvalidInput
from parlor.selectors.access import is_manager


def manager_confirmer(
    *, parlor_id: int, username: str, password: str, needed_for: str, request: Any = None
) -> AbstractBaseUser:
    """The manager confirming, by their username and password.

    Checked by authenticate(), behind the sign-in lockout like every sign-in. `needed_for`
    ends the sentence when the username is missing ("to void a game that has hands");
    `request`: the tablet's or the API's, for the lockout's client address.
    """
    if not username.strip():
        raise InvalidInput(
            f"a manager's username is needed {needed_for}",
            code="manager_required",
            field="manager_username",
        )
    user = authenticate(request, username=username.strip(), password=password)
    if user is None or not is_manager(user, parlor_id):
        raise InvalidInput(
            "wrong username or password, or not a manager of this parlor",
            code="manager_password_wrong",
            field="manager_password",
        )
    return user


LARGE_AMOUNT = "to let an amount beyond the parlor's bound through"


def manager_confirmer_if_given(
    *, parlor_id: int, username: str, password: str, needed_for: str, request: Any = None
) -> AbstractBaseUser | None:
    """manager_confirmer when a username or a password was typed in; None otherwise (the
    service then asks for a manager only if it needs one)."""
    if not username.strip() and not password:
        return None
    return manager_confirmer(
        parlor_id=parlor_id,
        username=username,
        password=password,
        needed_for=needed_for,
        request=request,
    )
