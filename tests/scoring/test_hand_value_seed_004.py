"""Seed 004's tiles on the calculator: flowers as pulled dora, every 5p and 5s a dora, the
white pocchi (白ポッチ) as an all-mighty winning tile after riichi, North as a common value
tile, 萬子混一色 as a yakuman, seven pairs with four of a tile."""

from __future__ import annotations

import pytest

from rulesets.registry import PRESETS
from scoring.errors import HandError
from scoring.hand_value import Meld, MeldKind, WinFlags, WinningHand, evaluate_hand
from scoring.hand_value.yaku_files import load_yaku_tables

SEED_004 = PRESETS["seed-004"]
TABLE = load_yaku_tables()["seed-004"]
RIICHI = WinFlags(riichi=True)


def hand(tiles: str, win: str, *, tsumo: bool = False, **options: object) -> WinningHand:
    return WinningHand(concealed=tuple(tiles.split()), win_tile=win, is_tsumo=tsumo,
                       seat_wind="S", player_count=3, **options)  # type: ignore[arg-type]


def yaku_of(winning: WinningHand) -> dict[str, int]:
    value = evaluate_hand(winning, ruleset=SEED_004, yaku_table=TABLE)
    return {y.key: y.han for y in value.yaku}


def test_a_pocchi_tsumo_with_flowers_reads_the_pocchi_as_the_best_tile() -> None:
    winning = hand("1p 2p 3p 4p 5p 6p 7s 8s 9s 9m 9m 2s 3s *", "*", tsumo=True,
                   flags=RIICHI, flowers=2)
    value = evaluate_hand(winning, ruleset=SEED_004, yaku_table=TABLE)
    assert value.joker_faces in (("1s",), ("4s",))
    assert {y.key: y.han for y in value.yaku} == {
        "riichi": 1, "menzen_tsumo": 1, "pinfu": 1, "aka_dora": 1, "flower": 2}
    assert (value.limit, value.points) == ("haneman", 4000 + 8000)  # 4,000/8,000, no tsumo-son


@pytest.mark.parametrize(("tiles", "faces"), [
    pytest.param("1p 2p 3p 4p 5p 6p 7s 8s 9s N N 2s 2s *", ("N",),
                 id="north-triplet-beats-the-2s-shanpon"),
    pytest.param("1p 1p 1p 4p 5p 6p 7s 8s 9s E E 7p 8p *", ("3p", "6p", "9p"),
                 id="a-three-sided-wait-read-as-one-of-its-tiles"),
    pytest.param("1p 2p 3p 4p 5p 6p 7s 8s 9s E E 7p 9p *", ("8p",),
                 id="a-closed-wait-read-as-its-middle"),
])
def test_the_pocchi_is_read_as_different_tiles_in_different_hands(
        tiles: str, faces: tuple[str, ...]) -> None:
    value = evaluate_hand(hand(tiles, "*", tsumo=True, flags=RIICHI), ruleset=SEED_004,
                          yaku_table=TABLE)
    assert value.joker_faces[0] in faces


def test_the_pocchi_is_not_all_mighty_before_riichi() -> None:
    with pytest.raises(HandError) as refused:
        evaluate_hand(hand("1p 2p 3p 4p 6p 6p 7s 8s 9s E E 7p 9p *", "*", tsumo=True),
                      ruleset=SEED_004, yaku_table=TABLE)
    assert (refused.value.code, refused.value.field) == ("joker_not_allowed", "win_tile")


def test_a_joker_is_refused_where_the_house_has_none() -> None:
    with pytest.raises(HandError) as refused:
        evaluate_hand(hand("1p 2p 3p 4p 6p 6p 7s 8s 9s E E 7p 9p *", "*", tsumo=True,
                           flags=RIICHI), ruleset=PRESETS["tenhou-3p-hanchan"])
    assert refused.value.code == "joker_not_in_ruleset"


def test_every_5p_and_5s_is_a_dora() -> None:
    assert yaku_of(hand("5p 5p 5p 5s 5s 5s 2p 3p 4p 6s 7s 8s N N", "8s", flags=RIICHI)) == {
        "riichi": 1, "aka_dora": 6}


def test_north_is_a_value_triplet_for_every_seat() -> None:
    assert yaku_of(hand("N N N 2p 3p 4p 6s 7s 8s 9s 9s 1p 1p 1p", "1p")) == {
        "north": 1}


def test_manzu_honitsu_is_a_yakuman() -> None:
    value = evaluate_hand(hand("1m 1m 1m 9m 9m 9m E E E W W", "E",
                               melds=(Meld(MeldKind.PON, ("P", "P", "P")),)),
                          ruleset=SEED_004, yaku_table=TABLE)
    assert [y.key for y in value.yaku] == ["manzu_honitsu"]
    assert value.points == 32000


def test_seven_pairs_may_use_four_of_a_tile() -> None:
    assert yaku_of(hand("2p 2p 2p 2p 4s 4s 6s 6s 8s 8s 3p 3p 7p 7p", "7p"))["chiitoitsu"] == 2
    with pytest.raises(HandError):
        evaluate_hand(hand("2p 2p 2p 2p 4s 4s 6s 6s 8s 8s 3p 3p 7p 7p", "7p"),
                      ruleset=PRESETS["tenhou-3p-hanchan"])


def test_three_players_cannot_chi() -> None:
    with pytest.raises(HandError) as refused:
        evaluate_hand(hand("1p 2p 3p 4p 5p 6p 7s 8s 9s N N", "N",
                           melds=(Meld(MeldKind.CHI, ("1s", "2s", "3s")),)),
                      ruleset=SEED_004, yaku_table=TABLE)
    assert refused.value.code == "bad_meld"
