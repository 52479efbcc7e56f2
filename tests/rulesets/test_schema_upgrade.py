"""A version-1 ruleset (a game snapshot stored before issue 16's options) still reads, and
means what it meant: the new fields are added with the values of the old behaviour."""

from __future__ import annotations

import pytest

from rulesets.registry import PRESETS
from scoring.errors import RulesetError
from scoring.ruleset import SCHEMA_VERSION, V1_UPGRADE, Ruleset


@pytest.mark.parametrize("preset", sorted(PRESETS))
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
