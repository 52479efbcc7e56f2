"""Hands (局): an append-only log of entries in the tenbo-game/1 format, and the engine's output."""

from __future__ import annotations

import uuid

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import pgettext, pgettext_lazy

from parlor.domain.stored_results import ledger_of
from parlor.models.games import Game
from scoring import Transfer


class HandState(models.TextChoices):
    CURRENT = "current", pgettext_lazy("model", "Current")
    SUPERSEDED = "superseded", pgettext_lazy("model", "Corrected")
    UNDONE = "voided", pgettext_lazy("model", "Undone")  # 取消; the stored value stays "voided"


class Hand(models.Model):
    """One version of one hand as staff entered it.

    A correction adds a new version and marks the old one superseded; undoing the last hand (取消)
    marks it undone (its columns say voided_*: stored names). Nothing here is ever deleted, so
    every game can be rebuilt from its log.
    """

    public_id = models.UUIDField(default=uuid.uuid4, unique=True, editable=False)
    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="hands")
    sequence = models.PositiveIntegerField()  # 1 = the first hand of the game
    version = models.PositiveIntegerField(default=1)
    state = models.CharField(max_length=16, choices=HandState.choices, default=HandState.CURRENT)
    entry = models.JSONField()  # the hand's entry in tenbo-game/1
    entered_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    entered_at = models.DateTimeField(auto_now_add=True)
    idempotency_key = models.CharField(max_length=200, blank=True)
    supersedes = models.OneToOneField(
        "self", on_delete=models.PROTECT, null=True, blank=True, related_name="superseded_by"
    )
    reason = models.TextField(blank=True)  # why this version corrects the previous one
    voided_at = models.DateTimeField(null=True, blank=True)
    voided_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    void_reason = models.TextField(blank=True)

    class Meta:
        verbose_name = pgettext_lazy("model", "Hand")
        verbose_name_plural = pgettext_lazy("model", "Hands")
        ordering = ["game", "sequence", "version"]
        constraints = [
            models.UniqueConstraint(
                fields=["game", "sequence", "version"], name="hand_unique_version"
            ),
            models.UniqueConstraint(
                fields=["game", "sequence"],
                condition=Q(state="current"),
                name="hand_one_current_per_sequence",
            ),
            # A hand's Idempotency-Key names one hand of its game: the hand is the key's record
            # (services.hands.hand_record_once).
            models.UniqueConstraint(
                fields=["game", "idempotency_key"],
                condition=~Q(idempotency_key=""),
                name="hand_unique_idempotency_key",
            ),
            models.CheckConstraint(condition=Q(sequence__gte=1), name="hand_sequence_positive"),
            models.CheckConstraint(condition=Q(version__gte=1), name="hand_version_positive"),
            models.CheckConstraint(
                condition=Q(state__in=HandState.values), name="hand_state_valid"
            ),
            models.CheckConstraint(
                condition=Q(supersedes__isnull=True) | ~Q(reason=""),
                name="hand_correction_has_reason",
            ),
            models.CheckConstraint(
                condition=~Q(state="voided") | Q(voided_at__isnull=False),
                name="hand_voided_has_time",
            ),
        ]

    def __str__(self) -> str:
        return pgettext("model", "hand %(n)s v%(version)s (%(state)s) of %(game)s") % {
            "n": self.sequence,
            "version": self.version,
            "state": self.get_state_display(),
            "game": self.game_id,
        }


class HandOutcome(models.Model):
    """The engine's output for one hand version (tenbo-replay/1 `hands[i]`), kept for reads."""

    hand = models.OneToOneField(Hand, on_delete=models.CASCADE, related_name="outcome")
    round_wind = models.CharField(max_length=1)  # 場風: E, S, W
    round_number = models.PositiveSmallIntegerField()  # 東2局 → 2
    honba = models.PositiveSmallIntegerField()  # 本場
    dealer = models.PositiveSmallIntegerField()  # 親, a seat
    sticks_before = models.PositiveIntegerField()  # 供託 before the hand
    scores_before = models.JSONField()
    transfers = models.JSONField()  # [{from, to, amount, reason}]
    deltas = models.JSONField()
    scores_after = models.JSONField()
    sticks_after = models.PositiveIntegerField()
    next_state = models.JSONField(null=True, blank=True)
    notes = models.JSONField(default=list)
    # 罰符 owed at the final settlement, per seat in points (a chombo under a ruleset that
    # deducts it from the result); empty where the hand owes none. Nothing moves at the table.
    deductions = models.JSONField(default=list, blank=True)
    computed_at = models.DateTimeField(auto_now=True)

    class Meta:
        verbose_name = pgettext_lazy("model", "Hand outcome")
        verbose_name_plural = pgettext_lazy("model", "Hand outcomes")
        constraints = [
            models.CheckConstraint(
                condition=Q(round_wind__in=["E", "S", "W", "N"]),
                name="hand_outcome_round_wind_valid",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.round_wind}{self.round_number}-{self.honba} of hand {self.hand_id}"

    @property
    def ledger(self) -> tuple[Transfer, ...]:
        """The stored transfers as the engine's ledger, read back by Transfer.from_dict (they
        were written by Transfer.to_dict): pages read its attributes, never its keys."""
        return ledger_of(self.transfers)
