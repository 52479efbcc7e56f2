"""Settlements (精算): the closed money view of a visit, written once at check-out, never changed.

A later correction of a game becomes an Adjustment (parlor.models.adjustments), settled on the
player's next visit or by staff.
"""

from __future__ import annotations

import uuid
from typing import Any, NoReturn

from django.conf import settings
from django.db import models
from django.db.models import F, Q
from django.utils.translation import pgettext, pgettext_lazy

from parlor.models.visits import Visit


class ReceiptImmutable(ValueError):
    """Raised on any attempt to change or delete a closed settlement or one of its lines."""


def _refuse(model: str, what: str) -> NoReturn:
    raise ReceiptImmutable(
        f"{model} rows are closed receipts, immutable: they cannot be {what}; make an adjustment"
    )


class ImmutableQuerySet(models.QuerySet[Any]):
    """No update() or delete() in bulk either (bulk_update goes through update())."""

    def update(self, **kwargs: Any) -> NoReturn:
        _refuse(self.model.__name__, "updated")

    def delete(self) -> NoReturn:
        _refuse(self.model.__name__, "deleted")


class ImmutableModel(models.Model):
    """Written once: a receipt never changes. The model and its querysets refuse changes and
    deletes, and a database trigger refuses them from anywhere else (migration 0007)."""

    objects = ImmutableQuerySet.as_manager()

    class Meta:
        abstract = True

    def save(self, *args: Any, **kwargs: Any) -> None:
        if self.pk is not None:  # a row that exists (new rows get their id on insert)
            _refuse(type(self).__name__, "changed")
        super().save(*args, **kwargs)

    def delete(self, *args: Any, **kwargs: Any) -> NoReturn:
        _refuse(type(self).__name__, "deleted")


class Settlement(ImmutableModel):
    """The closed money view of a visit (精算): what the player is paid (+) or pays (−)."""

    public_id = models.UUIDField(default=uuid.uuid4, unique=True, editable=False)
    visit = models.OneToOneField(Visit, on_delete=models.PROTECT, related_name="settlement")
    closed_at = models.DateTimeField()
    closed_by = models.ForeignKey(  # PROTECT: clearing it would change a closed receipt
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    points_yen = models.BigIntegerField()
    chips_yen = models.BigIntegerField()
    fees_yen = models.BigIntegerField()
    adjustments_yen = models.BigIntegerField()
    total_yen = models.BigIntegerField()  # + paid to the player, − paid by the player
    # The lines the receipt was closed with: a line beyond them is refused by a trigger
    # (migration 0019), so a closed receipt takes no new line.
    line_count = models.PositiveIntegerField(default=0)

    class Meta:
        verbose_name = pgettext_lazy("model", "Settlement")
        verbose_name_plural = pgettext_lazy("model", "Settlements")
        ordering = ["-closed_at", "-id"]
        constraints = [
            models.CheckConstraint(
                condition=Q(
                    total_yen=F("points_yen")
                    + F("chips_yen")
                    - F("fees_yen")
                    + F("adjustments_yen")
                ),
                name="settlement_total_adds_up",
            ),
            models.CheckConstraint(
                condition=Q(fees_yen__gte=0), name="settlement_fees_not_negative"
            ),
        ]

    def __str__(self) -> str:
        return pgettext("model", "settlement of visit %(visit)s: %(total)s yen") % {
            "visit": self.visit_id,
            "total": f"{self.total_yen:+,}",
        }
