"""The manager's ruleset form is made from the engine's field list: every rule field has its
inputs, a Japanese label and Japanese choices; a preset sent back unchanged is no change; only
what differs from the preset is kept; the engine's refusals stand beside the field they name,
in Japanese."""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import fields
from pathlib import Path

import pytest
from django.test import Client
from django.utils import translation

import scoring.ruleset_choices as choices
import scoring.ruleset_parts as parts
from parlor.models import MemberRole, Parlor
from parlor.view_helpers.ruleset_fields import field_help
from parlor.web.ruleset_form import GROUPS, RulesetForm
from parlor.web.ruleset_form_fields import IDENTITY_FIELDS, NAMED_CHOICES, rule_fields
from parlor.web.ruleset_labels import CHOICE_LABELS, PART_LABELS, RED_FIVES_TEXT, choice_label
from parlor.web.ruleset_refusals import REFUSALS, refusal_text
from rulesets.registry import PRESETS
from scoring.errors import RulesetError
from scoring.ruleset import Ruleset
from tests.parlor.factories import MemberFactory
from tests.parlor.ruleset_form_data import form_data

JAPANESE = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")
RULE_FIELDS = [f.name for f in fields(Ruleset) if f.name not in IDENTITY_FIELDS]


@pytest.fixture(autouse=True)
def japanese() -> Iterator[None]:
    with translation.override("ja"):
        yield


@pytest.mark.parametrize("name", RULE_FIELDS)
def test_every_rule_field_has_inputs_and_a_japanese_label_and_help(name: str) -> None:
    form = RulesetForm(preset_key="standard")
    row = next(r for g in form.groups() for r in g.rows if r.name == name)
    assert row.inputs, name
    assert JAPANESE.search(row.label) and JAPANESE.search(row.help), (row.label, row.help)
    for each in row.inputs:
        label = str(each.bound.field.label or "")
        assert len(row.inputs) == 1 or JAPANESE.search(label), (each.bound.name, label)


def test_the_form_offers_every_field_but_the_identity_and_groups_them_as_the_doc_does() -> None:
    assert rule_fields() == RULE_FIELDS
    assert set(IDENTITY_FIELDS) == {"schema_version", "id", "title", "title_en"}
    groups = RulesetForm(preset_key="standard").groups()
    assert [g.rows[0].name for g in groups] == [name for name, _ in GROUPS]
    assert [str(g.title) for g in groups][:2] == ["卓と対局の形", "持ち点・供託・精算"]
    assert sum(len(g.rows) for g in groups) == len(RULE_FIELDS)


def test_every_value_the_engine_accepts_has_a_japanese_choice_and_every_part_a_label() -> None:
    values = {
        m.value
        for enum in vars(choices).values()
        if isinstance(enum, type)
        and issubclass(enum, choices.StrEnum)
        and enum is not choices.StrEnum
        for m in enum
    }
    values |= {v for named in NAMED_CHOICES.values() for v in named}
    missing = sorted(values - set(CHOICE_LABELS))
    assert not missing
    for value in values - {"p"}:  # p is p in Japanese too
        assert JAPANESE.search(str(CHOICE_LABELS[value])), value
    part_names = {
        f.name
        for cls in vars(parts).values()
        if isinstance(cls, type) and hasattr(cls, "__dataclass_fields__")
        for f in fields(cls)
    }
    assert part_names <= set(PART_LABELS)
    assert all(JAPANESE.search(str(label)) for label in PART_LABELS.values())


def test_every_presets_red_fives_read_in_japanese() -> None:
    """赤ドラ is information the engine does not read, in the preset's English words."""
    values = {preset.red_fives for preset in PRESETS.values()}
    assert values <= {*RED_FIVES_TEXT, *CHOICE_LABELS}, values - set(RED_FIVES_TEXT)
    with translation.override("ja"):
        assert all(JAPANESE.search(choice_label(value)) for value in values)
        assert choice_label("one each of 5m 5p 5s") == "5m・5p・5sに1枚ずつ"


def test_every_field_the_engine_checks_has_a_japanese_refusal() -> None:
    source = Path(parts.__file__).with_name("ruleset_checks.py").read_text()
    # A field a check names: "uma" in _fail("uma", ...), f"limits[{i}]", or a tuple of names.
    named = re.findall(r'"([a-z_]+)"', source) + re.findall(r'_fail\(f"([a-z_]+)', source)
    checked = {name for name in named if name in RULE_FIELDS}
    assert checked >= {"uma", "triple_ron", "extension_target", "chombo_amount"}
    assert not sorted(checked - set(REFUSALS))
    assert all(JAPANESE.search(str(text)) for text in REFUSALS.values())


@pytest.mark.parametrize("preset_key", sorted(PRESETS))
def test_a_preset_sent_back_as_the_form_filled_it_is_no_change(preset_key: str) -> None:
    form = RulesetForm(form_data(preset_key), preset_key=preset_key)
    assert form.is_valid(), form.errors
    assert form.changes() == {}


def test_only_what_differs_from_the_preset_is_kept() -> None:
    data = form_data(
        "mleague",
        {
            "uma.0": 20,
            "uma.3": -20,
            "tobi": "below_zero",
            "box_under_settlement": False,
            "wareme.used": True,
            "wareme.factor": 2,
            "abortive_draws": ["four_kans"],
        },
    )
    form = RulesetForm(data, preset_key="mleague")
    assert form.is_valid(), form.errors
    assert form.changes() == {
        "uma": [20, 10, -10, -20],
        "tobi": "below_zero",
        "box_under_settlement": False,
        "wareme": {"factor": 2, "applies_to_chombo": False},
        "abortive_draws": ["four_kans"],
    }
    unset = form_data("seed-001", {"tobi_payment.used": False, "uma_by_floaters.used": True})
    form = RulesetForm(unset, preset_key="seed-001")
    assert form.is_valid(), form.errors
    changes = form.changes()
    assert changes["tobi_payment"] is None and PRESETS["seed-001"].tobi_payment is not None
    assert changes["uma_by_floaters"] == []  # ticked, no rows: the engine says what it needs


def test_rows_are_read_back_and_an_empty_row_is_left_out() -> None:
    data = form_data("standard", {"limits.1.min_han": "", "limits.1.name": "", "limits.1.base": ""})
    form = RulesetForm(data, preset_key="standard")
    assert form.is_valid(), form.errors
    limits = PRESETS["standard"].to_dict()["limits"]
    assert form.changes() == {"limits": limits[:1] + limits[2:]}


def test_a_row_filled_in_part_is_refused_beside_the_blank_input(
    client: Client, parlor: Parlor
) -> None:
    client.force_login(MemberFactory(parlor=parlor, role=MemberRole.MANAGER).user)
    for blank, said in (
        ("limits.1.base", "整数"),
        ("limits.1.name", "選んで"),
        ("wareme.factor", "整数"),
    ):
        data = form_data("standard", {blank: "", "wareme.used": True})
        html = client.post("/manage/rulesets/", data).content.decode()
        error = html.split(f'data-error="{blank}">', 1)[1].split("</span>", 1)[0]
        assert said in error and ("行" in error) == blank.startswith("limits"), error


def test_a_blank_number_the_rules_need_is_refused_beside_it_in_japanese() -> None:
    form = RulesetForm(form_data("standard", {"start_points": ""}), preset_key="standard")
    assert not form.is_valid()
    assert JAPANESE.search(form.errors["start_points"][0])


@pytest.mark.parametrize(
    ("path", "where", "said"),
    [
        ("uma", "uma", "合計0"),
        ("limits[2].base", "limits.2.base", "満貫"),
        ("pao.ron", "pao.ron", "この値"),
        ("wareme.applies_to_chombo", "wareme.applies_to_chombo", "割れ目"),
        ("id", "key", "キー"),
    ],
)
def test_a_refusal_of_the_engine_stands_beside_the_input_or_field_it_names(
    path: str, where: str, said: str
) -> None:
    form = RulesetForm(form_data("standard"), preset_key="standard")
    assert form.is_valid()
    text = refusal_text(RulesetError("engine words", field=path)) if path != "id" else "キー"
    form.refuse(path, text)
    if where in form.fields:
        assert form.errors[where] == [text]
    else:
        assert form.field_errors[where] == [text]
    assert said in text and "engine words" not in text


def test_in_english_the_form_speaks_english() -> None:
    with translation.override("en"):
        form = RulesetForm(preset_key="standard")
        groups = form.groups()
        assert str(groups[0].title) == "Table and game structure"
        row = next(r for r in groups[1].rows if r.name == "uma")
        assert row.help.startswith("Rank bonus") and not JAPANESE.search(row.help)
        assert str(form["uma.0"].label) == "Place 1"
        assert field_help("uma").label  # the label itself: see test_ruleset_fields
