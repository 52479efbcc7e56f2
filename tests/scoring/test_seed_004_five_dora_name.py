"""Seed 004 counts every 5p and 5s as a dora (赤牌2枚、金牌2枚): the calculator names that
row for what it counts, so a plain 5s is not called 赤ドラ; elsewhere only a red five is."""

from __future__ import annotations

from rulesets.registry import PRESETS
from scoring.hand_value import WinFlags, WinningHand, evaluate_hand
from scoring.hand_value.yaku_files import load_yaku_tables
from scoring.hand_value.yaku_table import TENHOU_YAKU

HAND = "5s 5s 5s 2p 3p 4p 6s 7s 8s N N 1p 2p 3p"  # 5s without a red among them


def names(tiles: str, *, preset: str, table: str | None) -> dict[str, tuple[str, str, int]]:
    winning = WinningHand(
        concealed=tuple(tiles.split()),
        win_tile="8s",
        is_tsumo=False,
        seat_wind="S",
        player_count=3,
        flags=WinFlags(riichi=True),
    )
    yaku_table = load_yaku_tables()[table] if table else TENHOU_YAKU
    value = evaluate_hand(winning, ruleset=PRESETS[preset], yaku_table=yaku_table)
    return {y.key: (y.name_ja, y.name, y.han) for y in value.yaku}


def test_seed_004_does_not_call_a_plain_5s_red() -> None:
    name_ja, name, han = names(HAND, preset="seed-004", table="seed-004")["aka_dora"]
    assert han == 3
    assert "赤" not in name_ja and "5筒・5索" in name_ja
    assert "Aka" not in name and "5s" in name


def test_elsewhere_only_a_red_five_is_aka_dora() -> None:
    plain = names(HAND, preset="tenhou-3p-hanchan", table=None)
    assert "aka_dora" not in plain
    red = names(HAND.replace("5s", "0s", 1), preset="tenhou-3p-hanchan", table=None)
    assert red["aka_dora"] == ("赤ドラ", "Aka Dora", 1)
