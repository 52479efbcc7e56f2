"""大明槓の責任払い on the tablet's side of the server: the pad offers the feeder picker only
where the ruleset makes the open kan's feeder liable, and the history line names the feeder."""

from __future__ import annotations

import pytest
from django.utils import translation

from parlor.domain.hand_entries import hand_of
from parlor.view_helpers.hand_rows import entry_summary
from parlor.web.pad import pad_config
from rulesets.registry import PRESETS, preset

NAMES = ["青木", "馬場", "千葉", "土井"]
FED_TSUMO = {"result": {"kind": "tsumo",
                        "win": {"winner": 1, "han": 3, "fu": 30, "daiminkan_feeder": 2}}}


def _parsed(entry, key):
    """The entry as the engine reads it (its one reader), as the history page passes it."""
    return hand_of(entry, ruleset=preset(key), seats=len(NAMES), index=0)


@pytest.mark.parametrize("key", sorted(PRESETS))
def test_the_pad_offers_the_feeder_exactly_where_the_ruleset_has_the_liability(key):
    ruleset = preset(key)
    liable = ruleset.pao is not None and ruleset.pao.daiminkan_rinshan
    assert pad_config(ruleset, seats=ruleset.player_count)["daiminkan_feeder"] is liable


def test_jpml_a_is_a_preset_with_the_liability_and_standard_is_not():
    assert pad_config(preset("jpml-a"), seats=4)["daiminkan_feeder"] is True
    assert pad_config(preset("standard"), seats=4)["daiminkan_feeder"] is False


def test_the_history_line_names_the_feeder():
    with translation.override("ja"):
        text = entry_summary(_parsed(FED_TSUMO, "jpml-a"), NAMES, preset("jpml-a"))
    assert text.endswith("（大明槓の責任払い: 千葉）")
    assert "馬場" in text
    with translation.override("en"):
        text = entry_summary(_parsed(FED_TSUMO, "jpml-a"), NAMES, preset("jpml-a"))
    assert text.endswith("(open-kan feeder pays: 千葉)")
