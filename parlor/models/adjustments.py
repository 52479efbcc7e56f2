"""Adjustments (調整): money owed to or by a player outside a visit's games."""

from __future__ import annotations

import uuid

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import pgettext, pgettext_lazy

from parlor.models.games import Game
from parlor.models.hands import Hand
from parlor.models.parlors import Parlor, Player
from parlor.models.settlements import Settlement

# The reasons the product writes itself on a correction's adjustment, stored in English as they
# are; selectors.audit_text.adjustment_reason_text reads them in the reader's language.
VOIDED_GAME_REASON = "game voided (無効): "  # followed by the void's reason
RESULT_CHANGED_REASON = "game result changed"  # a changed result with no correction's reason


class AdjustmentKind(models.TextChoices):
    CORRECTION = "correction", pgettext_lazy("model", "Correction of a settled game")
    PAYMENT = "payment", pgettext_lazy("model", "Paid during the visit")
    OTHER = "other", pgettext_lazy("model", "Other")


class Adjustment(models.Model):
    """Money owed to (+) or by (−) a player outside a visit's games.

    A correction of a game whose visit was closed creates one automatically, naming the game,
    the settlement it corrects and the corrected hand; so does a correction of a 本走 game
    whose staff member's shift was signed out, naming the shift. It stays open until the
    player's next check-out takes it, or staff settle it at the counter.
    """

    public_id = models.UUIDField(default=uuid.uuid4, unique=True, editable=False)
    parlor = models.ForeignKey(Parlor, on_delete=models.CASCADE, related_name="adjustments")
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="adjustments")
    kind = models.CharField(max_length=16, choices=AdjustmentKind.choices)
    amount_yen = models.BigIntegerField()
    reason = models.TextField()
    game = models.ForeignKey(
        Game, on_delete=models.PROTECT, null=True, blank=True, related_name="adjustments"
    )
    correction = models.ForeignKey(  # the hand version whose correction caused it
        Hand, on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    corrects_settlement = models.ForeignKey(
        Settlement, on_delete=models.PROTECT, null=True, blank=True, related_name="corrections"
    )
    corrects_shift = models.ForeignKey(  # a 本走 game's correction after sign-out: the shift
        "parlor.Shift", on_delete=models.PROTECT, null=True, blank=True, related_name="corrections"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    settled_in = models.ForeignKey(  # the settlement of the visit that took it
        Settlement, on_delete=models.PROTECT, null=True, blank=True, related_name="adjustments"
    )
    settled_at = models.DateTimeField(null=True, blank=True)
    settled_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )

    class Meta:
        verbose_name = pgettext_lazy("model", "Adjustment")
        verbose_name_plural = pgettext_lazy("model", "Adjustments")
        ordering = ["created_at", "id"]
        constraints = [
            models.CheckConstraint(
                condition=Q(kind__in=AdjustmentKind.values), name="adjustment_kind_valid"
            ),
            models.CheckConstraint(condition=~Q(amount_yen=0), name="adjustment_amount_not_zero"),
            models.CheckConstraint(condition=~Q(reason=""), name="adjustment_has_reason"),
            models.CheckConstraint(
                condition=Q(settled_in__isnull=True) | Q(settled_at__isnull=False),
                name="adjustment_settled_in_has_time",
            ),
            models.CheckConstraint(
                condition=~Q(kind="correction") | Q(game__isnull=False),
                name="adjustment_correction_names_game",
            ),
        ]

    def __str__(self) -> str:
        return pgettext("model", "adjustment %(amount)s yen for %(player)s (%(kind)s)") % {
            "amount": f"{self.amount_yen:+,}",
            "player": self.player,
            "kind": self.get_kind_display(),
        }

    @property
    def is_open(self) -> bool:
        return self.settled_at is None
