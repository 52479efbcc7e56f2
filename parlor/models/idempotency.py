"""Stored first responses of POSTs that carried an Idempotency-Key."""

from __future__ import annotations

from django.conf import settings
from django.core.serializers.json import DjangoJSONEncoder
from django.db import models

from parlor.models.tables import Table


class IdempotencyRecord(models.Model):
    """A tablet's retry with the same key (unique per table) gets this response back."""

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="idempotency_records")
    key = models.CharField(max_length=200)
    fingerprint = models.CharField(max_length=64)  # sha256 of method, path and body
    status_code = models.PositiveSmallIntegerField()
    response_body = models.JSONField(encoder=DjangoJSONEncoder)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["table", "key"], name="idempotency_unique_key_per_table"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.key} at {self.table}"
