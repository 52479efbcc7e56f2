"""Whatever it is given, the calculator answers with a value or a ScoringError that names a
field; and a value it gives is a win it can explain."""

from __future__ import annotations

import json
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rulesets.registry import PRESETS
from scoring.errors import ScoringError
from scoring.hand_value import Meld, MeldKind, WinFlags, WinningHand, evaluate_hand
from scoring.hand_value.json_input import winning_hand_from_json
from scoring.hand_value.tiles import TILES
from scoring.hand_value.yaku_files import load_yaku_tables, yaku_table_for

SETTINGS = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
NAMES = sorted(name for name in TILES if not name.startswith("*"))
TABLES = load_yaku_tables()
RULESETS = [r for r in PRESETS.values() if r.value_input.value != "point_count"]

tile = st.sampled_from([*NAMES, "*", "0", "10m", ""])
flags = st.builds(WinFlags, **{name: st.booleans() for name in (
    "riichi", "double_riichi", "ippatsu", "haitei", "houtei", "rinshan", "chankan", "tenhou",
    "chiihou", "renhou")})
melds = st.lists(st.builds(Meld, st.sampled_from(list(MeldKind)),
                           st.lists(tile, min_size=2, max_size=5).map(tuple)), max_size=4)


@SETTINGS
@given(concealed=st.lists(tile, min_size=0, max_size=15), win=tile, tsumo=st.booleans(),
       melds=melds, flags=flags, seat=st.sampled_from("ESWNX"), round_wind=st.sampled_from("ESWN"),
       dora=st.lists(tile, max_size=6), ura=st.lists(tile, max_size=2),
       kita=st.integers(-1, 5), flowers=st.integers(-1, 5), players=st.sampled_from([3, 4, 5]),
       ruleset=st.sampled_from(RULESETS))
def test_any_input_gets_a_value_or_an_error_naming_its_field(
        concealed: list[str], win: str, tsumo: bool, melds: list[Meld], flags: WinFlags,
        seat: str, round_wind: str, dora: list[str], ura: list[str], kita: int, flowers: int,
        players: int, ruleset: Any) -> None:
    hand = WinningHand(concealed=tuple(concealed), win_tile=win, is_tsumo=tsumo,
                       melds=tuple(melds), seat_wind=seat, round_wind=round_wind, flags=flags,
                       dora_indicators=tuple(dora), ura_indicators=tuple(ura), kita=kita,
                       flowers=flowers, player_count=players)
    try:
        value = evaluate_hand(hand, ruleset=ruleset,
                              yaku_table=yaku_table_for(ruleset.id, TABLES))
    except ScoringError as e:
        assert e.code and e.message
        return
    assert value.yaku and value.points > 0
    assert value.points % ruleset.point_unit == 0


@SETTINGS
@given(st.recursive(st.none() | st.booleans() | st.integers() | st.text(max_size=3),
                    lambda inner: st.lists(inner, max_size=4)
                    | st.dictionaries(st.sampled_from(
                        ["rules", "situation", "tiles", "flags", "hand", "win_tile", "melds",
                         "players", "seat_wind", "round_wind", "tsumo", "type", "kita"]),
                        inner, max_size=5), max_leaves=20))
def test_any_json_gets_a_hand_or_an_error_naming_its_field(data: Any) -> None:
    try:
        winning_hand_from_json(json.loads(json.dumps(data)))
    except ScoringError as e:
        assert e.code and e.message
