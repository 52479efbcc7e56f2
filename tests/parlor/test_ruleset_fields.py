"""Every field of the engine's ruleset has a Japanese label and a line of help for the
rulesets pages, and a refusal names the field in Japanese."""

from __future__ import annotations

import re
from dataclasses import fields

import pytest

from parlor.web.ruleset_fields import FIELD_HELP, field_help, named_refusal
from scoring.ruleset import Ruleset

ENGINE_FIELDS = [f.name for f in fields(Ruleset)]
JAPANESE = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")


@pytest.mark.parametrize("name", ENGINE_FIELDS)
def test_every_engine_field_has_a_japanese_label_and_help_in_both_languages(name: str) -> None:
    entry = FIELD_HELP[name]
    assert JAPANESE.search(entry.label)
    japanese, _, english = entry.help.partition("。 ")
    assert JAPANESE.search(japanese) and re.search(r"[A-Za-z]{3}", english), entry.help


def test_no_help_is_kept_for_a_field_the_engine_does_not_have() -> None:
    assert set(FIELD_HELP) == set(ENGINE_FIELDS)


def test_a_nested_field_is_explained_by_the_field_it_belongs_to() -> None:
    assert field_help("pao.ron").label == FIELD_HELP["pao"].label
    assert field_help("limits[2].base").label == FIELD_HELP["limits"].label


def test_a_refusal_puts_the_japanese_label_before_the_field() -> None:
    said = named_refusal("triple_ron", "triple_ron cannot be allowed when multi_ron is head_bump")
    assert said.startswith("三家和 (triple_ron): ")
    assert named_refusal(None, "a ruleset must be an object") == "a ruleset must be an object"
    assert named_refusal("mystery", "unknown ruleset field") == "mystery: unknown ruleset field"
