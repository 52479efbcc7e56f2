"""What players see away from the tablet: a phone following its table's game from the QR code,
updated without a reload after staff confirm a hand, and the TV board at 1920×1080 with a
ranking longer than the screen, paging and fetching new standings by itself."""

from __future__ import annotations

from typing import Any

from parlor.models import Player, PlayerKind, StandingsSettings
from tests.browser.tablet import SCREENSHOTS, Tablet
from tests.parlor.conftest import client_for
from tests.parlor.money_helpers import play, ron, start

PHONE = {"width": 375, "height": 812}
TV = {"width": 1920, "height": 1080}
RANKED_PLAYERS = 60


def watch_for_errors(page: Any) -> list[str]:
    """Script errors and CSP violations the page logs."""
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.on(
        "console",
        lambda message: (
            errors.append(message.text) if "Content Security Policy" in message.text else None
        ),
    )
    return errors


def phone_scores(phone: Any) -> list[int]:
    return [
        int(v)
        for v in phone.eval_on_selector_all(".seat .score", "s => s.map(e => e.dataset.score)")
    ]


def test_a_player_follows_the_table_on_a_phone_from_the_tablet_qr_code(
    browser: Any, tablet: Tablet, parlor_floor: dict[str, Any]
) -> None:
    tablet.start_game("1", ["青木", "馬場", "千葉", "土井"])
    tablet.page.click('[data-action="live-qr"]')
    dialog = tablet.page.wait_for_selector("dialog#live-qr[open] svg.qr-code")
    box = dialog.bounding_box()
    assert box is not None and box["width"] >= 200 and box["y"] + box["height"] <= 800
    tablet.shot("live-qr")
    url = tablet.page.get_attribute("[data-live-url]", "data-live-url")
    tablet.page.click('dialog#live-qr button[type="submit"]')
    tablet.page.wait_for_selector("dialog#live-qr", state="hidden")

    # The player's phone: no session, portrait, 375 px wide.
    context = browser.new_context(
        viewport=PHONE, device_scale_factor=2, is_mobile=True, has_touch=True
    )
    phone = context.new_page()
    errors = watch_for_errors(phone)
    phone.goto(url)
    phone.wait_for_selector("#live .seat")
    assert phone_scores(phone) == [25000] * 4 == tablet.scores()
    assert phone.inner_text('[data-field="round"]') == "東1局"
    winds = phone.eval_on_selector_all(".seat .wind", "s => s.map(e => e.textContent)")
    assert winds == ["東", "南", "西", "北"]
    phone.evaluate("window.stillTheSamePage = true")
    phone.screenshot(path=str(SCREENSHOTS / "live-view-phone-start.png"), full_page=True)

    tablet.enter({"riichi": [1], **ron(2, 1, han=3, fu=30)})
    tablet.confirm()
    after = tablet.scores()
    assert after != [25000] * 4
    phone.wait_for_function(
        "() => document.querySelector('#live').dataset.hands === '1'", timeout=15_000
    )
    assert phone.evaluate("window.stillTheSamePage") is True  # updated without a reload
    assert phone_scores(phone) == after
    assert phone.inner_text('[data-field="round"]') == "東2局"
    assert phone.inner_text('[data-field="last-round"]') == "東1局"
    payments = phone.inner_text('[data-field="payments"]')
    assert "千葉 → 馬場" in payments and "供託" not in payments.split("→")[0]
    assert phone.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    phone.screenshot(path=str(SCREENSHOTS / "live-view-phone-after-hand.png"), full_page=True)
    # English second: the player switches the page's language and keeps following the table.
    phone.click('form.lang button[value="en"]')
    phone.wait_for_selector('html[lang="en"] #live .seat')
    assert phone.inner_text('[data-field="round"]') == "East 2"
    assert phone_scores(phone) == after
    phone.screenshot(path=str(SCREENSHOTS / "live-view-phone-english.png"), full_page=True)
    context.close()
    assert errors == []


def _ranked_parlor(parlor_floor: dict[str, Any]) -> tuple[Any, list[Player]]:
    """Fifteen finished games today at table 1: sixty players, each with one game."""
    parlor = parlor_floor["parlor"]
    StandingsSettings.objects.create(parlor=parlor, monthly_min_games=1)
    staff = client_for(parlor_floor["staff"])
    players = [
        Player.objects.create(
            parlor=parlor, name=f"選手{n:02d}", kind=PlayerKind.MEMBER, member_number=f"9{n:03d}"
        )
        for n in range(RANKED_PLAYERS)
    ]
    table = parlor_floor["tables"]["standard"]
    for first in range(0, RANKED_PLAYERS, 4):
        game = start(staff, table, players[first : first + 4])
        play(staff, game, [ron(3, first % 3, han=3, fu=30)], finish=True)
    return staff, players


def _visible_names(tv: Any, column: str) -> list[str]:
    return tv.eval_on_selector_all(
        f'[data-column="{column}"] tbody tr:not([hidden]) td.name',
        "cells => cells.filter(c => c.offsetParent !== null).map(c => c.textContent)",
    )


def _fits(tv: Any) -> bool:
    return tv.evaluate(
        """() => document.documentElement.scrollHeight <= 1080 &&
             [...document.querySelectorAll('.tv-column')].every(
                 c => c.scrollHeight <= c.clientHeight + 1)"""
    )


def test_the_tv_board_fits_1080p_pages_through_sixty_players_and_updates_itself(
    browser: Any, live_server: Any, parlor_floor: dict[str, Any]
) -> None:
    staff, players = _ranked_parlor(parlor_floor)
    slug = parlor_floor["parlor"].slug
    context = browser.new_context(viewport=TV, device_scale_factor=1)
    tv = context.new_page()
    errors = watch_for_errors(tv)
    tv.goto(f"{live_server.url}/standings/{slug}/tv/?page=3&refresh=15")
    tv.wait_for_selector('[data-column="today"][data-pages]')
    pages = int(tv.get_attribute('[data-column="today"]', "data-pages"))
    assert pages > 1
    assert tv.inner_text('[data-column="today"] [data-page-no]') == f"1/{pages}"
    seen: list[str] = []
    for page in range(1, pages + 1):
        tv.wait_for_function(
            "(page) => document.querySelector('[data-column=today]').dataset.page === page",
            arg=str(page),
            timeout=10_000,
        )
        assert _fits(tv), f"page {page} runs off the screen"
        seen += _visible_names(tv, "today")
        tv.screenshot(path=str(SCREENSHOTS / f"tv-1080p-page-{page}.png"))
    assert sorted(seen) == sorted(p.name for p in players)  # every player, once

    # A new game ends: the board shows its players at the next refresh, with no reload.
    tv.evaluate("window.stillTheSamePage = true")
    newcomers = [
        Player.objects.create(parlor=parlor_floor["parlor"], name=name, kind=PlayerKind.GUEST)
        for name in ("新人一", "新人二", "新人三", "新人四")
    ]
    game = start(staff, parlor_floor["tables"]["standard"], newcomers)
    play(staff, game, [ron(3, 0, han=5)], finish=True)
    tv.wait_for_function(
        "() => document.querySelector('.tv').dataset.refreshed === '1'", timeout=25_000
    )
    assert tv.evaluate("window.stillTheSamePage") is True
    assert "新人一" in tv.eval_on_selector_all(
        '[data-column="today"] td.name', "cells => cells.map(c => c.textContent)"
    )
    assert _fits(tv)
    tv.screenshot(path=str(SCREENSHOTS / "tv-1080p-after-refresh.png"))
    context.close()
    assert errors == []
