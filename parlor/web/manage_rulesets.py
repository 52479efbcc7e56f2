"""The parlor's rulesets page (ルール): the presets and the parlor's own rulesets by title, each
readable field by field, and a new parlor ruleset made as "a preset plus changes", validated by
the engine through ruleset_create (audited). An existing ruleset is never edited here: games
keep a snapshot of theirs, and a new ruleset is the way to play by other rules."""

from __future__ import annotations

import json
from typing import Any, cast

from django import forms
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext_lazy as _
from django.views.decorators.http import require_GET, require_http_methods

from parlor.errors import DomainError, NotFound
from parlor.models import Parlor, RulesetDefinition
from parlor.security.limits import JSON_MAX_DEPTH, json_depth_exceeds
from parlor.selectors.access import Role, require
from parlor.selectors.rulesets import ruleset_resolve
from parlor.services.rulesets import ruleset_create
from parlor.web.manager import manager_page
from parlor.web.ruleset_fields import FIELD_HELP, field_help, named_refusal
from rulesets.registry import PRESETS
from scoring.errors import ScoringError
from scoring.ruleset import Ruleset

CHANGES_MAX_CHARS = 20_000


def _reject_constant(name: str) -> None:
    raise ValueError(f"{name} is not a number a ruleset can use")


class RulesetForm(forms.Form):
    """A parlor ruleset: a preset, a key and a title, and the fields that differ (JSON)."""

    base = forms.ChoiceField(
        label=_("Based on the preset"),
        error_messages={"invalid_choice": _("Choose a preset from the list.")},
    )
    key = forms.SlugField(
        label=_("Key (letters, digits and hyphens)"),
        max_length=50,
        error_messages={
            "required": _("Enter a key such as house-2."),
            "invalid": _("Use only letters, digits, hyphens and underscores."),
        },
    )
    title = forms.CharField(
        label=_("Title"),
        max_length=100,
        error_messages={"required": _("Enter the title staff and players will see.")},
    )
    changes = forms.CharField(
        label=_("Changed fields (JSON)"),
        required=False,
        max_length=CHANGES_MAX_CHARS,
        widget=forms.Textarea(attrs={"rows": 8, "cols": 60, "spellcheck": "false"}),
        help_text=_('For example {"uma": [30, 10, -10, -30]}. Leave empty for the preset as is.'),
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        cast(forms.ChoiceField, self.fields["base"]).choices = [
            (key, f"{preset.title} ({preset.title_en})") for key, preset in sorted(PRESETS.items())
        ]

    def clean_changes(self) -> dict[str, Any]:
        text = self.cleaned_data["changes"].strip()
        if not text:
            return {}
        try:
            changes = json.loads(text, parse_constant=_reject_constant)
        except RecursionError as exc:
            raise forms.ValidationError(_("The JSON nests too deep.")) from exc
        except ValueError as exc:
            raise forms.ValidationError(
                _("This is not valid JSON: %(problem)s") % {"problem": exc}
            ) from exc
        if not isinstance(changes, dict):
            raise forms.ValidationError(_('Write the changes as one object: {"field": value}.'))
        if json_depth_exceeds(changes, JSON_MAX_DEPTH):
            raise forms.ValidationError(_("The JSON nests too deep."))
        if "base" in changes or "id" in changes:
            raise forms.ValidationError(
                _("Choose the preset above and the key beside it, not in the changes.")
            )
        return changes


def _parlor(request: HttpRequest) -> Parlor:
    return require(request.user, Role.MANAGER).parlor


def _fields(ruleset: Ruleset) -> list[tuple[str, str, str, str]]:
    """(Japanese label, field name, value as JSON, help) for each field, in the engine's
    order."""
    return [
        (field_help(name).label, name, json.dumps(value, ensure_ascii=False),
         field_help(name).help)
        for name, value in ruleset.to_dict().items()
    ]


def _reference() -> list[tuple[str, str, str]]:
    """(field name, Japanese label, help) of every field a change may name."""
    return [(name, entry.label, entry.help) for name, entry in FIELD_HELP.items()
            if name not in ("schema_version", "id")]


@require_http_methods(["GET", "POST"])
@manager_page
def rulesets_page(request: HttpRequest) -> HttpResponse:
    parlor = _parlor(request)
    status = 200
    # ?base=<preset> (the preset page's "add a ruleset based on this preset") picks the base.
    initial = {"base": request.GET.get("base")} if request.GET.get("base") in PRESETS else {}
    form = RulesetForm(request.POST if request.method == "POST" else None, initial=initial)
    if request.method == "POST":
        if form.is_valid():
            data = form.cleaned_data
            try:
                row = ruleset_create(
                    parlor=parlor,
                    key=data["key"],
                    title=data["title"],
                    definition={"base": data["base"], **data["changes"]},
                    by=request.user,
                )
            except DomainError as exc:
                form.add_error("key" if exc.field == "key" else "changes", exc.message)
            except ScoringError as exc:
                form.add_error("changes", named_refusal(exc.field, exc.message))
            else:
                return redirect("manage:ruleset", ruleset_id=row.public_id)
        status = 400
    context = {
        "parlor": parlor,
        "presets": sorted(PRESETS.items()),
        "own": RulesetDefinition.objects.filter(parlor=parlor).order_by("title", "key"),
        "form": form,
        "reference": _reference(),
    }
    return render(request, "manage/rulesets.html", context, status=status)


def _detail(request: HttpRequest, parlor: Parlor, **context: Any) -> HttpResponse:
    return render(request, "manage/ruleset.html", {"parlor": parlor, **context})


@require_GET
@manager_page
def preset_page(request: HttpRequest, key: str) -> HttpResponse:
    parlor = _parlor(request)
    if key not in PRESETS:
        raise NotFound(f"no preset {key!r}", code="ruleset_not_found")
    preset = PRESETS[key]
    return _detail(request, parlor, title=preset.title, key=key, fields=_fields(preset),
                   clone_from=key)


@require_GET
@manager_page
def ruleset_page(request: HttpRequest, ruleset_id: str) -> HttpResponse:
    parlor = _parlor(request)
    row = RulesetDefinition.objects.filter(parlor=parlor, public_id=ruleset_id).first()
    if row is None:
        raise NotFound(f"no ruleset {ruleset_id}", code="ruleset_not_found")
    context: dict[str, Any] = {
        "title": row.title,
        "key": row.key,
        "changes": json.dumps(row.definition, ensure_ascii=False, indent=2),
    }
    try:
        context["fields"] = _fields(ruleset_resolve(parlor=parlor, key=row.key))
    except (ScoringError, DomainError) as exc:
        context["problem"] = named_refusal(exc.field, exc.message)
    return _detail(request, parlor, **context)
