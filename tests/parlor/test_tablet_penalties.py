"""The pad's penalties, chombo compensation and wareme seat: what each ruleset offers, how a hand
with them reads in the history, and where their errors are shown."""

from __future__ import annotations

import pytest
from django.test import Client
from django.utils import translation

from parlor.domain.hand_entries import hand_of
from parlor.models import MemberRole
from parlor.services.games import game_start
from parlor.services.hands import hand_record
from parlor.services.seating import Seating
from parlor.view_helpers.hand_rows import entry_summary
from parlor.web.errors import error_area
from parlor.web.pad import compensation_config, pad_config, penalty_kinds
from rulesets.registry import PRESETS, preset
from scoring import Chombo, Compensation, Hand, Penalty, PenaltyKind
from tests.parlor.factories import MemberFactory, TableFactory

NAMES = ["青木", "馬場", "千葉", "土井"]


@pytest.mark.parametrize(
    ("key", "kinds"),
    [
        pytest.param("standard", ["dead_hand"], id="standard-dead-hand-only"),
        pytest.param("seed-000", ["dead_hand"], id="seed-000-short-hand-is-a-dead-hand"),
        pytest.param("seed-001", ["dead_hand", "deposit"], id="seed-001-1000-deposit"),
        pytest.param("seed-002", ["dead_hand"], id="seed-002-dead-hand-only"),
        pytest.param("seed-003", ["chombo", "dead_hand"], id="seed-003-chombo-hand-goes-on"),
        pytest.param("seed-004", ["dead_hand"], id="seed-004-dead-hand-only"),
    ],
)
def test_the_pad_offers_the_penalties_the_ruleset_has(key, kinds):
    assert penalty_kinds(preset(key)) == kinds


@pytest.mark.parametrize("key", sorted(PRESETS))
def test_every_preset_offers_what_its_ruleset_fields_say(key):
    ruleset = preset(key)
    config = pad_config(ruleset, seats=ruleset.player_count)
    codes = [p["code"] for p in config["penalties"]]
    assert "dead_hand" in codes  # 和了放棄 is the same under every ruleset (rules §1.8)
    assert ("deposit" in codes) == (ruleset.penalty_deposit is not None)
    assert ("chombo" in codes) == (ruleset.chombo_hand.value == "continue_dead_hand")
    assert (config["compensation"] is not None) == (ruleset.chombo_compensation is not None)
    assert config["wareme"] == (ruleset.wareme is not None)


def test_seed_001_compensates_from_haneman_up():
    with translation.override("ja"):
        assert compensation_config(preset("seed-001")) == {"min_han": 6, "min_label": "跳満"}
    assert compensation_config(preset("standard")) is None


@pytest.mark.parametrize(
    ("field", "code", "area"),
    [
        pytest.param("penalties[0].seat", "out_of_range", "penalties", id="penalty-seat"),
        pytest.param("penalties[1].offender", "out_of_range", "penalties", id="penalty-offender"),
        pytest.param("penalties[0].kind", "invalid_value", "penalties", id="penalty-kind"),
        pytest.param("penalties", "invalid_value", "penalties", id="penalties-not-a-list"),
        pytest.param("result", "dead_hand_win", "penalties", id="dead-hand-won"),
        pytest.param("result.compensation.han", "out_of_range", "compensation", id="comp-han"),
        pytest.param("result.compensation", "invalid_compensation", "compensation", id="comp"),
        pytest.param("wareme", "out_of_range", "options", id="wareme-seat"),
        pytest.param("result.wins[0].han", "below_min_han", "value", id="win-value-unchanged"),
        pytest.param("result.offender", "out_of_range", "seats", id="offender-unchanged"),
    ],
)
def test_errors_about_penalties_and_compensation_are_shown_beside_them(field, code, area):
    assert error_area(field, code) == area


def test_the_history_line_names_penalties_compensation_and_the_wareme_seat():
    # The engine's hand (no one preset has all three: seed-001 has no wareme).
    parsed = Hand(
        result=Chombo(offender=3, compensation=Compensation(to=1, yakuman=1)),
        penalties=(Penalty(PenaltyKind.DEPOSIT, 1), Penalty(PenaltyKind.DEAD_HAND, 0)),
        wareme=2,
    )
    with translation.override("ja"):
        text = entry_summary(parsed, NAMES, preset("seed-001"))
    assert (
        text == "チョンボ: 土井 · 補償 馬場: 役満 · 罰符供託: 馬場 · 和了放棄: 青木 · 割れ目: 千葉"
    )
    with translation.override("en"):
        text = entry_summary(parsed, NAMES, preset("seed-001"))
    assert text == (
        "Chombo: 土井 · compensation to 馬場: Yakuman · Penalty deposit: 馬場"
        " · Dead hand: 青木 · wareme: 千葉"
    )


@pytest.mark.django_db
def test_a_seed_001_preview_shows_the_deposit_and_the_compensation(parlor, players):
    staff = MemberFactory(parlor=parlor, role=MemberRole.STAFF).user
    client = Client()
    client.force_login(staff)
    table = TableFactory(parlor=parlor, label="K", ruleset_key="seed-001")
    game = game_start(table=table, players=players[:4], seating=Seating.GIVEN, by=staff)
    page = client.get(f"/tablet/games/{game.public_id}/").content.decode()
    assert 'data-penalty="deposit"' in page and 'id="compensation-button"' in page
    assert "data-wareme-seat" not in page and 'data-penalty="chombo"' not in page
    url = f"/tablet/games/{game.public_id}/preview/"
    entry = {
        "penalties": [{"kind": "deposit", "seat": 1}],
        "result": {"kind": "chombo", "offender": 2, "compensation": {"to": 3, "han": 6}},
    }
    data = client.post(url, {"hand": entry}, content_type="application/json").json()
    assert data["ok"] and "チョンボ補償" in data["html"] and "6,000" in data["html"]
    assert "罰符供託" in data["html"]
    small = {"result": {"kind": "chombo", "offender": 2, "compensation": {"to": 3, "han": 5}}}
    error = client.post(url, {"hand": small}, content_type="application/json").json()["error"]
    assert error["code"] == "invalid_compensation" and error["area"] == "compensation"
    assert error["message"] == "このチョンボ補償は無効です。"
    hand_record(game=game, sequence=1, entry=entry, by=staff)
    history = client.get(f"/tablet/games/{game.public_id}/history/").content.decode()
    assert f"補償 {players[3].name}: 跳満（6翻）" in history
    assert f"罰符供託: {players[1].name}" in history


@pytest.mark.django_db
def test_the_wareme_seat_is_offered_on_a_seed_000_table_only(parlor, players):
    staff = MemberFactory(parlor=parlor, role=MemberRole.STAFF).user
    client = Client()
    client.force_login(staff)
    table = TableFactory(parlor=parlor, label="W", ruleset_key="seed-000")
    game = game_start(table=table, players=players[:4], seating=Seating.GIVEN, by=staff)
    page = client.get(f"/tablet/games/{game.public_id}/").content.decode()
    assert page.count("data-wareme-seat=") == 4 and "data-dice=" in page
    url = f"/tablet/games/{game.public_id}/preview/"
    both = {
        "dice": 5,
        "wareme": 1,
        "result": {"kind": "ron", "loser": 2, "wins": [{"winner": 1, "han": 3, "fu": 30}]},
    }
    error = client.post(url, {"hand": both}, content_type="application/json").json()["error"]
    assert error["field"] == "wareme" and error["area"] == "options"
    seat = {**both}
    del seat["dice"]
    data = client.post(url, {"hand": seat}, content_type="application/json").json()
    assert data["ok"] and "7,800" in data["html"]  # 3,900 doubled: the winner is wareme


def test_the_history_line_names_no_seat_for_a_wareme_the_dice_gave():
    """The engine reads `dice` as an offset from the dealer (negative until the replay
    resolves it): the line says nothing of it, as it did not before the entry was parsed."""
    entry = {"dice": 7, "result": {"kind": "draw", "tenpai": [0]}}
    parsed = hand_of(entry, ruleset=preset("seed-000"), seats=len(NAMES), index=0)
    with translation.override("en"):
        assert entry_summary(parsed, NAMES, preset("seed-000")) == "Draw, tenpai: 青木"
