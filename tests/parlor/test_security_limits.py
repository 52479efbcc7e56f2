"""Request size, JSON shape and every numeric input are bounded: a clear 400 (or 413), never
a 500 and never a number that overflows a column. Security headers are on every response;
a view that loses the database answers 503."""

from __future__ import annotations

import json

import pytest
from django.db import OperationalError

from parlor.models import AuditEvent, Hand, RulesetDefinition
from parlor.security.limits import HAND_SEQUENCE_MAX, JSON_MAX_ABS_NUMBER
from tests.parlor.conftest import RON_1_BY_0, ok

pytestmark = pytest.mark.django_db


def post_raw(client, path: str, body: str):
    return client.generic("POST", path, body.encode(), content_type="application/json")


def test_a_body_over_the_limit_is_413_before_anything_reads_it(staff, settings):
    settings.DATA_UPLOAD_MAX_MEMORY_SIZE = 1000
    response = post_raw(staff, "/api/players/", json.dumps({"name": "x" * 2000}))
    assert response.status_code == 413
    assert response.json()["error"]["code"] == "request_too_large"


def test_the_default_limit_is_256_kib(staff, settings):
    assert settings.DATA_UPLOAD_MAX_MEMORY_SIZE == 256 * 1024
    response = post_raw(staff, "/api/players/", json.dumps({"name": "x" * 300_000}))
    assert response.status_code == 413


def test_a_garbled_content_length_is_a_400(staff):
    response = staff.generic(
        "POST", "/api/players/", b"{}", content_type="application/json", CONTENT_LENGTH="ten"
    )
    assert response.status_code == 400


@pytest.mark.parametrize("depth", [25, 5000, 50_000])
def test_deeply_nested_json_is_a_400(table, start_game, staff, depth):
    game = start_game(table)
    hand = "[" * depth + "]" * depth
    response = post_raw(
        staff, f"/api/games/{game['id']}/hands/", f'{{"sequence": 1, "hand": {hand}}}'
    )
    assert response.status_code == 400, response.content.decode()[:300]
    assert "nested deeper" in response.json()["error"]["message"]


@pytest.mark.parametrize(
    "number", [str(JSON_MAX_ABS_NUMBER + 1), "-1" + "0" * 30, "1e400", "9" * 5000]
)
def test_numbers_beyond_any_score_are_400s(table, start_game, staff, number):
    game = start_game(table)
    body = f'{{"sequence": 1, "hand": {{"result": {{"kind": "draw", "tenpai": [{number}]}}}}}}'
    response = post_raw(staff, f"/api/games/{game['id']}/hands/", body)
    assert response.status_code == 400, response.content.decode()[:300]
    assert not Hand.objects.exists()


@pytest.mark.parametrize(
    ("win", "field"),
    [
        ({"winner": 1, "han": 100, "fu": 30}, "han"),
        ({"winner": 1, "han": 0, "fu": 30}, "han"),
        ({"winner": 1, "han": 3, "fu": 1_000_000}, "fu"),
        ({"winner": 4, "han": 3, "fu": 30}, "winner"),
        ({"winner": -1, "han": 3, "fu": 30}, "winner"),
        ({"winner": 1, "yakuman": 9}, "yakuman"),
        ({"winner": 1, "han": 3, "fu": 30, "dora": 100}, "dora"),
    ],
)
def test_hand_values_out_of_range_are_400s_naming_the_field(
    table, start_game, record_hand, win, field
):
    game = start_game(table)
    hand = {"result": {"kind": "ron", "loser": 0, "wins": [win]}}
    response = record_hand(game, hand, sequence=1)
    assert response.status_code == 400, response.content.decode()
    assert field in response.json()["error"]["field"] + response.json()["error"]["message"]


@pytest.mark.parametrize("sequence", [0, -1, HAND_SEQUENCE_MAX + 1, 2**63])
def test_a_hand_sequence_out_of_range_is_a_400(table, start_game, record_hand, sequence):
    game = start_game(table)
    response = record_hand(game, RON_1_BY_0, sequence=sequence)
    assert response.status_code == 400, response.content.decode()
    error = response.json()["error"]
    assert error["field"] == "sequence" or error["message"].startswith("sequence: ")


@pytest.mark.parametrize("path", ["corrections", "void"])
def test_a_huge_hand_number_in_the_path_is_not_found_or_conflict(
    table, start_game, record_hand, staff, path
):
    game = start_game(table)
    ok(record_hand(game, RON_1_BY_0, sequence=1), 201)
    response = staff.post(
        f"/api/games/{game['id']}/hands/{10**30}/{path}/",
        {"hand": RON_1_BY_0, "reason": "x"},
        format="json",
    )
    assert response.status_code in (404, 409), response.content.decode()


def test_more_than_four_players_is_a_400(table, staff, players):
    body = {"players": [str(p.public_id) for p in players], "seating": "draw"}
    response = staff.post(f"/api/tables/{table.public_id}/games/", body, format="json")
    assert response.status_code == 400
    assert response.json()["error"]["field"] == "players"


def test_start_scores_beyond_any_game_are_a_400_on_import(personas, table):
    record = {
        "format": "tenbo-game/1",
        "ruleset": "standard",
        "players": ["A", "B", "C", "D"],
        "start": {"honba": 10**6},
        "hands": [RON_1_BY_0],
    }
    response = personas["manager"].post(
        f"/api/tables/{table.public_id}/games/import/", {"record": record}, format="json"
    )
    assert response.status_code == 400, response.content.decode()


@pytest.mark.parametrize(
    ("override", "field"),
    [
        ({"uma": [10**8, 0, 0, -(10**8)]}, "uma[0]"),
        ({"return_points": 10**7}, "return_points"),
        ({"start_points": -(10**7)}, "start_points"),
    ],
)
def test_a_ruleset_with_numbers_no_ruleset_needs_is_a_400(personas, override, field):
    response = personas["manager"].post(
        "/api/rulesets/",
        {"key": "huge", "title": "Huge", "definition": {"base": "standard", **override}},
        format="json",
    )
    assert response.status_code == 400, response.content.decode()
    assert response.json()["error"]["field"] == field
    assert not RulesetDefinition.objects.exists()
    assert not AuditEvent.objects.filter(subject_type="ruleset").exists()


def test_every_response_carries_the_security_headers(client):
    response = client.get("/api/schema/")
    assert response["X-Content-Type-Options"] == "nosniff"
    assert response["X-Frame-Options"] == "DENY"
    assert response["Referrer-Policy"] == "same-origin"
    assert response["Cross-Origin-Opener-Policy"] == "same-origin"
    assert "frame-ancestors 'none'" in response["Content-Security-Policy"]
    assert "camera=()" in response["Permissions-Policy"]
    assert "no-store" in response["Cache-Control"]
    assert "no-store" not in client.get("/").get("Cache-Control", "")


def test_a_view_that_loses_the_database_answers_503(monkeypatch, table, staff):
    def unreachable(*args, **kwargs):
        raise OperationalError("server closed the connection unexpectedly")

    monkeypatch.setattr("parlor.api.tables.table_state", unreachable)
    response = staff.get(f"/api/tables/{table.public_id}/")
    assert response.status_code == 503
    assert response["Retry-After"] == "2"
    assert response.json()["error"]["code"] == "database_unavailable"


@pytest.mark.parametrize(
    "path", ["/api/nowhere/", "/api/games/x/hands/true/corrections/", "/api/games/x/hands/-1/void/"]
)
def test_an_unknown_api_url_is_a_json_404(staff, path):
    response = staff.post(path, {}, format="json")
    assert response.status_code == 404
    assert response.json()["error"]["code"] == "not_found"


def test_an_unknown_page_is_still_an_html_404(client):
    response = client.get("/no-such-page/")
    assert response.status_code == 404 and response["Content-Type"].startswith("text/html")


def test_the_schema_documents_what_the_security_layer_may_answer(client):
    schema = client.get("/api/schema/?format=json").json()
    paths = schema["paths"]
    record = paths["/api/games/{game_id}/hands/"]["post"]["responses"]
    assert {"400", "413", "503"} <= set(record)
    assert "413" not in paths["/api/me/"]["get"]["responses"]
    assert "503" in paths["/api/me/"]["get"]["responses"]
    token = paths["/api/auth/token/"]["post"]
    assert {"200", "400", "429"} <= set(token["responses"])
    assert "security" not in schema and token.get("security", []) in ([], [{}])  # no sign-in
