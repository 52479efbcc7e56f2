"""Stored first responses of POSTs that carried an Idempotency-Key."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import pgettext_lazy
from rest_framework.utils.encoders import JSONEncoder

from parlor.models.parlors import Parlor
from parlor.models.tables import Table


class IdempotencyRecord(models.Model):
    """A retry with the same key gets this response back. The key is unique per table for a
    table's POSTs (tablets), or per parlor for every other write (the counter, the manager)."""

    table = models.ForeignKey(
        Table,
        on_delete=models.CASCADE,
        null=True,
        blank=True,
        related_name="idempotency_records",
    )
    parlor = models.ForeignKey(
        Parlor,
        on_delete=models.CASCADE,
        null=True,
        blank=True,
        related_name="idempotency_records",
    )
    key = models.CharField(max_length=200)
    fingerprint = models.CharField(max_length=64)  # sha256 of method, path and body
    status_code = models.PositiveSmallIntegerField()
    # Stored with the API's own encoder, so a replayed answer is the same JSON as the first
    # (DjangoJSONEncoder would cut a datetime's microseconds, which the API keeps).
    response_body = models.JSONField(encoder=JSONEncoder)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        verbose_name = pgettext_lazy("model", "Idempotency record")
        verbose_name_plural = pgettext_lazy("model", "Idempotency records")
        constraints = [
            models.UniqueConstraint(
                fields=["table", "key"], name="idempotency_unique_key_per_table"
            ),
            models.UniqueConstraint(
                fields=["parlor", "key"], name="idempotency_unique_key_per_parlor"
            ),
            models.CheckConstraint(
                condition=(
                    Q(table__isnull=False, parlor__isnull=True)
                    | Q(table__isnull=True, parlor__isnull=False)
                ),
                name="idempotency_table_or_parlor",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.key} at {self.table or self.parlor}"
