"""The OpenAPI schema describes the hand completely: a component per result kind behind a
discriminated oneOf, riichi, penalties, pao and wareme, and examples that the API accepts as
they stand."""

from __future__ import annotations

import re
from typing import Any

import jsonschema
import pytest

from parlor.view_helpers.hand_schema import PENALTY_KINDS, RESULT_KINDS
from rulesets.registry import PRESETS
from tests.parlor.conftest import ok
from tests.parlor.factories import PlayerFactory, TableFactory

pytestmark = pytest.mark.django_db
RECORD = "/api/games/{game_id}/hands/"
PREVIEW = "/api/games/{game_id}/hands/preview/"


@pytest.fixture
def schema(client: Any) -> dict[str, Any]:
    return ok(client.get("/api/schema/?format=json"))


def examples(schema: dict[str, Any], path: str = RECORD) -> dict[str, dict[str, Any]]:
    body = schema["paths"][path]["post"]["requestBody"]["content"]["application/json"]
    return body["examples"]


def fresh_game(parlor: Any, staff: Any, key: str) -> dict[str, Any]:
    """A game just started at a new table playing `key`, by players seated nowhere else."""
    table = TableFactory(parlor=parlor, ruleset_key=key)
    seated = PlayerFactory.create_batch(PRESETS[key].player_count, parlor=parlor)
    body = {"players": [str(p.public_id) for p in seated], "seating": "given"}
    return ok(staff.post(f"/api/tables/{table.public_id}/games/", body, format="json"), 201)


def ruleset_of(example: dict[str, Any]) -> str:
    ruleset = re.search(r"playing `([a-z0-9-]+)`", example["description"])
    assert ruleset is not None and ruleset.group(1) in PRESETS, example
    return ruleset.group(1)


def test_each_result_kind_is_its_own_component_behind_a_discriminator(schema):
    components = schema["components"]["schemas"]
    for union, kinds in (("HandResult", RESULT_KINDS), ("Penalty", PENALTY_KINDS)):
        one_of = components[union]
        assert [item["$ref"].rsplit("/", 1)[1] for item in one_of["oneOf"]] == list(kinds.values())
        assert one_of["discriminator"]["propertyName"] == "kind"
        for kind, name in kinds.items():
            assert components[name]["properties"]["kind"]["enum"] == [kind]
            assert one_of["discriminator"]["mapping"][kind].endswith(f"/{name}")
    assert set(RESULT_KINDS) == {"ron", "tsumo", "draw", "abortive", "chombo"}
    hand = components["HandEntry"]["properties"]
    assert {"riichi", "open_riichi", "riichi_cancelled", "sit_out", "dice", "wareme"} <= set(hand)
    assert hand["penalties"]["items"]["$ref"].endswith("/Penalty")
    assert hand["result"]["$ref"].endswith("/HandResult")
    win = components["Win"]["properties"]
    assert {"winner", "han", "fu", "yakuman", "points", "dora", "ippatsu", "chips", "pao",
            "yaku", "daiminkan_feeder", "open"} == set(
        win
    )
    assert components["ChomboResult"]["properties"]["compensation"]["$ref"].endswith(
        "/Compensation"
    )
    for operation in ("HandRecordInputRequest", "HandPreviewInputRequest"):
        assert components[operation]["properties"]["hand"]["allOf"][0]["$ref"].endswith(
            "/HandEntry"
        )


def test_the_existing_components_keep_their_names(schema):
    seat = schema["components"]["schemas"]["Seat"]  # a game's seat, as GameDetail answers it
    assert {"seat", "player_id", "name"} <= set(seat["properties"])


def test_the_record_operation_links_the_record_format_and_the_link_works(client, schema):
    description = schema["paths"][RECORD]["post"]["description"]
    link = re.search(r"\[docs/game-record\.md\]\(([^)]+)\)", description)
    assert link is not None, description
    page = client.get(link.group(1))
    assert page.status_code == 200
    assert "Game record format (`tenbo-game/1`)" in page.content.decode()


def test_every_example_matches_the_documented_schema(schema):
    found = examples(schema)
    kinds = {"ron", "tsumo", "draw", "abortive", "chombo", "penalties", "pao", "wareme"}
    assert kinds <= {name.lower() for name in found}
    request = {"$ref": "#/components/schemas/HandRecordInputRequest", **schema}
    for example in found.values():
        jsonschema.validate(example["value"], request, cls=jsonschema.Draft4Validator)


def test_every_example_posted_as_it_stands_is_recorded(schema, parlor, staff):
    for name, example in examples(schema).items():
        game = fresh_game(parlor, staff, ruleset_of(example))
        answer = staff.post(RECORD.format(game_id=game["id"]), example["value"], format="json")
        assert answer.status_code == 201, (name, answer.content.decode())
        assert answer.json()["hand_count"] == 1, name


def test_every_preview_example_is_previewed_as_it_stands(schema, parlor, staff):
    found = examples(schema, PREVIEW)
    assert set(found) == set(examples(schema))
    for name, example in found.items():
        game = fresh_game(parlor, staff, ruleset_of(example))
        answer = staff.post(PREVIEW.format(game_id=game["id"]), example["value"], format="json")
        assert answer.status_code == 200, (name, answer.content.decode())
        assert "deltas" in answer.json()["hand"], name  # the hand as it would be replayed


def test_a_hand_outside_the_schema_is_refused_with_the_field_named(parlor, staff):
    game = fresh_game(parlor, staff, "standard")
    wareme_on_standard = {"dice": 5, "result": {"kind": "abortive", "reason": "four_winds"}}
    answer = staff.post(
        RECORD.format(game_id=game["id"]),
        {"sequence": 1, "hand": wareme_on_standard},
        format="json",
    )
    assert answer.status_code == 400
    assert answer.json()["error"]["field"].endswith("dice")
