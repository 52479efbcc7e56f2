"""The parlor's rulesets page (ルール): presets and the parlor's own rulesets by title, read
field by field; a new ruleset made as a preset plus changes, checked by the engine, whose
complaint is shown beside the changes with the field it names."""

from __future__ import annotations

import json

import pytest
from django.test import Client

from parlor.models import AuditEvent, MemberRole, Parlor, RulesetDefinition
from parlor.selectors.rulesets import ruleset_resolve
from rulesets.registry import PRESETS
from tests.parlor.factories import MemberFactory

pytestmark = pytest.mark.django_db


def signed_in(parlor: Parlor, role: str) -> Client:
    client = Client()
    client.force_login(MemberFactory(parlor=parlor, role=role).user)
    return client


@pytest.fixture
def manager(parlor: Parlor) -> Client:
    return signed_in(parlor, MemberRole.MANAGER)


def new(changes: str = "", **fields: str) -> dict[str, str]:
    return {"base": "standard", "key": "house-2", "title": "ハウス", "changes": changes, **fields}


def test_the_page_lists_presets_and_this_parlors_rulesets_by_title(
    manager: Client, parlor: Parlor, other_parlor: Parlor
) -> None:
    RulesetDefinition.objects.create(
        parlor=parlor, key="ours", title="うちのルール", definition={"base": "standard"}
    )
    RulesetDefinition.objects.create(
        parlor=other_parlor, key="theirs", title="よそのルール", definition={"base": "standard"}
    )
    page = manager.get("/manage/rulesets/")
    html = page.content.decode()
    assert page.status_code == 200
    assert "うちのルール" in html and "よそのルール" not in html
    for key, preset in PRESETS.items():
        assert f'data-preset="{key}"' in html and preset.title in html
    assert 'data-nav="manage-rulesets" aria-current="page"' in html


def test_a_preset_reads_field_by_field_with_its_japanese_labels(manager: Client) -> None:
    html = manager.get("/manage/rulesets/preset/standard/").content.decode()
    assert PRESETS["standard"].title in html
    assert 'data-field="start_points"' in html and "配給原点" in html
    assert 'data-field="uma"' in html and "[20, 10, -10, -20]" in html
    assert manager.get("/manage/rulesets/preset/nothing-here/").status_code == 404


def test_a_manager_adds_a_preset_plus_changes_and_it_is_audited(
    manager: Client, parlor: Parlor
) -> None:
    answer = manager.post("/manage/rulesets/", new('{"uma": [30, 10, -10, -30]}'))
    assert answer.status_code == 302
    row = RulesetDefinition.objects.get(parlor=parlor, key="house-2")
    assert answer["Location"] == f"/manage/rulesets/{row.public_id}/"
    assert row.definition == {"base": "standard", "uma": [30, 10, -10, -30]}
    assert ruleset_resolve(parlor=parlor, key="house-2").uma == (30, 10, -10, -30)
    event = AuditEvent.objects.get(parlor=parlor)
    assert event.action == "create" and "house-2" in event.summary + json.dumps(event.after)
    html = manager.get(answer["Location"]).content.decode()
    assert "ハウス" in html and "data-changes" in html and "[30, 10, -10, -30]" in html


@pytest.mark.parametrize(
    ("changes", "said"),
    [
        ('{"uma": [30, 10, -10, -20]}', "uma"),  # the engine: uma sums to zero
        ('{"no_such_rule": 1}', "no_such_rule"),
        ('{"uma": ', "JSON"),
        ('{"start_points": NaN}', "NaN"),
        ("[1, 2]", "オブジェクト"),
        ("[" * 5000 + "]" * 5000, "JSON"),
        ('{"start_points": 1e400}', "start_points"),
        ('{"base": "tenhou-4p-hanchan"}', "プリセット"),
    ],
)
def test_a_ruleset_the_engine_refuses_is_named_beside_the_changes_and_kept(
    manager: Client, parlor: Parlor, changes: str, said: str
) -> None:
    answer = manager.post("/manage/rulesets/", new(changes))
    html = answer.content.decode()
    assert answer.status_code == 400
    assert 'data-error="changes"' in html
    error = html.split('data-error="changes">', 1)[1].split("</span>", 1)[0]
    assert said in error, error
    assert 'value="house-2"' in html  # the form keeps what was typed
    assert not RulesetDefinition.objects.filter(parlor=parlor).exists()
    assert not AuditEvent.objects.filter(parlor=parlor).exists()


def test_a_key_already_taken_is_named_beside_the_key(manager: Client, parlor: Parlor) -> None:
    assert manager.post("/manage/rulesets/", new()).status_code == 302
    again = manager.post("/manage/rulesets/", new(title="別"))
    assert again.status_code == 400 and 'data-error="key"' in again.content.decode()
    preset_key = manager.post("/manage/rulesets/", new(key="standard"))
    assert preset_key.status_code == 400 and 'data-error="key"' in preset_key.content.decode()
    assert RulesetDefinition.objects.filter(parlor=parlor).count() == 1


def test_another_parlors_ruleset_is_not_found(manager: Client, other_parlor: Parlor) -> None:
    theirs = RulesetDefinition.objects.create(
        parlor=other_parlor, key="theirs", title="よそ", definition={"base": "standard"}
    )
    assert manager.get(f"/manage/rulesets/{theirs.public_id}/").status_code == 404


def test_staff_are_refused_and_a_visitor_is_sent_to_sign_in(parlor: Parlor) -> None:
    staff = signed_in(parlor, MemberRole.STAFF)
    for answer in (staff.get("/manage/rulesets/"), staff.post("/manage/rulesets/", new())):
        assert answer.status_code == 403 and "権限がありません" in answer.content.decode()
    assert not RulesetDefinition.objects.exists()
    answer = Client().get("/manage/rulesets/preset/standard/")
    assert answer["Location"] == "/tablet/login/?next=/manage/rulesets/preset/standard/"


def test_a_preset_page_explains_each_field_and_offers_a_copy(manager: Client) -> None:
    html = manager.get("/manage/rulesets/preset/saikouisen/").content.decode()
    row = html.split('data-field="tie_break"', 1)[1].split("</tr>", 1)[0]
    assert "同点の扱い" in row and "起家優先" in row and "How equal scores are ranked" in row
    assert 'href="/manage/rulesets/?base=saikouisen#new"' in html


def test_the_form_starts_from_the_preset_chosen_on_its_page(manager: Client) -> None:
    html = manager.get("/manage/rulesets/?base=saikouisen").content.decode()
    assert '<option value="saikouisen" selected>' in html
    plain = manager.get("/manage/rulesets/?base=nothing-here").content.decode()
    assert "selected>" not in plain.split('name="base"', 1)[1].split("</select>", 1)[0]


def test_the_form_lists_what_each_field_means(manager: Client) -> None:
    html = manager.get("/manage/rulesets/").content.decode()
    reference = html.split("data-field-reference", 1)[1]
    for name in ("uma", "tie_break", "triple_ron", "chombo_payment", "extension_target"):
        assert f'data-field="{name}"' in reference
    assert "三家和" in reference and "Three claimants of one discard" in reference


@pytest.mark.parametrize(
    ("changes", "label", "reason"),
    [
        ('{"multi_ron": "head_bump", "triple_ron": "allowed"}', "三家和 (triple_ron)",
         "head_bump"),
        ('{"extension": "extra_round"}', "延長の目標点 (extension_target)", "needs an"),
        ('{"player_count": 3}', "ウマ (uma)", "3 values"),
        ('{"start_points": 35000}', "返し (return_points)", "oka would be negative"),
    ],
)
def test_an_incoherent_combination_is_refused_with_its_reason_in_japanese_terms(
    manager: Client, parlor: Parlor, changes: str, label: str, reason: str
) -> None:
    answer = manager.post("/manage/rulesets/", new(changes))
    assert answer.status_code == 400
    error = answer.content.decode().split('data-error="changes">', 1)[1].split("</span>", 1)[0]
    assert label in error and reason in error, error
    assert not RulesetDefinition.objects.filter(parlor=parlor).exists()


@pytest.mark.parametrize("preset_key", sorted(PRESETS))
def test_a_copy_of_a_preset_keeps_every_field(
    manager: Client, parlor: Parlor, preset_key: str
) -> None:
    answer = manager.post("/manage/rulesets/", new(base=preset_key, key="copy", title="写し"))
    assert answer.status_code == 302
    copy = ruleset_resolve(parlor=parlor, key="copy")
    preset = PRESETS[preset_key]
    assert copy == preset.replace(id="copy", title="写し", title_en="写し")
