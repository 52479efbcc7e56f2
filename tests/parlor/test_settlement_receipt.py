"""The receipt (精算書) as a print view and as a PDF whose Japanese text can be extracted."""

from __future__ import annotations

import io
import shutil
import subprocess

import pytest
from django.test import Client
from pypdf import PdfReader

from parlor.models import MemberRole, ParlorMember
from parlor.public.pdf import pdf_available
from tests.parlor.factories import PlayerFactory, UserFactory
from tests.parlor.money_helpers import (
    check_out,
    example_setup,
    play_both_examples,
)

pytestmark = pytest.mark.django_db


def _has_japanese_font() -> bool:
    if not shutil.which("fc-list"):
        return False
    listed = subprocess.run(["fc-list", ":lang=ja"], capture_output=True, text=True, check=False)
    return bool(listed.stdout.strip())


needs_pdf = pytest.mark.skipif(
    not (pdf_available() and _has_japanese_font()),
    reason="PDF receipts need Pango and a Japanese font (Debian: libpango-1.0-0, fonts-noto-cjk)",
)


@pytest.fixture
def closed_visit(parlor, players, personas):
    """players[0]'s visit of both worked examples, checked out: +700 yen."""
    staff, four, three, visits = example_setup(parlor, players, personas)
    play_both_examples(staff, four, three, players)
    return check_out(staff, visits[players[0].pk])["visit"]["id"]


def _signed_in(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def _staff_user(parlor):
    return ParlorMember.objects.get(parlor=parlor, role=MemberRole.STAFF).user


def test_the_print_view_lists_every_game_and_the_total(parlor, players, closed_visit):
    page = _signed_in(_staff_user(parlor)).get(f"/receipts/{closed_visit}/")
    assert page.status_code == 200
    html = page.content.decode()
    assert "点棒クラブ" in html and players[0].name in html
    # The titles the parlor gave its rulesets (money_helpers), not the presets they are based on.
    assert "standard 祝儀あり" in html and "seed-004 祝儀あり" in html
    for amount in ("−50", "+750", "+350", "+1,750", "+200", "−400", "−1,200", "700"):
        assert amount in html, amount
    assert 'data-action="print"' in html  # static/public/actions.js prints


def test_a_player_prints_their_own_receipt_and_no_one_elses(parlor, players, closed_visit):
    mine = _signed_in(players[0].user).get(f"/receipts/{closed_visit}/")
    assert mine.status_code == 200
    assert Client().get(f"/receipts/{closed_visit}/").status_code == 302  # to the sign-in page
    stranger = PlayerFactory(parlor=parlor, user=UserFactory())
    assert _signed_in(stranger.user).get(f"/receipts/{closed_visit}/").status_code == 403


@needs_pdf
def test_the_pdf_receipt_renders_japanese_text(parlor, players, closed_visit):
    response = _signed_in(_staff_user(parlor)).get(f"/receipts/{closed_visit}/pdf/")
    assert response.status_code == 200 and response["Content-Type"] == "application/pdf"
    assert response.content.startswith(b"%PDF")
    text = "".join(page.extract_text() for page in PdfReader(io.BytesIO(response.content)).pages)
    assert "点棒クラブ" in text
    assert "standard 祝儀" in text and "seed-004 祝儀" in text  # the cell wraps
    assert players[0].name in text
    assert "+750" in text and "700" in text
