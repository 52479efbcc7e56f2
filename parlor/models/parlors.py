"""Parlors (雀荘), the people who work there and the players who play there."""

from __future__ import annotations

import uuid

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import pgettext, pgettext_lazy

from parlor.security.text import OneLineText


class GameBack(models.TextChoices):
    """The parlor's game-back rule (ゲームバック): how much of the game fees its staff's 本走
    games would have been charged is given back to them (domain.shift_money.GameBackRule)."""

    FULL = "full", pgettext_lazy("model", "Full back")
    HALF = "half", pgettext_lazy("model", "Half back")
    NONE = "none", pgettext_lazy("model", "No back")


class Parlor(models.Model):
    """A store (雀荘). Its business day (営業日) turns over at its cutoff hour, local time."""

    public_id = models.UUIDField(default=uuid.uuid4, unique=True, editable=False)
    name = models.CharField(
        pgettext_lazy("model", "Parlor name"), max_length=100, validators=[OneLineText()]
    )
    slug = models.SlugField(pgettext_lazy("model", "Slug"), max_length=50, unique=True)
    time_zone = models.CharField(
        pgettext_lazy("model", "Time zone"), max_length=64, default="Asia/Tokyo"
    )
    business_day_cutoff_hour = models.PositiveSmallIntegerField(
        pgettext_lazy("model", "Business day cutoff hour"), default=6
    )
    # 確認が必要な金額: a receipt line or an adjustment beyond this many yen needs a manager's
    # confirmation. None: the bound derived from each game's rate (domain.money_guard).
    large_amount_yen = models.PositiveIntegerField(
        pgettext_lazy("model", "Amount a manager confirms"), null=True, blank=True
    )
    # ゲームバック: how much of the fees its staff's 本走 games would have paid is given back
    # to them at the end of their shift (models.shifts.GameBack; docs/shifts.md).
    game_back = models.CharField(
        pgettext_lazy("model", "Game back"),
        max_length=8,
        default=GameBack.FULL,
        choices=GameBack.choices,
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        verbose_name = pgettext_lazy("model", "Parlor")
        verbose_name_plural = pgettext_lazy("model", "Parlors")
        ordering = ["name"]
        constraints = [
            models.CheckConstraint(
                condition=Q(business_day_cutoff_hour__lte=23), name="parlor_cutoff_hour_0_23"
            ),
            models.CheckConstraint(
                condition=Q(game_back__in=GameBack.values), name="parlor_game_back_valid"
            ),
        ]

    def __str__(self) -> str:
        return self.name


class MemberRole(models.TextChoices):
    MANAGER = "manager", pgettext_lazy("model", "Manager")
    STAFF = "staff", pgettext_lazy("model", "Staff")


class ParlorMember(models.Model):
    """A user who works at a parlor. A user works at one parlor at most."""

    parlor = models.ForeignKey(Parlor, on_delete=models.CASCADE, related_name="members")
    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="parlor_member"
    )
    role = models.CharField(
        pgettext_lazy("model", "Role"),
        max_length=16,
        choices=MemberRole.choices,
        default=MemberRole.STAFF,
    )

    class Meta:
        verbose_name = pgettext_lazy("model", "Parlor member")
        verbose_name_plural = pgettext_lazy("model", "Parlor members")
        constraints = [
            models.CheckConstraint(
                condition=Q(role__in=MemberRole.values), name="parlor_member_role_valid"
            ),
        ]

    def __str__(self) -> str:
        return pgettext("model", "%(user)s (%(role)s at %(parlor)s)") % {
            "user": self.user,
            "role": self.get_role_display(),
            "parlor": self.parlor,
        }


class PlayerKind(models.TextChoices):
    MEMBER = "member", pgettext_lazy("model", "Member")
    GUEST = "guest", pgettext_lazy("model", "Guest")


class Player(models.Model):
    """Someone who sits at a table. A staff member seated as a player (本走) has a Player too."""

    public_id = models.UUIDField(default=uuid.uuid4, unique=True, editable=False)
    parlor = models.ForeignKey(Parlor, on_delete=models.CASCADE, related_name="players")
    name = models.CharField(
        pgettext_lazy("model", "Name"), max_length=60, validators=[OneLineText()]
    )
    kana = models.CharField(  # for search at the counter
        pgettext_lazy("model", "Kana"), max_length=60, blank=True, validators=[OneLineText()]
    )
    member_number = models.CharField(
        pgettext_lazy("model", "Member number"),
        max_length=20,
        blank=True,
        validators=[OneLineText()],
    )
    kind = models.CharField(
        pgettext_lazy("model", "Kind"),
        max_length=16,
        choices=PlayerKind.choices,
        default=PlayerKind.GUEST,
    )
    user = models.OneToOneField(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="player",
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        verbose_name = pgettext_lazy("model", "Player")
        verbose_name_plural = pgettext_lazy("model", "Players")
        ordering = ["name"]
        constraints = [
            models.UniqueConstraint(
                fields=["parlor", "member_number"],
                condition=~Q(member_number=""),
                name="player_unique_member_number",
            ),
            models.CheckConstraint(
                condition=Q(kind="guest") | ~Q(member_number=""),
                name="player_member_has_number",
            ),
            models.CheckConstraint(
                condition=Q(kind__in=PlayerKind.values), name="player_kind_valid"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.name} #{self.member_number}" if self.member_number else self.name
