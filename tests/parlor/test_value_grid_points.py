"""The tablet's value grid shows points (issue 30): each open cell carries what the engine
says the value pays, by ron and by tsumo, for a dealer and a non-dealer, honba apart; the
ruleset's kiriage mangan, sanma tsumo and fixed 40 fu included. The browser test compares a
cell with the preview's payment for it."""

from __future__ import annotations

import pytest

from parlor.web.pad import pad_config
from rulesets.registry import PRESETS, preset

WAYS = {"ron", "dealer_ron", "tsumo", "dealer_tsumo"}


def cell(key: str, *, han: int, fu: int) -> dict:
    grid = pad_config(preset(key), seats=4)["grid"]
    row = next(r for r in grid["rows"] if r["han"] == han)
    return next(c for c in row["cells"] if c["fu"] == fu)


def test_a_cell_shows_the_quick_reference_tables_points():
    points = cell("standard", han=1, fu=30)["points"]
    assert points == {
        "ron": "1000",
        "dealer_ron": "1500",
        "tsumo": "300/\u200b500",
        "dealer_tsumo": "500",
    }


def test_kiriage_mangan_is_the_rulesets_not_the_tables():
    assert cell("standard", han=4, fu=30)["points"]["ron"] == "7700"
    assert cell("mleague", han=4, fu=30)["points"]["ron"] == "8000"
    assert cell("mleague", han=4, fu=30)["points"]["dealer_tsumo"] == "4000"


def test_fixed_40fu_rows_and_the_limits_have_points():
    grid = pad_config(preset("seed-004"), seats=3)["grid"]
    one_han = grid["rows"][0]["points"]
    assert one_han["ron"] == "1000"  # seed 004: a non-dealer's 1-han ron is 1,000
    mangan = pad_config(preset("standard"), seats=4)["grid"]["limits"][0]["points"]
    assert (mangan["ron"], mangan["dealer_ron"]) == ("8000", "12000")


@pytest.mark.parametrize("key", sorted(PRESETS))
def test_every_open_cell_of_every_preset_has_its_points(key):
    ruleset = preset(key)
    config = pad_config(ruleset, seats=ruleset.player_count)
    for row in config["grid"]["rows"]:
        for c in row["cells"]:
            assert (set(c.get("points", {})) == WAYS) is (c["ron"] or c["tsumo"]), (row, c)
    for limit in config["grid"]["limits"]:
        assert set(limit["points"]) == WAYS
    priced = config["grid"]["input"] != "point_count"
    assert all((y["points"] is not None) is priced for y in config["yakuman_counts"])
