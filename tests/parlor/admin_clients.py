"""The Django admin's users for tests: a user signed in, the operator (a superuser), and a
parlor's manager with an admin account."""

from __future__ import annotations

from typing import Any

from django.contrib.auth import get_user_model
from django.test import Client

from parlor.models import MemberRole, Parlor
from tests.parlor.factories import MemberFactory, ParlorFactory


def signed_in(user: Any) -> Client:
    client = Client()
    client.force_login(user)
    return client


def operator_client() -> Client:
    return signed_in(get_user_model().objects.create_superuser("operator", password="pw"))


def managed_parlor(name: str) -> tuple[Parlor, Any]:
    """A parlor named after `name` and its manager, who has an admin account (not a superuser)."""
    parlor = ParlorFactory(name=f"{name} parlor", slug=f"{name.lower()}-parlor")
    member = MemberFactory(parlor=parlor, role=MemberRole.MANAGER, user__username=f"{name}-boss")
    member.user.is_staff = True
    member.user.save(update_fields=["is_staff"])
    return parlor, member.user
