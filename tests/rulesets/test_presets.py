"""Every preset loads, validates, spells out every field and survives a round trip."""

from __future__ import annotations

import json
import tomllib
from dataclasses import fields

import pytest

from rulesets.registry import PRESET_DIR, PRESETS
from scoring.errors import RulesetError
from scoring.ruleset import Ruleset

EXPECTED_PRESETS = {"standard", "tenhou-4p-hanchan", "tenhou-4p-tonpuu",
                    "tenhou-3p-hanchan", "tenhou-3p-tonpuu"}


def test_the_registry_holds_the_shipped_presets() -> None:
    assert set(PRESETS) >= EXPECTED_PRESETS


@pytest.mark.parametrize("preset_id", sorted(PRESETS))
def test_a_preset_round_trips_through_json(preset_id: str) -> None:
    ruleset = PRESETS[preset_id]
    again = Ruleset.from_dict(json.loads(json.dumps(ruleset.to_dict())))
    assert again == ruleset


@pytest.mark.parametrize("preset_id", sorted(PRESETS))
def test_a_preset_file_spells_out_every_field(preset_id: str) -> None:
    with (PRESET_DIR / f"{preset_id}.toml").open("rb") as f:
        data = tomllib.load(f)
    assert set(data) == {f.name for f in fields(Ruleset)}


@pytest.mark.parametrize("preset_id", sorted(PRESETS))
def test_a_preset_has_titles_in_both_languages(preset_id: str) -> None:
    ruleset = PRESETS[preset_id]
    assert ruleset.title and ruleset.title_en and ruleset.title != ruleset.title_en


def test_tenhou_oka_and_uma() -> None:
    four, three = PRESETS["tenhou-4p-hanchan"], PRESETS["tenhou-3p-hanchan"]
    assert (four.oka, four.uma) == (20000, (20, 10, -10, -20))
    assert (three.oka, three.uma, three.return_points) == (15000, (20, 0, -20), 40000)


def changed(**changes: object) -> dict[str, object]:
    data = PRESETS["standard"].to_dict()
    data.update(changes)
    return data


@pytest.mark.parametrize(("changes", "field", "words"), [
    pytest.param({"uma": [20, 10, -10, -10]}, "uma", "sum to 0", id="uma-not-zero-sum"),
    pytest.param({"uma": [20, 10, -30]}, "uma", "4 values", id="uma-wrong-length"),
    pytest.param({"start_points": 35000}, "return_points", "oka would be negative",
                 id="start-above-return"),
    pytest.param({"tobi": "sometimes"}, "tobi", "use one of", id="unknown-policy"),
    pytest.param({"player_count": 5}, "player_count", "3 or 4", id="five-players"),
    pytest.param({"honba_ron": 250}, "honba_ron", "multiple of point_unit",
                 id="honba-off-the-unit"),
    pytest.param({"limits": []}, "limits", "start with mangan", id="no-limits"),
    pytest.param({"riichi_stick": "1000"}, "riichi_stick", "whole number",
                 id="string-for-a-number"),
    pytest.param({"mystery": 1}, "mystery", "unknown ruleset field", id="unknown-field"),
    pytest.param({"multi_ron": "head_bump", "triple_ron": "allowed"}, "triple_ron",
                 "head_bump", id="incoherent-multi-ron"),
    pytest.param({"extension": "extra_round"}, "extension_target", "needs an",
                 id="extension-without-target"),
    pytest.param({"pao": {"yaku": ["daisangen"], "ron": "quarter",
                          "ron_honba_paid_by": "discarder", "daiminkan_rinshan": False}},
                 "pao.ron", "use one of", id="nested-policy"),
])
def test_an_incoherent_ruleset_is_refused_naming_the_field(
        changes: dict[str, object], field: str, words: str) -> None:
    with pytest.raises(RulesetError) as caught:
        Ruleset.from_dict(changed(**changes))
    assert caught.value.field == field
    assert words in caught.value.message


def test_a_missing_field_is_named() -> None:
    data = changed()
    del data["noten_penalty_total"]
    with pytest.raises(RulesetError, match="noten_penalty_total' is missing"):
        Ruleset.from_dict(data)


def test_a_variant_overrides_a_base_preset() -> None:
    variant = Ruleset.from_dict({"base": "tenhou-4p-hanchan", "id": "tenhou-whole",
                                 "settlement_rounding": "shisha_gonyu_score"},
                                presets=PRESETS)
    base = PRESETS["tenhou-4p-hanchan"]
    assert variant.settlement_rounding.value == "shisha_gonyu_score"
    assert variant.replace(id=base.id, settlement_rounding=base.settlement_rounding) == base


def test_an_unknown_base_is_refused() -> None:
    with pytest.raises(RulesetError, match="unknown base preset"):
        Ruleset.from_dict({"base": "nope"}, presets=PRESETS)
