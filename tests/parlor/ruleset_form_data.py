"""What a browser sends for the manager's ruleset form: every input as the preset filled it,
with the changes a test makes, by input (``{"uma.0": 20}``) or by field as the engine reads it
(``rules={"uma": [30, 10, -10, -30]}``)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from parlor.web.ruleset_form import RulesetForm
from parlor.web.ruleset_form_fields import leaf_values


def form_data(
    preset_key: str = "standard",
    changes: Mapping[str, Any] | None = None,
    *,
    rules: Mapping[str, Any] | None = None,
    key: str = "house-2",
    title: str = "ハウス",
) -> dict[str, Any]:
    form = RulesetForm(preset_key=preset_key)
    data: dict[str, Any] = {"base": preset_key, "key": key, "title": title}
    values = {name: form.initial.get(name) for name in form.fields if name not in data}
    for field, value in (rules or {}).items():
        values.update({name: None for name in form.inputs[field]})
        values.update(leaf_values(field, value))
    values.update(changes or {})
    for name, value in values.items():
        if value is True:
            data[name] = "on"
        elif value is None or value is False:
            continue  # an unticked box or a blank input is not sent / sent empty alike
        else:
            data[name] = value if isinstance(value, list) else str(value)
    return data
