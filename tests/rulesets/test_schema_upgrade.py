"""A version-1 ruleset (a game snapshot stored before issue 16's options) still reads, and
means what it meant: the new fields are added with the values of the old behaviour."""

from __future__ import annotations

import pytest

from rulesets.registry import PRESETS
from scoring.errors import RulesetError
from scoring.ruleset import SCHEMA_VERSION, V1_UPGRADE, Ruleset


def uses_a_version_2_option(preset: str) -> bool:
    data = PRESETS[preset].to_dict()
    return any(data[field] != value for field, value in V1_UPGRADE.items())


# A preset that uses a version-2 option (split ties need none, but floating uma, a final
# chombo deduction and double yakuman by name do) cannot have been stored as version 1.
VERSION_1_PRESETS = sorted(key for key in PRESETS if not uses_a_version_2_option(key))


def test_the_presets_that_need_version_2_are_the_published_sheets_with_its_options() -> None:
    assert {key for key in PRESETS if uses_a_version_2_option(key)} == {
        "mleague", "jpml-a", "wrc", "ema", "mahjongsoul-4p-hanchan", "mahjongsoul-4p-tonpuu",
        "mahjongsoul-3p-hanchan", "mahjongsoul-3p-tonpuu"}


@pytest.mark.parametrize("preset", VERSION_1_PRESETS)
def test_a_version_1_snapshot_reads_as_the_same_rules(preset: str) -> None:
    current = PRESETS[preset]
    v1 = {k: v for k, v in current.to_dict().items() if k not in V1_UPGRADE}
    v1["schema_version"] = 1
    upgraded = Ruleset.from_dict(v1)
    assert upgraded.schema_version == SCHEMA_VERSION == 2
    assert upgraded == current


def test_a_version_2_ruleset_must_spell_out_the_new_fields() -> None:
    data = PRESETS["standard"].to_dict()
    del data["uma_by_floaters"]
    with pytest.raises(RulesetError) as refused:
        Ruleset.from_dict(data)
    assert refused.value.field == "uma_by_floaters"
