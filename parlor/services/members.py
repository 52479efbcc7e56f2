"""Staff accounts (スタッフ・店長): the manager creates one, changes its role, resets its
password and deactivates it. An account is never deleted (games and the audit log name it);
a manager cannot demote or deactivate themself. No password ever reaches the audit log."""

from __future__ import annotations

from typing import Any

from django.contrib.auth import get_user_model
from django.contrib.auth.models import AbstractBaseUser
from django.contrib.auth.password_validation import validate_password
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction

from parlor.errors import Conflict, InvalidInput
from parlor.models import AuditAction, MemberRole, Parlor, ParlorMember, Player, PlayerKind
from parlor.models.users import Actor
from parlor.services.audit_log import audit_record
from parlor.services.players import player_create, player_update


def _snapshot(member: ParlorMember) -> dict[str, Any]:
    return {
        "username": member.user.get_username(),
        "role": member.role,
        "is_active": member.user.is_active,
    }


def _password_check(password: str, *, user: Any) -> None:
    try:
        validate_password(password, user=user)
    except ValidationError as exc:
        # Django's validators speak the active language already; the page quotes them.
        reasons = " ".join(exc.messages)
        raise InvalidInput(
            reasons, code="password_weak", field="password", params={"reasons": reasons}
        ) from exc


def _member_lock(member: ParlorMember) -> ParlorMember:
    return ParlorMember.objects.select_for_update().select_related("user").get(pk=member.pk)


def _refuse_self(member: ParlorMember, *, by: Any, field: str) -> None:
    if by is not None and member.user_id == by.pk:
        raise Conflict(
            "you cannot do this to your own account: ask another manager",
            code="member_is_self",
            field=field,
        )


def _username_taken(username: str) -> Conflict:
    return Conflict(
        f"the username {username} is taken",
        code="username_taken",
        field="username",
        params={"username": username},
    )


@transaction.atomic
def member_create(
    *, parlor: Parlor, username: str, password: str, role: str, by: Actor
) -> ParlorMember:
    """A new account with its role at the parlor, in one step."""
    User = get_user_model()
    if User.objects.filter(username__iexact=username).exists():
        raise _username_taken(username)
    user = User(username=username)
    _password_check(password, user=user)
    user.set_password(password)
    try:
        with transaction.atomic():
            user.save()
    except IntegrityError as exc:  # the same username sent twice at once
        raise _username_taken(username) from exc
    member = ParlorMember.objects.create(parlor=parlor, user=user, role=MemberRole(role))
    _audit(
        member,
        by=by,
        action=AuditAction.CREATE,
        kind="member.created",
        summary=f"account {username} created",
    )
    return member


@transaction.atomic
def member_role_set(*, member: ParlorMember, role: str, by: Actor) -> ParlorMember:
    """Makes a member staff or manager; a manager cannot demote themself."""
    member = _member_lock(member)
    if member.role == role:
        return member
    _refuse_self(member, by=by, field="role")
    before = _snapshot(member)
    member.role = MemberRole(role)
    member.save(update_fields=["role"])
    _audit(
        member,
        by=by,
        action=AuditAction.CORRECT,
        kind="member.role_changed",
        summary="role changed",
        before=before,
    )
    return member


@transaction.atomic
def member_password_set(*, member: ParlorMember, password: str, by: Actor) -> ParlorMember:
    """A new password typed by the manager (the member's API tokens are revoked with it)."""
    member = _member_lock(member)
    _password_check(password, user=member.user)
    member.user.set_password(password)
    member.user.save(update_fields=["password"])
    _audit(
        member,
        by=by,
        action=AuditAction.CORRECT,
        kind="member.password_reset",
        summary="password reset",
    )
    return member


@transaction.atomic
def member_active_set(*, member: ParlorMember, is_active: bool, by: Actor) -> ParlorMember:
    """Deactivates (or reactivates) a member's account; a manager cannot deactivate themself."""
    member = _member_lock(member)
    if member.user.is_active == is_active:
        return member
    _refuse_self(member, by=by, field="is_active")
    before = _snapshot(member)
    member.user.is_active = is_active
    member.user.save(update_fields=["is_active"])
    summary = "account reactivated" if is_active else "account deactivated"
    kind = "member.reactivated" if is_active else "member.deactivated"
    _audit(member, by=by, action=AuditAction.CORRECT, kind=kind, summary=summary, before=before)
    return member


@transaction.atomic
def member_seat_name_set(
    *, member: ParlorMember, name: str, kana: str = "", by: AbstractBaseUser
) -> Player:
    """The name a member plays under when they sit in (本走): their own Player, created the
    first time and renamed after (its games keep the name they were played under)."""
    member = _member_lock(member)
    player = Player.objects.select_for_update().filter(user=member.user).first()
    if player is None:
        player = player_create(
            parlor=member.parlor, name=name, kana=kana, kind=PlayerKind.GUEST, by=by
        )
        player.user = member.user
        player.save(update_fields=["user"])
    elif (player.name, player.kana) != (name, kana):
        player = player_update(
            player=player,
            name=name,
            kana=kana,
            member_number=player.member_number,
            kind=player.kind,
            by=by,
        )
    _audit(
        member,
        by=by,
        action=AuditAction.CORRECT,
        kind="member.seat_name_set",
        summary=f"seat name set to {player.name}",
        data={"player": player.name},
    )
    return player


def _audit(
    member: ParlorMember,
    *,
    by: Actor,
    action: AuditAction,
    kind: str,
    summary: str,
    before: dict[str, Any] | None = None,
    data: dict[str, Any] | None = None,
) -> None:
    username = member.user.get_username()
    audit_record(
        parlor=member.parlor,
        by=by,
        action=action,
        subject_type="member",
        subject_id=username,
        kind=kind,
        data={"username": username, **(data or {})},
        summary=f"{summary}: {username}",
        before=before,
        after=_snapshot(member),
    )
