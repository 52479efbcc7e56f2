"""An adjustment the product makes itself (a finished game voided, a result changed after
check-out) reads in the staff's language wherever it is shown: the counter's open
adjustments, the receipt that pays them out, and the daily report. The service stores the
reason in English ("game voided (無効): …"); a Japanese page never shows those words."""

from __future__ import annotations

from django.utils import translation

from parlor.domain.business_days import business_day_of
from parlor.models import Adjustment, Game, MemberRole
from parlor.reports.report import daily_report_data
from parlor.selectors.audit_text import adjustment_reason_text
from parlor.services.games import game_void
from parlor.services.visits import adjustments_pay_out
from tests.parlor.factories import MemberFactory
from tests.parlor.test_counter_adjustments import settled  # noqa: F401 (a fixture)

ENGLISH = ("game voided", "game result changed")


def _voided(parlor, game_id: str) -> Game:
    manager = MemberFactory(parlor=parlor, role=MemberRole.MANAGER).user
    game = Game.objects.get(public_id=game_id)
    return game_void(game=game, reason="卓番の入力ミス", by=manager, confirmed_by=manager)


def test_a_voided_games_adjustments_read_in_japanese(
    tablet,
    settled,  # noqa: F811
    parlor,
    players,
    staff_user,
):
    _staff, game, _visits, _receipts = settled
    _voided(parlor, game["id"])
    assert Adjustment.objects.filter(reason__startswith="game voided").count() == 4  # stored

    counter = tablet.get("/tablet/counter/").content.decode()
    section = counter[counter.index("data-open-adjustments") :]
    assert section.count("卓番の入力ミス") == 4
    assert not any(words in section for words in ENGLISH), section

    settlement = adjustments_pay_out(player=players[0], by=staff_user)
    receipts = [
        tablet.get(f"/tablet/counter/visits/{settlement.visit.public_id}/receipt/"),
        tablet.get(f"/receipts/{settlement.visit.public_id}/?paper=80"),
        tablet.get(f"/receipts/{settlement.visit.public_id}/?paper=a4"),
    ]
    for receipt in receipts:
        page = receipt.content.decode()
        assert "卓番の入力ミス" in page and not any(words in page for words in ENGLISH)

    with translation.override("ja"):
        report = daily_report_data(parlor=parlor, day=business_day_of(parlor))
    reasons = [row[7] for row in report.section("corrections").rows if row[5]]
    assert len(reasons) == 4 and all("卓番の入力ミス" in reason for reason in reasons)
    assert not any(words in reason for reason in reasons for words in ENGLISH), reasons


def test_the_words_follow_the_language_and_leave_a_persons_reason_alone():
    with translation.override("en"):
        assert adjustment_reason_text("game voided (無効): wrong table") == (
            "Game voided: wrong table"
        )
        assert adjustment_reason_text("game result changed") == "The game's result changed"
    with translation.override("ja"):
        assert "wrong table" in adjustment_reason_text("game voided (無効): wrong table")
        assert adjustment_reason_text("符の入力ミス") == "符の入力ミス"
