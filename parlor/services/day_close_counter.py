"""A business day closed or reopened at the counter: the manager confirms with their username
and password, typed on the staff's tablet (the counter's form and the API share this path)."""

from __future__ import annotations

from collections.abc import Mapping
from datetime import date
from typing import Any

from django.contrib.auth import authenticate
from django.contrib.auth.models import AbstractBaseUser

from parlor.errors import InvalidInput
from parlor.models import DayClose, Parlor
from parlor.models.users import Actor
from parlor.selectors.access import is_manager
from parlor.services.day_close import day_close_record, day_close_reopen


def day_close_confirmer(
    *, parlor: Parlor, username: str, password: str, request: Any = None
) -> AbstractBaseUser | None:
    """The manager confirming at the counter, by their username and password (None if no
    username was typed: the one closing may be a manager). Checked by authenticate(), behind
    the sign-in lockout, without signing anyone in: the tablet stays signed in as its staff."""
    if not username.strip():
        return None
    user = authenticate(request, username=username.strip(), password=password)
    if user is None or not is_manager(user, parlor.pk):
        raise InvalidInput(
            "wrong username or password, or not a manager of this parlor",
            code="manager_password_wrong",
            field="manager_password",
        )
    return user


def day_close_at_the_counter(
    *,
    parlor: Parlor,
    counts: Mapping[str | int, object],
    by: Actor,
    manager_username: str = "",
    manager_password: str = "",
    float_yen: int | None = None,
    reason: str = "",
    day: date | None = None,
    request: Any = None,
) -> DayClose:
    """day_close_record, confirmed by the manager whose username and password were typed in
    (if any): the one path of the counter's close form and the API's."""
    confirmed_by = day_close_confirmer(
        parlor=parlor, username=manager_username, password=manager_password, request=request
    )
    return day_close_record(
        parlor=parlor,
        counts=counts,
        by=by,
        confirmed_by=confirmed_by,
        float_yen=float_yen,
        reason=reason,
        day=day,
    )


def day_close_reopen_at_the_counter(
    *,
    close: DayClose,
    reason: str,
    by: Actor,
    manager_username: str = "",
    manager_password: str = "",
    request: Any = None,
) -> DayClose:
    """day_close_reopen, confirmed as day_close_at_the_counter is."""
    confirmed_by = day_close_confirmer(
        parlor=close.parlor, username=manager_username, password=manager_password, request=request
    )
    return day_close_reopen(close=close, reason=reason, by=by, confirmed_by=confirmed_by)
