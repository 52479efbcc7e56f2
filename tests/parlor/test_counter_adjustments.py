"""Open adjustments at the counter: listed with player, amount, reason and table, paid out with
a receipt (a visit with no game whose lines are the adjustments); the warning on the correction
screen names the checked-out players and the adjustment the correction will make; ラス半 over
is said by name at the counter and the game start."""

from __future__ import annotations

import json

import pytest

from parlor.errors import Conflict
from parlor.models import (
    Adjustment,
    AuditEvent,
    LineKind,
    Settlement,
    Visit,
    VisitStatus,
)
from parlor.services.games import game_finish, game_start
from parlor.services.hands import hand_record
from parlor.services.money import money_settings_set
from parlor.services.seating import Seating
from parlor.services.settlements import adjustment_create
from parlor.services.visits import adjustments_pay_out, visit_check_in, visit_last_game_call
from tests.parlor.conftest import ok
from tests.parlor.money_helpers import FOUR_PLAYER_EXAMPLE, check_in, check_out
from tests.parlor.test_settlement_adjustments import HANEMAN, _correct
from tests.parlor.test_settlement_adjustments import settled as corrected_example
from tests.parlor.test_tablet_counter import POINT_5

pytestmark = pytest.mark.django_db
settled = corrected_example  # the four-player example, played and checked out by all four


def _owed(settled, players):
    """The example game corrected after everyone checked out: +200 for the top (players[1]),
    −200 for the last (players[3])."""
    staff, game, _, _ = settled
    _correct(staff, game, HANEMAN, "跳満の申告漏れ")
    return Adjustment.objects.get(player=players[1]), Adjustment.objects.get(player=players[3])


def test_the_counter_lists_open_adjustments_with_who_how_much_and_why(
    tablet,
    settled,
    players,
):
    _owed(settled, players)
    page = tablet.get("/tablet/counter/").content.decode()
    section = page[page.index("data-open-adjustments") :]
    assert f'data-owed="{players[1].name}" data-owed-total="200"' in section
    assert f'data-owed="{players[3].name}" data-owed-total="-200"' in section
    assert section.count("跳満の申告漏れ") == 2 and "+200" in section and "−200" in section
    assert "お受け取り 200 円" in section and "お支払い 200 円" in section
    assert "<td>1</td>" in section  # the table of the corrected game


def test_a_payout_writes_a_receipt_with_the_adjustment_lines(settled, players, staff_user):
    top, _last = _owed(settled, players)
    other = adjustment_create(player=players[1], amount_yen=500, reason="お詫び", by=staff_user)
    settlement = adjustments_pay_out(player=players[1], by=staff_user)
    visit = settlement.visit
    assert visit.status == VisitStatus.CLOSED and visit.player == players[1]
    lines = list(settlement.lines.order_by("position"))
    assert [(line.kind, line.adjustment_id, line.amount_yen) for line in lines] == [
        (LineKind.ADJUSTMENT, top.pk, 200),
        (LineKind.ADJUSTMENT, other.pk, 500),
    ]
    assert (settlement.adjustments_yen, settlement.total_yen, settlement.fees_yen) == (700, 700, 0)
    top.refresh_from_db()
    assert top.settled_in == settlement and top.settled_by == staff_user
    closed = AuditEvent.objects.filter(subject_type="settlement")
    assert closed.filter(subject_id=str(settlement.public_id)).exists()
    with pytest.raises(Conflict) as raised:
        adjustments_pay_out(player=players[1], by=staff_user)
    assert raised.value.code == "no_open_adjustment"
    assert Settlement.objects.filter(visit__player=players[1]).count() == 2  # the game's + this


def test_paying_out_from_the_counter_shows_the_receipt_and_counts_once(
    tablet,
    settled,
    players,
):
    _owed(settled, players)
    url = f"/tablet/counter/players/{players[3].public_id}/pay-out/"
    response = tablet.post(url, {"idempotency_key": "form-1"})
    payout = Visit.objects.filter(player=players[3]).order_by("-pk").first()
    assert response.status_code == 302
    assert response["Location"] == f"/tablet/counter/visits/{payout.public_id}/receipt/"
    assert tablet.post(url, {"idempotency_key": "form-1"})["Location"] == response["Location"]
    assert payout.settlement.total_yen == -200
    assert Settlement.objects.filter(visit__player=players[3]).count() == 2
    receipt = tablet.get(response["Location"]).content.decode()
    assert "跳満の申告漏れ" in receipt and "−200" in receipt
    page = tablet.get("/tablet/counter/").content.decode()
    assert f'data-owed="{players[3].name}"' not in page


def test_a_payout_already_made_elsewhere_is_said_above_the_list(
    tablet, settled, players, staff_user
):
    _owed(settled, players)
    adjustments_pay_out(player=players[3], by=staff_user)
    response = tablet.post(f"/tablet/counter/players/{players[3].public_id}/pay-out/")
    page = response.content.decode()
    assert response.status_code == 409 and 'data-code="no_open_adjustment"' in page
    assert "未精算の調整はありません" in page


def test_the_next_check_out_shows_and_takes_the_open_adjustment(tablet, settled, players):
    staff, _, _, _ = settled
    _owed(settled, players)
    visit = check_in(staff, players[1])
    page = tablet.get(f"/tablet/counter/visits/{visit['visit']['id']}/check-out/").content.decode()
    assert "跳満の申告漏れ" in page and "+200" in page  # on the provisional receipt
    assert check_out(staff, visit)["totals"]["total_yen"] == 200
    assert not Adjustment.objects.filter(player=players[1], settled_at__isnull=True).exists()


def test_the_api_pays_out_once_per_key(settled, players):
    staff, _, _, _ = settled
    _owed(settled, players)
    url = f"/api/players/{players[1].public_id}/pay-out/"
    first = ok(staff.post(url, HTTP_IDEMPOTENCY_KEY="pay-1"), 201)
    again = ok(staff.post(url, HTTP_IDEMPOTENCY_KEY="pay-1"), 201)
    assert first == again and first["totals"]["total_yen"] == 200
    assert [line["kind"] for line in first["lines"]] == ["adjustment"]
    assert staff.post(url, HTTP_IDEMPOTENCY_KEY="pay-2").status_code == 409


def test_the_correction_preview_names_checked_out_players_and_their_adjustment(
    tablet,
    settled,
    players,
):
    staff, game, _, _ = settled
    answer = ok(
        tablet.post(
            f"/tablet/games/{game['id']}/preview/",
            json.dumps({"hand": HANEMAN, "correct": 1}),
            content_type="application/json",
        )
    )
    html = answer["settled"]  # the notice beside 確定, apart from the payments
    assert "data-settled-money" in html
    assert f"{players[1].name}さんは精算済み: +200円の調整" in html
    assert f"{players[3].name}さんは精算済み: −200円の調整" in html
    warned = {
        int(amount)
        for amount in (chunk.split('"', 1)[0] for chunk in html.split('data-amount-yen="')[1:])
    }
    _correct(staff, game, HANEMAN, "跳満の申告漏れ")
    assert warned == set(Adjustment.objects.values_list("amount_yen", flat=True)) == {200, -200}


def test_the_api_previews_a_correction_with_the_adjustments_it_would_make(settled, players):
    """The correction's preview through the API: the same service as the tablet's; it stores
    nothing, and the correction then makes the adjustments and the hand it previewed."""
    staff, game, _, _ = settled
    url = f"/api/games/{game['id']}/hands/1/corrections/preview/"
    before = ok(staff.get(f"/api/games/{game['id']}/"))
    preview = ok(staff.post(url, {"hand": HANEMAN}, format="json"))
    owed = {(line["player_id"], line["amount_yen"]) for line in preview["settled"]}
    assert owed == {(str(players[1].public_id), 200), (str(players[3].public_id), -200)}
    assert {line["name"] for line in preview["settled"]} == {players[1].name, players[3].name}
    assert ok(staff.get(f"/api/games/{game['id']}/")) == before
    assert not Adjustment.objects.exists()
    _correct(staff, game, HANEMAN, "跳満の申告漏れ")
    after = ok(staff.get(f"/api/games/{game['id']}/"))
    corrected = next(h for h in after["hands"] if h["sequence"] == 1 and h["state"] == "current")
    assert preview["hand"]["deltas"] == corrected["outcome"]["deltas"]
    assert preview["last"]["scores_after"] == after["scores"]
    paid = {(a.player.public_id, a.amount_yen) for a in Adjustment.objects.all()}
    assert {(str(p), amount) for p, amount in paid} == owed


def test_the_api_refuses_to_preview_a_correction_of_a_hand_the_game_lacks(settled):
    staff, game, _, _ = settled
    url = f"/api/games/{game['id']}/hands/9/corrections/preview/"
    response = staff.post(url, {"hand": HANEMAN}, format="json")
    assert response.status_code == 404
    assert response.json()["error"]["code"] == "hand_not_found"


def test_a_correction_that_moves_no_money_warns_of_nothing(tablet, settled):
    _, game, _, _ = settled
    same = {**FOUR_PLAYER_EXAMPLE[0], "riichi": []}
    answer = ok(
        tablet.post(
            f"/tablet/games/{game['id']}/preview/",
            json.dumps({"hand": same, "correct": 1}),
            content_type="application/json",
        )
    )
    assert answer["settled"] == "" and "data-settled-money" not in answer["html"]


def test_last_game_over_is_said_by_name_at_the_counter_and_the_game_start(
    tablet, parlor, players, table, staff_user
):
    money_settings_set(parlor=parlor, player_count=4, terms=POINT_5)
    for player in players[:4]:
        visit_check_in(player=player, by=staff_user)
    game = game_start(table=table, players=players[:4], seating=Seating.GIVEN, by=staff_user)
    visit_last_game_call(visit=Visit.objects.get(player=players[2]), called=True)
    assert "data-last-games-over" not in tablet.get("/tablet/counter/").content.decode()
    hand_record(
        game=game,
        sequence=1,
        entry={"result": {"kind": "ron", "loser": 0, "wins": [{"winner": 1, "han": 3, "fu": 30}]}},
        by=staff_user,
    )
    game_finish(game=game, by=staff_user)
    said = f"{players[2].name}さんのラス半が終わりました。精算してください。"
    counter = tablet.get("/tablet/counter/").content.decode()
    assert said in counter and counter.count("data-last-over=") == 1
    # Above the waiting list, whose guests and wishes fill the screen on a busy evening.
    assert "data-waiting=" in counter
    assert counter.index("data-last-games-over") < counter.index("data-waiting-list")
    start = tablet.get(f"/tablet/tables/{table.public_id}/").content.decode()
    assert said in start
