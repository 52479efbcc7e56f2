"""Worked hands for the calculator: yaku the Tenhou corpus never shows, the choice of the
best reading, and the refusals of hands that are not a valid win."""

from __future__ import annotations

import pytest

from rulesets.registry import PRESETS
from scoring.errors import HandError
from scoring.hand_value import Meld, MeldKind, WinFlags, WinningHand, evaluate_hand

TENHOU = PRESETS["tenhou-4p-hanchan"]
SANMA = PRESETS["tenhou-3p-hanchan"]


def hand(tiles: str, win: str, *, tsumo: bool = False, melds: tuple[Meld, ...] = (),
         **options: object) -> WinningHand:
    return WinningHand(concealed=tuple(tiles.split()), win_tile=win, is_tsumo=tsumo,
                       melds=melds, **options)  # type: ignore[arg-type]


def kan(tiles: str, kind: MeldKind = MeldKind.ANKAN) -> Meld:
    return Meld(kind, tuple(tiles.split()))


@pytest.mark.parametrize(("winning", "yaku", "han", "fu", "points"), [
    pytest.param(hand("2m 2m 3m 3m 4m 4m 6p 6p 7p 7p 8p 8p 5s 5s", "5s", seat_wind="S"),
                 {"ryanpeikou": 3, "tanyao": 1}, 4, 40, 8000,
                 id="ryanpeikou-beats-seven-pairs-ron"),
    pytest.param(hand("2s 2s 3s 3s 4s 4s 6s 6s 6s F F 8s 8s 8s", "8s", seat_wind="S"),
                 {"ryuuiisou": 1}, None, None, 32000, id="ryuuiisou"),
    pytest.param(hand("1p 1p 1p 2p 3p 4p 5p 6p 7p 8p 9p 9p 9p 5p", "5p", seat_wind="S"),
                 {"junsei_chuuren": 1}, None, None, 32000, id="junsei-chuuren-nine-sided"),
    pytest.param(hand("1p 1p 1p 2p 3p 4p 5p 5p 7p 8p 9p 9p 9p 6p", "6p", seat_wind="S"),
                 {"chuuren": 1}, None, None, 32000, id="chuuren-on-a-single-wait"),
    pytest.param(hand("1m 9m 1p 9p 1s 9s E S W N P F C 1m", "1m", seat_wind="S"),
                 {"kokushi_13": 1}, None, None, 32000, id="kokushi-thirteen-sided"),
    pytest.param(hand("2m 3m 4m 5s 5s", "5s", seat_wind="S",
                      melds=(kan("1p 1p 1p 1p"), kan("9s 9s 9s 9s"),
                             kan("7m 7m 7m 7m", MeldKind.DAIMINKAN))),
                 {"sankantsu": 2}, 2, 100, 6400, id="sankantsu-100-fu"),
    pytest.param(hand("1m 2m 3m 4p 5p 6p 7s 8s 9s 2s 3s 4s 5m 5m", "4s", seat_wind="S",
                      flags=WinFlags(riichi=True)),
                 {"riichi": 1, "pinfu": 1}, 2, 30, 2000, id="pinfu-ron-30-fu"),
    pytest.param(hand("1m 2m 3m 4p 5p 6p 7s 8s 9s 2s 3s 4s 5m 5m", "4s", tsumo=True,
                      seat_wind="E", flags=WinFlags(riichi=True)),
                 {"riichi": 1, "pinfu": 1, "menzen_tsumo": 1}, 3, 20, 3900,
                 id="dealer-pinfu-tsumo-20-fu"),
    pytest.param(hand("1m 2m 3m 1m 2m 3m 7p 8p 9p 7p 8p 9p E E", "3m", seat_wind="S",
                      round_wind="S"),
                 {"chanta": 2, "ryanpeikou": 3}, 5, 40, 8000, id="chanta-ryanpeikou-mangan"),
    pytest.param(hand("4m 5m 6m 3p 3p 3p 7p 8p 9p 2s 2s", "4m", seat_wind="W",
                      melds=(Meld(MeldKind.PON, ("P", "P", "P")),)),
                 {"haku": 1}, 1, 30, 1000, id="open-hand-ron-at-least-30-fu"),
])
def test_it_values_worked_hands(winning: WinningHand, yaku: dict[str, int], han: int | None,
                                fu: int | None, points: int) -> None:
    value = evaluate_hand(winning, ruleset=TENHOU)
    assert {y.key: y.han for y in value.yaku} == yaku
    assert value.han == han
    if fu is not None:
        assert value.fu == fu
    assert value.points == points


def test_it_keeps_the_reading_that_pays_more() -> None:
    # 3s4s5s5s + 5s: a ryanmen on 34s (pinfu, 30 fu: 2,000) or a tanki on 5s (40 fu, no
    # pinfu: 1,300). 高点法 keeps the ryanmen.
    value = evaluate_hand(hand("1m 2m 3m 4p 5p 6p 7s 8s 9s 3s 4s 5s 5s 5s", "5s",
                               seat_wind="S", flags=WinFlags(riichi=True)), ruleset=TENHOU)
    assert (value.wait.value, value.fu, value.points) == ("ryanmen", 30, 2000)


def test_kita_counts_as_dora_in_three_player_mahjong() -> None:
    value = evaluate_hand(hand("1m 1m 1m 4p 5p 6p 7s 8s 9s 2s 3s 4s 5p 5p", "4s",
                               seat_wind="S", kita=2, player_count=3,
                               flags=WinFlags(riichi=True)), ruleset=SANMA)
    assert {y.key: y.han for y in value.yaku} == {"riichi": 1, "kita": 2}


@pytest.mark.parametrize(("winning", "code", "field"), [
    pytest.param(hand("1m 2m 3m", "1m"), "wrong_tile_count", "concealed",
                 id="wrong-tile-count"),
    pytest.param(hand("1m 1m 1m 1m 1m 2m 3m 4p 5p 6p 7s 8s 9s 9s", "9s"), "five_of_a_tile",
                 "concealed", id="five-of-a-tile"),
    pytest.param(hand("1m 2m 3m 4p 5p 6p 7s 8s 9s 2s 3s 4s 5m 5m", "3s"), "no_yaku",
                 "concealed", id="no-yaku-kanchan-ron-without-riichi"),
    pytest.param(hand("1m 2m 3m 4p 5p 6p 7s 8s 9s 2s 3s 4s 5m 6m", "4s"), "not_a_win",
                 "concealed", id="not-a-winning-shape"),
    pytest.param(hand("1m 2m 3m 4p 5p 6p 7s 8s 9s 2s 3s 4s 5m 5m", "7m"),
                 "win_tile_not_in_hand", "win_tile", id="win-tile-not-in-hand"),
    pytest.param(hand("1m 2m 3m 4p 5p 6p 7s 8s 9s 2s 3s 4s 5m 5m", "4s", flags=WinFlags(
        riichi=True, double_riichi=True)), "inconsistent_flags", "flags.riichi",
                 id="riichi-and-double-riichi"),
    pytest.param(hand("1m 2m 3m 4p 5p 6p 7s 8s 9s 2s 3s 4s 5m 5m", "4s", flags=WinFlags(
        renhou=True), seat_wind="S"), "yaku_not_in_ruleset", "flags.renhou",
                 id="renhou-not-played-on-tenhou"),
    pytest.param(hand("1m 2m 3m 4p 5p 6p 7s 8s 9s 2s 3s 4s 5m 5m", "4s", kita=1),
                 "inconsistent_flags", "kita", id="kita-with-four-players"),
    pytest.param(hand("1m 2m 3m 4p 5p 6p 7s 8s 9s 2s 3s 4s 5m X", "4s"), "unknown_tile",
                 "concealed[13]", id="unknown-tile"),
])
def test_it_refuses_a_hand_that_is_not_a_valid_win(winning: WinningHand, code: str,
                                                   field: str) -> None:
    with pytest.raises(HandError) as refused:
        evaluate_hand(winning, ruleset=TENHOU)
    assert refused.value.code == code
    assert refused.value.field == field
