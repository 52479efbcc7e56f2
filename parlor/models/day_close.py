"""Closing the business day at the counter (締め): the drawer's float, its count and the close.

A close is written once. Reopening a day (a manager, with a reason) marks the close reopened
and leaves every figure of it as it was; closing the day again writes a new close, so a day
has one current close at most and keeps every earlier one.
"""

from __future__ import annotations

import uuid
from typing import Any

from django.conf import settings
from django.db import models
from django.db.models import F, Q
from django.utils.translation import pgettext_lazy

from parlor.models.parlors import Parlor


class DayFloat(models.Model):
    """The change the drawer starts a business day with (釣り銭準備金), as entered at the start
    of the day. A later entry of the same day replaces the amount; the audit log keeps each."""

    parlor = models.ForeignKey(Parlor, on_delete=models.CASCADE, related_name="day_floats")
    business_day = models.DateField()  # 営業日
    float_yen = models.PositiveIntegerField()
    entered_at = models.DateTimeField()
    entered_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )

    class Meta:
        verbose_name = pgettext_lazy("model", "Opening float")
        verbose_name_plural = pgettext_lazy("model", "Opening floats")
        ordering = ["-business_day"]
        constraints = [
            models.UniqueConstraint(
                fields=["parlor", "business_day"], name="day_float_one_per_day"
            ),
        ]

    def __str__(self) -> str:
        return f"float of {self.parlor} on {self.business_day}: {self.float_yen:,} yen"


class DayClose(models.Model):
    """One close of one business day: the drawer expected and counted, and the difference.

    `counts` maps each denomination (yen, as a string key) to how many notes or coins were
    counted. The drawer's figures are copied at the close and never recomputed, so the close
    reads the same whatever happens later.
    """

    public_id = models.UUIDField(default=uuid.uuid4, unique=True, editable=False)
    parlor = models.ForeignKey(Parlor, on_delete=models.CASCADE, related_name="day_closes")
    business_day = models.DateField()  # 営業日
    float_yen = models.PositiveIntegerField()  # 釣り銭準備金
    paid_in_yen = models.BigIntegerField()  # check-outs and counter adjustments paid in
    paid_out_yen = models.BigIntegerField()  # ... and paid out
    expected_yen = models.BigIntegerField()  # float + paid in − paid out
    counts = models.JSONField()  # {"10000": 3, "5000": 1, ..., "1": 0}
    counted_yen = models.BigIntegerField()  # Σ denomination × count
    difference_yen = models.BigIntegerField()  # 過不足: counted − expected (+ over, − short)
    reason = models.TextField(blank=True)  # why the drawer is over or short
    closed_at = models.DateTimeField()
    closed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    confirmed_by = models.ForeignKey(  # the manager who confirmed the close
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    reopened_at = models.DateTimeField(null=True, blank=True)
    reopened_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    reopen_reason = models.TextField(blank=True)

    class Meta:
        verbose_name = pgettext_lazy("model", "Day close")
        verbose_name_plural = pgettext_lazy("model", "Day closes")
        ordering = ["business_day", "closed_at", "id"]
        constraints = [
            models.UniqueConstraint(
                fields=["parlor", "business_day"],
                condition=Q(reopened_at__isnull=True),
                name="day_close_one_current_per_day",
            ),
            models.CheckConstraint(
                condition=Q(expected_yen=F("float_yen") + F("paid_in_yen") - F("paid_out_yen")),
                name="day_close_expected_adds_up",
            ),
            models.CheckConstraint(
                condition=Q(difference_yen=F("counted_yen") - F("expected_yen")),
                name="day_close_difference_adds_up",
            ),
            models.CheckConstraint(
                condition=Q(paid_in_yen__gte=0) & Q(paid_out_yen__gte=0) & Q(counted_yen__gte=0),
                name="day_close_amounts_not_negative",
            ),
            models.CheckConstraint(
                condition=Q(difference_yen=0) | ~Q(reason=""),
                name="day_close_difference_has_reason",
            ),
            models.CheckConstraint(
                condition=(Q(reopened_at__isnull=True) & Q(reopen_reason=""))
                | (Q(reopened_at__isnull=False) & ~Q(reopen_reason="")),
                name="day_close_reopen_has_reason",
            ),
        ]

    def __str__(self) -> str:
        state = "reopened" if self.reopened_at else "closed"
        return (
            f"close of {self.parlor} on {self.business_day} ({state}): {self.difference_yen:+,} yen"
        )

    @property
    def is_current(self) -> bool:
        return self.reopened_at is None

    def counts_by_denomination(self) -> dict[int, int]:
        """{yen: count}, as the close stored them (JSON keys are strings)."""
        stored: dict[str, Any] = self.counts or {}
        return {int(key): int(value) for key, value in stored.items()}
