"""The calculator takes only what a table can hold (scoring/hand_value/bounds.py): four copies
of a tile over the hand, the melds, the indicators and the tiles set aside; at most 14
concealed tiles, 4 melds, 5 dora indicators and an ura-dora under each; the gari and flowers
the ruleset names. Each refusal names its field; the largest hands a table can hold are valued."""

from __future__ import annotations

import pytest

from rulesets.registry import PRESETS
from scoring.errors import HandError
from scoring.hand_value import Meld, MeldKind, WinFlags, WinningHand, evaluate_hand
from scoring.hand_value.json_input import winning_hand_from_json
from scoring.hand_value.yaku_files import load_yaku_tables, yaku_table_for

TABLES = load_yaku_tables()
TENHOU = PRESETS["tenhou-4p-hanchan"]
RIICHI = WinFlags(riichi=True)
# 1m as a triplet: with five 9m indicators pointing at it, the old calculator counted 13 1m.
ONES = "1m 1m 1m 2p 3p 4p 5p 6p 7p 7s 8s 9s 9s 9s"
PINFU_3P = "1p 2p 3p 4p 5p 6p 7s 8s 9s 2s 3s 4s W W"  # seed 003's sanma hand, ron on 4s


def four(tiles: str, win: str, **options: object) -> WinningHand:
    options.setdefault("is_tsumo", False)
    return WinningHand(concealed=tuple(tiles.split()), win_tile=win, seat_wind="S",
                       **options)  # type: ignore[arg-type]


def three(tiles: str, win: str, **options: object) -> WinningHand:
    return four(tiles, win, player_count=3, **options)


KAN = Meld(MeldKind.ANKAN, ("E", "E", "E", "E"))


@pytest.mark.parametrize(("key", "winning", "code", "field"), [
    pytest.param("tenhou-4p-hanchan", four(ONES, "9s", flags=RIICHI,
                                           dora_indicators=("1m",) * 5,
                                           ura_indicators=("1m",) * 5),
                 "five_of_a_tile", "dora_indicators[1]", id="thirteen-copies-of-1m"),
    pytest.param("tenhou-4p-hanchan", four(ONES, "9s", dora_indicators=("9s", "9s")),
                 "five_of_a_tile", "dora_indicators[1]", id="an-indicator-is-a-fifth-copy"),
    pytest.param("tenhou-4p-hanchan", four(ONES, "9s", dora_indicators=("2m",) * 6),
                 "too_many_indicators", "dora_indicators", id="six-dora-indicators"),
    pytest.param("tenhou-4p-hanchan", four(ONES, "9s", flags=RIICHI, dora_indicators=("2m",),
                                           ura_indicators=("3m", "4m")),
                 "too_many_indicators", "ura_indicators", id="more-ura-than-dora"),
    pytest.param("tenhou-4p-hanchan", four(ONES + " 9s", "9s"), "wrong_tile_count",
                 "concealed", id="fifteen-concealed-tiles"),
    pytest.param("tenhou-4p-hanchan", four("9s 9s", "9s", melds=(KAN,) * 5),
                 "wrong_tile_count", "melds", id="five-melds"),
    pytest.param("tenhou-4p-hanchan", four(ONES, "9s", melds=(
        Meld(MeldKind.ANKAN, ("E",) * 5),)), "bad_meld", "melds[0].tiles",
                 id="a-meld-of-five-tiles"),
    pytest.param("tenhou-4p-hanchan", four("*1m 1m 1m 2p 3p 4p 5p 6p 7p 7s 8s 9s 9s 9s", "9s"),
                 "unknown_tile", "concealed[0]", id="the-evaluator-s-own-joker-names"),
    pytest.param("tenhou-3p-hanchan", three("1p 2p 3p 4p 5p 6p 7s 8s 9s N N N 9m 9m", "9m",
                                            kita=2), "five_of_a_tile", "kita",
                 id="kita-beside-three-north-in-hand"),
    pytest.param("seed-003", three(PINFU_3P, "4s", gari=("1m",) * 5), "five_of_a_tile",
                 "gari[4]", id="five-gari-of-1m"),
    pytest.param("seed-003", three(PINFU_3P, "4s", gari=("1m",) * 50_000), "five_of_a_tile",
                 "gari[4]", id="fifty-thousand-gari"),
    pytest.param("seed-003", three(PINFU_3P, "4s", gari=("9m",) * 3,
                                   dora_indicators=("9m", "9m")), "five_of_a_tile",
                 "gari[2]", id="gari-beside-indicators-of-the-same-tile"),
    pytest.param("seed-003", three(PINFU_3P, "4s", gari=("2p",)), "inconsistent_flags",
                 "gari[0]", id="a-gari-the-ruleset-does-not-set-aside"),
    pytest.param("seed-003", three(PINFU_3P, "4s", flowers=1), "inconsistent_flags",
                 "flowers", id="flowers-under-a-ruleset-without-them"),
    pytest.param("seed-003", three("P P P P 2p 3p 4p 6p 7p 8p 3s 4s 5s 6s", "6s",
                                   dora_indicators=("P",)), "five_of_a_tile",
                 "dora_indicators[0]", id="a-white-indicator-beside-four-whites"),
    pytest.param("seed-004", three("1p 2p 3p 4p 5p 6p 7s 8s 9s 9m 9m 2s 3s *", "*",
                                   flowers=5), "inconsistent_flags", "flowers",
                 id="five-flowers-of-four"),
])
def test_it_refuses_what_no_table_holds(key: str, winning: WinningHand, code: str,
                                        field: str) -> None:
    with pytest.raises(HandError) as refused:
        evaluate_hand(winning, ruleset=PRESETS[key], yaku_table=yaku_table_for(key, TABLES))
    assert (refused.value.code, refused.value.field) == (code, field)


def test_the_most_a_table_holds_is_valued() -> None:
    """Twelve gari (every 1m, 5m and 9m), four North set aside and five indicators under
    seed 003; five dora and five ura indicators with four kans; four flowers under seed 004;
    four North set aside in Tenhou sanma."""
    gari = ("1m",) * 4 + ("5m",) * 4 + ("9m",) * 4
    counted = evaluate_hand(three(PINFU_3P, "4s", gari=gari, kita=4,
                                  dora_indicators=("2p", "3p", "4p", "6p", "7p")),
                            ruleset=PRESETS["seed-003"], yaku_table=TABLES["seed-003"])
    assert {y.key: y.han for y in counted.yaku}["gari"] == 16  # twelve gari and four North
    kans = tuple(Meld(MeldKind.ANKAN, (t,) * 4) for t in ("E", "S", "W", "N"))
    kans_value = evaluate_hand(
        four("P P", "P", melds=kans, flags=RIICHI, is_tsumo=True,
             dora_indicators=("1m", "2m", "3m", "4m", "5m"),
             ura_indicators=("6m", "7m", "8m", "9m", "1p")), ruleset=TENHOU)
    assert kans_value.yakuman >= 2  # 四槓子 and 字一色 (大四喜 too)
    flowers = evaluate_hand(three("1p 2p 3p 4p 5p 6p 7s 8s 9s 9m 9m 2s 3s *", "*",
                                  is_tsumo=True, flags=RIICHI, flowers=4),
                            ruleset=PRESETS["seed-004"], yaku_table=TABLES["seed-004"])
    assert {y.key: y.han for y in flowers.yaku}["flower"] == 4
    kita = evaluate_hand(three("1p 2p 3p 4p 5p 6p 7s 8s 9s 2s 3s 4s 9m 9m", "4s",
                               flags=RIICHI, kita=4), ruleset=PRESETS["tenhou-3p-hanchan"])
    assert {y.key: y.han for y in kita.yaku}["kita"] == 4


def test_a_json_line_of_fifty_thousand_gari_is_refused_naming_the_fifth() -> None:
    line = {"rules": {"players": 3},
            "situation": {"seat_wind": "S", "round_wind": "E", "tsumo": False},
            "tiles": {"hand": PINFU_3P.split(), "win_tile": "4s", "gari": ["1m"] * 50_000}}
    with pytest.raises(HandError) as refused:
        evaluate_hand(winning_hand_from_json(line), ruleset=PRESETS["seed-003"],
                      yaku_table=TABLES["seed-003"])
    assert (refused.value.code, refused.value.field) == ("five_of_a_tile", "gari[4]")
