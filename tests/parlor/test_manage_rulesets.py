"""The parlor's rulesets page (ルール): presets and the parlor's own rulesets by title, read
field by field; a new ruleset made with a form as a preset plus changes, checked by the engine,
whose complaint is shown beside the field it names, in Japanese."""

from __future__ import annotations

import json
from typing import Any

import pytest
from django.test import Client

from parlor.models import AuditEvent, MemberRole, Parlor, RulesetDefinition
from parlor.selectors.rulesets import ruleset_resolve
from rulesets.registry import PRESETS
from tests.parlor.factories import MemberFactory
from tests.parlor.ruleset_form_data import form_data

pytestmark = pytest.mark.django_db


def signed_in(parlor: Parlor, role: str) -> Client:
    client = Client()
    client.force_login(MemberFactory(parlor=parlor, role=role).user)
    return client


@pytest.fixture
def manager(parlor: Parlor) -> Client:
    return signed_in(parlor, MemberRole.MANAGER)


def new(changes: dict[str, Any] | None = None, *, base: str = "standard", key: str = "house-2",
        title: str = "ハウス") -> dict[str, Any]:
    return form_data(base, changes, key=key, title=title)


def error_beside(html: str, where: str) -> str:
    return html.split(f'data-error="{where}">', 1)[1].split("</span>", 1)[0]


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
    assert 'data-field="uma"' in html and "20、10、-10、-20" in html
    assert manager.get("/manage/rulesets/preset/nothing-here/").status_code == 404


def test_the_column_of_each_fields_setting_is_headed_as_a_setting_not_as_points(
    manager: Client,
) -> None:
    """The column holds 東南戦, なし, サイコロ...: its heading is 設定値, not 点数 (a hand's
    value at the tablet)."""
    html = manager.get("/manage/rulesets/preset/standard/").content.decode()
    head = html.split("<thead>", 1)[1].split("</thead>", 1)[0]
    assert "<th>設定値</th>" in head and "点数" not in head
    manager.cookies["django_language"] = "en"
    head = manager.get("/manage/rulesets/preset/standard/").content.decode().split("<thead>")[1]
    assert "<th>Value</th>" in head.split("</thead>")[0]


def test_a_manager_adds_a_preset_plus_changes_and_it_is_audited(
    manager: Client, parlor: Parlor
) -> None:
    answer = manager.post("/manage/rulesets/", new({"uma.0": 30, "uma.3": -30}))
    assert answer.status_code == 302
    row = RulesetDefinition.objects.get(parlor=parlor, key="house-2")
    assert answer["Location"] == f"/manage/rulesets/{row.public_id}/"
    assert row.definition == {"base": "standard", "uma": [30, 10, -10, -30]}
    assert ruleset_resolve(parlor=parlor, key="house-2").uma == (30, 10, -10, -30)
    event = AuditEvent.objects.get(parlor=parlor)
    assert event.action == "create" and "house-2" in event.summary + json.dumps(event.after)
    html = manager.get(answer["Location"]).content.decode()
    assert "ハウス" in html and "data-changes" in html and "30、10、-10、-30" in html


def test_the_page_asks_for_no_json(manager: Client) -> None:
    html = manager.get("/manage/rulesets/?base=mleague").content.decode()
    form = html.split("data-ruleset-form", 1)[1].split("</form>", 1)[0]
    assert "JSON" not in form and "<textarea" not in form
    assert 'name="uma.0"' in form and 'name="tie_break"' in form


@pytest.mark.parametrize(
    ("changes", "where", "said"),
    [
        ({"uma.3": -10}, "uma", "合計0"),  # the engine: uma sums to zero
        ({"start_points": "abc"}, "start_points", "整数"),
        ({"uma.0": 10**9}, "uma.0", "大きすぎる"),
        ({"base": "nothing-here"}, "base", "プリセット"),
        ({"start_points": ""}, "start_points", "必須"),
    ],
)
def test_a_ruleset_the_engine_refuses_is_named_beside_the_field_and_kept(
    manager: Client, parlor: Parlor, changes: dict[str, Any], where: str, said: str
) -> None:
    answer = manager.post("/manage/rulesets/", new(changes))
    html = answer.content.decode()
    assert answer.status_code == 400
    error = error_beside(html, where) if where != "base" else html.split(
        'data-error="base">', 1)[1].split("</p>", 1)[0]
    assert said in error, error
    assert "data-error-summary" in html
    if where != "base":  # the summary links to the field, far down the form
        assert f'href="#rule-{where.split(".")[0]}"' in html.split("data-error-summary", 1)[1]
    assert 'value="house-2"' in html  # the form keeps what was typed
    assert not RulesetDefinition.objects.filter(parlor=parlor).exists()
    assert not AuditEvent.objects.filter(parlor=parlor).exists()


def test_in_english_a_refusal_is_the_engines_own_words(manager: Client) -> None:
    manager.post("/tablet/i18n/setlang/", {"language": "en", "next": "/manage/rulesets/"})
    html = manager.post("/manage/rulesets/", new({"uma.3": -10})).content.decode()
    assert "uma must sum to 0, got 10" in error_beside(html, "uma")


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
    assert "同点の扱い" in row and "起家優先" in row and "同点の順位" in row
    assert 'href="/manage/rulesets/?base=saikouisen#new"' in html


def test_the_form_starts_from_the_preset_chosen_on_its_page(manager: Client) -> None:
    html = manager.get("/manage/rulesets/?base=saikouisen").content.decode()
    assert '<option value="saikouisen" selected>' in html
    assert 'data-ruleset-form="saikouisen"' in html
    plain = manager.get("/manage/rulesets/?base=nothing-here").content.decode()
    assert '<option value="standard" selected>' in plain  # an unknown preset: the standard


def test_the_form_says_what_each_field_means_with_the_presets_value(manager: Client) -> None:
    html = manager.get("/manage/rulesets/?base=saikouisen").content.decode()
    form = html.split("data-ruleset-form", 1)[1]
    for name in ("uma", "tie_break", "triple_ron", "chombo_payment", "extension_target"):
        assert f'data-field="{name}"' in form
    row = form.split('data-field="triple_ron"', 1)[1].split('data-field="', 1)[0]
    assert "三家和" in row and "三人のロン" in row and "プリセット:" in row


@pytest.mark.parametrize(
    ("changes", "where", "said"),
    [
        ({"multi_ron": "head_bump", "triple_ron": "allowed"}, "triple_ron", "頭ハネ"),
        ({"extension": "extra_round"}, "extension_target", "目標点"),
        ({"player_count": 3}, "uma", "ウマは順位ごとに"),
        ({"start_points": 35000}, "return_points", "返しは配給原点以上"),
    ],
)
def test_an_incoherent_combination_is_refused_beside_its_field_in_japanese(
    manager: Client, parlor: Parlor, changes: dict[str, Any], where: str, said: str
) -> None:
    answer = manager.post("/manage/rulesets/", new(changes))
    assert answer.status_code == 400
    error = error_beside(answer.content.decode(), where)
    assert said in error, error
    assert not RulesetDefinition.objects.filter(parlor=parlor).exists()


@pytest.mark.parametrize("preset_key", sorted(PRESETS))
def test_a_copy_of_a_preset_keeps_every_field(
    manager: Client, parlor: Parlor, preset_key: str
) -> None:
    answer = manager.post("/manage/rulesets/", new(base=preset_key, key="copy", title="写し"))
    assert RulesetDefinition.objects.get(key="copy").definition == {"base": preset_key}
    assert answer.status_code == 302
    copy = ruleset_resolve(parlor=parlor, key="copy")
    preset = PRESETS[preset_key]
    assert copy == preset.replace(id="copy", title="写し", title_en="写し")


def test_in_english_a_preset_and_the_base_of_a_ruleset_are_titled_in_english(
    manager: Client,
) -> None:
    manager.cookies["django_language"] = "en"
    html = manager.get("/manage/rulesets/preset/standard/").content.decode()
    head = html.split("<tbody", 1)[0]  # the title, heading and navigation; not the field rows
    assert f"<h1>{PRESETS['standard'].title_en}</h1>" in head
    assert PRESETS["standard"].title not in head
    answer = manager.post("/manage/rulesets/", form_data("standard", key="house-en", title="H"))
    assert answer.status_code == 302, answer.content.decode()[:2000]
    row = RulesetDefinition.objects.get(key="house-en")
    page = manager.get(f"/manage/rulesets/{row.public_id}/").content.decode()
    assert PRESETS["standard"].title_en in page and PRESETS["standard"].title not in page
