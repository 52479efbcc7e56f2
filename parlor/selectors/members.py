"""The parlor's members (スタッフ・店長) as the manager's pages read them."""

from __future__ import annotations

from typing import Any

from django.db.models import QuerySet

from parlor.errors import NotFound
from parlor.models import MemberRole, Parlor, ParlorMember
from parlor.selectors.access import Role, require


def members_of(parlor: Parlor) -> QuerySet[ParlorMember]:
    """The parlor's members with their accounts, managers first, then by username."""
    return (
        ParlorMember.objects.filter(parlor=parlor)
        .select_related("user")
        .order_by("role", "user__username")
    )


def member_for(user: Any, member_id: int) -> ParlorMember:
    """A member of the manager's own parlor; NotFound for anyone else's."""
    parlor = require(user, Role.MANAGER).parlor
    member = members_of(parlor).filter(pk=member_id).first()
    if member is None:
        raise NotFound(f"no member {member_id} at {parlor.name}", code="member_not_found")
    return member


def staff_user_ids(parlor_id: int) -> set[int]:
    """The users of the parlor's staff and managers: a player of theirs seated without a visit
    plays for the parlor (本走)."""
    return set(
        ParlorMember.objects.filter(
            parlor_id=parlor_id, role__in=[MemberRole.STAFF, MemberRole.MANAGER]
        ).values_list("user_id", flat=True)
    )
