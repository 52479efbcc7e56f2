"""Players: members (会員) and guests."""

from __future__ import annotations

from django.db import IntegrityError, transaction

from parlor.errors import Conflict, InvalidInput
from parlor.models import Parlor, Player, PlayerKind
from parlor.models.users import Actor
from parlor.security.text import text_check
from parlor.services.audit_log import (
    audit_player_changed,
    audit_player_created,
    player_snapshot,
)

# The columns' lengths (models.Player): a longer value is refused with the field named.
_MAX_LENGTHS = {"name": 60, "kana": 60, "member_number": 20}
PLAYER_NAME_MAX_LENGTH = _MAX_LENGTHS["name"]


@transaction.atomic
def player_create(
    *,
    parlor: Parlor,
    name: str,
    kind: str,
    kana: str = "",  # よみがな, for search at the counter
    member_number: str = "",
    by: Actor = None,
) -> Player:
    """A member (会員, with a member number) or a guest; kana (よみがな) is for search."""
    name, kana, member_number = _cleaned(
        name=name, kana=kana, member_number=member_number, kind=kind
    )
    try:
        with transaction.atomic():
            player = Player.objects.create(
                parlor=parlor, name=name, kana=kana, kind=kind, member_number=member_number
            )
    except IntegrityError as exc:
        raise _number_taken(parlor, member_number) from exc
    audit_player_created(player, by=by)
    return player


@transaction.atomic
def player_update(
    *,
    player: Player,
    name: str,
    kana: str,
    member_number: str,
    kind: str,
    by: Actor,
) -> Player:
    """Changes a player's name, kana (よみがな), member number (会員番号) and kind, checked as
    on create and audited with before and after. Past games keep the name they were recorded
    with (GameSeat.name)."""
    player = Player.objects.select_for_update().get(pk=player.pk)
    name, kana, member_number = _cleaned(
        name=name, kana=kana, member_number=member_number, kind=kind
    )
    before = player_snapshot(player)
    player.name, player.kana, player.member_number, player.kind = name, kana, member_number, kind
    if player_snapshot(player) == before:
        return player
    try:
        with transaction.atomic():
            player.save(update_fields=["name", "kana", "member_number", "kind"])
    except IntegrityError as exc:
        raise _number_taken(player.parlor, member_number) from exc
    audit_player_changed(player, by=by, before=before)
    return player


def player_name_check(name: str, *, field: str = "name") -> str:
    """A player's name as entry takes it (stripped, not blank, at most 60 characters, one line
    without control characters), or InvalidInput naming `field`: the counter's check, which a
    game record's names pass too."""
    name = name.strip()
    if not name:
        raise InvalidInput("the player needs a name", code="name_required", field=field)
    return text_check(name, field=field, max_length=PLAYER_NAME_MAX_LENGTH)


def _cleaned(*, name: str, kana: str, member_number: str, kind: str) -> tuple[str, str, str]:
    """The name, kana and member number stripped; refused with the field named when empty,
    too long, holding a control character, or a member without a number."""
    name, kana, member_number = player_name_check(name), kana.strip(), member_number.strip()
    for field, value in (("kana", kana), ("member_number", member_number)):
        text_check(value, field=field, max_length=_MAX_LENGTHS[field])
    if kind not in PlayerKind.values:
        raise InvalidInput(f"unknown kind {kind!r}", code="invalid_kind", field="kind")
    if kind == PlayerKind.MEMBER and not member_number:
        raise InvalidInput(
            "a member needs a member number", code="member_number_required", field="member_number"
        )
    return name, kana, member_number


def _number_taken(parlor: Parlor, member_number: str) -> Conflict:
    holder = Player.objects.filter(parlor=parlor, member_number=member_number).first()
    whose = f" by {holder.name}" if holder else ""
    return Conflict(
        f"member number {member_number} is already taken{whose} at {parlor.name}",
        code="member_number_taken",
        field="member_number",
        params={"number": member_number, "name": holder.name} if holder else None,
    )
