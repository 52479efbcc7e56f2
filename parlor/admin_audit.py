"""The audit log in the Django admin: read-only, for managers. Nothing here can change it."""

from __future__ import annotations

import json
from typing import Any

from django.contrib import admin
from django.db.models import Q
from django.utils.html import format_html, format_html_join
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from parlor.admin_labels import ShownAdmin, choice_filter, enum_filter
from parlor.models import AuditAction, AuditEvent
from parlor.selectors.audit_text import event_changes, event_text


def _pretty(value: Any) -> str:
    return format_html("<pre>{}</pre>", json.dumps(value, ensure_ascii=False, indent=2))


F = "admin field"
LABELS = {
    "at": pgettext_lazy(F, "When"),
    "parlor": pgettext_lazy(F, "Parlor"),
    "actor_name": pgettext_lazy(F, "Who"),
    "action": pgettext_lazy(F, "Action"),
    "subject_type": pgettext_lazy(F, "Subject"),
    "subject_id": pgettext_lazy(F, "Subject ID"),
    "game": pgettext_lazy(F, "Game"),
    "text": _("What"),
    "changes": _("What changed"),
    "summary": pgettext_lazy(F, "Summary"),
    "reason": pgettext_lazy(F, "Reason"),
    "before_json": pgettext_lazy(F, "Before"),
    "after_json": pgettext_lazy(F, "After"),
}
S = "audit subject"
SUBJECTS = {
    "adjustment": pgettext_lazy(S, "Adjustment"),
    "day_close": pgettext_lazy(S, "Day's close"),
    "day_float": pgettext_lazy(S, "Day's float"),
    "event": pgettext_lazy(S, "Event"),
    "game": pgettext_lazy(S, "Game"),
    "game_back": pgettext_lazy(S, "Game back"),
    "hand": pgettext_lazy(S, "Hand"),
    "large_amount": pgettext_lazy(S, "Amount to confirm"),
    "last_game_call": pgettext_lazy(S, "Last game call"),
    "league": pgettext_lazy(S, "League"),
    "member": pgettext_lazy(S, "Member of staff"),
    "money_settings": pgettext_lazy(S, "Money settings"),
    "parlor": pgettext_lazy(S, "Parlor"),
    "player": pgettext_lazy(S, "Player"),
    "ruleset": pgettext_lazy(S, "Ruleset"),
    "season": pgettext_lazy(S, "Season"),
    "settlement": pgettext_lazy(S, "Settlement"),
    "shift": pgettext_lazy(S, "Shift"),
    "stand_in": pgettext_lazy(S, "Stand-in"),
    "standings_settings": pgettext_lazy(S, "Standings settings"),
    "table": pgettext_lazy(S, "Table"),
    "visit": pgettext_lazy(S, "Visit"),
    "visit_wish": pgettext_lazy(S, "Visit's wish"),
}


@admin.register(AuditEvent)
class AuditEventAdmin(ShownAdmin):
    labels = LABELS
    list_display = ["when", "who", "action_in_words", "subject", "text", "parlor"]
    list_filter = [
        "parlor",
        enum_filter("action", LABELS["action"], AuditAction.choices),
        choice_filter(
            "subject_type",
            LABELS["subject_type"],
            [(key, label, Q(subject_type=key)) for key, label in SUBJECTS.items()],
        ),
    ]
    search_fields = ["summary", "subject_id", "actor_name", "reason"]
    date_hierarchy = "at"

    @admin.display(description=LABELS["at"], ordering="at")
    def when(self, event: AuditEvent) -> Any:
        return event.at

    @admin.display(description=LABELS["actor_name"], ordering="actor_name")
    def who(self, event: AuditEvent) -> str:
        return event.actor_name

    @admin.display(description=LABELS["action"], ordering="action")
    def action_in_words(self, event: AuditEvent) -> str:
        return event.get_action_display()

    @admin.display(description=LABELS["subject_type"], ordering="subject_type")
    def subject(self, event: AuditEvent) -> str:
        return str(SUBJECTS.get(event.subject_type, event.subject_type))

    @admin.display(description=LABELS["text"])
    def text(self, event: AuditEvent) -> str:
        return event_text(event)

    @admin.display(description=LABELS["changes"])
    def changes(self, event: AuditEvent) -> str:
        return format_html_join(
            "", "<div>{}: {} → {}</div>", ((c.label, c.old, c.new) for c in event_changes(event))
        )

    @admin.display(description=LABELS["before_json"])
    def before_json(self, event: AuditEvent) -> str:
        return _pretty(event.before)

    @admin.display(description=LABELS["after_json"])
    def after_json(self, event: AuditEvent) -> str:
        return _pretty(event.after)
