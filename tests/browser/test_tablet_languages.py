"""Both languages render every screen with no untranslated string.

The browser asks for English (Accept-Language en-US), yet the tablet opens in Japanese: staff
choose English on the tablet, and the tablet remembers it. On every Japanese screen, no English
msgid of the catalog and no English word at all may show (the players have Japanese names, so
any Latin word is an untranslated string); on every English screen, no Japanese word of the
catalog may show.
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from parlor.domain.money import Terms
from parlor.models import FeeModel, Player, PlayerKind, Table
from parlor.services.games import game_finish, game_start
from parlor.services.hands import hand_record
from parlor.services.money import money_settings_set
from parlor.services.seating import Seating
from parlor.services.visits import visit_check_in, visit_check_out, visit_last_game_call
from tests.browser.conftest import signed_in_context
from tests.browser.tablet import SCREENSHOTS
from tests.parlor.factories import ParlorFactory
from tests.parlor.test_tablet_i18n import catalog_entries

pytestmark = pytest.mark.django_db(transaction=True)

RON = {"result": {"kind": "ron", "loser": 0, "wins": [{"winner": 1, "han": 3, "fu": 30}]}}
DRAW = {
    "riichi": [2],
    "penalties": [{"kind": "dead_hand", "seat": 1}],
    "result": {"kind": "draw", "tenpai": [0, 3]},
}
COMPENSATED = {"result": {"kind": "chombo", "offender": 2, "compensation": {"to": 3, "han": 6}}}
POINT_5 = Terms(
    rate_yen_per_p=50,
    chip_value_yen=0,
    fee_model=FeeModel.EACH,
    game_fee_yen=500,
    top_prize_yen=0,
    money_unit_yen=10,
)
# Words that are data or names, not the tablet's own strings.
# The language switch names itself; PDF is a file format; QR (QRコード) and mm, the unit of a
# receipt roll's width (80 mm), are written so in Japanese too.
ALLOWED_LATIN = {"English", "PDF", "QR", "mm"}
PLACEHOLDER = re.compile(r"%\(\w+\)s|%s|%d")


def english_fragments() -> set[str]:
    """Pieces of the catalog's English msgids, long enough to be words of a sentence."""
    pieces: set[str] = set()
    for entry in catalog_entries():
        for text in (entry["id"], entry["plural"]):
            for piece in PLACEHOLDER.split(str(text or "")):
                piece = piece.strip(" .,:;()+…·-")
                if len(re.findall(r"[A-Za-z]", piece)) >= 4:
                    pieces.add(piece)
    return pieces


def japanese_fragments() -> set[str]:
    pieces: set[str] = set()
    for entry in catalog_entries():
        for text in entry["strs"]:
            for piece in PLACEHOLDER.split(str(text)):
                piece = piece.strip(" .,:;()（）+…・-、。／")
                if len(re.findall(r"[\u3040-\u30ff\u4e00-\u9fff]", piece)) >= 2:
                    pieces.add(piece)
    return pieces


def visible_text(page: Any) -> str:
    return page.inner_text("body")


def check_japanese(text: str, screen: str, *, data: set[str]) -> None:
    for word in sorted(data | ALLOWED_LATIN, key=len, reverse=True):
        text = text.replace(word, " ")
    leaked = sorted(f for f in english_fragments() if f in text)
    assert leaked == [], f"{screen}: English msgids on a Japanese screen: {leaked}"
    latin = sorted(set(re.findall(r"[A-Za-z]{2,}", text)))
    assert latin == [], f"{screen}: untranslated words on a Japanese screen: {latin}"


def check_english(text: str, screen: str, *, data: set[str]) -> None:
    for word in sorted(data | {"日本語", "点棒"}, key=len, reverse=True):
        text = text.replace(word, " ")
    leaked = sorted(f for f in japanese_fragments() if f in text)
    assert leaked == [], f"{screen}: Japanese strings on an English screen: {leaked}"
    kana = re.findall(r"[\u3040-\u30ff]+", text)
    assert kana == [], f"{screen}: Japanese on an English screen: {kana}"


@pytest.fixture
def floor_with_games(parlor_floor: dict[str, Any]) -> dict[str, Any]:
    """A game in progress at table 1 (two hands) and a finished game at table 2."""
    staff, players = parlor_floor["staff"], parlor_floor["players"]
    tables = parlor_floor["tables"]
    # Finished first: a person sits in one open game at a time.
    done = game_start(
        table=tables["seed-004"], players=players[:3], seating=Seating.GIVEN, by=staff
    )
    hand_record(game=done, sequence=1, entry={"result": {"kind": "draw", "tenpai": [1]}}, by=staff)
    game_finish(game=done, by=staff)
    playing = game_start(
        table=tables["standard"], players=players[:4], seating=Seating.GIVEN, by=staff
    )
    hand_record(game=playing, sequence=1, entry=RON, by=staff)
    hand_record(game=playing, sequence=2, entry=DRAW, by=staff)
    # The other tables' players (Japanese names, as conftest's), four at most per table.
    others = [
        Player.objects.create(parlor=parlor_floor["parlor"], name=name, kind=PlayerKind.GUEST)
        for name in (
            "石井",
            "上田",
            "遠藤",
            "大野",
            "加藤",
            "木村",
            "小林",
            "斎藤",
            "清水",
            "田村",
            "中村",
        )
    ]
    free = Table.objects.create(parlor=parlor_floor["parlor"], label="3", ruleset_key="seed-001")
    other = Table.objects.create(parlor=ParlorFactory(), label="X", ruleset_key="standard")
    # The rulesets with penalties, compensation and wareme, for the controls only they have.
    rulesets = {"seed-001": 4, "seed-000": 4, "seed-003": 3}
    more = {}
    for label, (key, count) in enumerate(rulesets.items(), start=4):
        table = Table.objects.create(
            parlor=parlor_floor["parlor"], label=str(label), ruleset_key=key
        )
        seated, others = others[:count], others[count:]
        more[key] = game_start(table=table, players=seated, seating=Seating.GIVEN, by=staff)
    hand_record(game=more["seed-001"], sequence=1, entry=COMPENSATED, by=staff)
    # The parlor plays for money from now on (the games above started without): the counter
    # shows a player checked in, one who called the last game, one checked out, and the rest.
    money_settings_set(parlor=parlor_floor["parlor"], player_count=4, terms=POINT_5)
    visit_check_in(player=players[4], by=staff)
    last = visit_check_in(player=players[3], by=staff)
    visit_last_game_call(visit=last, called=True)
    closed = visit_check_in(player=players[2], by=staff)
    visit_check_out(visit=closed, by=staff)
    return {
        "open_visit": last,
        "closed_visit": closed,
        **parlor_floor,
        "players": list(Player.objects.filter(parlor=parlor_floor["parlor"])),
        "playing": playing,
        "done": done,
        "free": free,
        "other": other,
        "more": more,
    }


def walk(page: Any, base: str, data: dict[str, Any], lang: str) -> list[tuple[str, str]]:
    """Every screen, in the order staff meet them; returns (screen, visible text)."""
    playing, done = data["playing"], data["done"]
    seen: list[tuple[str, str]] = []

    def visit(name: str, path: str | None = None) -> None:
        if path is not None:
            page.goto(base + path)
        page.wait_for_selector("body[data-screen]")
        page.screenshot(path=str(SCREENSHOTS / f"lang-{lang}-{name}.png"), full_page=True)
        seen.append((name, visible_text(page)))

    visit("floor", "/tablet/")
    visit("counter", "/tablet/counter/")
    visit("counter-check-out", f"/tablet/counter/visits/{data['open_visit'].public_id}/check-out/")
    visit("counter-receipt", f"/tablet/counter/visits/{data['closed_visit'].public_id}/receipt/")
    visit("day-close", "/tablet/counter/close/")
    visit("start", f"/tablet/tables/{data['free'].public_id}/")
    page.wait_for_selector("body[data-ready='true']")
    page.click('.player-pick[data-player="千葉"]')  # checked out: not checked in any more
    page.wait_for_selector("#not-checked-in:visible")
    visit("start-not-checked-in")
    visit("game", f"/tablet/games/{playing.public_id}/")
    page.wait_for_selector("body[data-ready='true']")
    page.click('.seat[data-seat="2"]')
    visit("game-winner-tapped")
    page.click('.seat[data-seat="3"]')
    page.click('.cell[data-han="2"][data-fu="40"]')
    page.wait_for_selector("[data-preview]")
    visit("game-preview")
    page.click("#clear")
    page.click('[data-kind="tsumo"]')
    page.click('.seat[data-seat="0"]')
    page.click('.cell[data-yakuman="1"]')
    page.click("#pao-button")
    visit("game-pao-pick")
    page.click("#clear")
    page.click('[data-riichi="1"]')
    page.click('[data-kind="draw"]')
    page.wait_for_selector("[data-preview]")  # a noten riichi: settled as chombo, with a note
    visit("game-draw-noten-riichi")
    page.click("#clear")
    page.click("#penalty-box > summary")
    page.click('[data-penalty="dead_hand"]')
    visit("game-penalty-pick")
    page.click('.seat[data-seat="1"]')
    visit("game-penalty-chip")
    page.click('[data-action="undo"]')
    page.click('[data-action="finish"]')
    visit("game-menus")
    visit("history", f"/tablet/games/{playing.public_id}/history/")
    visit("correct", f"/tablet/games/{playing.public_id}/hands/1/correct/")
    page.wait_for_selector("[data-preview]")
    visit("correct-preview")
    more = data["more"]
    visit("penalties-seed-001", f"/tablet/games/{more['seed-001'].public_id}/")
    page.wait_for_selector("body[data-ready='true']")
    page.click("#penalty-box > summary")
    page.click('[data-penalty="deposit"]')
    page.click('.seat[data-seat="1"]')
    page.click('[data-kind="chombo"]')
    page.click('.seat[data-seat="2"]')
    page.click("#compensation-button")
    visit("compensation-pick")
    page.click('.seat[data-seat="3"]')
    visit("compensation-value")
    page.click('.limit-row .cell[data-han="6"]')
    page.wait_for_selector("[data-preview]")
    visit("compensation-preview")
    visit("correct-compensation", f"/tablet/games/{more['seed-001'].public_id}/hands/1/correct/")
    page.wait_for_selector("[data-preview]")
    visit("wareme-seat", f"/tablet/games/{more['seed-000'].public_id}/")
    page.wait_for_selector("body[data-ready='true']")
    page.click("#more > summary")
    page.click('[data-wareme-seat="2"]')
    visit("wareme-seat-picked")
    visit("penalties-seed-003", f"/tablet/games/{more['seed-003'].public_id}/")
    page.wait_for_selector("body[data-ready='true']")
    page.click("#penalty-box > summary")
    page.click('[data-penalty="chombo"]')
    visit("chombo-penalty-pick")
    page.click('.seat[data-seat="1"]')
    page.click('[data-kind="draw"]')
    page.wait_for_selector("[data-preview]")
    visit("chombo-penalty-preview")
    visit("result", f"/tablet/games/{done.public_id}/result/")
    visit("not-found", f"/tablet/tables/{data['other'].public_id}/")
    return seen


def test_every_screen_in_japanese_then_in_english_with_nothing_untranslated(
    browser, live_server, floor_with_games
):
    data = floor_with_games
    names = {p.name for p in data["players"]} | {data["parlor"].name, data["staff"].get_username()}
    context = signed_in_context(
        browser,
        live_server,
        data["staff"],
        locale="en-US",
        extra_http_headers={"Accept-Language": "en-US,en;q=0.9"},
    )
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))

    page.goto(live_server.url + "/tablet/")
    assert page.get_attribute("html", "lang") == "ja"  # Japanese first, whatever the browser says
    for screen, text in walk(page, live_server.url, data, "ja"):
        check_japanese(text, screen, data=names)

    page.goto(live_server.url + "/tablet/")
    page.click('.lang [data-lang="en"]')
    page.wait_for_selector("html[lang='en']")
    for screen, text in walk(page, live_server.url, data, "en"):
        check_english(text, screen, data=names)
    page.goto(live_server.url + "/tablet/")
    assert page.get_attribute("html", "lang") == "en"  # remembered
    page.click('.lang [data-lang="ja"]')
    page.wait_for_selector("html[lang='ja']")

    signed_out = browser.new_context(locale="en-US", viewport={"width": 1280, "height": 800})
    login = signed_out.new_page()
    login.goto(live_server.url + "/tablet/")
    login.wait_for_selector("body[data-screen='login']")
    login.screenshot(path=str(SCREENSHOTS / "lang-ja-login.png"))
    check_japanese(visible_text(login), "login", data=names)
    login.click('.lang [data-lang="en"]')
    login.wait_for_selector("html[lang='en']")
    login.screenshot(path=str(SCREENSHOTS / "lang-en-login.png"))
    check_english(visible_text(login), "login", data=names)
    signed_out.close()
    context.close()
    assert errors == []
