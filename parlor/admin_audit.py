"""The audit log in the Django admin: read-only, for managers. Nothing here can change it."""

from __future__ import annotations

import json
from typing import Any

from django.contrib import admin
from django.utils.html import format_html, format_html_join
from django.utils.translation import gettext_lazy as _

from parlor.admin_scope import VIEW_ONLY, ParlorScopedAdmin
from parlor.models import AuditEvent
from parlor.selectors.audit_text import event_changes, event_text


def _pretty(value: Any) -> str:
    return format_html("<pre>{}</pre>", json.dumps(value, ensure_ascii=False, indent=2))


@admin.register(AuditEvent)
class AuditEventAdmin(ParlorScopedAdmin, admin.ModelAdmin):
    list_display = ["at", "actor_name", "action", "subject_type", "text", "parlor"]
    list_filter = ["parlor", "action", "subject_type"]
    search_fields = ["summary", "subject_id", "actor_name", "reason"]
    date_hierarchy = "at"
    readonly_fields = (
        "at",
        "parlor",
        "actor_name",
        "action",
        "subject_type",
        "subject_id",
        "game",
        "text",
        "changes",
        "summary",
        "reason",
        "before_json",
        "after_json",
    )
    fields = readonly_fields
    actions = None  # no "delete selected"
    operator_may = VIEW_ONLY

    @admin.display(description=_("What"))
    def text(self, event: AuditEvent) -> str:
        return event_text(event)

    @admin.display(description=_("What changed"))
    def changes(self, event: AuditEvent) -> str:
        return format_html_join(
            "", "<div>{}: {} → {}</div>", ((c.label, c.old, c.new) for c in event_changes(event))
        )

    @admin.display(description="before")
    def before_json(self, event: AuditEvent) -> str:
        return _pretty(event.before)

    @admin.display(description="after")
    def after_json(self, event: AuditEvent) -> str:
        return _pretty(event.after)
