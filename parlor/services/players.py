"""Players: members (会員) and guests."""

from __future__ import annotations

from django.db import IntegrityError, transaction

from parlor.models import Parlor, Player, PlayerKind
from parlor.services.errors import Conflict, InvalidInput


@transaction.atomic
def player_create(*, parlor: Parlor, name: str, kind: str, member_number: str = "") -> Player:
    if kind == PlayerKind.MEMBER and not member_number:
        raise InvalidInput(
            "a member needs a member number", code="member_number_required", field="member_number"
        )
    try:
        with transaction.atomic():
            return Player.objects.create(
                parlor=parlor, name=name, kind=kind, member_number=member_number
            )
    except IntegrityError as exc:
        raise Conflict(
            f"member number {member_number} is already taken at {parlor.name}",
            code="member_number_taken",
            field="member_number",
        ) from exc
