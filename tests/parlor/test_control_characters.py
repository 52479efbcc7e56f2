"""Control characters: refused at every door that stores typed text (one check,
parlor.security.text), and replaced by every writer for text stored before the doors refused
them, so one BEL in a name never fails a day's files again."""

from __future__ import annotations

import csv
import io
import json
from typing import Any

import pytest
from django.test import Client
from openpyxl import load_workbook

from parlor.errors import InvalidInput
from parlor.models import GameSeat, MoneySettings, Parlor, Player, RulesetDefinition, Table
from parlor.reports.models import DailyReport, ReportStatus
from parlor.reports.services import daily_report_request
from parlor.security.text import has_control_characters, text_check, writer_safe
from parlor.services.tables import table_create
from parlor.services.visits import visit_check_in
from tests.parlor.conftest import ok
from tests.parlor.factories import UserFactory
from tests.parlor.money_helpers import check_out, example_setup, play_both_examples
from tests.parlor.test_settlement_receipt import needs_pdf as needs_receipt_pdf
from tests.reports.day import DAY, play_day
from tests.reports.files import needs_pdf, pdf_text

BEL, ESC = "\x07", "\x1b"


@pytest.mark.parametrize(
    "char",
    ["\x00", BEL, ESC, "\x7f", "\x85", "\x9f", "\ud800"],
    ids=["nul", "bel", "esc", "del", "c1-nel", "c1-apc", "lone-surrogate"],
)
def test_a_control_character_is_refused_anywhere(char):
    assert has_control_characters(f"A{char}B")
    assert has_control_characters(f"A{char}B", one_line=True)
    with pytest.raises(InvalidInput) as refused:
        text_check(f"A{char}B", field="reason", max_length=500, one_line=False)
    assert (refused.value.code, refused.value.field) == ("control_characters", "reason")


def test_tabs_and_line_breaks_are_text_in_a_reason_but_not_in_a_name():
    text = "1行目\r\n\t2行目"
    assert text_check(text, field="reason", max_length=500, one_line=False) == text
    with pytest.raises(InvalidInput):
        text_check(text, field="name", max_length=500)


def test_a_writer_replaces_what_it_cannot_take_and_keeps_the_rest():
    assert writer_safe(f"山{BEL}田\x00\x85\ud800\t改行\n") == "山\ufffd田\ufffd\ufffd\ufffd\t改行\n"
    assert writer_safe("青木 =1+1") == "青木 =1+1"


def _post(client, path, body):
    # JSON written here, ASCII only: a lone surrogate travels as a client would send it.
    return client.post(path, json.dumps(body), content_type="application/json")


@pytest.mark.django_db
@pytest.mark.parametrize("char", [BEL, "\x85"], ids=["bel", "c1"])
def test_the_api_refuses_a_player_name_or_a_ruleset_title_with_a_control_character(
    personas, char
):
    manager = personas["manager"]
    error = _post(manager, "/api/players/", {"name": f"A{char}B"}).json()["error"]
    assert (error["code"], error["field"]) == ("control_characters", "name")
    body = {"key": "house", "title": f"A{char}B", "definition": {"base": "standard"}}
    response = _post(manager, "/api/rulesets/", body)
    assert response.status_code == 400, response.content
    assert response.json()["error"]["field"] == "title"
    assert not Player.objects.filter(name__startswith="A").exists()
    assert not RulesetDefinition.objects.exists()


@pytest.mark.django_db
def test_a_void_reason_with_a_c1_control_is_a_400(personas, table, start_game):
    game = start_game(table)
    response = _post(personas["manager"], f"/api/games/{game['id']}/cancel/", {"reason": "x\x85"})
    assert response.status_code == 400, response.content
    assert response.json()["error"]["field"] == "reason"


@pytest.mark.django_db
def test_a_stand_in_note_is_checked_by_the_service(personas, parlor, table, start_game, players):
    MoneySettings.objects.create(parlor=parlor, player_count=4, rate_yen_per_p=50)
    visit = visit_check_in(player=players[0], by=None)
    for player in players[1:4]:
        visit_check_in(player=player, by=None)
    game = start_game(table)
    path = f"/api/visits/{visit.public_id}/stand-in/"
    response = _post(personas["staff"], path, {"game": game["id"], "note": f"代走{BEL}"})
    assert response.status_code == 400, response.content
    assert response.json()["error"]["field"] == "note"
    ok(_post(personas["staff"], path, {"game": game["id"], "note": "東2局から\n南1局まで"}))


@pytest.mark.django_db
def test_a_table_label_is_checked_by_the_service_and_shown_in_japanese(parlor, personas):
    with pytest.raises(InvalidInput) as refused:
        table_create(parlor=parlor, label="卓" * 21, ruleset_key="standard", by=None)
    assert refused.value.code == "too_long"
    manager = Client()
    manager.force_login(parlor.members.get(role="manager").user)
    page = manager.post("/manage/tables/", {"label": f"7{BEL}", "ruleset_key": "standard"})
    assert page.status_code == 200
    assert "制御文字" in page.content.decode()
    assert not Table.objects.filter(label__startswith="7").exists()


@pytest.mark.django_db
def test_the_admin_refuses_a_control_character_in_a_players_name(parlor, players):
    operator = UserFactory(is_staff=True, is_superuser=True)
    admin = Client()
    admin.force_login(operator)
    player = players[0]
    form = {"parlor": parlor.pk, "name": f"A{BEL}B", "kana": "", "member_number": "",
            "kind": "guest", "user": ""}
    page = admin.post(f"/admin/parlor/player/{player.pk}/change/", form)
    assert page.status_code == 200  # the form again, with the error
    [error] = page.context["adminform"].form.errors.as_data()["name"]
    assert error.code == "control_characters"
    player.refresh_from_db()
    assert BEL not in player.name


@pytest.fixture
def day_with_a_bel(db: None) -> Any:
    """A played day whose rows hold control characters, written straight to the database as
    rows stored before the doors refused them would be (PostgreSQL stores no NUL at all)."""
    day = play_day()
    player = Player.objects.get(parlor=day.parlor, name="山田")
    Player.objects.filter(pk=player.pk).update(name=f"山{BEL}田")
    GameSeat.objects.filter(player=player).update(name=f"山{BEL}田")
    Parlor.objects.filter(pk=day.parlor.pk).update(name=f"点棒{ESC}クラブ")
    day.parlor.refresh_from_db()
    return day


@needs_pdf
def test_a_bel_stored_in_a_name_still_builds_every_file_with_it_replaced(
    day_with_a_bel, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        daily_report_request(parlor=day_with_a_bel.parlor, day=DAY, by=day_with_a_bel.manager)
    reports = {r.format: r for r in DailyReport.objects.all()}
    assert {f: (r.status, r.builds) for f, r in reports.items()} == {
        "csv": (ReportStatus.DONE, 1),
        "pdf": (ReportStatus.DONE, 1),
        "xlsx": (ReportStatus.DONE, 1),
    }
    text = bytes(reports["csv"].content).decode("utf-8-sig")
    cells = [cell for row in csv.reader(io.StringIO(text)) for cell in row]
    assert "山\ufffd田" in cells and "点棒\ufffdクラブ" in cells
    assert BEL not in text and ESC not in text
    book = load_workbook(io.BytesIO(bytes(reports["xlsx"].content)))
    values = [c.value for sheet in book for row in sheet.iter_rows() for c in row]
    assert "山\ufffd田" in values
    assert not any(isinstance(v, str) and BEL in v for v in values)
    pages = pdf_text(bytes(reports["pdf"].content))
    assert "山〓田" in "".join(pages)  # the font has no U+FFFD: the typesetter's geta mark
    assert not any(BEL in page or "\x00" in page for page in pages)


@needs_receipt_pdf
def test_a_receipt_of_a_player_named_with_a_bel_still_prints_as_a_pdf(parlor, players, personas):
    staff, four, three, visits = example_setup(parlor, players, personas)
    play_both_examples(staff, four, three, players)
    visit_id = check_out(staff, visits[players[0].pk])["visit"]["id"]
    Player.objects.filter(pk=players[0].pk).update(name=f"青{BEL}木")
    Parlor.objects.filter(pk=parlor.pk).update(name=f"点棒{ESC}クラブ")
    client = Client()
    client.force_login(players[0].user)
    response = client.get(f"/receipts/{visit_id}/pdf/")
    assert response.status_code == 200 and response["Content-Type"] == "application/pdf"
    text = "".join(pdf_text(response.content))
    assert "青\ufffd木" in text and BEL not in text and ESC not in text

