"""The manager's form for a new ruleset: a preset, a key, a title and every rule field of the
engine, prefilled with the preset's values, the preset's value beside each input. Only the
fields that differ from the preset are kept: a parlor ruleset is stored as
``{"base": <preset>, ...changes}``, as the API stores it.

The inputs come from ``ruleset_form_fields`` (the engine's field list), grouped as
docs/rulesets.md groups them; a refusal of the engine is put beside the input or the field it
names, in the page's language (``ruleset_refusals``)."""

from __future__ import annotations

import re
from collections import defaultdict
from dataclasses import dataclass, field
from typing import Any, cast

from django import forms
from django.forms import BoundField
from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _

from parlor.view_helpers.ruleset_fields import field_help
from parlor.web.ruleset_form_fields import USED, leaf_values, leaves, plain_value, rule_fields
from parlor.web.ruleset_labels import choice_label, part_label
from rulesets.registry import PRESETS

DEFAULT_PRESET = "standard"

# The groups of docs/rulesets.md, each named by its first field; a field belongs to the group
# of the nearest first field before it in the engine's order, so a new field finds its group.
GROUPS: tuple[tuple[str, Promise], ...] = (
    ("player_count", _("Table and game structure")),
    ("start_points", _("Points, sticks and settlement")),
    ("value_input", _("Hand value")),
    ("honba_ron", _("Payments for a win")),
    ("multi_ron", _("Multiple ron")),
    ("noten_penalty_total", _("Draws, dealer rotation and honba")),
    ("tobi", _("Bust and game end")),
    ("chombo_payment", _("Penalties")),
)


@dataclass
class Input:
    """One input with the preset's value beside it ("" where the preset has none: an empty
    row); ``starts_row``: the first input of a row of a list (``limits.2``)."""

    bound: BoundField
    preset_text: str
    starts_row: bool = False


@dataclass
class FieldRow:
    """A ruleset field: its Japanese label, help, inputs and the refusals that name it."""

    name: str
    label: str
    help: str
    inputs: list[Input]
    errors: list[str] = field(default_factory=list)


@dataclass
class Group:
    title: Promise
    rows: list[FieldRow]


def preset_key_or_default(key: str | None) -> str:
    return key if key is not None and key in PRESETS else DEFAULT_PRESET


class RulesetForm(forms.Form):
    """A parlor ruleset: a preset, a key and a title, and each rule field of the engine."""

    base = forms.ChoiceField(
        widget=forms.HiddenInput,
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

    def __init__(self, data: Any = None, *, preset_key: str) -> None:
        self.preset = PRESETS[preset_key]
        plain = self.preset.to_dict()
        initial: dict[str, Any] = {"base": preset_key}
        self.inputs: dict[str, list[str]] = {}
        for name in rule_fields():
            initial.update(leaf_values(name, plain[name]))
        super().__init__(data, initial=initial)
        cast(forms.ChoiceField, self.fields["base"]).choices = [(k, k) for k in PRESETS]
        for name in rule_fields():
            self.inputs[name] = []
            for leaf in leaves(name):
                self.fields[leaf.name] = leaf.form_field
                self.inputs[name].append(leaf.name)
        self.field_errors: dict[str, list[str]] = defaultdict(list)

    def changes(self) -> dict[str, Any]:
        """The rule fields whose value differs from the preset's, as the engine reads them."""
        plain = self.preset.to_dict()
        found = {}
        for name in rule_fields():
            value = plain_value(name, self.cleaned_data)
            if value != plain[name]:
                found[name] = value
        return found

    def refuse(self, path: str, message: str) -> None:
        """Puts a refusal beside the input the engine's ``path`` names (``limits[2].base``), or
        beside its field, or above the form."""
        name = re.sub(r"\[(\d+)\]", r".\1", path or "")
        top = name.split(".")[0]
        if name in self.fields and name != "base":
            self.add_error(name, message)
        elif top in self.inputs:
            self.field_errors[top].append(message)
        elif top == "id":
            self.add_error("key", message)
        elif top == "title_en":
            self.add_error("title", message)
        else:
            self.add_error(None, message)

    def groups(self) -> list[Group]:
        """The rule fields by group, each with its inputs and the preset's values."""
        plain = self.preset.to_dict()
        starts = dict(GROUPS)
        found: list[Group] = []
        for name in rule_fields():
            if name in starts:
                found.append(Group(starts[name], []))
            shown = {k: value_text(v) for k, v in leaf_values(name, plain[name]).items()}
            help_entry = field_help(name)
            found[-1].rows.append(FieldRow(
                name=name,
                label=help_entry.label,
                help=help_entry.help,
                inputs=self._inputs(name, shown),
                errors=self.field_errors.get(name, []),
            ))
        return found

    def _inputs(self, name: str, shown: dict[str, str]) -> list[Input]:
        inputs: list[Input] = []
        row = None
        for leaf in self.inputs[name]:
            # uma.0 … uma.3 are one row; limits.0.min_han starts row "limits.0".
            parts = leaf.split(".")
            leaf_row = ".".join(parts[:2]) if len(parts) > 2 and parts[1].isdigit() else None
            after_switch = bool(inputs) and inputs[-1].bound.name.endswith("." + USED)
            inputs.append(Input(self[leaf], shown.get(leaf, ""), starts_row=after_switch or (
                leaf_row is not None and leaf_row != row)))
            row = leaf_row
        return inputs


def refused_rows(groups: list[Group]) -> list[FieldRow]:
    """The fields with a refusal beside them or one of their inputs, for the summary above the
    form (a long form: the refusal may be far below)."""
    return [row for group in groups for row in group.rows
            if row.errors or any(each.bound.errors for each in row.inputs)]


def value_text(value: Any) -> str:
    """A ruleset value (its JSON form) in words: choices by their labels, parts by the labels
    of their inputs: 「倍率 2、チョンボにも適用 なし」."""
    if value is None or value is False:
        return str(_("None"))
    if value is True:
        return str(_("Yes"))
    if isinstance(value, dict):
        return "、".join(f"{part_label(k)} {value_text(v)}" for k, v in value.items())
    if isinstance(value, list):
        glue = " / " if any(isinstance(v, dict | list) for v in value) else "、"
        return glue.join(value_text(v) for v in value) or str(_("None"))
    if isinstance(value, str):
        return choice_label(value)
    return f"{value:,}" if isinstance(value, int) and abs(value) >= 10_000 else str(value)
