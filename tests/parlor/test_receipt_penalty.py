"""A chombo deducted to nobody is in the offender's result but paid to the parlor: the receipt's
game line says so, and keeps saying it (the line copies it at check-out)."""

from __future__ import annotations

import pytest
from django.test import Client
from django.utils import translation

from parlor.domain.money import Terms
from parlor.models import LineKind, SettlementLine
from tests.reports.house_day import play_chombo_day

pytestmark = pytest.mark.django_db

POINT_5 = Terms(50, 0, "each", 500, 0, 10)


def test_the_offenders_receipt_line_names_the_penalty_that_went_to_the_parlor():
    d = play_chombo_day("mleague", POINT_5)
    lines = {
        line.settlement.visit.player.name: line
        for line in SettlementLine.objects.filter(kind=LineKind.GAME).select_related(
            "settlement__visit__player"
        )
    }
    offender = d.players[2].name  # seat 2 made the chombo (house_day.CHOMBO)
    assert lines[offender].left_game_tenths == -200
    assert [n for n, line in lines.items() if line.left_game_tenths] == [offender]

    client = Client()
    client.force_login(d.staff)
    with translation.override("ja"):
        page = client.get(f"/receipts/{d.visits[2].public_id}/", HTTP_ACCEPT_LANGUAGE="ja")
        roll = client.get(f"/receipts/{d.visits[2].public_id}/?paper=80")
        other = client.get(f"/receipts/{d.visits[0].public_id}/")
    assert "うちチョンボ罰符 −20.0p (店へ)" in page.content.decode()
    assert "うちチョンボ罰符 −20.0p (店へ)" in roll.content.decode()
    assert "data-penalty" not in other.content.decode()


def test_a_ruleset_whose_chombo_is_paid_to_the_players_names_no_penalty():
    play_chombo_day("standard", POINT_5)
    assert not SettlementLine.objects.filter(kind=LineKind.GAME).exclude(left_game_tenths=0)
