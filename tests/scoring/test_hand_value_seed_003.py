"""Seed 003 (白マティ) on the calculator: the 東天紅 point count (一点、二点), every white
all-mighty (白はオールマイティ, 高点法), the white and 中 as dora indicators, ガリ set aside
and kept out of ordinary hands, yakuman at 50 points added to the other yaku."""

from __future__ import annotations

import time

import pytest

from rulesets.registry import PRESETS
from scoring.errors import HandError
from scoring.hand_value import Meld, MeldKind, WinningHand, evaluate_hand
from scoring.hand_value.hand_facts import hand_facts
from scoring.hand_value.tiles import TILES
from scoring.hand_value.wild import joker_fills
from scoring.hand_value.yaku_files import load_yaku_tables
from scoring.values import point_count_value

SEED_003 = PRESETS["seed-003"]
TABLE = load_yaku_tables()["seed-003"]
PINFU_TANYAO = "2p 3p 4p 6p 7p 8p 3s 4s 5s 6s 7s 8s 2s 2s"  # ron on 5s: 5s is always red


def hand(tiles: str, win: str, *, tsumo: bool = False, seat: str = "S",
         **options: object) -> WinningHand:
    return WinningHand(concealed=tuple(tiles.split()), win_tile=win, is_tsumo=tsumo,
                       seat_wind=seat, player_count=3, **options)  # type: ignore[arg-type]


def points_of(winning: WinningHand) -> dict[str, int]:
    value = evaluate_hand(winning, ruleset=SEED_003, yaku_table=TABLE)
    return {y.key: y.han for y in value.yaku}


def test_a_hand_is_counted_in_points_with_banban_and_paid_once_on_a_ron() -> None:
    value = evaluate_hand(hand(PINFU_TANYAO, "5s"), ruleset=SEED_003, yaku_table=TABLE)
    assert {y.key: y.han for y in value.yaku} == {
        "tanyao": 1, "pinfu": 1, "aka_dora": 1, "banban": 2}
    assert (value.han, value.fu, value.point_count) == (None, None, 5)
    # 出アガリは1人分: the discarder pays the count, through the ruleset's payment code.
    assert value.payers == (("discarder", 5),)
    assert value.win.points == 5 and value.points == point_count_value(value.win, SEED_003)


def test_a_tsumo_is_paid_by_both_other_players() -> None:
    value = evaluate_hand(hand(PINFU_TANYAO, "5s", tsumo=True), ruleset=SEED_003,
                          yaku_table=TABLE)
    assert value.point_count == 6  # menzen tsumo adds one
    assert [amount for _, amount in value.payers] == [6, 6]  # ツモアガリは2人分
    assert value.points == 12


def test_the_dealer_adds_one_point() -> None:
    assert points_of(hand(PINFU_TANYAO, "5s", seat="E"))["dealer"] == 1
    assert "dealer" not in points_of(hand(PINFU_TANYAO, "5s", seat="W"))


def test_one_point_of_yaku_is_needed_dora_and_banban_do_not_count() -> None:
    with pytest.raises(HandError) as refused:
        evaluate_hand(hand("1p 2p 3p 5p 5p 5p 7s 8s 9s 2s 3s 4s F F", "4s", melds=()),
                      ruleset=SEED_003, yaku_table=TABLE)
    assert refused.value.code == "no_yaku"  # 一点縛り: 3 aka dora and banban are no yaku


def test_two_whites_are_read_as_two_different_tiles() -> None:
    # One white completes 2p3p (1p or 4p), the other 6p7p (5p or 8p): 4p keeps tanyao and
    # 5p is a red five, so 高点法 reads them as 4p and 5p.
    value = evaluate_hand(hand("2p 3p P 6p 7p P 3s 4s 5s 6s 7s 8s 2s 2s", "5s"),
                          ruleset=SEED_003, yaku_table=TABLE)
    assert sorted(value.joker_faces) == ["4p", "5p"]
    assert {y.key: y.han for y in value.yaku} == {
        "tanyao": 1, "pinfu": 1, "aka_dora": 2, "banban": 2}


@pytest.mark.parametrize(("tiles", "face", "yaku"), [
    pytest.param("E E E W W W 6p 7p 8p 2s 3s 3s 3s P", "2s", "sanankou",
                 id="white-as-2s-makes-a-333s-triplet-and-sanankou"),
    pytest.param("2s 3s 3s 3s P 5s 6s 7s 6p 7p 8p 6p 7p 8p", "4s", "pinfu",
                 id="white-as-4s-makes-a-234s-sequence-and-pinfu"),
])
def test_a_white_completes_a_sequence_or_a_triplet_whichever_pays_more(
        tiles: str, face: str, yaku: str) -> None:
    value = evaluate_hand(hand(tiles, "8p"), ruleset=SEED_003, yaku_table=TABLE)
    assert value.joker_faces == (face,)
    assert yaku in {y.key for y in value.yaku}


def test_the_white_as_winning_tile_is_read_as_the_best_wait() -> None:
    value = evaluate_hand(hand("1p 2p 3p 4p 5p 6p 7s 8s 9s 2s 3s P W W", "P"),
                          ruleset=SEED_003, yaku_table=TABLE)
    assert value.joker_faces in (("1s",), ("4s",))  # a two-sided wait keeps pinfu
    assert "pinfu" in {y.key for y in value.yaku}


def test_a_yakuman_is_50_points_and_adds_to_the_other_yaku() -> None:
    # 大三元 from three whites read as 白, with 三暗刻 and menzen tsumo beside it (cf.
    # seed-003/04: 役満は50点役…ほかの通常役と複合する); the dragon triplets are not counted
    # again as 役牌.
    value = evaluate_hand(hand("F F F C C C P P P 2p 3p 4p 6s 6s", "6s", tsumo=True),
                          ruleset=SEED_003, yaku_table=TABLE)
    yaku = {y.key: y.han for y in value.yaku}
    assert yaku == {"daisangen": 1, "menzen_tsumo": 1, "sanankou": 2, "banban": 2}
    assert (value.yakuman, value.win.points, value.point_count) == (1, 5, 55)
    assert value.points == 2 * 55


def test_a_double_yakuman_is_100_points() -> None:
    value = evaluate_hand(hand("E E E S S S W W W N N P 2p 2p", "2p", tsumo=True),
                          ruleset=SEED_003, yaku_table=TABLE)
    assert {"suuankou", "shousuushii", "honitsu"} <= {y.key for y in value.yaku}
    assert value.point_count == 100 + value.win.points


def test_a_white_indicator_makes_every_tile_and_every_gari_dora() -> None:
    # 白がドラ表示牌: 14 tiles + 2 set aside are dora; the set-aside and red ones double.
    yaku = points_of(hand(PINFU_TANYAO, "5s", dora_indicators=("P",), kita=1, gari=("1m",)))
    assert (yaku["dora"], yaku["gari"], yaku["aka_dora"]) == (14 + 2, 2, 1)


def test_a_chun_indicator_makes_the_white_dora_even_as_a_red_five() -> None:
    # 中が表示牌: the white is dora whatever it stands for; read as 5p it is a red five too.
    tiles = "P 2p 3p 4p 6p 7p 8p 3s 4s 5s 6s 7s 8s 5p"
    value = evaluate_hand(hand(tiles, "5s", dora_indicators=("C",)), ruleset=SEED_003,
                          yaku_table=TABLE)
    assert value.joker_faces == ("5p",)
    assert {y.key: y.han for y in value.yaku}["dora"] == 1
    assert {y.key: y.han for y in value.yaku}["aka_dora"] == 3  # 5p, the white as 5p, 5s


@pytest.mark.parametrize(("indicator", "gari", "dora"), [
    pytest.param("1m", ("5m",), 1, id="1m-indicates-5m"),
    pytest.param("5m", ("9m", "9m"), 2, id="5m-indicates-9m"),
    pytest.param("9m", (), 0, id="9m-indicates-north-not-1m"),
    pytest.param("N", ("1m",), 1, id="north-indicates-1m"),
])
def test_a_gari_indicator_points_to_the_next_gari(indicator: str, gari: tuple[str, ...],
                                                   dora: int) -> None:
    yaku = points_of(hand(PINFU_TANYAO, "5s", dora_indicators=(indicator,), gari=gari))
    assert yaku.get("dora", 0) == dora
    assert yaku.get("gari", 0) == len(gari)


def test_north_set_aside_under_a_9m_indicator_is_double() -> None:
    yaku = points_of(hand(PINFU_TANYAO, "5s", dora_indicators=("9m",), kita=1))
    assert (yaku["dora"], yaku["gari"]) == (1, 1)


def test_north_is_kept_out_of_an_ordinary_hand() -> None:
    with pytest.raises(HandError) as refused:
        evaluate_hand(hand("1p 2p 3p 4p 5p 6p 7s 8s 9s 2s 3s 4s N N", "4s"),
                      ruleset=SEED_003, yaku_table=TABLE)
    assert refused.value.code == "gari_in_hand"


def test_north_may_make_all_honors_seven_pairs() -> None:
    value = evaluate_hand(hand("E E S S W W N N P P F F C C", "C"), ruleset=SEED_003,
                          yaku_table=TABLE)
    assert {"tsuuiisou", "chiitoitsu"} <= {y.key for y in value.yaku}


def test_1m_and_9m_may_make_thirteen_orphans_with_whites() -> None:
    value = evaluate_hand(hand("1p 9p 1s 9s 1m P P E S W N F C 9m", "9m", tsumo=True),
                          ruleset=SEED_003, yaku_table=TABLE)
    assert value.yakuman == 1 and sorted(value.joker_faces) == ["1m", "P"]


def test_5m_is_never_in_a_hand() -> None:
    with pytest.raises(HandError) as refused:
        evaluate_hand(hand("1p 2p 3p 4p 5p 6p 7s 8s 9s 2s 3s 4s 5m 5m", "4s"),
                      ruleset=SEED_003, yaku_table=TABLE)
    assert refused.value.code == "gari_in_hand"


def test_a_white_in_a_pon_stands_for_the_meld_s_tile() -> None:
    pon = Meld(MeldKind.PON, ("5p", "5p", "P"))  # 二人ポン: a white with two 5p
    value = evaluate_hand(hand("2p 3p 4p 6p 7p 8p 3s 4s 5s 2s 2s", "5s", melds=(pon,)),
                          ruleset=SEED_003, yaku_table=TABLE)
    assert {y.key: y.han for y in value.yaku}["aka_dora"] == 4  # 5p 5p, the white, 5s
    assert value.joker_faces == ("5p",)


def test_a_fifth_white_is_refused() -> None:
    with pytest.raises(HandError) as five:
        evaluate_hand(hand("P P P P 2p 3p 4p 6p 7p 8p 2s", "2s",
                           melds=(Meld(MeldKind.PON, ("P", "6s", "6s")),)),
                      ruleset=SEED_003, yaku_table=TABLE)
    assert five.value.code == "five_of_a_tile"


def test_four_whites_are_searched_by_their_fills_not_every_face() -> None:
    counts = [0] * 34
    for name in ["2p", "3p", "4p", "6p", "7p", "8p", "2s", "3s", "4s", "6s"]:
        counts[TILES[name].kind] += 1
    faces = tuple(k for k in range(34) if not 0 < k < 8)
    fills = joker_fills(counts, jokers=4, faces=faces)
    assert len(fills) < 1_000 < len(faces) ** 4  # 27^4 = 531,441 blind tries
    start = time.perf_counter()
    value = evaluate_hand(hand("P P P P 2p 3p 4p 6p 7p 8p 2s 3s 4s 6s", "6s"),
                          ruleset=SEED_003, yaku_table=TABLE)
    assert time.perf_counter() - start < 2.0  # generous: about 20 ms here
    assert len(value.joker_faces) == 4


def test_gari_are_refused_where_the_ruleset_sets_no_man_tiles_aside() -> None:
    with pytest.raises(HandError) as refused:
        evaluate_hand(hand(PINFU_TANYAO, "5s", gari=("1m",)), ruleset=PRESETS["tenhou-3p-hanchan"])
    assert (refused.value.code, refused.value.field) == ("inconsistent_flags", "gari")


def test_whites_in_the_hand_and_in_a_pon_are_all_reported() -> None:
    pon = Meld(MeldKind.PON, ("P", "P", "P"))  # a pon of whites alone: any triplet
    value = evaluate_hand(hand("2p 3p P 6p 7p 8p 3s 4s 5s 2s 2s", "5s", melds=(pon,)),
                          ruleset=SEED_003, yaku_table=TABLE)
    # The pon is best read as 5p (three red fives) and the white in hand as 4p (tanyao).
    assert value.joker_faces == ("4p", "5p", "5p", "5p")
    assert {y.key: y.han for y in value.yaku}["aka_dora"] == 4


def test_whites_called_in_a_pon_may_stand_for_a_fifth_copy_as_concealed_ones_may() -> None:
    """The calculator tries the pon's whites as 發 beside the 發 pair: that reading is
    weighed like any other, not refused as five copies of 發."""
    pon = Meld(MeldKind.PON, ("*F", "*F", "*F"))  # the whites, as the calculator reads them
    facts = hand_facts(hand("F F 1p 2p 3p 1p 2p 3p 6s 7s 8s", "8s", melds=(pon,)))
    assert facts.counts[TILES["F"].kind] == 5


def test_an_unknown_tile_beside_whites_in_a_meld_is_refused_naming_the_meld() -> None:
    pon = Meld(MeldKind.PON, ("P", "P", "0"))
    with pytest.raises(HandError) as unknown:
        evaluate_hand(hand("2p 3p 4p 6p 7p 8p 3s 4s 5s 2s 2s", "5s", melds=(pon,)),
                      ruleset=SEED_003, yaku_table=TABLE)
    assert (unknown.value.code, unknown.value.field) == ("unknown_tile", "melds[0].tiles")
