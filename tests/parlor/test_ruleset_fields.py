"""Every field of the engine's ruleset has a label and a line of help for the rulesets pages,
in Japanese and in English, and a refusal names the field in the page's language."""

from __future__ import annotations

import re
from dataclasses import fields

import pytest
from django.utils import translation

from parlor.view_helpers.ruleset_fields import FIELD_HELP, field_help, named_refusal
from scoring.ruleset import Ruleset

ENGINE_FIELDS = [f.name for f in fields(Ruleset)]
JAPANESE = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")


@pytest.mark.parametrize("name", ENGINE_FIELDS)
def test_every_engine_field_has_a_label_and_help_in_both_languages(name: str) -> None:
    with translation.override("ja"):
        label, help_text = field_help(name)
        assert JAPANESE.search(label) and JAPANESE.search(help_text), (label, help_text)
    with translation.override("en"):
        label, help_text = field_help(name)
        assert not JAPANESE.search(label + help_text), (label, help_text)
        assert re.search(r"[A-Za-z]{3}", help_text), help_text


def test_no_help_is_kept_for_a_field_the_engine_does_not_have() -> None:
    assert set(FIELD_HELP) == set(ENGINE_FIELDS)


def test_a_nested_field_is_explained_by_the_field_it_belongs_to() -> None:
    assert field_help("pao.ron").label == FIELD_HELP["pao"].label
    assert field_help("limits[2].base").label == FIELD_HELP["limits"].label


def test_a_refusal_puts_the_japanese_label_before_the_field() -> None:
    with translation.override("ja"):
        said = named_refusal("triple_ron", "triple_ron cannot be allowed")
    assert said.startswith("三家和 (triple_ron): ")
    with translation.override("en"):
        assert named_refusal("triple_ron", "no").startswith("Three rons (triple_ron): ")
    assert named_refusal(None, "a ruleset must be an object") == "a ruleset must be an object"
    assert named_refusal("mystery", "unknown ruleset field") == "mystery: unknown ruleset field"
