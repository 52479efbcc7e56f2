"""The ruleset editor, in the manager's pages and in the admin: every option shows its
Japanese label and help, an incoherent combination is refused with the reason and the field
named, and a copy of any preset keeps every field (issue 16)."""

from __future__ import annotations

import json
import re
from dataclasses import fields
from html import escape
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from parlor.models import MemberRole, Parlor, RulesetDefinition
from parlor.selectors.rulesets import ruleset_resolve
from parlor.view_helpers.ruleset_fields import FIELD_HELP
from parlor.web.ruleset_refusals import REFUSALS
from rulesets.registry import PRESETS
from scoring.ruleset import Ruleset
from tests.parlor.factories import MemberFactory
from tests.parlor.ruleset_form_data import form_data

pytestmark = pytest.mark.django_db

ENGINE_FIELDS = [f.name for f in fields(Ruleset)]
NAMES = ("id", "title", "title_en")  # what a copy takes from its own key and title
# (changes, the field the engine names, words of its reason)
INCOHERENT = [
    ({"multi_ron": "head_bump", "triple_ron": "allowed"}, "triple_ron", "head_bump"),
    ({"extension": "extra_round"}, "extension_target", "needs an"),
    ({"player_count": 3}, "uma", "3 values"),
    ({"start_points": 35000}, "return_points", "oka would be negative"),
    ({"chombo_payment": "final_deduction"}, "chombo_deduction_to", "final_deduction"),
    ({"uma_by_floaters": [[0, 0, 0, 0], [12, -1, -3, -8], [8, 4, -4, -8], [8, 3, 1, -12],
                          [0, 0, 0, 0]]}, "uma", "uma_by_floaters"),
]


@pytest.fixture
def manager(parlor: Parlor) -> Client:
    client = Client()
    client.force_login(MemberFactory(parlor=parlor, role=MemberRole.MANAGER).user)
    return client


@pytest.fixture
def admin_client(parlor: Parlor) -> Client:
    get_user_model().objects.create_superuser("root", password="pw")
    client = Client()
    client.login(username="root", password="pw")
    return client


def row_of(html: str, name: str) -> str:
    return html.split(f'data-field="{name}"', 1)[1].split("</tr>", 1)[0]


def fields_that_differ(copy: Ruleset, preset: Ruleset) -> dict[str, tuple[Any, Any]]:
    """Every field whose value the copy does not keep, as (preset's, copy's)."""
    ours, theirs = copy.to_dict(), preset.to_dict()
    assert ours.keys() == theirs.keys()
    return {name: (theirs[name], ours[name]) for name in theirs
            if name not in NAMES and ours[name] != theirs[name]}


def test_a_preset_page_shows_every_option_with_its_japanese_label_and_help(
        manager: Client) -> None:
    html = manager.get("/manage/rulesets/preset/jpml-a/").content.decode()
    for name in ENGINE_FIELDS:
        row = row_of(html, name)
        assert escape(FIELD_HELP[name].label) in row and escape(FIELD_HELP[name].help) in row


def test_the_admin_shows_every_option_with_its_japanese_label_and_help(
        admin_client: Client, parlor: Parlor) -> None:
    row = RulesetDefinition.objects.create(
        parlor=parlor, key="house", title="ハウス", definition={"base": "mleague"})
    html = admin_client.get(f"/admin/parlor/rulesetdefinition/{row.pk}/change/").content.decode()
    table = html.split("data-rules-in-full", 1)[1].split("</table>", 1)[0]
    rows = re.findall(r"<tr><td>(.*?)</td><td><code>(.*?)</code></td><td>.*?</td><td>(.*?)</td>"
                      r"</tr>", table)
    assert [name for _, name, _ in rows] == ENGINE_FIELDS
    for label, name, help_text in rows:
        assert (label, help_text) == (escape(FIELD_HELP[name].label),
                                      escape(FIELD_HELP[name].help))


@pytest.mark.parametrize("preset_key", sorted(PRESETS))
def test_a_copy_made_from_the_preset_page_keeps_every_field(
        manager: Client, parlor: Parlor, preset_key: str) -> None:
    # The preset page's "add a ruleset based on this preset" link opens the form with the
    # preset chosen; sent as it stands, the copy resolves to the preset, field by field.
    page = manager.get(f"/manage/rulesets/preset/{preset_key}/").content.decode()
    link = re.search(rf'href="([^"#]+)#new" data-clone="{re.escape(preset_key)}"', page)
    assert link is not None
    form = manager.get(link.group(1).replace("&amp;", "&")).content.decode()
    chosen = re.search(r'<option value="([^"]+)" selected>', form)
    assert chosen is not None and chosen.group(1) == preset_key
    answer = manager.post("/manage/rulesets/", form_data(chosen.group(1), key="copy",
                                                         title="写し"))
    assert answer.status_code == 302
    copy = ruleset_resolve(parlor=parlor, key="copy")
    assert fields_that_differ(copy, PRESETS[preset_key]) == {}
    shown = manager.get(answer["Location"]).content.decode()
    for name in ENGINE_FIELDS:
        assert f'data-field="{name}"' in shown


@pytest.mark.parametrize("preset_key", sorted(PRESETS))
def test_a_copy_made_in_the_admin_keeps_every_field(
        admin_client: Client, parlor: Parlor, preset_key: str) -> None:
    answer = admin_client.post(
        "/admin/parlor/rulesetdefinition/add/",
        {"parlor": parlor.pk, "key": "copy", "title": "写し", "clone_preset": preset_key,
         "definition": ""})
    assert answer.status_code == 302, answer.content.decode()[:2000]
    copy = ruleset_resolve(parlor=parlor, key="copy")
    assert fields_that_differ(copy, PRESETS[preset_key]) == {}


@pytest.mark.parametrize(("changes", "field", "reason"), INCOHERENT,
                         ids=[f for _, f, _ in INCOHERENT])
def test_the_manager_page_refuses_an_incoherent_combination_naming_the_field(
        manager: Client, parlor: Parlor, changes: dict[str, Any], field: str,
        reason: str) -> None:
    answer = manager.post("/manage/rulesets/", form_data("standard", rules=changes, key="odd",
                                                         title="Odd"))
    assert answer.status_code == 400
    error = answer.content.decode().split(f'data-error="{field}">', 1)[1].split("</span>", 1)[0]
    assert error == escape(str(REFUSALS[field])), error
    assert not RulesetDefinition.objects.filter(parlor=parlor).exists()


@pytest.mark.parametrize(("changes", "field", "reason"), INCOHERENT,
                         ids=[f for _, f, _ in INCOHERENT])
def test_the_admin_refuses_an_incoherent_combination_naming_the_field(
        admin_client: Client, parlor: Parlor, changes: dict[str, Any], field: str,
        reason: str) -> None:
    answer = admin_client.post(
        "/admin/parlor/rulesetdefinition/add/",
        {"parlor": parlor.pk, "key": "odd", "title": "Odd",
         "definition": json.dumps({"base": "standard", **changes})})
    assert answer.status_code == 200
    (error,) = answer.context["adminform"].form.errors["definition"]
    assert error.startswith(f"{FIELD_HELP[field].label} ({field}): ") and reason in error
    assert not RulesetDefinition.objects.exists()
