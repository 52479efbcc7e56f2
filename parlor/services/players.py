"""Players: members (会員) and guests."""

from __future__ import annotations

from django.contrib.auth.models import AbstractBaseUser
from django.db import IntegrityError, transaction

from parlor.models import Parlor, Player, PlayerKind
from parlor.services.audit_log import audit_player_created
from parlor.services.errors import Conflict, InvalidInput


@transaction.atomic
def player_create(
    *,
    parlor: Parlor,
    name: str,
    kind: str,
    member_number: str = "",
    kana: str = "",  # よみがな, for search at the counter
    by: AbstractBaseUser | None = None,
) -> Player:
    if kind == PlayerKind.MEMBER and not member_number:
        raise InvalidInput(
            "a member needs a member number", code="member_number_required", field="member_number"
        )
    try:
        with transaction.atomic():
            player = Player.objects.create(
                parlor=parlor, name=name, kana=kana, kind=kind, member_number=member_number
            )
    except IntegrityError as exc:
        raise Conflict(
            f"member number {member_number} is already taken at {parlor.name}",
            code="member_number_taken",
            field="member_number",
        ) from exc
    audit_player_created(player, by=by)
    return player
