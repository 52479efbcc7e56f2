"""Unreliable Wi-Fi: hands entered while the tablet is offline wait on the tablet, shown as
pending, and are recorded exactly once when the network is back, even when the answer to a
send is lost on its way back (the retry carries the same Idempotency-Key)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from parlor.models import Game, Hand, IdempotencyRecord
from tests.browser.tablet import engine_replay

pytestmark = pytest.mark.django_db(transaction=True)
EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
NAMES = ["青木", "馬場", "千葉", "土井"]


def queued(tablet) -> int:
    return tablet.page.locator("#queue-list > li").count()


def test_two_hands_entered_offline_are_recorded_exactly_once_when_back_online(tablet, parlor_floor):
    hands = json.loads((EXAMPLES / "standard.json").read_text(encoding="utf-8"))["hands"][:3]
    page = tablet.page
    tablet.start_game("1", NAMES)
    tablet.enter(hands[0])
    tablet.confirm()
    game = Game.objects.get(table=parlor_floor["tables"]["standard"])

    page.context.set_offline(True)
    for number, entry in enumerate(hands[1:], start=1):
        tablet.enter(entry)
        assert page.is_visible("[data-offline-preview]")  # no payments without the server
        page.click("#confirm")
        page.wait_for_function(  # a function, not an expression: CSP refuses eval in the page
            "(n) => document.querySelectorAll('#queue-list > li').length === n", arg=number
        )
    assert page.is_visible("#queue") and page.is_visible("#offline-note")
    assert page.eval_on_selector_all(
        "#queue-list > li", "els => els.map(e => e.dataset.sequence)"
    ) == ["2", "3"]
    tablet.shot("offline-queue")
    assert Hand.objects.filter(game=game).count() == 1

    # The first send reaches the server but its answer is lost: the tablet cannot tell, so it
    # sends the same hand again with the same key, and the server answers with the first reply.
    sent = {"lost": 0, "through": 0}

    def lose_the_first_answer(route):
        if sent["lost"] == 0:
            sent["lost"] += 1
            route.fetch()
            route.abort()
        else:
            sent["through"] += 1
            route.continue_()

    page.route("**/tablet/games/*/hands/", lose_the_first_answer)
    page.context.set_offline(False)
    page.wait_for_function(
        "() => document.querySelector('#queue').hidden"
        " && document.querySelector('#game-state').dataset.sequence === '4'",
        timeout=30_000,
    )
    tablet.shot("back-online")

    recorded = list(Hand.objects.filter(game=game).order_by("sequence"))
    assert [h.sequence for h in recorded] == [1, 2, 3]
    assert [h.entry for h in recorded] == hands
    keys = [h.idempotency_key for h in recorded]
    assert all(keys) and len(set(keys)) == 3
    # The tablet's answer is of the hand alone: each hand keeps its key and is the key's record.
    assert not IdempotencyRecord.objects.filter(table=game.table).exists()
    assert sent["lost"] == 1 and sent["through"] >= 2  # the retry of hand 2, then hand 3
    game.refresh_from_db()
    assert game.hand_count == 3

    exported = page.request.get(f"{tablet.base_url}/api/games/{game.public_id}/export/").json()
    assert tablet.scores() == engine_replay(exported)["hands"][-1]["scores_after"]
