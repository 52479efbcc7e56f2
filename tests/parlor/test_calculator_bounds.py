"""The calculator's doors (the API and the tablet) take only what a table holds: a body over
8 kB is refused before it is read, a fifth copy of a tile or a list beyond the ruleset gets 400
naming the field (beside its part of the panel, in the staff's language), and the most a table
holds is valued."""

from __future__ import annotations

import json
from typing import Any

import pytest

from parlor.security.limits import CALCULATOR_REQUEST_MAX_BYTES
from tests.parlor.test_tablet_calculator import game_at

pytestmark = pytest.mark.django_db

PINFU_3P = ["1p", "2p", "3p", "4p", "5p", "6p", "7s", "8s", "9s", "2s", "3s", "4s", "W", "W"]
# A triplet of 1m with five dora and five ura indicators on 1m: thirteen copies of 1m.
THIRTEEN = {"winner": 1, "tsumo": False, "flags": {"riichi": True},
            "tiles": {"hand": ["1m", "1m", "1m", "2p", "3p", "4p", "5p", "6p", "7p", "7s", "8s",
                               "9s", "9s", "9s"], "win_tile": "9s",
                      "dora_indicators": ["1m"] * 5, "ura_indicators": ["1m"] * 5}}


def sanma_ron(**tiles: Any) -> dict[str, Any]:
    return {"winner": 1, "tsumo": False,
            "tiles": {"hand": PINFU_3P, "win_tile": "4s", **tiles}}


def api(client: Any, game: Any, body: dict[str, Any] | str) -> Any:
    raw = body if isinstance(body, str) else json.dumps(body)
    return client.post(f"/api/games/{game.public_id}/hands/evaluate/", raw,
                       content_type="application/json")


def tablet_post(client: Any, game: Any, body: dict[str, Any] | str) -> Any:
    raw = body if isinstance(body, str) else json.dumps(body)
    return client.post(f"/tablet/games/{game.public_id}/evaluate/", raw,
                       content_type="application/json")


@pytest.fixture
def seed_003(parlor: Any, staff_user: Any) -> Any:
    return game_at(parlor, staff_user, ruleset_key="seed-003", seats=3)


@pytest.fixture
def standard(parlor: Any, staff_user: Any) -> Any:
    return game_at(parlor, staff_user, ruleset_key="standard", seats=4)


def test_a_250_kb_list_of_gari_is_refused_before_it_is_read(staff, tablet, seed_003):
    body = json.dumps(sanma_ron(gari=["1m"] * 41_000))
    assert 240_000 < len(body) < 256 * 1024  # under the service's own limit
    refused = api(staff, seed_003, body)
    assert refused.status_code == 400
    assert refused.json()["error"]["code"] == "request_too_large"
    on_tablet = tablet_post(tablet, seed_003, body)
    assert on_tablet.status_code == 400
    error = on_tablet.json()["error"]
    assert (error["code"], error["area"]) == ("request_too_large", "general")
    assert "手牌" in error["message"]


def test_a_body_of_8_kb_is_read(staff, seed_003):
    body = json.dumps(sanma_ron())
    padded = body[:-1] + " " * (CALCULATOR_REQUEST_MAX_BYTES - len(body)) + "}"
    assert len(padded.encode()) == CALCULATOR_REQUEST_MAX_BYTES
    assert api(staff, seed_003, padded).status_code == 200
    assert api(staff, seed_003, padded[:-1] + " }").json()["error"]["code"] == (
        "request_too_large")


def test_thirteen_copies_of_a_tile_are_refused_naming_the_field(staff, tablet, standard):
    refused = api(staff, standard, THIRTEEN)
    assert refused.status_code == 400
    error = refused.json()["error"]
    assert (error["code"], error["field"]) == ("five_of_a_tile", "dora_indicators[1]")
    on_tablet = tablet_post(tablet, standard, THIRTEEN).json()["error"]
    assert (on_tablet["code"], on_tablet["area"]) == ("five_of_a_tile", "dora")
    assert "4枚まで" in on_tablet["message"] and "copies of 1m" in on_tablet["detail"]


@pytest.mark.parametrize(("tiles", "code", "field", "area"), [
    pytest.param({"gari": ["1m"] * 1_000}, "five_of_a_tile", "gari[4]", "dora",
                 id="a-thousand-gari-within-8-kb"),
    pytest.param({"gari": ["2p"]}, "inconsistent_flags", "gari[0]", "dora",
                 id="a-gari-the-ruleset-does-not-set-aside"),
    pytest.param({"flowers": 1}, "inconsistent_flags", "flowers", "flags",
                 id="a-flower-under-a-ruleset-without-them"),
    pytest.param({"dora_indicators": ["2p"] * 6}, "too_many_indicators", "dora_indicators",
                 "dora", id="six-dora-indicators"),
])
def test_lists_beyond_the_ruleset_are_refused_beside_their_part(staff, tablet, seed_003, tiles,
                                                                code, field, area):
    refused = api(staff, seed_003, sanma_ron(**tiles))
    assert refused.status_code == 400
    assert (refused.json()["error"]["code"], refused.json()["error"]["field"]) == (code, field)
    on_tablet = tablet_post(tablet, seed_003, sanma_ron(**tiles)).json()["error"]
    assert (on_tablet["code"], on_tablet["area"]) == (code, area)


def test_every_gari_and_north_a_set_holds_are_counted(staff, tablet, seed_003):
    gari = ["1m"] * 4 + ["5m"] * 4 + ["9m"] * 4
    body = sanma_ron(gari=gari, kita=4, dora_indicators=["2p", "3p", "4p", "6p", "7p"])
    value = api(staff, seed_003, body).json()
    assert {y["key"]: y["han"] for y in value["yaku"]}["gari"] == 16
    assert tablet_post(tablet, seed_003, body).json()["value"]["points"] == value["points"]
