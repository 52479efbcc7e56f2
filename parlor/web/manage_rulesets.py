"""The parlor's rulesets page (ルール): the presets and the parlor's own rulesets by title, each
readable field by field, and a new parlor ruleset made as "a preset plus changes", validated by
the engine through ruleset_create (audited). An existing ruleset is never edited here: games
keep a snapshot of theirs, and a new ruleset is the way to play by other rules."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_GET, require_http_methods

from parlor.errors import DomainError, NotFound
from parlor.models import Parlor, RulesetDefinition
from parlor.selectors.access import Role, require
from parlor.selectors.rulesets import ruleset_resolve
from parlor.services.rulesets import ruleset_create
from parlor.view_helpers.pages import ruleset_title
from parlor.view_helpers.ruleset_fields import field_help, named_refusal
from parlor.web.errors import refusal_sentence
from parlor.web.manager import manager_page
from parlor.web.ruleset_form import (
    RulesetForm,
    preset_key_or_default,
    refused_rows,
    value_text,
)
from parlor.web.ruleset_refusals import refusal_text
from rulesets.registry import PRESETS
from scoring import Ruleset, ScoringError


def _parlor(request: HttpRequest) -> Parlor:
    return require(request.user, Role.MANAGER).parlor


def _fields(ruleset: Ruleset) -> list[tuple[str, str, str, str]]:
    """(Japanese label, field name, value in words, help) for each field, in the engine's
    order."""
    return [
        (field_help(name).label, name, value_text(value),
         field_help(name).help)
        for name, value in ruleset.to_dict().items()
    ]


@require_http_methods(["GET", "POST"])
@manager_page
def rulesets_page(request: HttpRequest) -> HttpResponse:
    parlor = _parlor(request)
    status = 200
    # ?base=<preset> (the preset picker, or the preset page's "add a ruleset based on this
    # preset") fills the form with that preset's values.
    source = request.POST if request.method == "POST" else request.GET
    preset_key = preset_key_or_default(source.get("base"))
    form = RulesetForm(request.POST if request.method == "POST" else None, preset_key=preset_key)
    if request.method == "POST":
        if form.is_valid():
            try:
                row = ruleset_create(
                    parlor=parlor,
                    key=form.cleaned_data["key"],
                    title=form.cleaned_data["title"],
                    definition={"base": preset_key, **form.changes()},
                    by=request.user,
                )
            except DomainError as exc:
                form.refuse("id" if exc.field == "key" else exc.field or "", _refusal_of(exc))
            except ScoringError as exc:
                form.refuse(exc.field, refusal_text(exc))
            else:
                return redirect("manage:ruleset", ruleset_id=row.public_id)
        status = 400
    groups = form.groups()
    context = {
        "parlor": parlor,
        "presets": sorted(PRESETS.items()),
        "preset_key": preset_key,
        "own": RulesetDefinition.objects.filter(parlor=parlor).order_by("title", "key"),
        "form": form,
        "groups": groups,
        "refused": refused_rows(groups),
    }
    return render(request, "manage/rulesets.html", context, status=status)


def _refusal_of(exc: DomainError) -> str:
    """A service's refusal in the page's language (the key taken names the key)."""
    return refusal_sentence(exc) or exc.message


def _changes(definition: dict[str, Any]) -> list[tuple[str, str, str]]:
    """(Japanese label, field name, value in words) of each field the ruleset changes."""
    return [(field_help(name).label, name, value_text(value))
            for name, value in definition.items() if name != "base"]


def _detail(request: HttpRequest, parlor: Parlor, **context: Any) -> HttpResponse:
    return render(request, "manage/ruleset.html", {"parlor": parlor, **context})


@require_GET
@manager_page
def preset_page(request: HttpRequest, key: str) -> HttpResponse:
    parlor = _parlor(request)
    if key not in PRESETS:
        raise NotFound(f"no preset {key!r}", code="ruleset_not_found")
    preset = PRESETS[key]
    return _detail(request, parlor, title=ruleset_title(preset), key=key, fields=_fields(preset),
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
        "base": ruleset_title(PRESETS[row.definition["base"]])
        if row.definition.get("base") in PRESETS
        else None,
        "changes": _changes(row.definition),
    }
    try:
        context["fields"] = _fields(ruleset_resolve(parlor=parlor, key=row.key))
    except (ScoringError, DomainError) as exc:
        context["problem"] = named_refusal(exc.field, exc.message)
    return _detail(request, parlor, **context)
