"""Visits (来店): a player's stay from check-in to check-out, and the games it takes part in.

Its settlement (精算) is in parlor.models.settlements, adjustments in parlor.models.adjustments.
"""

from __future__ import annotations

import uuid
from typing import Any

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import pgettext, pgettext_lazy

from parlor.models.games import Game
from parlor.models.parlors import Parlor, Player


class VisitStatus(models.TextChoices):
    OPEN = "open", pgettext_lazy("model", "Checked in")
    CLOSED = "closed", pgettext_lazy("model", "Checked out")


class Visit(models.Model):
    """One player's stay at the parlor, from check-in to check-out.

    A last-game call (ラス半) names the game in progress (or the next one) as the last: once it
    is over the visit takes no more games and waits for check-out.
    """

    public_id = models.UUIDField(default=uuid.uuid4, unique=True, editable=False)
    parlor = models.ForeignKey(Parlor, on_delete=models.CASCADE, related_name="visits")
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="visits")
    status = models.CharField(max_length=8, choices=VisitStatus.choices, default=VisitStatus.OPEN)
    checked_in_at = models.DateTimeField(auto_now_add=True)
    checked_in_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    last_game_called_at = models.DateTimeField(null=True, blank=True)  # ラス半
    last_game = models.ForeignKey(
        Game, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    # 希望: what the guest wants to play while waiting (parlor.domain.wishes.Wish.to_json);
    # None: any table.
    wish = models.JSONField(null=True, blank=True)
    checked_out_at = models.DateTimeField(null=True, blank=True)
    checked_out_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )

    class Meta:
        verbose_name = pgettext_lazy("model", "Visit")
        verbose_name_plural = pgettext_lazy("model", "Visits")
        ordering = ["-checked_in_at", "-id"]
        constraints = [
            models.UniqueConstraint(
                fields=["player"], condition=Q(status="open"), name="visit_one_open_per_player"
            ),
            models.CheckConstraint(
                condition=Q(status__in=VisitStatus.values), name="visit_status_valid"
            ),
            models.CheckConstraint(
                condition=(Q(status="open") & Q(checked_out_at__isnull=True))
                | (Q(status="closed") & Q(checked_out_at__isnull=False)),
                name="visit_checked_out_at_iff_closed",
            ),
        ]

    def __str__(self) -> str:
        return pgettext("model", "visit of %(player)s from %(at)s (%(status)s)") % {
            "player": self.player,
            "at": f"{timezone.localtime(self.checked_in_at):%Y-%m-%d %H:%M}",
            "status": self.get_status_display(),
        }

    def save(self, *args: Any, **kwargs: Any) -> None:
        """Refuses to reopen a checked-out visit (one query, only when an existing visit is
        saved as open with its status). A trigger refuses it from anywhere else (0019)."""
        fields = kwargs.get("update_fields")
        if (
            self.pk is not None
            and self.status != VisitStatus.CLOSED
            and (fields is None or "status" in fields)
            and Visit.objects.filter(pk=self.pk, status=VisitStatus.CLOSED).exists()
        ):
            raise VisitReopenRefused(
                f"visit {self.public_id} is checked out: it cannot be reopened; "
                "check the player in again for a new visit"
            )
        super().save(*args, **kwargs)


class VisitReopenRefused(ValueError):
    """Raised on saving a checked-out visit as open again: its receipt is closed for good."""


class VisitGame(models.Model):
    """A game the player of a visit sat in, and in which seat. 代走: staff stood in for a while."""

    visit = models.ForeignKey(Visit, on_delete=models.CASCADE, related_name="games")
    game = models.ForeignKey(Game, on_delete=models.PROTECT, related_name="visit_links")
    seat = models.PositiveSmallIntegerField()
    stand_in_by = models.ForeignKey(  # 代走: the result stays the player's
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    stand_in_note = models.CharField(max_length=200, blank=True)

    class Meta:
        verbose_name = pgettext_lazy("model", "Visit game")
        verbose_name_plural = pgettext_lazy("model", "Visit games")
        ordering = ["visit", "game__started_at", "game_id"]
        constraints = [
            models.UniqueConstraint(fields=["visit", "game"], name="visit_game_unique_game"),
            models.UniqueConstraint(fields=["game", "seat"], name="visit_game_unique_seat"),
        ]

    def __str__(self) -> str:
        return pgettext("model", "game %(game)s seat %(seat)s of visit %(visit)s") % {
            "game": self.game_id,
            "seat": self.seat,
            "visit": self.visit_id,
        }
