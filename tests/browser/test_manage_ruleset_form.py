"""A manager makes a ruleset from the Mリーグ preset with another uma through the form, with no
JSON: the preset is picked, every rule shows the preset's value, the uma is changed place by
place, a refusal of the engine stands beside the uma in Japanese (the summary above the form
leads to it), and the ruleset kept is the preset plus the uma alone. Screenshots at 1280×800
and 800×1280."""

from __future__ import annotations

from typing import Any

import pytest

from parlor.models import MemberRole, RulesetDefinition
from parlor.selectors.rulesets import ruleset_resolve
from rulesets.registry import PRESETS
from tests.browser.tablet import SCREENSHOTS
from tests.parlor.factories import MemberFactory, ParlorFactory

pytestmark = pytest.mark.django_db(transaction=True)

UMA = ("uma.0", "uma.1", "uma.2", "uma.3")


def shot(page: Any, name: str) -> None:
    page.screenshot(path=str(SCREENSHOTS / f"manage-ruleset-form-{name}.png"), full_page=False)


@pytest.mark.parametrize(
    ("width", "height", "orientation"), [(1280, 800, "landscape"), (800, 1280, "portrait")]
)
def test_a_manager_makes_a_ruleset_from_mleague_with_another_uma(
    browser: Any, live_server: Any, width: int, height: int, orientation: str
) -> None:
    parlor = ParlorFactory()
    manager = MemberFactory(parlor=parlor, role=MemberRole.MANAGER).user
    context = browser.new_context(viewport={"width": width, "height": height})
    context.set_default_timeout(15_000)
    page = context.new_page()
    page.goto(live_server.url + "/tablet/login/?next=/manage/rulesets/")
    page.fill('input[name="username"]', manager.username)
    page.fill('input[name="password"]', "pw")
    page.click('form.stack button[type="submit"]')
    page.wait_for_selector('body[data-screen="manage-rulesets"]')
    assert "JSON" not in page.inner_text("main")

    # Picking the preset refills every rule with its values, the preset's value beside each.
    page.select_option("#pick-base", "mleague")
    page.click("[data-preset-picker] button")
    page.wait_for_selector('[data-ruleset-form="mleague"]')
    assert [page.input_value(f'[name="{name}"]') for name in UMA] == ["30", "10", "-10", "-30"]
    uma = page.locator('[data-field="uma"]')
    assert "ウマ" in uma.inner_text() and "プリセット: 30" in uma.inner_text()
    assert page.input_value('[name="tie_break"]') == "split"
    assert "同点は分ける" in page.locator('[name="tie_break"] option:checked').inner_text()
    assert page.is_checked('[name="box_under_settlement"]')
    page.fill('input[name="key"]', "mleague-2010")
    page.fill('input[name="title"]', "Mリーグ ウマ20-10")

    # An uma that does not sum to zero is refused beside the uma, in Japanese, with what was
    # typed kept.
    for name, value in zip(UMA, ("20", "10", "-10", "-10"), strict=True):
        page.fill(f'[name="{name}"]', value)
    page.click("form.new button.add")
    refusal = page.wait_for_selector('[data-error="uma"]')
    assert "合計0" in refusal.inner_text()
    assert page.input_value('[name="uma.3"]') == "-10"
    assert page.input_value('input[name="key"]') == "mleague-2010"
    assert not RulesetDefinition.objects.filter(parlor=parlor).exists()
    # The summary above the long form names the field and takes the manager to it.
    page.click('[data-error-summary] [data-refused="uma"]')
    page.wait_for_function("() => location.hash === '#rule-uma'")
    box = refusal.bounding_box()
    assert box is not None and box["y"] >= 0 and box["y"] + box["height"] <= height
    shot(page, f"{orientation}-refused")

    page.fill('[name="uma.3"]', "-20")
    page.locator('[data-field="uma"]').scroll_into_view_if_needed()
    shot(page, f"{orientation}-changed")
    page.click("form.new button.add")
    page.wait_for_selector('body[data-screen="manage-ruleset"]')
    shot(page, f"{orientation}-added")

    row = RulesetDefinition.objects.get(parlor=parlor, key="mleague-2010")
    assert row.definition == {"base": "mleague", "uma": [20, 10, -10, -20]}
    ruleset = ruleset_resolve(parlor=parlor, key="mleague-2010")
    assert ruleset.uma == (20, 10, -10, -20)
    assert ruleset.replace(uma=PRESETS["mleague"].uma) == PRESETS["mleague"].replace(
        id="mleague-2010", title="Mリーグ ウマ20-10", title_en="Mリーグ ウマ20-10")
    context.close()
