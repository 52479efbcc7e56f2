"""Issue 30's walk, once at 1280×800 and once at 800×1280: an evening as staff and manager meet
it, each item of the issue asserted where the walk passes it, with a screenshot of each in
test-artifacts/. Items asserted at length elsewhere are walked here with a short check (the
test named beside them holds the long one)."""

from __future__ import annotations

from typing import Any

import pytest

from parlor.domain.business_days import business_day_of
from parlor.models import MemberRole, Player, PlayerKind, RulesetDefinition, StandingsSettings
from parlor.services.games import game_start
from parlor.services.money import money_settings_set
from parlor.services.seating import Seating
from parlor.services.settlements import adjustment_create
from parlor.services.visits import visit_check_in
from rulesets.registry import PRESETS
from tests.browser.conftest import signed_in_context
from tests.browser.tablet import SCREENSHOTS, Tablet
from tests.browser.test_headings_unbroken import LINES
from tests.browser.test_parlor_day import csv_sections, watch
from tests.browser.test_tablet_header_one_row import HEADER
from tests.browser.test_tablet_languages import check_japanese
from tests.browser.test_tablet_layout import POINT_5, a_game_its_players_checked_out, on_screen
from tests.parlor.factories import MemberFactory

pytestmark = pytest.mark.django_db(transaction=True)

SIZES = {"landscape": (1280, 800), "portrait": (800, 1280)}
MORE = ("福田", "後藤", "本田", "石井", "上田", "小川")  # checked in after the first game
SEATED = ("石井", "上田", "小川")  # playing at table 2 while table 1 starts
RON = {"result": {"kind": "ron", "loser": 0, "wins": [{"winner": 1, "han": 3, "fu": 30}]}}
UMA = ("uma.0", "uma.1", "uma.2", "uma.3")


class Walk:
    """One browser page, its screenshots and the Japanese-only check of each page it shows."""

    def __init__(self, page: Any, orientation: str, names: set[str]) -> None:
        self.page, self.orientation, self.names = page, orientation, names

    def shot(self, item: str) -> None:
        path = SCREENSHOTS / f"issue30-walk-{self.orientation}-{item}.png"
        self.page.screenshot(path=str(path), full_page=False)

    def japanese(self, item: str, *, keys: frozenset[str] = frozenset()) -> None:
        """No English sentence and no JSON on a Japanese page (`keys`: identifiers shown)."""
        text = str(self.page.inner_text("body"))
        check_japanese(text, item, data=self.names | keys)
        assert '{"' not in text and "Expecting value" not in text, item


@pytest.fixture
def evening(parlor_floor: dict[str, Any]) -> dict[str, Any]:
    """A finished game whose four went home (a correction owes them money), seven checked in,
    three of them playing at table 2, an open adjustment, and a manager."""
    parlor, staff = parlor_floor["parlor"], parlor_floor["staff"]
    StandingsSettings.objects.create(parlor=parlor, monthly_min_games=1)  # the TV board's
    finished = a_game_its_players_checked_out(parlor_floor)
    money_settings_set(parlor=parlor, player_count=3, terms=POINT_5)
    more = [Player.objects.create(parlor=parlor, name=n, kind=PlayerKind.GUEST) for n in MORE]
    by_name = {p.name: p for p in [*parlor_floor["players"], *more]}
    for name in ("江藤", *MORE):
        visit_check_in(player=by_name[name], by=staff)
    three = [by_name[n] for n in SEATED]
    table_2 = parlor_floor["tables"]["seed-004"]
    game_start(table=table_2, players=three, seating=Seating.GIVEN, by=staff)
    adjustment_create(player=by_name["青木"], amount_yen=1500, reason="お詫び", by=staff)
    manager = MemberFactory(parlor=parlor, role=MemberRole.MANAGER).user
    names = set(by_name) | {parlor.name, staff.get_username(), manager.get_username()}
    names |= {p.title for p in PRESETS.values()} | set(PRESETS)  # titles and keys
    return {**parlor_floor, "finished": finished, "manager": manager, "names": names}


@pytest.mark.parametrize("orientation", list(SIZES))
def test_issue30_walk(
    browser: Any, live_server: Any, evening: dict[str, Any], orientation: str
) -> None:
    width, height = SIZES[orientation]
    staff = signed_in_context(browser, live_server, evening["staff"])
    tablet = Tablet(staff.new_page(), live_server.url, prefix=f"issue30-walk-{orientation}")
    tablet.page.set_viewport_size({"width": width, "height": height})
    walk = Walk(tablet.page, orientation, evening["names"])
    errors = watch(tablet.page)  # script errors and CSP violations, on every page walked

    floor(tablet, walk)
    correction_notice(tablet, walk, evening["finished"])
    game_start_picks(tablet, walk)
    void_asks_for_the_manager(tablet, walk)
    pay_out_confirms(tablet, walk)
    favicon = staff.request.get(live_server.url + "/favicon.ico")
    assert favicon.status == 200 and favicon.headers["content-type"].startswith("image/")
    staff.close()

    manager = browser.new_context(viewport={"width": width, "height": height})
    manager.set_default_timeout(20_000)
    walk = Walk(manager.new_page(), orientation, evening["names"])
    manager_errors = watch(walk.page)
    sign_in(walk.page, live_server.url, evening["manager"].username)
    ruleset_from_mleague(walk, evening["parlor"])
    audit_log(walk, live_server.url)
    report(walk, manager, live_server.url, evening["parlor"])
    manager.close()
    for size in ((1920, 1080), (1280, 720)):
        tv_board(browser, live_server.url, evening["parlor"].slug, size)
    assert errors == [] and manager_errors == []


def floor(tablet: Tablet, walk: Walk) -> None:
    """The header is one row (test_tablet_header_one_row), card titles unbroken
    (test_headings_unbroken)."""
    tablet.goto("/tablet/")
    header = tablet.page.evaluate(HEADER)
    assert header["rows"] == 1 and header["overflow"] <= 0, header
    titles = dict(tablet.page.evaluate(LINES, ".table-card .table-label"))
    assert {"1番卓", "2番卓"} <= set(titles) and set(titles.values()) == {1}, titles
    walk.japanese("floor")
    walk.shot("floor")


def correction_notice(tablet: Tablet, walk: Walk, game: Any) -> None:
    """The money notice and the reason are in view above 確定 (test_tablet_layout); the
    correction is made."""
    tablet.goto(f"/tablet/games/{game.public_id}/hands/1/correct/")
    tablet.wait_ready()
    tablet.page.click(".winner-chip")
    tablet.value({"han": 5})
    tablet.page.wait_for_selector("[data-settled-money] [data-settled-player]")
    tablet.page.fill("#reason", "満貫の申告漏れ")
    confirm = on_screen(tablet, "#confirm")
    for selector in ("[data-settled-money]", "#reason"):
        box = on_screen(tablet, selector)
        assert box["inside"] and box["uncovered"] and box["bottom"] <= confirm["top"], box
    assert "さんは精算済み" in tablet.page.inner_text("[data-settled-money]")
    walk.japanese("correction")
    walk.shot("correction-notice")
    tablet.page.click("#confirm")
    tablet.page.wait_for_selector("body[data-screen='history']")


def game_start_picks(tablet: Tablet, walk: Walk) -> None:
    """Free players first, the seated dimmed; a pick clears the search
    (test_tablet_game_start_picks)."""
    tablet.goto("/tablet/")
    tablet.page.click('a.table-card[data-table="1"]')
    tablet.page.wait_for_selector("body[data-screen='start']")
    tablet.wait_ready()
    listed = tablet.page.eval_on_selector_all(
        ".player-pick",
        """els => els.map(e => [e.dataset.player, e.classList.contains('is-seated'),
            Number(getComputedStyle(e).opacity)])""",
    )
    seated = [name for name, is_seated, _ in listed if is_seated]
    assert sorted(seated) == sorted(SEATED) and [s for _, s, _ in listed][-3:] == [True] * 3
    assert all(opacity < 0.8 for _, is_seated, opacity in listed if is_seated), listed
    walk.japanese("start")
    walk.shot("start-seated-dimmed")
    tablet.page.fill("#player-q", "福田")
    tablet.page.wait_for_selector('#players[data-searched="福田"]')
    tablet.page.click('.player-pick[data-player="福田"]')
    assert tablet.page.input_value("#player-q") == ""
    for name in ("江藤", "後藤", "本田"):
        tablet.page.click(f'.player-pick[data-player="{name}"]')
    tablet.page.click('[data-seating="given"]')
    tablet.page.wait_for_selector("body[data-screen='game']")
    tablet.wait_ready()


def void_asks_for_the_manager(tablet: Tablet, walk: Walk) -> None:
    """The value grid shows; after the first hand (no reload) the void menu asks for the
    manager on first open (test_tablet_void)."""
    tablet.seat(1)
    tablet.seat(0)
    assert tablet.page.is_visible("#value-panel .cell")
    walk.shot("value-grid")
    tablet.value(RON["result"]["wins"][0])
    tablet.page.wait_for_selector("#confirm:not([disabled])")
    tablet.confirm()
    tablet.page.click('[data-action="void"]')
    tablet.page.wait_for_selector('.void-form input[name="reason"]', state="visible")
    assert tablet.page.is_visible('.void-form input[name="manager_password"]')
    walk.japanese("void")
    walk.shot("void-asks-manager")


def pay_out_confirms(tablet: Tablet, walk: Walk) -> None:
    """A pay-out asks first (test_tablet_pay_out_confirm)."""
    tablet.goto("/tablet/counter/")
    tablet.wait_ready()
    tablet.page.click('[data-pay-out="青木"]')
    confirmation = tablet.page.locator('[data-pay-out-confirm="青木"]')
    confirmation.wait_for(state="visible")
    assert "青木さん" in confirmation.inner_text() and "円" in confirmation.inner_text()
    walk.japanese("counter")
    walk.shot("pay-out-confirm")
    tablet.page.keyboard.press("Escape")


def sign_in(page: Any, base: str, username: str) -> None:
    page.goto(base + "/tablet/login/?next=/manage/rulesets/")
    page.fill('input[name="username"]', username)
    page.fill('input[name="password"]', "pw")
    page.click('form.stack button[type="submit"]')
    page.wait_for_selector('body[data-screen="manage-rulesets"]')


def ruleset_from_mleague(walk: Walk, parlor: Any) -> None:
    """The mleague preset with another uma through the form (test_manage_ruleset_form)."""
    page = walk.page
    page.select_option("#pick-base", "mleague")
    page.click("[data-preset-picker] button")
    page.wait_for_selector('[data-ruleset-form="mleague"]')
    keys = page.eval_on_selector_all("[data-field]", "els => els.map(e => e.dataset.field)")
    walk.japanese("ruleset-form", keys=frozenset(keys))  # each rule's key beside its Japanese label
    page.fill('input[name="key"]', "mleague-walk")
    page.fill('input[name="title"]', "Mリーグ ウマ20-10")
    for name, value in zip(UMA, ("20", "10", "-10", "-20"), strict=True):
        page.fill(f'[name="{name}"]', value)
    page.locator('[data-field="uma"]').scroll_into_view_if_needed()
    walk.shot("ruleset-form")
    page.click("form.new button.add")
    page.wait_for_selector('body[data-screen="manage-ruleset"]')
    row = RulesetDefinition.objects.get(parlor=parlor, key="mleague-walk")
    assert row.definition == {"base": "mleague", "uma": [20, 10, -10, -20]}


def audit_log(walk: Walk, base: str) -> None:
    """The audit log speaks Japanese (test_audit_log_in_japanese) and names the correction
    as a manager says it."""
    walk.page.goto(base + "/audit/")
    text = walk.page.inner_text("main")
    assert "1番卓：第1局を訂正（1回目の訂正）" in text and "版" not in text, text[:300]
    walk.japanese("audit")
    walk.shot("audit")


def report(walk: Walk, context: Any, base: str, parlor: Any) -> None:
    """The form offers the business day in progress; the summary says of how many wins the
    yaku tables are and they agree (test_report_pages, test_report_content)."""
    page = walk.page
    page.goto(base + "/reports/")
    day = business_day_of(parlor).isoformat()
    assert page.input_value('form.request input[name="day"]') == day
    walk.japanese("reports", keys=frozenset({"CSV", "XLSX", "Excel"}))  # file formats, as PDF
    for fmt in ("xlsx", "pdf"):
        page.uncheck(f'form.request input[name="format"][value="{fmt}"]')
    page.click('form.request button[type="submit"]')
    link = page.wait_for_selector(f'tr:has(td:text-is("{day}")) a[href$="/download/"]')
    walk.shot("reports")
    answer = context.request.get(base + link.get_attribute("href"))
    sections = csv_sections(answer.body())
    summary = {row[0]: row[1] for row in sections["概要"][1:]}
    styles = sections["リーチ・ダマ・副露"]
    assert int(summary["和了数"]) == 1  # the finished game's; the walk's game is still on
    assert int(styles[-1][1]) == int(summary["役の記録がある和了"]) <= int(summary["和了数"])
    corrected = [row for row in sections["訂正履歴"] if row[1] == "局の訂正"]
    assert [row[4] for row in corrected] == ["1 (東1局 0本場)（1回目の訂正）"], corrected


# The board's scale: the names' font size against the screen's height, and how much of the
# board's height its rows and titles leave empty.
TV_SCALE = """() => {
  const name = document.querySelector('[data-column="today"] td.name');
  const column = document.querySelector('[data-column="today"]');
  const rows = [...column.querySelectorAll('tbody tr:not([hidden])')];
  const bottom = Math.max(...rows.map((r) => r.getBoundingClientRect().bottom));
  return {font: parseFloat(getComputedStyle(name).fontSize) / innerHeight,
          empty: (innerHeight - bottom) / innerHeight,
          wide: column.querySelector('table').getBoundingClientRect().width / column.clientWidth,
          scroll: document.documentElement.scrollHeight - innerHeight};
}"""


def tv_board(browser: Any, base: str, slug: str, size: tuple[int, int]) -> None:
    """The TV board's text scales to the screen (test_live_view_and_tv)."""
    context = browser.new_context(viewport={"width": size[0], "height": size[1]})
    tv = context.new_page()
    errors = watch(tv)
    tv.goto(f"{base}/standings/{slug}/tv/")
    tv.wait_for_selector('[data-column="today"][data-pages]')
    scale = tv.evaluate(TV_SCALE)
    tv.screenshot(path=str(SCREENSHOTS / f"issue30-walk-tv-{size[0]}x{size[1]}.png"))
    context.close()
    assert scale["scroll"] <= 0 and scale["wide"] >= 0.9, scale
    assert scale["font"] >= 0.04 and scale["empty"] <= 0.5, scale
    assert errors == []
