"""The inputs of a ruleset form, made from the engine's field list: a ruleset field's type says
what a manager fills in, so a new field of ``scoring.ruleset.Ruleset`` gets its input without
a line here.

An input is a leaf of the ruleset's JSON form, named by its path with dots (``uma.0``,
``pao.ron``, ``limits.2.base``). Choices (enums) are selects, booleans checkboxes, whole numbers
number inputs, a list of numbers one input per place, a list of small values one row per item
and an optional part a checkbox "あり" before its inputs. ``plain_value`` reads the inputs back
into the value the engine reads, ``leaf_values`` writes a value into them.
"""

from __future__ import annotations

import dataclasses
import enum
import types
import typing
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from functools import cache
from typing import Any

from django import forms
from django.utils.translation import gettext as _

from parlor.web.ruleset_labels import choice_label, part_label
from scoring import YAKUMAN_NAMES, LimitName, Ruleset

# Fields the form does not show as rule inputs: the key and the title have their own inputs.
IDENTITY_FIELDS = ("schema_version", "id", "title", "title_en")

# A list of numbers has one input per place (four players at most); a list of rows has this
# many rows, an empty row being left out. Fixed counts keep a form's inputs the same whichever
# preset it starts from.
PLACES = 4
ROWS: Mapping[str, int] = {"limits": len(LimitName), "uma_by_floaters": PLACES + 1}
DEFAULT_ROWS = 4

# Strings of a closed set the engine checks by name, offered as choices.
NAMED_CHOICES: Mapping[str, tuple[str, ...]] = {
    "round_wind_fixed": ("E", "S", "W", "N"),
    "big_yakuman": tuple(sorted(YAKUMAN_NAMES)),
    "double_yakuman": tuple(sorted(YAKUMAN_NAMES)),
    "pao.yaku": tuple(sorted(YAKUMAN_NAMES)),
}

# The checkbox of an optional part ("あり"); its inputs count only when it is ticked.
USED = "used"


@dataclass(frozen=True)
class Leaf:
    """One input: its name (the JSON path with dots), the top-level field and the form field."""

    name: str
    field: str
    form_field: forms.Field


@cache
def _hints(cls: type) -> dict[str, Any]:
    return typing.get_type_hints(cls)


def rule_fields() -> list[str]:
    """The ruleset fields the form offers, in the engine's order."""
    return [f.name for f in dataclasses.fields(Ruleset) if f.name not in IDENTITY_FIELDS]


def ruleset_type(name: str) -> Any:
    return _hints(Ruleset)[name]


def _optional(tp: Any) -> tuple[Any, bool]:
    if typing.get_origin(tp) in (typing.Union, types.UnionType):
        return next(a for a in typing.get_args(tp) if a is not type(None)), True
    return tp, False


def _is_part(tp: Any) -> bool:
    return isinstance(tp, type) and dataclasses.is_dataclass(tp)


def _item(tp: Any) -> Any | None:
    """The item type of a list field, or None."""
    return typing.get_args(tp)[0] if typing.get_origin(tp) is tuple else None


def _switched(inner: Any, optional: bool) -> bool:
    """An optional part or list of rows comes with a checkbox "あり"; an optional number or
    choice is simply left blank."""
    return optional and (_is_part(inner) or _item(_item(inner) or int) is not None)


def _choice_key(path: str) -> str:
    """``pao.yaku`` for ``pao.yaku``, ``big_yakuman`` for ``big_yakuman``: rows drop their index."""
    return ".".join(p for p in path.split(".") if not p.isdigit())


def leaves(field: str) -> list[Leaf]:
    """The inputs of ruleset field ``field``, in order."""
    return list(_leaves(field, field, ruleset_type(field), label=None, required=True))


def _leaves(
    field: str, path: str, tp: Any, *, label: str | None, required: bool
) -> Iterator[Leaf]:
    inner, optional = _optional(tp)
    if _switched(inner, optional):
        yield Leaf(f"{path}.{USED}", field, forms.BooleanField(required=False, label=_("Used")))
        yield from _leaves(field, path, inner, label=label, required=False)
        return
    item = _item(inner)
    if _is_part(inner):
        for sub in dataclasses.fields(inner):
            yield from _leaves(field, f"{path}.{sub.name}", _hints(inner)[sub.name],
                               label=_within(label, part_label(sub.name)), required=required)
    elif item is not None and (_is_part(item) or _item(item) is not None):
        for row in range(ROWS.get(field, DEFAULT_ROWS)):
            yield from _leaves(field, f"{path}.{row}", item, label=_row_label(field, row),
                               required=False)
    elif item is int:
        for place in range(PLACES):
            yield Leaf(f"{path}.{place}", field, forms.IntegerField(required=False, label=_within(
                label, _("Place %(place)s") % {"place": place + 1})))
    else:
        yield Leaf(path, field, _scalar(path, inner, label=label,
                                        required=required and not optional))


def _within(row: str | None, label: str) -> str:
    """An input's label inside a row says the row first: 「2行目 基本点」, 「1人浮き 3位」."""
    return label if row is None else f"{row} {label}"


def _row_label(field: str, row: int) -> str:
    if field == "uma_by_floaters":  # row k is the uma when k players float
        return _("%(count)s floating") % {"count": row}
    return _("Row %(row)s") % {"row": row + 1}


def _scalar(path: str, tp: Any, *, label: str | None, required: bool) -> forms.Field:
    item = _item(tp)
    named = NAMED_CHOICES.get(_choice_key(path))
    if item is not None and (named or (isinstance(item, type) and issubclass(item, enum.Enum))):
        values = named or tuple(m.value for m in item)
        return forms.MultipleChoiceField(
            required=False, label=label, widget=forms.CheckboxSelectMultiple,
            choices=[(v, choice_label(v)) for v in values])
    if item is str:
        return forms.CharField(required=False, label=label,
                               help_text=_("Separate several with commas."))
    if tp is bool:
        return forms.BooleanField(required=False, label=label)
    if tp is int:
        return forms.IntegerField(required=required, label=label)
    if named or (isinstance(tp, type) and issubclass(tp, enum.Enum)):
        values = named or tuple(m.value for m in tp)
        none = [] if required else [("", _("None"))]
        return forms.ChoiceField(required=required, label=label,
                                 choices=none + [(v, choice_label(v)) for v in values])
    return forms.CharField(required=required, label=label)


def leaf_values(field: str, value: Any) -> dict[str, Any]:
    """The inputs' values for ``value``, the field's JSON form (what ``to_dict`` gives)."""
    found: dict[str, Any] = {}
    _fill(found, field, ruleset_type(field), value)
    return found


def _fill(found: dict[str, Any], path: str, tp: Any, value: Any) -> None:
    inner, optional = _optional(tp)
    if _switched(inner, optional):
        found[f"{path}.{USED}"] = value is not None
        if value is None:
            return
    item = _item(inner)
    if _is_part(inner):
        for sub in dataclasses.fields(inner):
            _fill(found, f"{path}.{sub.name}", _hints(inner)[sub.name], value[sub.name])
    elif item is not None and (_is_part(item) or _item(item) is not None or item is int):
        for index, entry in enumerate(value):
            _fill(found, f"{path}.{index}", item, entry)
    elif item is str and not NAMED_CHOICES.get(_choice_key(path)):
        found[path] = ", ".join(value)
    else:
        found[path] = value


def plain_value(field: str, cleaned: Mapping[str, Any]) -> Any:
    """The field's JSON form read back from the cleaned inputs; a blank number is None (the
    engine names the field if it needs one), empty rows and places are left out."""
    return _read(field, ruleset_type(field), cleaned)


def _read(path: str, tp: Any, cleaned: Mapping[str, Any]) -> Any:
    inner, optional = _optional(tp)
    if _switched(inner, optional) and not cleaned.get(f"{path}.{USED}"):
        return None
    item = _item(inner)
    if _is_part(inner):
        return {sub.name: _read(f"{path}.{sub.name}", _hints(inner)[sub.name], cleaned)
                for sub in dataclasses.fields(inner)}
    if item is not None and (_is_part(item) or _item(item) is not None):
        rows = [_read(f"{path}.{row}", item, cleaned)
                for row in range(ROWS.get(path, DEFAULT_ROWS))
                if not _blank_row(f"{path}.{row}", cleaned)]
        return rows
    if item is int:
        return [cleaned[f"{path}.{p}"] for p in range(PLACES)
                if cleaned.get(f"{path}.{p}") is not None]
    value = cleaned.get(path)
    if item is str and not NAMED_CHOICES.get(_choice_key(path)):
        return [v.strip() for v in (value or "").split(",") if v.strip()]
    if item is not None:
        return list(value or [])
    if value == "" or value is None:
        return False if inner is bool else None
    return value


def _blank_row(prefix: str, cleaned: Mapping[str, Any]) -> bool:
    """A row is empty when none of its inputs holds a number or a choice (a checkbox alone
    does not make a row)."""
    return all(v is None or v is False or v in ("", []) for k, v in cleaned.items()
               if k.startswith(prefix + "."))
