"""A Friday evening from the demo, between games (issue 25).

The demo's floor: four tables in play, 藤田 has called ラス半 at table 7 (standard), four guests
wait for any table, and the member of staff 大西 can sit in. Then, on the tablet:

- 大西 signs in for the shift with a float;
- the four waiting guests are proposed for table 1 and start with one tap;
- fourteen guests walk in over the evening, each with a wish (希望); tables form from the list:
  a three-player table made with 大西 (本走), who is released when a guest comes for it;
  a table of four "any" guests, a table of four M-League guests;
- 千葉 calls ラス半 at table 7 too; at オーラス the floor says who comes in next, and when the
  game ends and the two leave, the two guests waiting for a standard table take their seats;
  one of them follows their place on a 375 px phone until it says their seat is ready;
- 大西 signs out and the shift's receipt shows the 本走 game's yen.

Every step is one or two taps on the screen where it happens (the floor, the counter, the
shifts page); going from one of those screens to another is the bar's link, not counted. The
games themselves are played through the services (the hand entry has its own browser tests).
"""

from __future__ import annotations

from collections.abc import Iterator
from datetime import timedelta
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.utils import timezone

from parlor.domain.floor_figures import visit_waits
from parlor.models import Game, GameStatus, Parlor, ParlorMember, Shift, Visit, VisitStatus
from parlor.selectors.floor import floor_read
from parlor.selectors.floor_times import floor_times
from parlor.services.demo import DEMO_SLUG, DEMO_STAFF_SEAT_NAME, demo_load
from parlor.services.games import game_finish
from parlor.services.hands import hand_record
from tests.browser.conftest import signed_in_context
from tests.browser.tablet import SCREENSHOTS, Tablet

pytestmark = pytest.mark.django_db(transaction=True)
PHONE = {"width": 375, "height": 667}
STAFF = DEMO_STAFF_SEAT_NAME  # 大西
SEED_003 = "3|seed-003|50"  # three players, the house rules of seed-003, 50 yen per 1,000
STANDARD = "4|standard|50"
MLEAGUE = "4|mleague|50"
ANY = ""
ARRIVALS = (  # (name, wish) in the order the guests walk in
    ("一条", SEED_003),
    ("二宮", SEED_003),
    ("三浦", SEED_003),
    ("四谷", STANDARD),
    ("五味", STANDARD),
    ("六車", ANY),
    ("七海", ANY),
    ("八木", ANY),
    ("九鬼", ANY),
    ("十文字", MLEAGUE),
    ("百地", MLEAGUE),
    ("千石", MLEAGUE),
    ("万代", MLEAGUE),
    ("億川", ANY),
)


class Steps:
    """Counts the taps of each step and holds it to two."""

    def __init__(self, tablet: Tablet) -> None:
        self.tablet, self.taps, self.done = tablet, 0, []

    def tap(self, selector: str) -> None:
        self.tablet.page.click(selector)
        self.taps += 1

    def end(self, name: str) -> None:
        assert 1 <= self.taps <= 2, f"{name}: {self.taps} taps"
        self.done.append((name, self.taps))
        self.taps = 0


@pytest.fixture
def demo(transactional_db: None) -> Parlor:
    demo_load()
    return Parlor.objects.get(slug=DEMO_SLUG)


@pytest.fixture
def evening(browser: Any, live_server: Any, demo: Parlor, request: Any) -> Iterator[Tablet]:
    staff = get_user_model().objects.get(username="staff")
    context = signed_in_context(browser, live_server, staff)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(f"{error} at {page.url}"))
    yield Tablet(page, live_server.url, prefix=request.node.name)
    context.close()
    assert errors == []


def table(parlor: Parlor, label: str) -> Game | None:
    return Game.objects.filter(table__parlor=parlor, table__label=label).first()


def names_at(game: Game | None) -> set[str]:
    assert game is not None
    return {seat.player.name for seat in game.seats.all()}


def walk_in(steps: Steps, name: str, wish: str) -> None:
    page = steps.tablet.page
    steps.tablet.goto("/tablet/counter/")
    steps.tap("#walk-in summary")
    page.fill('#walk-in input[name="name"]', name)
    page.select_option("[data-walk-in-wish]", wish)
    steps.tap("[data-walk-in-submit]")
    page.wait_for_selector(f'[data-waiting="{name}"]')
    steps.end(f"{name} walks in")


def start_proposed(steps: Steps, label: str, expected: set[str]) -> Game:
    """On the floor: the proposal for table `label` names `expected`; one tap starts it."""
    page = steps.tablet.page
    steps.tablet.goto("/tablet/")
    proposal = page.locator(f'[data-proposal="{label}"]')
    assert proposal.get_attribute("data-outcome") == "formed"
    shown = proposal.locator("[data-proposed]")
    assert {shown.nth(i).inner_text() for i in range(shown.count())} == expected
    steps.tap(f'[data-form-start="{label}"]')
    page.wait_for_selector("body[data-screen='game']")
    steps.end(f"table {label} starts")
    game = Game.objects.get(table__label=label, status=GameStatus.IN_PROGRESS)
    assert names_at(game) == expected
    return game


def play_to_all_last(parlor: Parlor, game: Game) -> None:
    """Draws with the dealer not ready (親流れ) until the floor reads オーラス."""
    staff = get_user_model().objects.get(username="staff")
    while True:
        game.refresh_from_db()
        if floor_read(parlor).table(game.table_id).is_all_last:  # type: ignore[union-attr]
            return
        dealer = game.next_state["dealer"]
        entry = {"result": {"kind": "draw", "tenpai": [(dealer + 1) % 4]}}
        hand_record(game=game, sequence=game.hand_count + 1, entry=entry, by=staff)


def check_out(steps: Steps, name: str) -> None:
    page = steps.tablet.page
    steps.tablet.goto("/tablet/counter/")
    steps.tap(f'.counter-row[data-player="{name}"] [data-check-out]')
    page.wait_for_selector("body[data-screen='counter-check-out']")
    steps.tap("[data-confirm-check-out]")
    page.wait_for_selector("body[data-screen='counter-receipt']")
    steps.end(f"{name} checks out")


def test_a_friday_evening_between_games(evening: Tablet, demo: Parlor, browser: Any):
    page, steps = evening.page, Steps(evening)
    staff_user = get_user_model().objects.get(username="staff")
    member = f'[data-member="{ParlorMember.objects.get(user=staff_user).pk}"]'

    # 大西's shift starts with a float of 10,000 yen.
    evening.goto("/tablet/counter/shifts/")
    page.fill(f"{member} [data-float-out]", "10000")
    steps.tap(f"{member} [data-sign-in]")
    page.wait_for_selector(f'[data-staff-name="{STAFF}"]')
    steps.end("the shift starts")

    # The demo's four waiting guests take table 1.
    start_proposed(steps, "1", {"久保", "森", "田中", "中村"})

    # Two guests for the three-player table: 大西 completes it and plays for the parlor.
    for name, wish in ARRIVALS[:2]:
        walk_in(steps, name, wish)
    evening.goto("/tablet/")
    assert page.inner_text('[data-proposal="5"] [data-staff-in]') == f"本走: {STAFF}"
    short_game = start_proposed(steps, "5", {"一条", "二宮", STAFF})
    assert short_game.seats.get(player__name=STAFF).is_staff_play

    # A third guest for that table: 大西 gives the seat after this game.
    walk_in(steps, *ARRIVALS[2])
    evening.goto("/tablet/")
    assert page.inner_text('[data-proposal="5"] [data-staff-out]') == (
        f"この対局の後に抜ける: {STAFF}"
    )
    evening.shot("staff-released-next")

    # Two guests for a standard table; 四谷 follows their place on their phone.
    walk_in(steps, *ARRIVALS[3])
    link = page.locator("[data-guest-link]").get_attribute("href")
    walk_in(steps, *ARRIVALS[4])
    phone_context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    phone_context.set_default_timeout(15_000)
    phone = phone_context.new_page()
    phone.goto(link)
    headline = phone.locator('[data-field="headline"]').inner_text()
    assert headline.startswith("待ち順") and headline.endswith("番目")
    assert phone.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    phone.screenshot(path=str(SCREENSHOTS / f"{evening.prefix}-phone-waiting.png"))

    # 千葉 calls ラス半 at the counter: table 7 now has two players on their last game.
    evening.goto("/tablet/counter/")
    steps.tap('.counter-row[data-player="千葉"] [data-last-game]')
    page.wait_for_selector('.counter-row[data-player="千葉"][data-state="last_call"]')
    steps.end("千葉 calls ラス半")
    standard = Game.objects.get(table__parlor=demo, table__label="7", status=GameStatus.IN_PROGRESS)
    play_to_all_last(demo, standard)
    evening.goto("/tablet/")
    assert page.locator('[data-slot="7"] [data-all-last]').is_visible()
    assert page.inner_text('[data-proposal="7"] [data-next-guests]') == "次に入る: 四谷、五味"
    evening.shot("all-last-next-guests")

    # Four guests for any table make table 3; four M-League guests make table 18.
    for name, wish in ARRIVALS[5:9]:
        walk_in(steps, name, wish)
    start_proposed(steps, "3", {"六車", "七海", "八木", "九鬼"})
    for name, wish in ARRIVALS[9:13]:
        walk_in(steps, name, wish)
    start_proposed(steps, "18", {"十文字", "百地", "千石", "万代"})
    walk_in(steps, *ARRIVALS[13])
    evening.goto("/tablet/")
    assert page.locator('[data-floor-waiting="億川"] [data-reason]').is_visible()

    # Table 5's game ends: 三浦 takes 大西's seat, and 大西 is free again.
    game_finish(game=short_game, by=staff_user)
    released = start_proposed(steps, "5", {"一条", "二宮", "三浦"})
    assert not released.seats.filter(is_staff_play=True).exists()
    evening.goto("/tablet/")
    assert STAFF in page.inner_text("[data-staff-free]")

    # Table 7's game ends; its two ラス半 players check out; the waiting guests sit down.
    game_finish(game=standard, by=staff_user)
    for name in ("藤田", "千葉"):
        check_out(steps, name)
    start_proposed(steps, "7", {"馬場", "江藤", "四谷", "五味"})
    phone.wait_for_selector('main[data-state="seated"]', timeout=15_000)
    assert phone.locator('[data-field="headline"]').inner_text() == "席の準備ができました：7卓"
    phone.screenshot(path=str(SCREENSHOTS / f"{evening.prefix}-phone-seated.png"))
    phone_context.close()

    # 大西 signs out, the float back; the receipt carries the 本走 game's yen.
    evening.goto("/tablet/counter/shifts/")
    me = f'[data-staff-name="{STAFF}"]'
    page.fill(f"{me} [data-float-back]", "10000")
    steps.tap(f"{me} [data-sign-out]")
    page.wait_for_selector("body[data-screen='shift-receipt']")
    steps.end("the shift ends")
    shift = Shift.objects.get(staff=staff_user)
    assert not shift.is_open
    result = short_game.results.get(player__name=STAFF)
    assert int(page.get_attribute('[data-line="game"]', "data-yen")) == shift.result_yen
    assert (shift.result_yen > 0) == (result.total_tenths > 0)
    evening.shot("shift-receipt")

    # The day's waits: every guest who walked in and sat down waited from check-in to a game.
    now = timezone.now()
    times = floor_times(parlor=demo, start=now - timedelta(hours=1), end=now, now=now)
    seated = {
        wait.guest
        for visit in times.visits
        for wait in visit_waits(visit)
        if wait.guest in dict(ARRIVALS)
    }
    assert seated == set(dict(ARRIVALS)) - {"億川"}
    assert Visit.objects.get(player__name="億川").status == VisitStatus.OPEN
    assert len(steps.done) == 25, steps.done
