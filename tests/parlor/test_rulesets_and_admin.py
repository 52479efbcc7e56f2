"""Parlor rulesets: created through the API or the admin, always validated by the engine."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model

from parlor.models import RulesetDefinition, Table
from parlor.selectors.rulesets import ruleset_resolve
from rulesets.registry import PRESETS
from tests.parlor.conftest import ok

pytestmark = pytest.mark.django_db


def test_the_list_has_every_preset_and_the_parlors_own(personas, parlor):
    RulesetDefinition.objects.create(
        parlor=parlor, key="house", title="House", definition={"base": "standard"}
    )
    keys = [r["key"] for r in ok(personas["staff"].get("/api/rulesets/"))]
    assert keys == [*PRESETS, "house"]


def test_an_invalid_custom_ruleset_is_a_400_naming_the_field(personas):
    response = personas["manager"].post(
        "/api/rulesets/",
        {"key": "bad", "title": "Bad", "definition": {"base": "standard", "uma": [30, 10]}},
        format="json",
    )
    assert response.status_code == 400
    error = response.json()["error"]
    assert error["field"] == "uma" and "4 values" in error["message"]
    assert not RulesetDefinition.objects.exists()


def test_a_custom_ruleset_can_be_played_at_a_table(personas, parlor, start_game):
    ok(
        personas["manager"].post(
            "/api/rulesets/",
            {
                "key": "house-uma",
                "title": "ワンスリー",
                "definition": {"base": "standard", "uma": [30, 10, -10, -30]},
            },
            format="json",
        ),
        201,
    )
    table = Table.objects.create(parlor=parlor, label="H", ruleset_key="house-uma")
    game = start_game(table)
    assert game["ruleset"]["id"] == "house-uma" and game["ruleset"]["uma"] == [30, 10, -10, -30]


def test_a_custom_ruleset_takes_the_new_options(personas, parlor, start_game):
    jpml_like = {
        "base": "standard",
        "start_points": 30000,
        "return_points": 30000,
        "uma": [0, 0, 0, 0],
        "uma_by_floaters": [[0, 0, 0, 0], [12, -1, -3, -8], [8, 4, -4, -8], [8, 3, 1, -12],
                            [0, 0, 0, 0]],
        "chombo_payment": "final_deduction",
        "chombo_amount": 20000,
        "chombo_deduction_to": "nobody",
        "tie_break": "split",
    }
    ok(personas["manager"].post(
        "/api/rulesets/", {"key": "floating", "title": "浮きウマ", "definition": jpml_like},
        format="json"), 201)
    table = Table.objects.create(parlor=parlor, label="F", ruleset_key="floating")
    game = start_game(table)
    assert game["ruleset"]["uma_by_floaters"][2] == [8, 4, -4, -8]
    assert game["ruleset"]["chombo_deduction_to"] == "nobody"


def test_an_incoherent_combination_of_options_is_refused_with_the_reason(personas):
    response = personas["manager"].post(
        "/api/rulesets/",
        {"key": "bad", "title": "Bad",
         "definition": {"base": "standard", "chombo_payment": "final_deduction"}},
        format="json",
    )
    assert response.status_code == 400
    error = response.json()["error"]
    assert error["field"] == "chombo_deduction_to" and "final_deduction" in error["message"]


def test_a_preset_key_cannot_be_taken(personas):
    response = personas["manager"].post(
        "/api/rulesets/",
        {"key": "standard", "title": "x", "definition": {"base": "standard"}},
        format="json",
    )
    assert response.status_code == 409


@pytest.fixture
def admin_client(client, parlor):
    get_user_model().objects.create_superuser("root", password="pw")
    client.login(username="root", password="pw")
    return client


def test_the_admin_clones_a_preset(admin_client, parlor):
    response = admin_client.post(
        "/admin/parlor/rulesetdefinition/add/",
        {
            "parlor": parlor.pk,
            "key": "clone",
            "title": "Clone",
            "clone_preset": "tenhou-4p-tonpuu",
            "definition": "",
        },
    )
    assert response.status_code == 302, response.content.decode()[:2000]
    row = RulesetDefinition.objects.get(key="clone")
    assert row.definition == PRESETS["tenhou-4p-tonpuu"].to_dict()


def test_the_admin_shows_the_engines_message_on_the_field(admin_client, parlor):
    response = admin_client.post(
        "/admin/parlor/rulesetdefinition/add/",
        {
            "parlor": parlor.pk,
            "key": "broken",
            "title": "Broken",
            "definition": '{"base": "standard", "uma": [1, 2]}',
        },
    )
    assert response.status_code == 200
    errors = response.context["adminform"].form.errors
    assert "uma" in errors["definition"][0] and "4 values" in errors["definition"][0]
    assert not RulesetDefinition.objects.exists()


def test_the_admin_refuses_a_table_with_an_unknown_ruleset(admin_client, parlor):
    response = admin_client.post(
        "/admin/parlor/table/add/",
        {"parlor": parlor.pk, "label": "9", "ruleset_key": "nope", "is_active": "on"},
    )
    assert response.status_code == 200
    assert "unknown ruleset" in response.context["adminform"].form.errors["ruleset_key"][0]


@pytest.mark.parametrize("model", ["parlor", "table", "player", "rulesetdefinition", "game"])
def test_admin_pages_open(admin_client, model, table, start_game):
    start_game(table)
    assert admin_client.get(f"/admin/parlor/{model}/").status_code == 200


@pytest.mark.parametrize("preset_key", sorted(PRESETS))
def test_an_admin_clone_keeps_every_field_of_the_preset(admin_client, parlor, preset_key):
    response = admin_client.post(
        "/admin/parlor/rulesetdefinition/add/",
        {"parlor": parlor.pk, "key": "clone", "title": "写し", "clone_preset": preset_key,
         "definition": ""},
    )
    assert response.status_code == 302, response.content.decode()[:2000]
    clone = ruleset_resolve(parlor=parlor, key="clone")
    assert clone == PRESETS[preset_key].replace(id="clone", title="写し", title_en="写し")


def test_the_admin_refuses_an_incoherent_combination_naming_the_rule_in_japanese(
        admin_client, parlor):
    response = admin_client.post(
        "/admin/parlor/rulesetdefinition/add/",
        {"parlor": parlor.pk, "key": "odd", "title": "Odd",
         "definition": '{"base": "standard", "multi_ron": "all_allowed", '
                       '"triple_ron": "abortive_draw"}'},
    )
    assert response.status_code == 200
    error = response.context["adminform"].form.errors["definition"][0]
    assert error.startswith("三家和 (triple_ron): ") and "all_allowed" in error
    assert not RulesetDefinition.objects.exists()


def test_the_admin_shows_every_rule_with_its_japanese_label_and_help(admin_client, parlor):
    row = RulesetDefinition.objects.create(
        parlor=parlor, key="house", title="ハウス", definition={"base": "saikouisen"})
    html = admin_client.get(f"/admin/parlor/rulesetdefinition/{row.pk}/change/").content.decode()
    table = html.split("data-rules-in-full", 1)[1].split("</table>", 1)[0]
    assert "<code>tie_break</code>" in table and "同点の扱い" in table
    assert "同点の順位" in table and "[30, 10, -10, -30]" in table
    assert admin_client.get("/admin/parlor/rulesetdefinition/add/").status_code == 200


def test_the_admins_ruleset_form_reads_in_the_pages_language(admin_client, parlor):
    """Its own fields, help and refusals in Japanese (the default), not English sentences."""
    form = admin_client.get("/admin/parlor/rulesetdefinition/add/").content.decode()
    for english in ("Clone preset", "Copy a preset", "Definition:", "The engine's ruleset"):
        assert english not in form, english
    assert "プリセットから写す" in form and "ルール定義（JSON）" in form
    empty = admin_client.post(
        "/admin/parlor/rulesetdefinition/add/",
        {"parlor": parlor.pk, "key": "mine", "title": "Mine", "definition": ""},
    )
    (error,) = empty.context["adminform"].form.errors["definition"]
    assert error == "ルール定義を入力するか、写すプリセットを選んでください。"
    taken = admin_client.post(
        "/admin/parlor/rulesetdefinition/add/",
        {"parlor": parlor.pk, "key": "standard", "title": "S", "clone_preset": "standard"},
    )
    (error,) = taken.context["adminform"].form.errors["key"]
    assert error == "「standard」はプリセットのキーです。別のキーにしてください。"
