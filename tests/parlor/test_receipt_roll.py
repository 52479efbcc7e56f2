"""Receipts for the counter's roll printer (80 mm, 58 mm) beside A4: the PDF's page is the
paper's width and the receipt's length, the total says in words who pays, and the times are
the daily report's."""

from __future__ import annotations

import io
import re
from datetime import UTC, date, datetime
from html import unescape

import pytest
import time_machine
from django.test import Client
from pypdf import PdfReader

from parlor.models import MemberRole, ParlorMember, Visit
from parlor.reports.render.text import plain
from parlor.reports.report import daily_report_data
from parlor.services.settlements import adjustment_create
from parlor.services.visits import visit_check_in, visit_check_out
from tests.parlor.money_helpers import (
    check_out,
    example_setup,
    play_both_examples,
)
from tests.parlor.test_settlement_receipt import needs_pdf

pytestmark = pytest.mark.django_db

MM_PER_PT = 25.4 / 72
# 01:40 in Tokyo on 2 May: still the business day of 1 May (the cutoff is 06:00), and a
# different hour and date in UTC, so a receipt in the wrong zone or day cannot pass.
NIGHT = datetime(2026, 5, 1, 16, 40, tzinfo=UTC)


@pytest.fixture
def played(parlor, players, personas):
    """Both worked examples played at NIGHT; players[0] (+700 yen) and players[3] checked out."""
    with time_machine.travel(NIGHT, tick=False):
        staff, four, three, visits = example_setup(parlor, players, personas)
        play_both_examples(staff, four, three, players)
        closed = {i: check_out(staff, visits[players[i].pk])["visit"]["id"] for i in (0, 3)}
    return closed


def _staff(parlor) -> Client:
    client = Client()
    client.force_login(ParlorMember.objects.get(parlor=parlor, role=MemberRole.STAFF).user)
    return client


def _text(html: str, attribute: str) -> list[str]:
    """The text of every element carrying `attribute` (tags inside it removed)."""
    found = re.findall(rf"<[^>]*\s{attribute}(?=[\s=>])[^>]*>(.*?)</", html, flags=re.S)
    return [unescape(re.sub(r"<[^>]+>", "", text)).strip() for text in found]


def _pages_mm(content: bytes) -> list[tuple[float, float]]:
    pages = PdfReader(io.BytesIO(content)).pages
    return [
        (float(p.mediabox.width) * MM_PER_PT, float(p.mediabox.height) * MM_PER_PT) for p in pages
    ]


@needs_pdf
@pytest.mark.parametrize("paper", [80, 58])
def test_the_roll_pdf_is_the_papers_width_and_one_page_as_long_as_the_receipt(
    parlor, players, played, paper
):
    response = _staff(parlor).get(f"/receipts/{played[0]}/pdf/?paper={paper}")
    assert response.status_code == 200 and response["Content-Type"] == "application/pdf"
    assert f"-{paper}mm.pdf" in response["Content-Disposition"]
    [(width, height)] = _pages_mm(response.content)  # a roll has no page breaks
    assert width == pytest.approx(paper, abs=0.05)
    assert 60 < height < 400  # two games and the totals, not an A4 sheet nor 5 m of paper
    reader = PdfReader(io.BytesIO(response.content))
    text = reader.pages[0].extract_text().replace("\n", "")
    assert players[0].name in text and "お受け取り" in text and "¥700" in text
    assert "金額は円" in text  # the last line is on the page: the length was measured


@needs_pdf
def test_a_receipt_with_more_games_is_longer_paper_and_a4_stays_a4(parlor, played):
    client = _staff(parlor)
    for paper in (80, 58):
        # players[0] played both games, players[3] one.
        [(_, two)] = _pages_mm(client.get(f"/receipts/{played[0]}/pdf/?paper={paper}").content)
        [(_, one)] = _pages_mm(client.get(f"/receipts/{played[3]}/pdf/?paper={paper}").content)
        assert two > one + 10
    for url in (f"/receipts/{played[0]}/pdf/", f"/receipts/{played[0]}/pdf/?paper=a4"):
        [(width, height)] = _pages_mm(client.get(url).content)
        assert (width, height) == (pytest.approx(210, abs=0.1), pytest.approx(297, abs=0.1))


@pytest.mark.parametrize("paper", ["80", "58", "a4"])
def test_the_total_says_in_words_whether_the_player_pays_or_receives(parlor, played, paper):
    client = _staff(parlor)
    receives = client.get(f"/receipts/{played[0]}/?paper={paper}").content.decode()
    pays = client.get(f"/receipts/{played[3]}/?paper={paper}").content.decode()
    paid = Visit.objects.get(public_id=played[3]).settlement.total_yen
    assert paid < 0
    assert _text(receives, "data-total-words") == ["お受け取り"]
    assert _text(receives, "data-total") == ["¥700"]
    assert _text(pays, "data-total-words") == ["お支払い"]
    assert _text(pays, "data-total") == [f"¥{-paid:,}"]  # the word carries the sign, not "−"


def test_the_receipt_shows_the_daily_reports_business_day_and_times(parlor, players, played):
    html = _staff(parlor).get(f"/receipts/{played[0]}/?paper=58").content.decode()
    report = daily_report_data(parlor=parlor, day=date(2026, 5, 1))
    mine = [row for row in report.section("games").rows if row[4] == players[0].name]
    settled = [row for row in report.section("settlements").rows if row[2] == players[0].name]
    assert len(mine) == 2 and len(settled) == 1
    assert _text(html, "data-business-day") == [plain(report.business_day)] == ["2026-05-01"]
    assert _text(html, "data-closed-at") == [plain(settled[0][0])] == ["2026-05-02 01:40"]
    ended = [plain(row[0]).split(" ")[1] for row in mine]
    assert _text(html, "data-time") == ended == ["01:40", "01:40"]


def test_a_receipt_of_adjustments_only_reads_as_one(parlor, players, staff_user):
    adjustment_create(player=players[1], amount_yen=1500, reason="卓2の誤計算の返金", by=staff_user)
    visit = visit_check_in(player=players[1], by=staff_user)
    visit_check_out(visit=visit, by=staff_user)
    html = _staff(parlor).get(f"/receipts/{visit.public_id}/?paper=58").content.decode()
    assert html.count('data-line="adjustment"') == 1 and 'data-line="game"' not in html
    assert _text(html, "data-reason") == ["卓2の誤計算の返金"]
    assert _text(html, "data-amount") == ["+1,500"]
    assert _text(html, "data-total-words") == ["お受け取り"]
    assert _text(html, "data-total") == ["¥1,500"]
    assert "まだ対局がありません" not in html and "点数分" not in html  # no empty game sums


def test_an_unknown_paper_is_refused_with_the_choices(parlor, played):
    client = _staff(parlor)
    for url in (f"/receipts/{played[0]}/?paper=a3", f"/receipts/{played[0]}/pdf/?paper=112"):
        response = client.get(url)
        assert response.status_code == 400
        assert "80、58、a4" in response.content.decode()


def test_an_open_visits_roll_receipt_is_provisional_and_of_todays_business_day(
    parlor, players, staff_user
):
    with time_machine.travel(NIGHT, tick=False):
        visit = visit_check_in(player=players[2], by=staff_user)
        html = _staff(parlor).get(f"/receipts/{visit.public_id}/?paper=80").content.decode()
    assert "仮の明細です。まだ精算していません。" in html
    assert _text(html, "data-business-day") == ["2026-05-01"]  # 01:40 on the 2nd in Tokyo
    assert "data-closed-at" not in html
    assert _text(html, "data-total-words") == ["精算額はありません"]
    assert _text(html, "data-total") == ["¥0"]
