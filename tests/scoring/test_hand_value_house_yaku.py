"""House yaku tables (rulesets/yaku/*.toml): seed 001's changed values and local yaku, each
on a hand named after the rule, and the refusals of a malformed table."""

from __future__ import annotations

import pytest

from rulesets.registry import PRESETS
from scoring.errors import HandError, RulesetError
from scoring.hand_value import Meld, MeldKind, WinFlags, WinningHand, evaluate_hand
from scoring.hand_value.yaku_files import load_yaku_tables, table_from_dict, yaku_table_for
from scoring.hand_value.yaku_table import TENHOU_YAKU

TABLES = load_yaku_tables()
SEED_001 = PRESETS["seed-001"]
TENHOU = PRESETS["tenhou-4p-hanchan"]


def hand(tiles: str, win: str, *, tsumo: bool = False, **options: object) -> WinningHand:
    return WinningHand(concealed=tuple(tiles.split()), win_tile=win, is_tsumo=tsumo,
                       seat_wind="S", **options)  # type: ignore[arg-type]


def seed_001(winning: WinningHand) -> dict[str, int]:
    value = evaluate_hand(winning, ruleset=SEED_001, yaku_table=TABLES["seed-001"])
    return {y.key: y.han for y in value.yaku}


def test_every_house_table_loads_and_names_a_preset() -> None:
    assert TABLES
    assert set(TABLES) <= set(PRESETS)
    assert yaku_table_for("tenhou-4p-hanchan", TABLES) is TENHOU_YAKU


def test_seed_001_sanshoku_doukou_is_3_han() -> None:
    winning = hand("1m 1m 1m 1p 1p 1p 1s 1s 1s 2m 3m 4m 5p 5p", "4m")
    assert seed_001(winning) == {"sanshoku_doukou": 3, "sanankou": 2}
    tenhou = evaluate_hand(winning, ruleset=TENHOU)
    assert {y.key: y.han for y in tenhou.yaku} == {"sanshoku_doukou": 2, "sanankou": 2}


def test_seed_001_closed_honroutou_is_3_han() -> None:
    winning = hand("1m 1m 9m 9m 1p 1p 9p 9p 1s 1s E E N N", "N")
    assert seed_001(winning) == {"chiitoitsu": 2, "honroutou": 3}


def test_seed_001_isshoku_sanjun_reads_the_sequences_when_they_pay_more() -> None:
    # The seed's own example (111222333⑧⑧三四 ロン五): as three 123s sequences it is
    # isshoku sanjun and pinfu; Tenhou reads three concealed triplets instead.
    winning = hand("1s 1s 1s 2s 2s 2s 3s 3s 3s 8p 8p 3m 4m 5m", "5m")
    assert seed_001(winning) == {"isshoku_sanjun": 3, "pinfu": 1}
    tenhou = evaluate_hand(winning, ruleset=TENHOU)
    assert {y.key: y.han for y in tenhou.yaku} == {"sanankou": 2}


def test_seed_001_isshoku_yonjun_is_a_big_yakuman() -> None:
    winning = hand("1m 1m 1m 1m 2m 2m 2m 2m 3m 3m 3m 3m 5p 5p", "3m", tsumo=True)
    value = evaluate_hand(winning, ruleset=SEED_001, yaku_table=TABLES["seed-001"])
    assert [y.key for y in value.yaku] == ["isshoku_yonjun"]
    assert value.points == 12000 + 12000 + 24000  # 6× mangan, non-dealer tsumo


def test_seed_001_sanshoku_shoudoukou_counts_where_tenhou_has_no_yaku() -> None:
    # The seed's example: 123555⑤⑤⑧⑧⑧五五 ロン⑤.
    winning = hand("1s 2s 3s 5s 5s 5s 5p 5p 8p 8p 8p 5m 5m 5p", "5p")
    assert seed_001(winning) == {"sanshoku_shoudoukou": 2}
    with pytest.raises(HandError) as refused:
        evaluate_hand(winning, ruleset=TENHOU)
    assert refused.value.code == "no_yaku"


def test_seed_001_renhou_is_4_han_added_to_the_other_yaku() -> None:
    winning = hand("2m 3m 4m 4p 5p 6p 6s 7s 8s 3s 4s 5s 8m 8m", "5s",
                   flags=WinFlags(renhou=True))
    assert seed_001(winning) == {"renhou": 4, "tanyao": 1, "pinfu": 1}


@pytest.mark.parametrize(("data", "field"), [
    pytest.param({"yaku": {"daisharin": {"name": "x", "name_ja": "x", "closed": 1,
                                         "opened": 1}}}, "yaku.daisharin",
                 id="a-yaku-the-calculator-cannot-detect"),
    pytest.param({"yaku": {"isshoku_sanjun": {"closed": 3, "opened": 2}}},
                 "yaku.isshoku_sanjun.name", id="a-house-yaku-without-its-name"),
    pytest.param({"yaku": {"tanyao": {"closed": 0}}}, "yaku.tanyao.closed",
                 id="zero-han"),
    pytest.param({"yaku": {"tanyao": {"han": 2}}}, "yaku.tanyao.han", id="unknown-field"),
    pytest.param({"removed": ["daisharin"]}, "removed", id="removing-an-unknown-yaku"),
    pytest.param({"win_points": {"menzen": 1}}, "win_points.menzen",
                 id="a-win-point-the-calculator-does-not-add"),
    pytest.param({"win_points": {"banban": 0}}, "win_points.banban", id="zero-win-points"),
    pytest.param({"dora_after": {"9m": "10m"}}, "dora_after.9m", id="a-dora-that-is-no-tile"),
    pytest.param({"gari_in_hand": {"N": ["tanyao"]}}, "gari_in_hand.N",
                 id="gari-allowed-in-a-yaku-that-is-no-yakuman"),
])
def test_a_malformed_house_table_is_refused_with_the_field(data: dict[str, object],
                                                           field: str) -> None:
    with pytest.raises(RulesetError) as refused:
        table_from_dict("test", data)
    assert refused.value.field == field


def test_seed_001_10_han_is_two_and_a_half_mangan() -> None:
    winning = hand("2m 3m 4m 4m 5m 6m 6m 7m 8m 2m 3m 4m 9m 9m", "4m", tsumo=True,
                   flags=WinFlags(riichi=True))
    value = evaluate_hand(winning, ruleset=SEED_001, yaku_table=TABLES["seed-001"])
    assert value.han == 10  # riichi, tsumo, pinfu, iipeikou, chinitsu
    assert (value.limit, value.points) == ("two_and_half_mangan", 5000 + 5000 + 10000)


def test_seed_001_tsuuiisou_in_a_compound_adds_two_mangan() -> None:
    winning = hand("P P P F F F C C C E E E S S", "S")
    value = evaluate_hand(winning, ruleset=SEED_001, yaku_table=TABLES["seed-001"])
    assert {y.key for y in value.yaku} == {"daisangen", "tsuuiisou", "suuankou_tanki"}
    assert value.points == 8000 * (4 + 4 + 2)  # 大三元 + 四暗刻単騎 + 字一色 (+2)
    tenhou = evaluate_hand(winning, ruleset=TENHOU)
    assert tenhou.points == 32000 * 3


SEED_002 = PRESETS["seed-002"]


def seed_002_value(winning: WinningHand) -> tuple[dict[str, int], int]:
    value = evaluate_hand(winning, ruleset=SEED_002, yaku_table=TABLES["seed-002"])
    return {y.key: y.han for y in value.yaku}, value.points


def test_seed_002_renhou_is_a_yakuman() -> None:
    winning = hand("2m 3m 4m 4p 5p 6p 6s 7s 8s 3s 4s 5s 8m 8m", "5s",
                   flags=WinFlags(renhou=True))
    assert seed_002_value(winning) == ({"renhou": 1}, 32000)


def test_seed_002_yakuman_do_not_stack() -> None:
    assert seed_002_value(hand("P P P F F F C C C E E E S S", "S"))[1] == 32000


def test_seed_002_30_fu_4_han_is_rounded_up_to_mangan() -> None:
    winning = hand("2m 3m 4m 4p 5p 6p 6s 7s 8s 3s 4s 5s 8m 8m", "5s", tsumo=False,
                   flags=WinFlags(riichi=True), dora_indicators=("7m",))
    yaku, points = seed_002_value(winning)
    assert yaku == {"riichi": 1, "tanyao": 1, "pinfu": 1, "dora": 2}
    assert points == 8000  # 7,700 elsewhere (切り上げ満貫)


def test_rinshan_and_haitei_do_not_both_count() -> None:
    winning = hand("2m 3m 4m 4p 5p 6p 6s 7s 8s 8m 8m", "8m", tsumo=True,
                   flags=WinFlags(rinshan=True, haitei=True),
                   melds=(Meld(MeldKind.ANKAN, ("N", "N", "N", "N")),))
    value = evaluate_hand(winning, ruleset=SEED_002, yaku_table=TABLES["seed-002"])
    assert {y.key for y in value.yaku} == {"menzen_tsumo", "rinshan"}
