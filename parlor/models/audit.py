"""The audit log (監査ログ): who changed what, when, from what to what, and why.

Append-only at every level: the services only ever add events (in the same transaction as the
change they describe), the admin shows them read-only, the model and its queryset refuse to
update or delete, and on PostgreSQL a trigger refuses UPDATE and DELETE in the database itself
(on SQLite, UPDATE; the test runner empties SQLite tables with DELETE).
"""

from __future__ import annotations

import uuid
from typing import Any, NoReturn

from django.conf import settings
from django.core.serializers.json import DjangoJSONEncoder
from django.db import models
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import pgettext_lazy

from parlor.models.games import Game
from parlor.models.parlors import Parlor


class AuditLogImmutable(Exception):
    """Raised on any attempt to change or delete an audit event."""


def _refuse(what: str) -> NoReturn:
    raise AuditLogImmutable(f"audit events are append-only: they cannot be {what}")


class AuditAction(models.TextChoices):
    CREATE = "create", pgettext_lazy("audit action", "Created")  # 作成
    CORRECT = "correct", pgettext_lazy("audit action", "Corrected")  # 訂正
    # 取消: a hand undone, a last-game call taken back, ...
    UNDO = "void", pgettext_lazy("audit action", "Undone")  # 取消; the stored value stays "void"
    FINISH = "finish", pgettext_lazy("audit action", "Finished")  # 終了
    GAME_VOID = (
        "cancel",
        pgettext_lazy("audit action", "Game voided"),
    )  # 無効; the published value stays "cancel"
    CLOSE = "close", pgettext_lazy("audit action", "Closed")  # 締め: a settlement (精算) closed


class AuditEventQuerySet(models.QuerySet["AuditEvent"]):
    def update(self, **kwargs: Any) -> NoReturn:
        _refuse("updated")

    def delete(self) -> NoReturn:
        _refuse("deleted")


class AuditEvent(models.Model):
    """One change, as the service that made it described it.

    `before` and `after` are JSON snapshots of the subject (a hand version with its entry and
    outcome, a game's status and scores, ...); `before` is null for a create.
    """

    public_id = models.UUIDField(default=uuid.uuid4, unique=True, editable=False)
    parlor = models.ForeignKey(Parlor, on_delete=models.PROTECT, related_name="audit_events")
    at = models.DateTimeField(default=timezone.now)
    # PROTECT: a user who changed something stays (deactivate the account instead).
    actor = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="+",
    )
    actor_name = models.CharField(max_length=150, blank=True)  # the username at the time
    action = models.CharField(max_length=16, choices=AuditAction.choices)
    subject_type = models.CharField(max_length=32)  # game, hand, player, ruleset, settlement, ...
    subject_id = models.CharField(max_length=64)  # the subject's public id (or key)
    game = models.ForeignKey(
        Game, on_delete=models.PROTECT, null=True, blank=True, related_name="audit_events"
    )
    summary = models.CharField(max_length=200)
    before = models.JSONField(null=True, blank=True, encoder=DjangoJSONEncoder)
    after = models.JSONField(null=True, blank=True, encoder=DjangoJSONEncoder)
    reason = models.TextField(blank=True)
    # What happened, e.g. "hand.corrected" (parlor/selectors/audit_text.py says it in the reader's
    # language), and the sentence's values; events stored before kinds have "" and `summary`.
    kind = models.CharField(max_length=40, blank=True)
    data = models.JSONField(default=dict, blank=True, encoder=DjangoJSONEncoder)

    objects = AuditEventQuerySet.as_manager()

    class Meta:
        verbose_name = pgettext_lazy("model", "Audit event")
        verbose_name_plural = pgettext_lazy("model", "Audit log")
        ordering = ["at", "id"]
        indexes = [
            models.Index(fields=["parlor", "at"], name="audit_parlor_at"),
            models.Index(fields=["game", "at"], name="audit_game_at"),
        ]
        constraints = [
            models.CheckConstraint(
                condition=Q(action__in=AuditAction.values), name="audit_action_valid"
            ),
            models.CheckConstraint(condition=~Q(subject_type=""), name="audit_subject_type_set"),
        ]

    def __str__(self) -> str:
        return f"{self.at:%Y-%m-%d %H:%M:%S} {self.actor_name or '-'}: {self.summary}"

    def save(self, *args: Any, **kwargs: Any) -> None:
        if self.pk is not None:  # a stored event (new events get their id on insert)
            _refuse("changed")
        kwargs["force_insert"] = True
        super().save(*args, **kwargs)

    def delete(self, *args: Any, **kwargs: Any) -> NoReturn:
        _refuse("deleted")
