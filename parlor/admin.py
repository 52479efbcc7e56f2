"""Django admin for parlors, tables, players and rulesets; games, visits, receipts and the
audit log are read-only, each in its own module (admin_games, admin_money, admin_audit)."""

from __future__ import annotations

import json
from typing import Any

from django import forms
from django.contrib import admin
from django.http import HttpRequest
from django.utils.html import format_html, format_html_join
from django.utils.translation import pgettext, pgettext_lazy

from parlor import (
    admin_audit,  # noqa: F401  (registers the audit log, read-only)
    admin_events,  # noqa: F401  (tournaments, read-only)
    admin_games,  # noqa: F401  (games, their seats, results and hands, read-only)
    admin_money,  # noqa: F401  (money settings; visits and receipts read-only)
    admin_seasons,  # noqa: F401  (seasons and their standings, read-only)
)
from parlor.admin_labels import columns
from parlor.admin_scope import ParlorScopedAdmin, ParlorScopedInline
from parlor.errors import DomainError
from parlor.models import (
    Parlor,
    ParlorMember,
    Player,
    RulesetDefinition,
    Table,
)
from parlor.selectors.rulesets import ruleset_resolve, ruleset_validate
from parlor.services.rulesets import preset_clone_definition
from parlor.view_helpers.pages import ruleset_title
from parlor.view_helpers.ruleset_fields import field_help, named_refusal
from rulesets.registry import PRESETS
from scoring import ScoringError

admin.site.site_header = pgettext_lazy("admin", "tenbo administration")
admin.site.site_title = pgettext_lazy("admin", "tenbo administration")
admin.site.index_title = pgettext_lazy("admin", "Administration")


# A member's or a player's sign-in account, in the page's language (its verbose name is the
# English field name).
USER_LABEL = pgettext_lazy("admin field", "User")


class ParlorMemberInline(ParlorScopedInline, admin.TabularInline):
    model = ParlorMember
    extra = 0
    autocomplete_fields = ["user"]

    def get_formset(self, request: HttpRequest, obj: Any = None, **kwargs: Any) -> Any:
        return super().get_formset(request, obj, labels={"user": USER_LABEL}, **kwargs)


@admin.register(Parlor)
class ParlorAdmin(ParlorScopedAdmin, admin.ModelAdmin):
    """A manager edits their own parlor and its members; only the operator adds or deletes one."""

    parlor_field = "pk"
    manager_may = frozenset({"view", "change"})
    list_display = ["name", "slug", "time_zone", "business_day_cutoff_hour"]
    prepopulated_fields = {"slug": ["name"]}
    inlines = [ParlorMemberInline]


class DefinitionField(forms.JSONField):
    """The definition box: empty on a new ruleset's form (a JSONField shows None as `null`)."""

    def prepare_value(self, value: Any) -> Any:
        return "" if value is None else super().prepare_value(value)


class RulesetDefinitionForm(forms.ModelForm):
    clone_preset = forms.ChoiceField(
        label=pgettext_lazy("admin field", "Copy a preset"),
        required=False,
        choices=lambda: [("", "—")] + [(k, f"{k}: {ruleset_title(r)}") for k, r in PRESETS.items()],
        help_text=pgettext_lazy(
            "admin help",
            "Copy a preset into the definition, then edit it (leave the definition empty).",
        ),
    )
    definition = DefinitionField(
        label=pgettext_lazy("admin field", "Ruleset definition (JSON)"),
        required=False,
        help_text=pgettext_lazy(
            "admin help",
            'The engine\'s ruleset object, e.g. {"base": "standard", "uma": [30, 10, -10, -30]}.',
        ),
    )

    class Meta:
        model = RulesetDefinition
        fields = ["parlor", "key", "title", "clone_preset", "definition"]

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        if data.get("clone_preset") and not data.get("definition"):
            data["definition"] = preset_clone_definition(data["clone_preset"])
        if not data.get("definition"):
            self.add_error(
                "definition",
                pgettext("admin", "Give a definition or choose a preset to copy."),
            )
        elif key := data.get("key"):
            if key in PRESETS:  # add_error takes the key out of data: keep it in `key`
                self.add_error(
                    "key",
                    pgettext("admin", "'%(key)s' is a preset's key: choose another key.")
                    % {"key": key},
                )
            try:
                ruleset_validate(key=key, definition=data["definition"])
            except ScoringError as exc:
                self.add_error("definition", named_refusal(exc.field, exc.message))
        return data


@admin.register(RulesetDefinition)
class RulesetDefinitionAdmin(ParlorScopedAdmin, admin.ModelAdmin):
    form = RulesetDefinitionForm
    list_display = ["key", "title", "parlor", "updated_at"]
    list_filter = ["parlor"]
    readonly_fields = ["rules_in_full"]

    @admin.display(description=pgettext_lazy("admin", "Every rule"))
    def rules_in_full(self, row: RulesetDefinition) -> str:
        """Every field of the saved ruleset with its Japanese label and help (one query for
        the parlor's own rulesets, as the tables use them)."""
        if row.pk is None:
            return pgettext("admin", "Every field shows once the ruleset is saved.")
        try:
            ruleset = ruleset_resolve(parlor=row.parlor, key=row.key)
        except (ScoringError, DomainError) as exc:
            return named_refusal(exc.field, exc.message)
        rows = format_html_join(
            "",
            "<tr><td>{}</td><td><code>{}</code></td><td>{}</td><td>{}</td></tr>",
            (
                (
                    field_help(name).label,
                    name,
                    json.dumps(value, ensure_ascii=False),
                    field_help(name).help,
                )
                for name, value in ruleset.to_dict().items()
            ),
        )
        return format_html("<table data-rules-in-full>{}</table>", rows)


class TableForm(forms.ModelForm):
    class Meta:
        model = Table
        fields = ["parlor", "label", "ruleset_key", "is_active"]

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        if data.get("parlor") and data.get("ruleset_key"):
            try:
                ruleset_resolve(parlor=data["parlor"], key=data["ruleset_key"])
            except (ScoringError, DomainError) as exc:
                self.add_error("ruleset_key", str(exc))
        return data


@admin.register(Table)
class TableAdmin(ParlorScopedAdmin, admin.ModelAdmin):
    form = TableForm
    list_display = ["label", "parlor", "ruleset", "is_active"]
    list_filter = ["parlor", "is_active"]

    @admin.display(description=pgettext_lazy("model", "Ruleset"), ordering="ruleset_key")
    def ruleset(self, table: Table) -> str:
        """The title of the table's ruleset (one query for a parlor's own ruleset)."""
        try:
            return ruleset_title(ruleset_resolve(parlor=table.parlor, key=table.ruleset_key))
        except (ScoringError, DomainError):
            return f"{table.ruleset_key} (?)"


@admin.register(Player)
class PlayerAdmin(ParlorScopedAdmin, admin.ModelAdmin):
    list_display = [
        "name", "member_number", "kind", "parlor", *columns({"user": USER_LABEL}, "user")
    ]
    list_filter = ["parlor", "kind"]
    search_fields = ["name", "member_number"]
    autocomplete_fields = ["user"]

    def get_form(
        self, request: HttpRequest, obj: Any = None, change: bool = False, **kwargs: Any
    ) -> Any:
        kwargs["labels"] = {"user": USER_LABEL, **(kwargs.get("labels") or {})}
        return super().get_form(request, obj, change, **kwargs)
