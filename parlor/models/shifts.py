"""Staff shifts (シフト): a member of staff signed in and out at the counter, with the float
(釣り銭) handed out and returned, and what the shift came to, fixed at sign-out.

What the figures mean and how they add up: docs/shifts.md and parlor/domain/shift_money.py.
"""

from __future__ import annotations

import uuid

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import pgettext, pgettext_lazy

from parlor.models.parlors import GameBack, Parlor


class Shift(models.Model):
    """One shift of one member of staff. Open while `signed_out_at` is None; a staff member has
    one open shift at most. The settlement columns are written once, at sign-out."""

    public_id = models.UUIDField(default=uuid.uuid4, unique=True, editable=False)
    parlor = models.ForeignKey(Parlor, on_delete=models.CASCADE, related_name="shifts")
    staff = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="shifts"
    )
    business_day = models.DateField()  # 営業日 of the sign-in
    signed_in_at = models.DateTimeField()
    signed_in_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    float_out_yen = models.PositiveIntegerField()  # 釣り銭 handed out at sign-in
    signed_out_at = models.DateTimeField(null=True, blank=True)
    signed_out_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    float_back_yen = models.PositiveIntegerField(null=True, blank=True)  # returned at sign-out
    # Fixed at sign-out (domain.shift_money.ShiftMoney), so the day's close reads the same later.
    game_back = models.CharField(max_length=8, choices=GameBack.choices, blank=True)
    result_yen = models.BigIntegerField(null=True, blank=True)  # 本走 results (+ staff won)
    fees_yen = models.BigIntegerField(null=True, blank=True)  # the fees 本走 would have paid
    back_yen = models.BigIntegerField(null=True, blank=True)  # ゲームバック of those fees
    owed_yen = models.BigIntegerField(null=True, blank=True)  # + staff pays, − staff is paid

    class Meta:
        verbose_name = pgettext_lazy("model", "Shift")
        verbose_name_plural = pgettext_lazy("model", "Shifts")
        ordering = ["-signed_in_at", "-id"]
        constraints = [
            models.UniqueConstraint(
                fields=["staff"],
                condition=Q(signed_out_at__isnull=True),
                name="shift_one_open_per_staff",
            ),
            models.CheckConstraint(
                condition=(Q(signed_out_at__isnull=True) & Q(owed_yen__isnull=True))
                | (
                    Q(signed_out_at__isnull=False)
                    & Q(float_back_yen__isnull=False)
                    & Q(owed_yen__isnull=False)
                    & Q(game_back__in=GameBack.values)
                ),
                name="shift_closed_has_settlement",
            ),
        ]

    def __str__(self) -> str:
        if self.signed_out_at is None:
            text = pgettext("model", "shift of %(staff)s on %(day)s (open)")
        else:
            text = pgettext("model", "shift of %(staff)s on %(day)s (closed)")
        return text % {"staff": self.staff, "day": self.business_day}

    @property
    def is_open(self) -> bool:
        return self.signed_out_at is None
