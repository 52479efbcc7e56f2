"""Who acts on the parlor's rows: a request's user, signed in or not, or the system."""

from __future__ import annotations

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser, User

Actor = AbstractBaseUser | AnonymousUser | None
"""What a service's `by=` takes: `request.user` as a view has it, or None for the system."""


def actor_row(by: Actor) -> User | None:
    """The user row to store as who did it (a `created_by`, `closed_by`, ...), or None for the
    system and for a signed-out user: those columns point at auth.User (AUTH_USER_MODEL)."""
    return by if isinstance(by, User) else None
