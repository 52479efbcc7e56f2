"""Whatever it is given, the calculator answers with a value or a ScoringError that names a
field; and a value it gives is a win it can explain."""

from __future__ import annotations

import json
from typing import Any

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from rulesets.registry import PRESETS
from scoring.errors import ScoringError
from scoring.hand_value import Meld, MeldKind, WinFlags, WinningHand, evaluate_hand
from scoring.hand_value.json_input import winning_hand_from_json
from scoring.hand_value.tiles import COPIES, TILES, kinds_in_play, tile_name
from scoring.hand_value.yaku_files import load_yaku_tables, yaku_table_for

SETTINGS = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
NAMES = sorted(name for name in TILES if not name.startswith("*"))
TABLES = load_yaku_tables()
RULESETS = list(PRESETS.values())  # han and fu, fixed 40 fu and the point count (点数制)

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
    if ruleset.value_input.value != "point_count":
        assert value.points % ruleset.point_unit == 0


SEQUENCE_STARTS = [k for k in range(27) if k % 9 < 7]
REFUSALS_OF_A_WHOLE_HAND = {"no_yaku", "gari_in_hand"}


@st.composite
def built_wins(draw: st.DrawFn) -> tuple[WinningHand, Any]:
    """Four sets and a pair, some of them called, under a random preset: a hand that is a
    win by its shape, so the calculator either values it or refuses it for what it holds."""
    # each way of valuing a hand as often as the others, though most presets count han and fu
    ruleset = draw(st.sampled_from(sorted({r.value_input for r in RULESETS})).flatmap(
        lambda way: st.sampled_from([r for r in RULESETS if r.value_input is way])))
    players = ruleset.player_count
    in_play = kinds_in_play(players)
    starts = [k for k in SEQUENCE_STARTS if k in in_play and k + 2 in in_play]
    sets = draw(st.lists(st.one_of(st.sampled_from(starts).map(lambda k: ("seq", k)),
                                   st.sampled_from(in_play).map(lambda k: ("tri", k))),
                         min_size=4, max_size=4))
    pair = draw(st.sampled_from(in_play))
    called = draw(st.integers(0, 4))
    melds, concealed = [], [tile_name(pair)] * 2
    for i, (shape, kind) in enumerate(sets):
        tiles = ([tile_name(kind + d) for d in range(3)] if shape == "seq"
                 else [tile_name(kind)] * 3)
        if i < called and not (shape == "seq" and players == 3):
            meld = draw(st.sampled_from([MeldKind.CHI] if shape == "seq" else
                                        [MeldKind.PON, MeldKind.DAIMINKAN, MeldKind.KAKAN,
                                         MeldKind.ANKAN]))
            melds.append(Meld(meld, tuple(tiles + tiles[:1] if meld.is_kan else tiles)))
        else:
            concealed += tiles
    indicator = tile_name(draw(st.sampled_from(in_play)))
    # The indicator is a tile of the set too: no fifth copy over the hand and the dead wall.
    held = [*concealed, *(t for m in melds for t in m.tiles), indicator]
    assume(all(held.count(name) <= COPIES for name in held))
    is_open = any(m.kind.is_open for m in melds)
    riichi = not is_open and draw(st.booleans())
    hand = WinningHand(
        concealed=tuple(concealed), win_tile=draw(st.sampled_from(concealed)),
        is_tsumo=draw(st.booleans()), melds=tuple(melds),
        seat_wind=draw(st.sampled_from("ESWN"[:players])),
        round_wind=draw(st.sampled_from("ESWN"[:players])), flags=WinFlags(riichi=riichi),
        dora_indicators=(indicator,),
        player_count=players)
    return hand, ruleset


@SETTINGS
@given(built_wins())
def test_a_value_explains_itself(win: tuple[WinningHand, Any]) -> None:
    """The yaku add up to the han (or the count), the yakuman to the yakuman, and the payers'
    shares to the points, under every preset, the point count (点数制) included."""
    hand, ruleset = win
    try:
        value = evaluate_hand(hand, ruleset=ruleset,
                              yaku_table=yaku_table_for(ruleset.id, TABLES))
    except ScoringError as e:
        assert e.code in REFUSALS_OF_A_WHOLE_HAND, e
        return
    assert value.points == sum(amount for _, amount in value.payers) > 0
    yakuman = sum(y.han for y in value.yaku if y.is_yakuman)
    assert value.yakuman == yakuman
    assert len(value.payers) == (hand.player_count - 1 if hand.is_tsumo else 1)
    if ruleset.value_input.value == "point_count":
        # 点数制: every payer owes the count, whoever wins (no dealer's double, no tsumo split)
        assert value.han is None and value.point_count is not None
        assert {amount for _, amount in value.payers} == {value.point_count}
        assert value.point_count >= sum(y.han for y in value.yaku if not y.is_yakuman)
    else:
        assert value.points % ruleset.point_unit == 0
        if not yakuman:
            assert value.han == sum(y.han for y in value.yaku) >= ruleset.min_han


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
