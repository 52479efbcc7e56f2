"""Each parameter a seed sets, tested on its own with a small record built from the seed's text.

The worked cases of ``rules/cases.md`` are already tests (``tests/scoring/test_cases.py``);
the rows below add what they leave out: every other parameter the five seeds set, each with
a hand (or a few) resumed with ``start`` under the seed's preset. The expected numbers are
worked out by hand from the seed's text (the arithmetic is in the comments), never copied
from the engine. Seats: seat 0 deals East 1; with the default start every player has the
ruleset's start points (25,000; seed 003: 50 点; seed 004: 35,000).
"""

from __future__ import annotations

from typing import Any

import pytest

from rulesets.registry import PRESETS
from scoring.errors import RecordError
from scoring.replay import replay_record
from scoring.ruleset import (
    ChomboHand,
    DealerRotation,
    Extension,
    GameLength,
    KichaSelection,
    SanmaTsumo,
    SeatWinds,
    SitOutRotation,
    Tobi,
    ValueInput,
)

NAMES = ("Aoki", "Baba", "Chiba", "Doi")


# -- building records -------------------------------------------------------------------

def at(*, dealer: int | None = None, honba: int = 0, sticks: int = 0,
       scores: list[int] | None = None, wind: str = "E",
       number: int | None = None) -> dict[str, Any]:
    """A ``start`` object; the hand number follows from the dealer where the deal
    rotates in seat order."""
    start: dict[str, Any] = {"round_wind": wind, "honba": honba, "sticks": sticks}
    if dealer is not None:
        start["dealer"] = dealer
    if number is not None:
        start["round_number"] = number
    if scores is not None:
        start["scores"] = scores
    return start


HAND_KEYS = ("riichi", "open_riichi", "riichi_cancelled", "sit_out", "dice", "wareme",
             "penalties", "stop")


def win(winner: int, **value: Any) -> dict[str, Any]:
    return {"winner": winner, **value}


def ron(loser: int, *wins: dict[str, Any], **extra: Any) -> dict[str, Any]:
    return {"result": {"kind": "ron", "loser": loser, "wins": list(wins)}, **extra}


def tsumo(winner: int, **value: Any) -> dict[str, Any]:
    extra = {k: value.pop(k) for k in list(value) if k in HAND_KEYS}
    return {"result": {"kind": "tsumo", "win": win(winner, **value)}, **extra}


def draw(*tenpai: int, nagashi: tuple[int, ...] = (), **extra: Any) -> dict[str, Any]:
    result: dict[str, Any] = {"kind": "draw", "tenpai": list(tenpai)}
    if nagashi:
        result["nagashi"] = list(nagashi)
    return {"result": result, **extra}


def abortive(reason: str, **extra: Any) -> dict[str, Any]:
    return {"result": {"kind": "abortive", "reason": reason}, **extra}


def chombo(offender: int, compensation: dict[str, Any] | None = None,
           **extra: Any) -> dict[str, Any]:
    result: dict[str, Any] = {"kind": "chombo", "offender": offender}
    if compensation is not None:
        result["compensation"] = compensation
    return {"result": result, **extra}


def record(preset: str, hands: list[dict[str, Any]], *, start: dict[str, Any] | None = None,
           people: int | None = None, finished: bool = False) -> dict[str, Any]:
    seats = people or PRESETS[preset].player_count
    data: dict[str, Any] = {"format": "tenbo-game/1", "ruleset": preset,
                            "players": list(NAMES[:seats]), "hands": hands}
    if start is not None:
        data["start"] = start
    if finished:
        data["finished"] = True
    return data


def case(preset: str, rule: str, hands: list[dict[str, Any]], *,
         start: dict[str, Any] | None = None, people: int | None = None,
         finished: bool = False, **expect: Any) -> Any:
    """One row: the record and what the seed says follows. ``expect`` may hold
    ``deltas`` and ``sticks_after`` of the last hand, ``next`` (the keys given), ``end``
    (the reason, or None) and ``final`` (the keys given)."""
    return pytest.param(record(preset, hands, start=start, people=people, finished=finished),
                        expect, id=f"{preset}-{rule}")


def observed(output: dict[str, Any], expect: dict[str, Any]) -> dict[str, Any]:
    last = output["hands"][-1] if output["hands"] else {}
    got: dict[str, Any] = {}
    for key in ("deltas", "sticks_after"):
        if key in expect:
            got[key] = last[key]
    if "next" in expect:
        nxt = last["next"]
        got["next"] = None if nxt is None else {k: nxt[k] for k in expect["next"]}
    if "end" in expect:
        got["end"] = output["end"]["reason"] if output["end"] else None
    if "final" in expect:
        final = output["final"]
        got["final"] = None if final is None else {k: final[k] for k in expect["final"]}
    return got


def replayed(data: dict[str, Any], expect: dict[str, Any]) -> None:
    output = replay_record(data, presets=PRESETS)
    assert observed(output, expect) == expect
    last = output["hands"][-1] if output["hands"] else None
    if last is not None:
        # Every hand balances once the sticks are counted (rules README §3.9).
        stick = PRESETS[data["ruleset"]].riichi_stick
        assert sum(last["deltas"]) == stick * (last["sticks_before"] - last["sticks_after"])


def nxt(dealer: int, honba: int, number: int | None = None,
        wind: str | None = None) -> dict[str, Any]:
    out: dict[str, Any] = {"dealer": dealer, "honba": honba}
    if number is not None:
        out["round_number"] = number
    if wind is not None:
        out["round_wind"] = wind
    return out


# -- seed 004: three players, fixed 40 fu in 1,000-point units ----------------------------
#
# Seats 0 (dealer), 1 and 2. A non-dealer ron is won by seat 1 off seat 2, a dealer ron
# by seat 0 off seat 1. Tsumo deltas are [dealer, winner, other non-dealer] for a
# non-dealer and [winner, each, each] for the dealer.
#
# The payment table (seed-004.md §4): 40 fu, rounded up to 1,000, except a non-dealer's
# 1-han ron (子の1,000点); a dealer tsumo is half the dealer's ron from each; a non-dealer
# tsumo splits the ron value R: R/3 and 2R/3 when R is a multiple of 3,000, otherwise
# 1.5 and 2.5 quarters of R; each payment at least 1,000. Cells already in cases.md (the
# 6-han non-dealer tsumo, the 1-han dealer ron, the 3-han non-dealer ron, the 5-han
# non-dealer tsumo, the 4-han dealer tsumo, the 4-han non-dealer ron) are tested there;
# the rows below take the other end of each han range.

def nd_ron(amount: int) -> list[int]:
    return [0, amount, -amount]


def nd_tsumo(other: int, dealer: int) -> list[int]:
    return [-dealer, other + dealer, -other]


def d_ron(amount: int) -> list[int]:
    return [amount, -amount, 0]


def d_tsumo(each: int) -> list[int]:
    return [2 * each, -each, -each]


SEED_004_TABLE = [
    # 1 han. Non-dealer ron: the seed's exception, 1,000 (40 fu would be 4×320 = 1,280).
    ("non-dealer-1-han-ron-is-1000", ron(2, win(1, han=1)), nd_ron(1000)),
    # R = 1,000 is not a multiple of 3,000: 625 / 375, each raised to the 1,000 minimum.
    ("non-dealer-1-han-tsumo-is-1000-1000", tsumo(1, han=1), nd_tsumo(1000, 1000)),
    # Dealer ron 6×320 = 1,920 → 2,000; tsumo half of it from each.
    ("dealer-1-han-tsumo-is-1000-all", tsumo(0, han=1), d_tsumo(1000)),
    # 2 han: base 40×16 = 640. Non-dealer ron 2,560 → 3,000; R = 3,000 → 1,000 / 2,000.
    ("non-dealer-2-han-ron-is-3000", ron(2, win(1, han=2)), nd_ron(3000)),
    ("non-dealer-2-han-tsumo-is-1000-2000", tsumo(1, han=2), nd_tsumo(1000, 2000)),
    # Dealer ron 6×640 = 3,840 → 4,000; tsumo 2,000 all.
    ("dealer-2-han-ron-is-4000", ron(1, win(0, han=2)), d_ron(4000)),
    ("dealer-2-han-tsumo-is-2000-all", tsumo(0, han=2), d_tsumo(2000)),
    # 3 han: base 1,280. Non-dealer R = 6,000 → 2,000 / 4,000.
    ("non-dealer-3-han-tsumo-is-2000-4000", tsumo(1, han=3), nd_tsumo(2000, 4000)),
    # Dealer ron 6×1,280 = 7,680 → 8,000; tsumo 4,000 all.
    ("dealer-3-han-ron-is-8000", ron(1, win(0, han=3)), d_ron(8000)),
    ("dealer-3-han-tsumo-is-4000-all", tsumo(0, han=3), d_tsumo(4000)),
    # 4–5 han: mangan (40 fu 4 han is 2,560 > 2,000). R = 8,000 is not a multiple of
    # 3,000: 1.5 × 2,000 = 3,000 and 2.5 × 2,000 = 5,000.
    ("non-dealer-5-han-ron-is-8000", ron(2, win(1, han=5)), nd_ron(8000)),
    ("non-dealer-4-han-tsumo-is-3000-5000", tsumo(1, han=4), nd_tsumo(3000, 5000)),
    ("dealer-4-han-ron-is-12000", ron(1, win(0, han=4)), d_ron(12000)),
    ("dealer-5-han-tsumo-is-6000-all", tsumo(0, han=5), d_tsumo(6000)),
    # 6–7 han: haneman. R = 12,000 → 4,000 / 8,000 (the seed's own example); dealer
    # 18,000 ron, 9,000 all.
    ("non-dealer-6-han-ron-is-12000", ron(2, win(1, han=6)), nd_ron(12000)),
    ("non-dealer-7-han-tsumo-is-4000-8000", tsumo(1, han=7), nd_tsumo(4000, 8000)),
    ("dealer-7-han-ron-is-18000", ron(1, win(0, han=7)), d_ron(18000)),
    ("dealer-6-han-tsumo-is-9000-all", tsumo(0, han=6), d_tsumo(9000)),
    # 8–10 han: baiman. R = 16,000 → 1.5 × 4,000 = 6,000 and 2.5 × 4,000 = 10,000.
    ("non-dealer-8-han-ron-is-16000", ron(2, win(1, han=8)), nd_ron(16000)),
    ("non-dealer-10-han-tsumo-is-6000-10000", tsumo(1, han=10), nd_tsumo(6000, 10000)),
    ("dealer-10-han-ron-is-24000", ron(1, win(0, han=10)), d_ron(24000)),
    ("dealer-8-han-tsumo-is-12000-all", tsumo(0, han=8), d_tsumo(12000)),
    # 11–13 han: sanbaiman, since counted yakuman starts at 14 (数え役満は14翻以上).
    # R = 24,000 is a multiple of 3,000 → 8,000 / 16,000.
    ("non-dealer-13-han-ron-is-sanbaiman-24000", ron(2, win(1, han=13)), nd_ron(24000)),
    ("non-dealer-11-han-tsumo-is-8000-16000", tsumo(1, han=11), nd_tsumo(8000, 16000)),
    ("dealer-12-han-ron-is-36000", ron(1, win(0, han=12)), d_ron(36000)),
    ("dealer-13-han-tsumo-is-18000-all", tsumo(0, han=13), d_tsumo(18000)),
    # 14 han or a yakuman: R = 32,000 → 1.5 × 8,000 = 12,000 and 2.5 × 8,000 = 20,000.
    ("non-dealer-14-han-ron-is-counted-yakuman-32000", ron(2, win(1, han=14)),
     nd_ron(32000)),
    ("non-dealer-yakuman-tsumo-is-12000-20000", tsumo(1, yakuman=1), nd_tsumo(12000, 20000)),
    ("dealer-yakuman-ron-is-48000", ron(1, win(0, yakuman=1)), d_ron(48000)),
    ("dealer-14-han-tsumo-is-24000-all", tsumo(0, han=14), d_tsumo(24000)),
    # A double yakuman pays twice the single one (役満の複合を認めます).
    ("non-dealer-double-yakuman-ron-is-64000", ron(2, win(1, yakuman=2)), nd_ron(64000)),
    ("non-dealer-double-yakuman-tsumo-is-24000-40000", tsumo(1, yakuman=2),
     nd_tsumo(24000, 40000)),
    ("dealer-double-yakuman-ron-is-96000", ron(1, win(0, yakuman=2)), d_ron(96000)),
    ("dealer-double-yakuman-tsumo-is-48000-all", tsumo(0, yakuman=2), d_tsumo(48000)),
]


@pytest.mark.parametrize(("hand", "deltas"), [
    pytest.param(hand, deltas, id=f"seed-004-{rule}") for rule, hand, deltas in SEED_004_TABLE
])
def test_seed_004_pays_its_payment_table(hand: dict[str, Any], deltas: list[int]) -> None:
    replayed(record("seed-004", [hand], start=at(dealer=0)), {"deltas": deltas})


SEED_004 = [
    # 1本場は1,000点: 1,000 per honba on a ron; on a tsumo 1,000 from each payer.
    # 2 han non-dealer ron 3,000 + 2 × 1,000 = 5,000; the deal passes, honba cleared.
    case("seed-004", "honba-is-1000-per-honba-on-a-ron", [ron(2, win(1, han=2))],
         start=at(dealer=0, honba=2), deltas=[0, 5000, -5000], next=nxt(1, 0, 2)),
    # 2 han non-dealer tsumo 1,000 / 2,000, each + 2 × 1,000: 3,000 / 4,000.
    case("seed-004", "honba-is-1000-from-each-payer-on-a-tsumo", [tsumo(1, han=2)],
         start=at(dealer=0, honba=2), deltas=[-4000, 7000, -3000], next=nxt(1, 0, 2)),
    # Dealer 3 han tsumo 4,000 all + 1,000 each; the dealer keeps the deal, honba 2.
    case("seed-004", "honba-on-a-dealer-tsumo", [tsumo(0, han=3)],
         start=at(dealer=0, honba=1), deltas=[10000, -5000, -5000], next=nxt(0, 2, 1)),
    # ノーテン罰符は場に2,000点: two tenpai, the noten player pays 1,000 to each; the
    # tenpai dealer keeps the deal (親は聴牌連荘).
    case("seed-004", "noten-2000-with-two-tenpai", [draw(0, 1)], start=at(dealer=0),
         deltas=[1000, 1000, -2000], next=nxt(0, 1, 1)),
    # Nobody tenpai: nothing paid, and only tenpai keeps the deal.
    case("seed-004", "all-noten-passes-the-deal", [draw()], start=at(dealer=0),
         deltas=[0, 0, 0], next=nxt(1, 1, 2)),
    # ダブロンあり、親権…は上家取り: off seat 2's discard seat 0 (the dealer) is the head
    # claimant, so the dealer keeps the deal and takes honba and sticks.
    # Dealer 2 han 4,000 + 1 honba 1,000 + 1 stick 1,000 = 6,000; seat 1's 1 han 1,000 only.
    case("seed-004", "double-ron-dealer-as-head-winner-keeps-the-deal",
         [ron(2, win(1, han=1), win(0, han=2))], start=at(dealer=0, honba=1, sticks=1),
         deltas=[6000, 1000, -6000], sticks_after=0, next=nxt(0, 2, 1)),
    # 流し…役満, as a tsumo win: 12,000 / 20,000, the sticks, no no-ten money, the deal
    # passes even though the dealer was tenpai.
    case("seed-004", "non-dealer-nagashi-is-a-yakuman-tsumo-win",
         [draw(0, nagashi=(1,))], start=at(dealer=0, sticks=1),
         deltas=[-20000, 33000, -12000], sticks_after=0, next=nxt(1, 0, 2)),
    # 役満のパオは全額責任払い: on a tsumo the liable seat pays 12,000 + 20,000 and both
    # payers' honba (2 × 1,000).
    case("seed-004", "pao-pays-a-yakuman-tsumo-in-full-with-honba",
         [tsumo(1, yakuman=["daisangen"], pao=2)], start=at(dealer=0, honba=1),
         deltas=[0, 34000, -34000], next=nxt(1, 0, 2)),
    # リーチの取り消し: the stick stays on the table, the riichi no longer counts, so a
    # noten draw is no chombo. Seat 0 alone tenpai: seats 1 and 2 pay 1,000 each.
    case("seed-004", "cancelled-riichi-keeps-the-stick-and-is-no-noten-riichi",
         [draw(0, riichi=[1], riichi_cancelled=[1])], start=at(dealer=0),
         deltas=[2000, -2000, -1000], sticks_after=1, next=nxt(0, 1, 1)),
    # ノーテンリーチでの流局 is a chombo: 8,000 all, the stick goes back, no no-ten money,
    # the dealer stays and no honba is added.
    case("seed-004", "noten-riichi-at-a-draw-is-an-8000-all-chombo",
         [draw(0, riichi=[1])], start=at(dealer=0),
         deltas=[8000, -16000, 8000], sticks_after=0, next=nxt(0, 0, 1)),
    # チョンボは親・子ともに8,000点オール。親は流れず、本場も付きません: the dealer of
    # South 2 pays 8,000 to each; the riichi stick put out this hand is handed back.
    case("seed-004", "dealer-chombo-8000-all-keeps-dealer-and-honba",
         [chombo(1, riichi=[2])], start=at(wind="S", dealer=1, honba=2, sticks=1),
         deltas=[8000, -16000, 8000], sticks_after=1, next=nxt(1, 2, 2, "S")),
    # East 3 is the last hand of the East round with three players: South 1 follows.
    case("seed-004", "east-3-passes-to-south-1", [ron(1, win(0, han=1))],
         start=at(dealer=2), next=nxt(0, 0, 1, "S")),
    # 必ず南場で終了: a non-dealer win in South 3 ends the game.
    case("seed-004", "south-3-ends-the-game", [ron(1, win(0, han=1))],
         start=at(wind="S", dealer=2), end="all_last"),
    # 聴牌止め…トップになった時点で終了: 45,000 + 2,000 = 47,000 is top.
    case("seed-004", "all-last-tenpai-as-top-ends-the-game", [draw(2)],
         start=at(wind="S", dealer=2, scores=[30000, 30000, 45000]),
         deltas=[-1000, -1000, 2000], end="tenpai_yame"),
    # 何着止めでもできます: 25,000 + 4,000 = 29,000 is second, and the dealer may stop.
    case("seed-004", "all-last-dealer-may-stop-in-any-place",
         [ron(1, win(2, han=2), stop=True)],
         start=at(wind="S", dealer=2, scores=[50000, 30000, 25000]), end="agari_yame"),
    # Without the stop the dealer plays on: South 3, 1 honba.
    case("seed-004", "all-last-dealer-not-top-plays-on", [ron(1, win(2, han=2))],
         start=at(wind="S", dealer=2, scores=[50000, 30000, 25000]),
         end=None, next=nxt(2, 1, 3, "S")),
    # 1,000点持ちでもリーチはかけられますが、流局後に0点以下になると飛び終了: everyone
    # tenpai, nothing is paid, seat 1 is left at 0 and busts. Box-under aside, the top
    # (seat 2) takes the leftover stick: 70,000. Results: 35,000 − 40,000 = −5;
    # 0 − 40,000 = −40; the top +45 (= 30 + 15 oka).
    case("seed-004", "riichi-at-1000-then-0-after-the-draw-busts",
         [draw(0, 1, 2, riichi=[1])], start=at(dealer=0, scores=[35000, 1000, 69000]),
         deltas=[0, -1000, 0], sticks_after=1, end="tobi",
         final={"scores": [35000, 0, 70000], "ranks": [2, 3, 1],
                "total_points": [-5, -40, 45]}),
    # 箱下計算ナシ: seat 1 deals a 3-han dealer ron (8,000) from 3,000 → −5,000, counted
    # as 0 → −40. Seat 0: 48,000 − 40,000 = +8. The top takes −(8 − 40) = +32, which
    # absorbs the 5 that was never paid (its own 22 + 15 oka = 37).
    case("seed-004", "box-under-is-not-counted-at-settlement", [ron(1, win(0, han=3))],
         start=at(dealer=0, scores=[40000, 3000, 62000]), deltas=[8000, -8000, 0],
         end="tobi", final={"ranks": [2, 3, 1], "total_points": [8, -40, 32]}),
    # 同点は起家に近い人がトップ: seats 1 and 2 tie at 45,000; seat 1 is nearer seat 0.
    case("seed-004", "tie-for-top-goes-to-the-seat-nearer-the-first-dealer", [],
         start=at(dealer=0, scores=[15000, 45000, 45000]), finished=True,
         final={"ranks": [3, 1, 2], "total_points": [-25, 20, 5]}),
    # 特殊役: 萬子混一色 and 人和 are yakuman (4 × 8,000 by a non-dealer ron).
    case("seed-004", "manzu-honitsu-is-a-yakuman", [ron(2, win(1, yakuman=["manzu_honitsu"]))],
         start=at(dealer=0), deltas=[0, 32000, -32000]),
    case("seed-004", "renhou-is-a-yakuman", [ron(0, win(2, yakuman=["renhou"]))],
         start=at(dealer=0, scores=[40000, 35000, 30000]), deltas=[-32000, 0, 32000]),
    # 全額責任払い on a ron: the liable seat pays the yakuman and the honba, the
    # discarder nothing.
    case("seed-004", "pao-pays-a-yakuman-ron-in-full-with-honba",
         [ron(0, win(1, yakuman=["daisuushii"], pao=2))], start=at(dealer=0, honba=1),
         deltas=[0, 33000, -33000]),
    # 聴牌止めができます…何着止めでも: the dealer, second at 27,000, stops after tenpai.
    case("seed-004", "all-last-dealer-may-stop-after-tenpai-in-any-place",
         [draw(2, stop=True)], start=at(wind="S", dealer=2, scores=[50000, 30000, 25000]),
         deltas=[-1000, -1000, 2000], end="tenpai_yame"),
]


@pytest.mark.parametrize(("data", "expect"), SEED_004)
def test_seed_004_parameter(data: dict[str, Any], expect: dict[str, Any]) -> None:
    replayed(data, expect)


# -- seed 003: 白マティ, point count, three players or four with one sitting out ----------

SEED_003 = [
    # Honba (東天紅, adopted): +1点 per honba to each payer. 5 + 2 = 7; the winner deals
    # next (前局の和了者が次局の親) and honba is cleared; the round wind stays East.
    case("seed-003", "ron-adds-1-point-per-honba", [ron(2, win(1, points=5))],
         start=at(dealer=0, honba=2), deltas=[0, 7, -7], next=nxt(1, 0, wind="E")),
    # Tsumo: each of the other two pays 5 + 1.
    case("seed-003", "tsumo-adds-1-point-per-honba-from-each", [tsumo(2, points=5)],
         start=at(dealer=0, honba=1), deltas=[-6, -6, 12], next=nxt(2, 0, wind="E")),
    # The dealer who wins stays dealer, and a honba is added.
    case("seed-003", "dealer-win-keeps-the-deal", [ron(1, win(0, points=4))],
         start=at(dealer=0), deltas=[4, -4, 0], next=nxt(0, 1)),
    # 役満は50点役…ほかの通常役と複合する: one yakuman with 3 points of yaku = 53.
    case("seed-003", "yakuman-is-50-points-added-to-the-yaku",
         [ron(0, win(1, yakuman=1, points=3))], start=at(dealer=0, scores=[60, 50, 40]),
         deltas=[-53, 53, 0]),
    # ダブル役満は100点.
    case("seed-003", "double-yakuman-is-100-points", [ron(0, win(1, yakuman=2))],
         start=at(dealer=0, scores=[110, 20, 20]), deltas=[-100, 100, 0]),
    # ノーテン罰符は場に30点: two tenpai, the noten seat pays 15 to each; draw: the dealer
    # stays and honba +1.
    case("seed-003", "noten-30-with-two-tenpai", [draw(0, 1)], start=at(dealer=0),
         deltas=[15, 15, -30], next=nxt(0, 1)),
    # Riichi stick 1点 (adopted), taken by the winner: seat 0 −1, seat 1 +3 +1.
    case("seed-003", "riichi-stick-is-1-point", [ron(2, win(1, points=3), riichi=[0])],
         start=at(dealer=0), deltas=[-1, 4, -3], sticks_after=0),
    # オープンリーチへの振り込みは役満扱いしない: a non-riichi discarder pays the count.
    case("seed-003", "dealing-into-open-riichi-is-not-a-yakuman",
         [ron(2, win(1, points=5), riichi=[1], open_riichi=[1])], start=at(dealer=0),
         deltas=[0, 5, -5], sticks_after=0),
    # ダブロンあり; every winner gets the honba point (adopted), the sticks and the next
    # deal go to the head winner, seat 2 (the discarder's shimocha).
    # Seat 2: 9 + 1 + 1 stick = 11; seat 0: 7 + 1 = 8; seat 1 pays 10 + 8.
    case("seed-003", "double-ron-each-winner-gets-the-honba",
         [ron(1, win(0, points=7), win(2, points=9))], start=at(dealer=0, honba=1, sticks=1),
         deltas=[8, -18, 11], sticks_after=0, next=nxt(2, 0)),
    # チョンボ…上がり放棄で続行, 和了確定時…に合わせてチョンボ代を精算: seat 2 pays 30 to
    # each at the end of a hand won by seat 1 off seat 0.
    case("seed-003", "chombo-is-settled-when-the-hand-is-won",
         [ron(0, win(1, points=5), penalties=[{"kind": "chombo", "offender": 2}])],
         start=at(dealer=0, scores=[40, 40, 70]), deltas=[25, 35, -60], next=nxt(1, 0)),
    # Four people: the sit-out seat 3 takes no part; a ron costs the discarder the count.
    case("seed-003", "four-people-ron-leaves-the-sit-out-seat-alone",
         [ron(2, win(1, points=6), sit_out=3)], people=4, start=at(dealer=0),
         deltas=[0, 6, -6, 0], next=nxt(1, 0)),
    # 抜け番がチョンボした場合、参加している3人に20点オール.
    case("seed-003", "sit-out-chombo-pays-20-all",
         [draw(sit_out=3, penalties=[{"kind": "chombo", "offender": 3}])], people=4,
         start=at(dealer=0), deltas=[20, 20, 20, -60]),
    # 50点持ち60点返し, oka (60 − 50) × 3 = 30 to the top: 80 − 60 + 30 = 50;
    # 45 − 60 = −15; 25 − 60 = −35. The game is open-ended: staff close it.
    case("seed-003", "settles-against-60-with-30-oka-to-the-top", [],
         start=at(dealer=0, scores=[80, 45, 25]), finished=True, end="finished",
         final={"ranks": [1, 2, 3], "total_points": [50, -15, -35]}),
    # With four people each started at 50: the others −0, −20, −30 against 60; the top
    # takes the rest, 10 + 40.
    case("seed-003", "four-people-settle-against-60", [],
         start=at(dealer=0, scores=[70, 60, 40, 30]), people=4, finished=True,
         final={"ranks": [1, 2, 3, 4], "total_points": [50, 0, -20, -30]}),
    # Open-ended: a hand never ends the game by itself (no all-last) …
    case("seed-003", "has-no-last-hand", [tsumo(1, points=2)],
         start=at(dealer=0, scores=[52, 50, 48]), deltas=[-2, 4, -2], end=None,
         next=nxt(1, 0, wind="E")),
    # … and staff close it: 50 − 60 = −10, 46 − 60 = −14, the top 54 − 60 + 30 = +24.
    case("seed-003", "closed-by-staff-after-a-hand", [tsumo(1, points=2)],
         start=at(dealer=0, scores=[52, 50, 48]), finished=True, end="finished",
         final={"scores": [50, 54, 46], "ranks": [2, 1, 3], "total_points": [-10, 24, -14]}),
    # 同率一位が二人居る場合は親から順に: seat 2 rons seat 1 for 12, leaving seats 0 and
    # 2 on 56 and seat 1 on 0 (a bust). Counting from the dealer of that hand, seat 0,
    # seat 0 is top: 56 − 60 + 30 = +26; seat 2 −4; seat 1 −60.
    case("seed-003", "tie-for-top-counts-from-the-dealer-after-a-bust",
         [ron(1, win(2, points=12))], start=at(dealer=0, scores=[56, 12, 44]), end="tobi",
         final={"ranks": [1, 3, 2], "total_points": [64, -60, -4]}),
    # The same position closed by staff instead: the dealer of the last hand is still
    # seat 0, so seat 0 is still top: +26, −22, −4 (rules README §1.2: "from the dealer
    # of the last hand"). The engine ranks from the next hand's dealer (the winner, seat
    # 2) when a game is closed with ``finished``, but from the last hand's dealer when it
    # ends by a bust.
    case("seed-003", "tie-for-top-counts-from-the-dealer-when-staff-close",
         [ron(1, win(2, points=12))], start=at(dealer=0, scores=[56, 50, 44]),
         finished=True, end="finished",
         final={"ranks": [1, 3, 2], "total_points": [26, -22, -4]}),
]


@pytest.mark.parametrize(("data", "expect"), SEED_003)
def test_seed_003_parameter(data: dict[str, Any], expect: dict[str, Any]) -> None:
    replayed(data, expect)


# -- seed 002: 雀バト ---------------------------------------------------------------------

FOUR = [25000, 25000, 25000, 25000]

SEED_002 = [
    # 30符4ハンは切り上げ満貫 (親の11,600点→12,000点).
    case("seed-002", "kiriage-dealer-ron-30-fu-4-han-is-12000",
         [ron(1, win(0, han=4, fu=30))], start=at(dealer=0),
         deltas=[12000, -12000, 0, 0], next=nxt(0, 1, 1)),
    # The same hand by a non-dealer tsumo: 2,000 / 4,000 (7,900 without kiriage).
    case("seed-002", "kiriage-non-dealer-tsumo-30-fu-4-han-is-2000-4000",
         [tsumo(1, han=4, fu=30)], start=at(dealer=0),
         deltas=[-4000, 8000, -2000, -2000]),
    # Kiriage is a mangan rule only: 30 fu 3 han stays 3,900.
    case("seed-002", "30-fu-3-han-is-not-rounded-up", [ron(2, win(1, han=3, fu=30))],
         start=at(dealer=0), deltas=[0, 3900, -3900, 0]),
    # 数え役満はない。役満以外は、三倍満が最高: 16 han by tsumo is 6,000 / 12,000.
    case("seed-002", "no-kazoe-16-han-tsumo-is-sanbaiman", [tsumo(1, han=16)],
         start=at(dealer=0), deltas=[-12000, 24000, -6000, -6000]),
    # 役満の複合を認めない。4倍満より高いアガリはない: a double yakuman is 32,000.
    case("seed-002", "double-yakuman-ron-is-capped-at-32000", [ron(2, win(1, yakuman=2))],
         start=at(dealer=0), deltas=[0, 32000, -32000, 0]),
    # Two named yakuman by a dealer tsumo: one yakuman, 16,000 all.
    case("seed-002", "named-yakuman-do-not-stack",
         [tsumo(0, yakuman=["daisangen", "tsuuiisou"])], start=at(dealer=0),
         deltas=[48000, -16000, -16000, -16000]),
    # アタマハネ, also when three players ron (3人ロンも流局しない): off the dealer's
    # discard South (seat 1) wins 40 fu 2 han = 2,600 and takes seat 3's riichi stick.
    case("seed-002", "three-rons-head-bump-to-the-discarders-shimocha",
         [ron(0, win(3, han=2, fu=40), win(2, han=2, fu=40), win(1, han=2, fu=40),
              riichi=[3])], start=at(dealer=0),
         deltas=[-2600, 3600, 0, -1000], sticks_after=0, next=nxt(1, 0, 2)),
    # 放銃者に近い方: off seat 2's discard seat 3 comes before seat 1.
    case("seed-002", "head-bump-counts-from-the-discarder", [
        ron(2, win(1, han=1, fu=30), win(3, han=1, fu=30))], start=at(dealer=0),
         deltas=[0, 0, -1000, 1000]),
    # 四回槓 is an abortive draw: the dealer stays, honba +1, the stick stays.
    case("seed-002", "four-kans-abort-the-dealer-stays", [abortive("four_kans", riichi=[1])],
         start=at(dealer=0), deltas=[0, -1000, 0, 0], sticks_after=1, next=nxt(0, 1, 1)),
    case("seed-002", "nine-terminals-abort-the-dealer-stays",
         [abortive("nine_terminals")], start=at(dealer=1), next=nxt(1, 1, 2)),
    # 0点丁度は続行: seat 2 pays 2,000 from 2,000 and plays on.
    case("seed-002", "exactly-0-plays-on", [ron(2, win(1, han=2, fu=30))],
         start=at(dealer=0, scores=[25000, 25000, 2000, 48000]),
         deltas=[0, 2000, -2000, 0], end=None, next=nxt(1, 0, 2)),
    # 持ち点が1,000点を割った者は、リーチをかけることができない: 1,000 is enough.
    # Seat 1 alone tenpai: +3,000 − the stick.
    case("seed-002", "riichi-at-exactly-1000-is-allowed", [draw(1, riichi=[1])],
         start=at(dealer=0, scores=[25000, 1000, 25000, 49000]),
         deltas=[-1000, 2000, -1000, -1000], sticks_after=1),
    # 四槓子の4種類目を鳴かせた者は責任払い; ツモ: the liable seat pays all.
    case("seed-002", "pao-for-suukantsu-on-a-tsumo", [tsumo(1, yakuman=["suukantsu"], pao=3)],
         start=at(dealer=0), deltas=[0, 32000, 0, -32000]),
    # オーラスの親がアガり、トップの場合、ゲーム終了: 25,000 + 3 × 2,000 = 31,000.
    case("seed-002", "all-last-dealer-win-as-top-ends-the-game", [tsumo(3, han=3, fu=30)],
         start=at(wind="S", dealer=3, scores=[30000, 25000, 20000, 25000]),
         deltas=[-2000, -2000, -2000, 6000], end="agari_yame"),
    # 流局し、親がテンパイ…トップになっていればゲーム終了: 25,000 + 3,000 = 28,000.
    case("seed-002", "all-last-dealer-tenpai-as-top-ends-the-game", [draw(3)],
         start=at(wind="S", dealer=3, scores=[28000, 25000, 22000, 25000]),
         deltas=[-1000, -1000, -1000, 3000], end="tenpai_yame"),
    # Tied with seat 0 at 27,000, the dealer is not top (起家に近い方が上位): play on.
    case("seed-002", "all-last-dealer-tied-for-top-plays-on", [draw(3)],
         start=at(wind="S", dealer=3, scores=[28000, 25000, 22000, 24000]),
         end=None, next=nxt(3, 1, 4, "S")),
    # East–South: East 4 passes to South 1 …
    case("seed-002", "east-4-passes-to-south-1", [ron(1, win(0, han=1, fu=30))],
         start=at(dealer=3), next=nxt(0, 0, 1, "S")),
    # … while the East-only table ends after East 4.
    case("seed-002-tonpuu", "east-4-ends-the-game", [ron(1, win(0, han=1, fu=30))],
         start=at(dealer=3), end="all_last"),
    case("seed-002-tonpuu", "east-4-dealer-win-as-top-ends-the-game",
         [tsumo(3, han=3, fu=30)], start=at(dealer=3), end="agari_yame"),
]


@pytest.mark.parametrize(("data", "expect"), SEED_002)
def test_seed_002_parameter(data: dict[str, Any], expect: dict[str, Any]) -> None:
    replayed(data, expect)


# -- seed 001: Kルール -------------------------------------------------------------------

SEED_001 = [
    # 10飜=跳倍満(2.5倍満): base 5,000 → 5,000 / 10,000 by a non-dealer tsumo …
    case("seed-001", "non-dealer-10-han-tsumo-is-5000-10000", [tsumo(1, han=10)],
         start=at(dealer=0), deltas=[-10000, 20000, -5000, -5000]),
    # … and 6 × 5,000 = 30,000 by a dealer ron.
    case("seed-001", "dealer-10-han-ron-is-30000", [ron(1, win(0, han=10))],
         start=at(dealer=0, scores=[25000, 40000, 25000, 10000]),
         deltas=[30000, -30000, 0, 0], next=nxt(0, 1, 1)),
    # 9 han stays baiman (4 × 4,000); 11飜~3倍満 (4 × 6,000); 13飜~数え役満 (4 × 8,000).
    case("seed-001", "9-han-is-baiman-16000", [ron(2, win(1, han=9))],
         start=at(dealer=0), deltas=[0, 16000, -16000, 0]),
    case("seed-001", "11-han-is-sanbaiman-24000", [ron(2, win(1, han=11))],
         start=at(dealer=0), deltas=[0, 24000, -24000, 0]),
    case("seed-001", "13-han-is-counted-yakuman-32000", [ron(2, win(1, han=13))],
         start=at(dealer=0, scores=[25000, 25000, 40000, 10000]),
         deltas=[0, 32000, -32000, 0]),
    # 大役満(6倍満): 大四喜、四槓子、一色四順、純正九蓮宝燈, base 6 × 2,000 = 12,000.
    case("seed-001", "daisuushii-is-a-big-yakuman-48000", [ron(2, win(1, yakuman=["daisuushii"]))],
         start=at(dealer=0, scores=[20000, 20000, 50000, 10000]),
         deltas=[0, 48000, -48000, 0]),
    case("seed-001", "suukantsu-tsumo-is-12000-24000", [tsumo(1, yakuman=["suukantsu"])],
         start=at(dealer=0, scores=[30000, 10000, 30000, 30000]),
         deltas=[-24000, 48000, -12000, -12000]),
    case("seed-001", "isshoku-yonjun-dealer-ron-is-72000",
         [ron(1, win(0, yakuman=["isshoku_yonjun"]))],
         start=at(dealer=0, scores=[10000, 80000, 5000, 5000]),
         deltas=[72000, -72000, 0, 0]),
    case("seed-001", "junsei-chuuren-dealer-tsumo-is-24000-all",
         [tsumo(0, yakuman=["junsei_chuuren"])], start=at(dealer=0),
         deltas=[72000, -24000, -24000, -24000]),
    # The supplement keeps 四暗刻単騎 and 純正国士 single yakuman (4 × mangan).
    case("seed-001", "suuankou-tanki-is-a-single-yakuman",
         [ron(2, win(1, yakuman=["suuankou_tanki"]))],
         start=at(dealer=0, scores=[20000, 20000, 50000, 10000]),
         deltas=[0, 32000, -32000, 0]),
    case("seed-001", "kokushi-13-sided-is-a-single-yakuman",
         [ron(2, win(1, yakuman=["kokushi_13"]))],
         start=at(dealer=0, scores=[20000, 20000, 50000, 10000]),
         deltas=[0, 32000, -32000, 0]),
    # 字一色 alone is a plain yakuman …
    case("seed-001", "tsuuiisou-alone-is-a-yakuman", [ron(2, win(1, yakuman=["tsuuiisou"]))],
         start=at(dealer=0, scores=[20000, 20000, 50000, 10000]),
         deltas=[0, 32000, -32000, 0]),
    # … in a compound it adds +2倍満: 大三元字一色 = 6 × mangan, 12,000 / 24,000 by tsumo.
    case("seed-001", "daisangen-tsuuiisou-tsumo-is-12000-24000",
         [tsumo(1, yakuman=["daisangen", "tsuuiisou"])],
         start=at(dealer=0, scores=[30000, 10000, 30000, 30000]),
         deltas=[-24000, 48000, -12000, -12000]),
    # 大三元 + 四暗刻 + 字一色 = 4 + 4 + 2 = 10 × mangan: 4 × 20,000 = 80,000.
    case("seed-001", "three-yakuman-with-tsuuiisou-is-10-mangan",
         [ron(2, win(1, yakuman=["daisangen", "suuankou", "tsuuiisou"]))],
         start=at(dealer=0, scores=[10000, 0, 90000, 0]), deltas=[0, 80000, -80000, 0]),
    # 役満の包 (大三元) ツモ=全額, covering the pao yakuman only: of 12,000 / 24,000 the
    # liable seat 2 pays the daisangen share 8,000 + 8,000 + 16,000 = 32,000; the
    # tsuuiisou +2 (4,000 / 8,000) is paid as an ordinary tsumo, seat 2 included.
    case("seed-001", "pao-tsumo-covers-only-the-pao-yakuman",
         [tsumo(1, yakuman=["daisangen", "tsuuiisou"], pao=2)],
         start=at(dealer=0, scores=[30000, 10000, 50000, 10000]),
         deltas=[-8000, 48000, -36000, -4000]),
    # ロン=折半 of the covered share: 32,000 / 2 = 16,000 from the liable seat, the
    # discarder pays the rest of 48,000.
    case("seed-001", "pao-ron-splits-only-the-pao-yakuman",
         [ron(3, win(1, yakuman=["daisangen", "tsuuiisou"], pao=2))],
         start=at(dealer=0, scores=[20000, 10000, 20000, 50000]),
         deltas=[0, 48000, -16000, -32000]),
    # 大四喜 is pao and a big yakuman: the liable seat pays all 12,000 + 12,000 + 24,000.
    case("seed-001", "pao-on-daisuushii-covers-the-big-yakuman",
         [tsumo(3, yakuman=["daisuushii"], pao=1)],
         start=at(dealer=0, scores=[25000, 55000, 10000, 10000]),
         deltas=[0, -48000, 0, 48000]),
    # 錯和は3000点オール払い再ゲーム(本場は増えず、この局に出た供託は持ち主に戻す):
    # the dealer pays 3,000 to each, seat 1's stick goes back, honba and the sticks
    # carried in stay.
    case("seed-001", "chombo-3000-all-replays-with-honba-and-sticks-unchanged",
         [chombo(0, riichi=[1])], start=at(dealer=0, honba=2, sticks=1),
         deltas=[-9000, 3000, 3000, 3000], sticks_after=1, next=nxt(0, 2, 1)),
    # 跳満以上の聴牌者…その点数の半分(本場は含まない): a dealer haneman ron 18,000 → 9,000.
    case("seed-001", "compensation-for-a-dealer-haneman-is-9000",
         [chombo(2, compensation={"to": 0, "han": 6})], start=at(dealer=0, honba=1),
         deltas=[12000, 3000, -18000, 3000], next=nxt(0, 1, 1)),
    # A non-dealer 2.5× mangan 20,000 → 10,000.
    case("seed-001", "compensation-for-a-10-han-hand-is-10000",
         [chombo(2, compensation={"to": 3, "han": 10})], start=at(dealer=0),
         deltas=[3000, 3000, -19000, 13000]),
    # A non-dealer yakuman 32,000 → 16,000.
    case("seed-001", "compensation-for-a-yakuman-is-16000",
         [chombo(2, compensation={"to": 3, "yakuman": 1})], start=at(dealer=0),
         deltas=[3000, 3000, -25000, 19000]),
    # 不聴立直 流局時に錯和: 3,000 all, the stick back, no no-ten money, replayed.
    case("seed-001", "noten-riichi-is-a-chombo-at-the-draw", [draw(0, riichi=[1])],
         start=at(dealer=0), deltas=[3000, -9000, 3000, 3000], sticks_after=0,
         next=nxt(0, 0, 1)),
    # 空副露 1000点供託: the deposit goes on the table and the winner takes it.
    case("seed-001", "false-call-deposit-goes-to-the-winner",
         [ron(3, win(1, han=1, fu=30), penalties=[{"kind": "deposit", "seat": 2}])],
         start=at(dealer=0), deltas=[0, 2000, -1000, -1000], sticks_after=0),
    # … and stays on the table through a draw (everyone tenpai: no no-ten money).
    case("seed-001", "false-call-deposit-stays-on-the-table-at-a-draw",
         [draw(0, 1, 2, 3, penalties=[{"kind": "deposit", "seat": 2}])],
         start=at(dealer=0), deltas=[0, 0, -1000, 0], sticks_after=1),
    # 複数ロン アリ, 途中流局 ナシ: three winners, each paid; honba to the head (seat 1).
    # 1,000 + 300, 2,000 and 3,900; the dealer dealt in, so the deal passes.
    case("seed-001", "triple-ron-pays-three-winners",
         [ron(0, win(3, han=3, fu=30), win(2, han=2, fu=30), win(1, han=1, fu=30))],
         start=at(dealer=0, honba=1), deltas=[-7200, 1300, 2000, 3900],
         next=nxt(1, 0, 2)),
    # 連荘…は上家優先: off seat 2's discard seat 3 is head, so the dealer's win (2,900)
    # does not keep the deal.
    case("seed-001", "renchan-follows-the-head-winner-not-the-dealer",
         [ron(2, win(0, han=2, fu=30), win(3, han=2, fu=30))], start=at(dealer=0),
         deltas=[2900, 0, -4900, 2000], next=nxt(1, 0, 2)),
    # Off seat 3's discard the dealer is head: renchan, honba +1.
    case("seed-001", "dealer-as-head-winner-keeps-the-deal",
         [ron(3, win(1, han=2, fu=30), win(0, han=2, fu=30))], start=at(dealer=0),
         deltas=[2900, 2000, 0, -4900], next=nxt(0, 1, 1)),
    # 飛び賞 5p: on a tsumo the payer taken below 0 pays 5p to the winner.
    # 30 fu 3 han: 1,000 / 2,000; seat 2 900 → −100. Results: seat 1 4,000 → +4 + 10 uma
    # + 5 = 19; seat 0 −2,000 → −2 − 10 = −12; seat 2 −30,100 → −30 (五捨六入) − 20 − 5
    # = −55; the top seat 3 +48 (8 + 20 oka + 20 uma).
    case("seed-001", "tobi-bonus-on-a-tsumo", [tsumo(1, han=3, fu=30)],
         start=at(dealer=0, scores=[30000, 30000, 900, 39100]),
         deltas=[-2000, 4000, -1000, -1000], end="tobi",
         final={"ranks": [3, 2, 4, 1], "bonuses": [0, 5, -5, 0],
                "total_points": [-12, 19, -55, 48]}),
    # 和了でのみ発生: a bust by no-ten money ends the game without a bonus.
    case("seed-001", "no-tobi-bonus-for-a-bust-by-noten", [draw(0)],
         start=at(dealer=0, scores=[30000, 30000, 39500, 500]),
         deltas=[3000, -1000, -1000, -1000], end="tobi",
         final={"bonuses": [0, 0, 0, 0]}),
    # 和了止め アリ(何位でも可能): the last dealer stops while still last.
    case("seed-001", "all-last-dealer-may-stop-at-any-rank",
         [ron(2, win(3, han=2, fu=30), stop=True)],
         start=at(wind="S", dealer=3, scores=[40000, 30000, 20000, 10000]),
         deltas=[0, 0, -2900, 2900], end="agari_yame"),
    # Without the stop the dealer plays on.
    case("seed-001", "all-last-dealer-plays-on-without-a-stop",
         [ron(2, win(3, han=2, fu=30))],
         start=at(wind="S", dealer=3, scores=[40000, 30000, 20000, 10000]),
         end=None, next=nxt(3, 1, 4, "S")),
    # 西入 ナシ: South 4 ends the game although nobody has 30,000.
    case("seed-001", "no-west-round", [ron(1, win(0, han=1, fu=30))],
         start=at(wind="S", dealer=3), end="all_last"),
    # 流し満貫 (a local yaku, as a mangan tsumo win): 2,000 / 4,000, the deal passes.
    case("seed-001", "nagashi-is-a-mangan-tsumo-win", [draw(nagashi=(1,))],
         start=at(dealer=0), deltas=[-4000, 8000, -2000, -2000], next=nxt(1, 0, 2)),
]


@pytest.mark.parametrize(("data", "expect"), SEED_001)
def test_seed_001_parameter(data: dict[str, Any], expect: dict[str, Any]) -> None:
    replayed(data, expect)


# -- seed 000: われポン 東風戦 -------------------------------------------------------------

def dice_row(total: int, wareme: int, deltas: list[int]) -> Any:
    # East 2, seat 1 deals and tsumos 30 fu 1 han: 2 × 240 = 480 → 500 all. The wareme
    # seat pays 1,000; when the dealer is wareme, everyone pays him 1,000.
    names = {1: "dealer", 2: "dealers-shimocha", 3: "seat-across", 0: "dealers-kamicha"}
    return case("seed-000", f"dice-{total}-makes-the-{names[wareme]}-wareme",
                [tsumo(1, han=1, fu=30, dice=total)], start=at(dealer=1),
                deltas=deltas, next=nxt(1, 1, 2))


DEALER_WAREME = [-1000, 3000, -1000, -1000]
SHIMOCHA_WAREME = [-500, 2000, -1000, -500]
ACROSS_WAREME = [-500, 2000, -500, -1000]
KAMICHA_WAREME = [-1000, 2000, -500, -500]

SEED_000 = [
    # Dice totals 5, 9: the dealer; 2, 6, 10: the dealer's shimocha; 3, 7, 11: across;
    # 4, 8, 12: the dealer's kamicha (counted from the dealer, not from seat 0).
    dice_row(5, 1, DEALER_WAREME), dice_row(9, 1, DEALER_WAREME),
    dice_row(2, 2, SHIMOCHA_WAREME), dice_row(6, 2, SHIMOCHA_WAREME),
    dice_row(10, 2, SHIMOCHA_WAREME),
    dice_row(3, 3, ACROSS_WAREME), dice_row(7, 3, ACROSS_WAREME),
    dice_row(11, 3, ACROSS_WAREME),
    dice_row(4, 0, KAMICHA_WAREME), dice_row(8, 0, KAMICHA_WAREME),
    dice_row(12, 0, KAMICHA_WAREME),
    # トんだ人はトばした人に1万点 on a tsumo: seat 2 pays 2,000 from 1,500 → −500 and
    # adds 10,000. The winner gets 4,000 + 2,000 + 2,000 + 10,000.
    case("seed-000", "tobi-on-a-tsumo-pays-10000-to-the-winner", [tsumo(1, han=5)],
         start=at(dealer=0, scores=[25000, 25000, 1500, 48500]),
         deltas=[-4000, 18000, -12000, -2000], end="tobi"),
    # ノーテンによりトんだ場合、テンパっている一番近い下家のみに1万点: seat 3 busts on
    # 1,000 no-ten money; its shimocha seat 0 is noten, so seat 1 gets the 10,000.
    # Seat 3 is wareme, and neither no-ten money nor the 10,000 doubles.
    case("seed-000", "tobi-by-noten-pays-the-nearest-tenpai-shimocha",
         [draw(1, wareme=3)], start=at(dealer=0, scores=[30000, 30000, 39500, 500]),
         deltas=[-1000, 13000, -1000, -11000], end="tobi"),
    # Seat 0, seat 3's own shimocha, is tenpai: it gets the 10,000 (seats 2 and 3 pay
    # 1,500 to seats 0 and 1).
    case("seed-000", "tobi-by-noten-pays-the-shimocha-when-tenpai", [draw(0, 1)],
         start=at(dealer=0, scores=[30000, 30000, 39000, 1000]),
         deltas=[11500, 1500, -1500, -11500], end="tobi"),
    # 支払う点数が2倍 but the 10,000 is a fixed payment: the wareme discarder (2,500) pays
    # 2 × 3,900 = 7,800 and then 10,000, undoubled.
    case("seed-000", "wareme-discarder-busts-the-10000-is-not-doubled",
         [ron(2, win(1, han=3, fu=30), wareme=2)],
         start=at(dealer=0, scores=[25000, 25000, 2500, 47500]),
         deltas=[0, 17800, -17800, 0], end="tobi"),
    # オープンリーチ 2飜役; リーチしてない者が振り込むと役満払い: the dealer's yakuman,
    # 48,000, plus the stick back.
    case("seed-000", "dealing-into-a-dealers-open-riichi-pays-48000",
         [ron(2, win(0, han=2, fu=40), riichi=[0], open_riichi=[0])],
         start=at(dealer=0, scores=[20000, 10000, 60000, 10000]),
         deltas=[48000, 0, -48000, 0], next=nxt(0, 1, 1)),
    # A discarder in riichi pays the hand's own value: 40 fu 2 han 2,600 + two sticks.
    case("seed-000", "dealing-into-open-riichi-from-riichi-pays-the-hand",
         [ron(3, win(1, han=2, fu=40), riichi=[1, 3], open_riichi=[1])],
         start=at(dealer=0), deltas=[0, 3600, 0, -3600], sticks_after=0),
    # 役満払い by a wareme discarder doubles: 2 × 32,000.
    case("seed-000", "wareme-dealing-into-open-riichi-pays-a-double-yakuman",
         [ron(3, win(1, han=2, fu=40), riichi=[1], open_riichi=[1], wareme=3)],
         start=at(dealer=0, scores=[10000, 10000, 10000, 70000]),
         deltas=[0, 64000, 0, -64000]),
    # 流し満貫 (ツモ和了扱い): 2,000 / 4,000 + 100 honba each, the stick; no no-ten money,
    # and the deal passes although the dealer was tenpai.
    case("seed-000", "nagashi-is-paid-as-a-mangan-tsumo-win", [draw(0, nagashi=(2,))],
         start=at(dealer=0, honba=1, sticks=1), deltas=[-4100, -2100, 9300, -2100],
         sticks_after=0, next=nxt(1, 0, 2)),
    # A dealer's nagashi: 4,000 all, and the dealer keeps the deal like a dealer win.
    case("seed-000", "dealer-nagashi-keeps-the-deal", [draw(nagashi=(0,))],
         start=at(dealer=0), deltas=[12000, -4000, -4000, -4000], next=nxt(0, 1, 1)),
    # A nagashi is a tsumo win, so a wareme payer pays double: the dealer 2 × 4,000.
    case("seed-000", "nagashi-is-doubled-for-the-wareme-payer", [draw(nagashi=(2,), wareme=0)],
         start=at(dealer=0), deltas=[-8000, -2000, 12000, -2000], next=nxt(1, 0, 2)),
    # ただし全員ノーテンは親番が続く, in any hand: East 3's dealer stays, honba +1.
    case("seed-000", "all-noten-keeps-the-dealer-in-east-3", [draw()],
         start=at(dealer=2, honba=2), deltas=[0, 0, 0, 0], next=nxt(2, 3, 3)),
    # A noten dealer outside East 4 loses the deal (ノーテン親流れ).
    case("seed-000", "noten-dealer-passes-the-deal-before-east-4", [draw(3)],
         start=at(dealer=2), deltas=[-1000, -1000, -1000, 3000], next=nxt(3, 1, 4)),
    # 頭ハネ: off seat 3's discard seat 0 (its shimocha) wins; seat 2's ron is void and its
    # stick goes to seat 0 with the dealer's 30 fu 2 han, 2,900.
    case("seed-000", "head-bump-keeps-the-bumped-riichi-stick",
         [ron(3, win(2, han=1, fu=30), win(0, han=2, fu=30), riichi=[2])],
         start=at(dealer=0), deltas=[3900, 0, -1000, -2900], sticks_after=0,
         next=nxt(0, 1, 1)),
    # 4人リーチ is an abortive draw: four sticks stay, the dealer continues, honba +1.
    case("seed-000", "four-riichi-abort-and-the-sticks-stay",
         [abortive("four_riichi", riichi=[0, 1, 2, 3])], start=at(dealer=0),
         deltas=[-1000, -1000, -1000, -1000], sticks_after=4, next=nxt(0, 1, 1)),
    case("seed-000", "nine-terminals-abort-the-dealer-continues",
         [abortive("nine_terminals")], start=at(dealer=2), next=nxt(2, 1, 3)),
    # パオ for 四槓子 on a ron: the discarder and the liable seat pay half each.
    case("seed-000", "pao-for-suukantsu-on-a-ron-is-split",
         [ron(3, win(2, yakuman=["suukantsu"], pao=0))],
         start=at(dealer=0, scores=[30000, 10000, 10000, 50000]),
         deltas=[-16000, 0, 32000, -16000]),
    # 多牌はチョンボ(満貫払い) without wareme: 4,000 to the dealer and 2,000 to each other;
    # the hand is redealt at the same honba.
    case("seed-000", "chombo-is-a-mangan-payment-and-a-redeal", [chombo(1)],
         start=at(dealer=0, honba=2), deltas=[4000, -8000, 2000, 2000], next=nxt(0, 2, 1)),
    # 5本場から2飜しばり: seven pairs alone (2 han, 25 fu) is enough: 1,600 + 5 × 300.
    case("seed-000", "two-han-of-yaku-win-at-5-honba", [ron(2, win(1, han=2, fu=25))],
         start=at(dealer=0, honba=5), deltas=[0, 3100, -3100, 0], next=nxt(1, 0, 2)),
    # 3 han with one dora still counts 2: 3,900 + 1,500.
    case("seed-000", "three-han-with-one-dora-win-at-5-honba",
         [ron(2, win(1, han=3, fu=30, dora=1))], start=at(dealer=0, honba=5),
         deltas=[0, 5400, -5400, 0]),
    # At 4 honba one han is still enough: 1,000 + 4 × 300.
    case("seed-000", "one-han-wins-at-4-honba", [ron(2, win(1, han=1, fu=30))],
         start=at(dealer=0, honba=4), deltas=[0, 2200, -2200, 0]),
    # 東4局はノーテンでも親は流れない, and nobody is above 30,000 after a non-dealer win
    # in East 4: 返り東, East 5 dealt by the first dealer.
    case("seed-000", "east-4-without-30000-goes-to-east-5", [ron(1, win(0, han=1, fu=30))],
         start=at(dealer=3), end=None, next=nxt(0, 0, 5, "E")),
    # 超える: exactly 30,000 is not enough.
    case("seed-000", "exactly-30000-does-not-end-east-4", [ron(1, win(0, han=1, fu=30))],
         start=at(dealer=3, scores=[29000, 26000, 22000, 23000]), end=None,
         next=nxt(0, 0, 5, "E")),
    # 31,000 after East 4 ends the game.
    case("seed-000", "more-than-30000-ends-east-4", [ron(1, win(0, han=1, fu=30))],
         start=at(dealer=3, scores=[30000, 26000, 21000, 23000]), end="all_last"),
    # The dealer's tenpai in East 4 keeps the deal; tenpai-yame does not exist.
    case("seed-000", "east-4-dealer-tenpai-keeps-the-deal", [draw(3)],
         start=at(dealer=3, scores=[31000, 25000, 22000, 22000]), end=None,
         next=nxt(3, 1, 4)),
    # 東4局はノーテンでも親は流れない: seat 1 alone tenpai, the noten dealer stays.
    case("seed-000", "east-4-noten-dealer-keeps-the-deal", [draw(1)],
         start=at(dealer=3, scores=[31000, 25000, 22000, 22000]),
         deltas=[-1000, 3000, -1000, -1000], end=None, next=nxt(3, 1, 4)),
    case("seed-000", "east-4-abortive-draw-keeps-the-deal", [abortive("four_winds")],
         start=at(dealer=3), end=None, next=nxt(3, 1, 4)),
    # ラス親は和了ってトップになった場合、続行するか…選択できる: 28,000 + 6,000 = 34,000 is top.
    case("seed-000", "east-4-dealer-top-may-stop", [tsumo(3, han=3, fu=30, stop=True)],
         start=at(dealer=3, scores=[25000, 25000, 22000, 28000]), end="agari_yame"),
    case("seed-000", "east-4-dealer-top-may-play-on", [tsumo(3, han=3, fu=30)],
         start=at(dealer=3, scores=[25000, 25000, 22000, 28000]), end=None,
         next=nxt(3, 1, 4)),
    # 返り東(東5局、東6局...): East 5 is dealt by seat 0, East 6 by seat 1 …
    case("seed-000", "east-5-passes-to-east-6", [ron(2, win(1, han=1, fu=30))],
         start=at(number=5), end=None, next=nxt(1, 0, 6, "E")),
    # … and East 9 by seat 0 again.
    case("seed-000", "east-8-passes-to-east-9", [ron(1, win(2, han=1, fu=30))],
         start=at(number=8), end=None, next=nxt(0, 0, 9, "E")),
    # サドンデス: a draw that takes seat 0 to 32,000 ends the game at once.
    case("seed-000", "sudden-death-after-a-draw", [draw(0)],
         start=at(number=5, scores=[29000, 25000, 23000, 23000]),
         deltas=[3000, -1000, -1000, -1000], end="sudden_death"),
    # Exactly 30,000 in East 5 (28,500 + a dealer's 30 fu 1 han, 1,500): the dealer's
    # win keeps the deal.
    case("seed-000", "sudden-death-needs-more-than-30000", [ron(2, win(0, han=1, fu=30))],
         start=at(number=5, scores=[28500, 25000, 23500, 23000]), end=None,
         next=nxt(0, 1, 5, "E")),
    # The East 4 rule does not carry into 返り東: a noten dealer passes the deal.
    case("seed-000", "east-5-noten-dealer-passes-the-deal", [draw(1)],
         start=at(number=5), end=None, next=nxt(1, 1, 6, "E")),
]


@pytest.mark.parametrize(("data", "expect"), SEED_000)
def test_seed_000_parameter(data: dict[str, Any], expect: dict[str, Any]) -> None:
    replayed(data, expect)


# -- what the seeds refuse ----------------------------------------------------------------

def refusal(preset: str, rule: str, hands: list[dict[str, Any]], *, code: str | None,
            field: str, start: dict[str, Any] | None = None,
            people: int | None = None) -> Any:
    return pytest.param(record(preset, hands, start=start, people=people), code, field,
                        id=f"{preset}-{rule}")


REFUSALS = [
    # 5本場から2飜しばり(一発とドラを除いて): 2 han with one dora counts 1.
    refusal("seed-000", "1-han-plus-dora-is-below-2-han-at-5-honba",
            [ron(2, win(1, han=2, fu=30, dora=1))], start=at(dealer=0, honba=5),
            code="below_min_han", field="hands[0].result.wins[0].han"),
    # (×)リーチ一発.
    refusal("seed-000", "riichi-ippatsu-is-below-2-han-at-5-honba",
            [ron(2, win(1, han=2, fu=40, ippatsu=True), riichi=[1])],
            start=at(dealer=0, honba=5),
            code="below_min_han", field="hands[0].result.wins[0].han"),
    # (×)ツモドラ1, at 6 honba.
    refusal("seed-000", "tsumo-dora-1-is-below-2-han-at-6-honba",
            [tsumo(1, han=2, fu=30, dora=1)], start=at(dealer=0, honba=6),
            code="below_min_han", field="hands[0].result.win.han"),
    # Dice are two dice: 2 to 12.
    refusal("seed-000", "dice-total-1-is-impossible", [draw(0, dice=1)],
            start=at(dealer=0), code="out_of_range", field="hands[0].dice"),
    # オーラスは誰かが和了るまで親を続行: no stop after tenpai.
    refusal("seed-000", "east-4-dealer-cannot-stop-after-tenpai", [draw(3, stop=True)],
            start=at(dealer=3, scores=[25000, 25000, 20000, 30000]),
            code="stop_not_allowed", field="hands[0].stop"),
    # …トップになった場合: a dealer who is not top cannot stop (32,000 > 30,000).
    refusal("seed-000", "east-4-dealer-not-top-cannot-stop",
            [tsumo(3, han=3, fu=30, stop=True)],
            start=at(dealer=3, scores=[35000, 25000, 22000, 18000]),
            code="stop_not_allowed", field="hands[0].stop"),
    refusal("seed-000", "no-stop-before-east-4", [tsumo(1, han=3, fu=30, stop=True)],
            start=at(dealer=1), code="stop_not_allowed", field="hands[0].stop"),
    # 途中流局 ナシ.
    refusal("seed-001", "has-no-abortive-draws", [abortive("nine_terminals")],
            code=None, field="hands[0].result.reason"),
    refusal("seed-001", "has-no-triple-ron-abortive-draw", [abortive("triple_ron")],
            code=None, field="hands[0].result.reason"),
    # 聴牌止めナシ.
    refusal("seed-001", "all-last-dealer-cannot-stop-after-tenpai", [draw(3, stop=True)],
            start=at(wind="S", dealer=3, scores=[20000, 20000, 20000, 40000]),
            code="stop_not_allowed", field="hands[0].stop"),
    # 1000点未満での立直は和了放棄: the declaration never stood.
    refusal("seed-001", "riichi-below-1000-is-refused", [draw(1, riichi=[1])],
            start=at(dealer=0, scores=[25000, 900, 25000, 49100]),
            code="riichi_below_minimum", field="hands[0].riichi[0]"),
    # 役満の包 大三元大四喜に適用: not 四槓子.
    refusal("seed-001", "has-no-pao-for-suukantsu", [tsumo(1, yakuman=["suukantsu"], pao=2)],
            code=None, field="hands[0].result.win.pao"),
    # 跳満以上: a spoiled mangan is not compensated.
    refusal("seed-001", "no-compensation-below-haneman",
            [chombo(2, compensation={"to": 3, "han": 5})],
            code="invalid_compensation", field="hands[0].result.compensation"),
    # オープン立直 ナシ.
    refusal("seed-001", "has-no-open-riichi", [draw(1, riichi=[1], open_riichi=[1])],
            code=None, field="hands[0].open_riichi"),
    # 4人リーチは流局としない; 3人ロンも流局しない.
    refusal("seed-002", "four-riichi-is-no-abortive-draw",
            [abortive("four_riichi", riichi=[0, 1, 2, 3])], code=None,
            field="hands[0].result.reason"),
    refusal("seed-002", "triple-ron-is-no-abortive-draw", [abortive("triple_ron")],
            code=None, field="hands[0].result.reason"),
    # An online client cannot have a noten riichi (カラテンリーチはかけられない).
    refusal("seed-002", "noten-riichi-at-a-draw-is-refused", [draw(0, riichi=[1])],
            code="noten_riichi", field="hands[0].result.tenpai"),
    refusal("seed-002-tonpuu", "noten-riichi-at-a-draw-is-refused", [draw(riichi=[2])],
            code="noten_riichi", field="hands[0].result.tenpai"),
    # 持ち点が1,000点を割った者は、リーチをかけることができない.
    refusal("seed-002", "riichi-below-1000-is-refused", [draw(1, riichi=[1])],
            start=at(dealer=0, scores=[25000, 900, 25000, 49100]),
            code="riichi_below_minimum", field="hands[0].riichi[0]"),
    # 流し満貫なし.
    refusal("seed-002", "has-no-nagashi", [draw(nagashi=(1,))], code=None,
            field="hands[0].result.nagashi"),
    # Automatic stop only: a dealer who is not top (38,000 ahead) cannot choose to stop.
    refusal("seed-002", "all-last-dealer-not-top-cannot-stop",
            [tsumo(3, han=3, fu=30, stop=True)],
            start=at(wind="S", dealer=3, scores=[40000, 25000, 20000, 15000]),
            code="stop_not_allowed", field="hands[0].stop"),
    refusal("seed-002", "has-no-riichi-cancel", [draw(1, riichi=[1], riichi_cancelled=[1])],
            code=None, field="hands[0].riichi_cancelled"),
    refusal("seed-002", "has-no-wareme", [draw(1, dice=5)], code=None,
            field="hands[0].dice"),
    # Staff enter points, not han (点数計算が通常とは異なる).
    refusal("seed-003", "counts-points-not-han", [ron(2, win(1, han=2, fu=30))],
            code=None, field="hands[0].result.wins[0].han"),
    # 途中流局しない.
    refusal("seed-003", "has-no-abortive-draws", [abortive("four_winds")], code=None,
            field="hands[0].result.reason"),
    # チョンボ者の上がり放棄で続行: the offender cannot win the hand.
    refusal("seed-003", "chombo-offender-cannot-win",
            [tsumo(1, points=3, penalties=[{"kind": "chombo", "offender": 1}])],
            code="dead_hand_win", field="hands[0].result"),
    # With four people every hand names who sits out …
    refusal("seed-003", "four-people-need-a-sit-out-seat", [draw(0)], people=4,
            code="missing_field", field="hands[0].sit_out"),
    # … and that seat takes no part in it.
    refusal("seed-003", "the-sit-out-seat-cannot-deal-in",
            [ron(3, win(1, points=3), sit_out=3)], people=4, code=None,
            field="hands[0].result.loser"),
    # Open-ended: there is no all-last dealer to stop.
    refusal("seed-003", "has-no-stop", [ron(1, win(0, points=3), stop=True)],
            code="stop_not_allowed", field="hands[0].stop"),
    # 途中流局は一切ありません.
    refusal("seed-004", "has-no-abortive-draws", [abortive("nine_terminals")], code=None,
            field="hands[0].result.reason"),
    # 符計算はありません: fu is 40.
    refusal("seed-004", "fu-is-fixed-at-40", [ron(2, win(1, han=2, fu=30))], code=None,
            field="hands[0].result.wins[0].fu"),
    # A chombo stops the hand (親は流れず…): it is the hand's result, not a penalty.
    refusal("seed-004", "chombo-is-a-result-not-a-penalty",
            [draw(0, penalties=[{"kind": "chombo", "offender": 1}])],
            code="chombo_replays", field="hands[0].penalties[0]"),
    # Three players: nobody sits out.
    refusal("seed-004", "is-played-by-three", [draw(0)], people=4, code="player_count",
            field="players"),
    # Stops are for the all-last dealer only.
    refusal("seed-004", "no-stop-before-south-3", [tsumo(0, han=3, stop=True)],
            start=at(dealer=0), code="stop_not_allowed", field="hands[0].stop"),
]


@pytest.mark.parametrize(("data", "code", "field"), REFUSALS)
def test_a_seed_refuses_what_its_rules_exclude(data: dict[str, Any], code: str | None,
                                                field: str) -> None:
    with pytest.raises(RecordError) as refused:
        replay_record(data, presets=PRESETS)
    assert refused.value.field == field
    if code is not None:
        assert refused.value.code == code


# -- parameters that are preset data, with no hand to show them -----------------------------

@pytest.mark.parametrize(("preset", "field", "value"), [
    # 起家は回り親です; 6ゲームごとに場所替え (the parlor layer reads both).
    pytest.param("seed-004", "kicha_selection", KichaSelection.ROTATE_EACH_GAME,
                 id="seed-004-first-dealer-rotates-each-game"),
    pytest.param("seed-004", "seat_change_interval_games", 6,
                 id="seed-004-seats-change-every-6-games"),
    pytest.param("seed-004", "player_count", 3, id="seed-004-is-three-player"),
    pytest.param("seed-004", "seat_winds", SeatWinds.EAST_SOUTH_WEST_ONLY,
                 id="seed-004-seat-winds-skip-north"),
    pytest.param("seed-004", "game_length", GameLength.HANCHAN, id="seed-004-is-east-south"),
    pytest.param("seed-004", "oka", 15000, id="seed-004-oka-is-15000"),
    pytest.param("seed-004", "uma", (0, 0, 0), id="seed-004-has-no-uma"),
    pytest.param("seed-004", "box_under_settlement", False, id="seed-004-no-box-under"),
    pytest.param("seed-004", "tobi", Tobi.AT_OR_BELOW_ZERO, id="seed-004-busts-at-0"),
    pytest.param("seed-004", "value_input", ValueInput.HAN_FIXED_40FU,
                 id="seed-004-values-at-40-fu"),
    pytest.param("seed-004", "sanma_tsumo", SanmaTsumo.NO_TSUMO_SON_TABLE,
                 id="seed-004-has-no-tsumo-loss"),
    pytest.param("seed-004", "kazoe_yakuman_min_han", 14, id="seed-004-kazoe-from-14-han"),
    pytest.param("seed-004", "riichi_cancel_fee", 1000, id="seed-004-riichi-cancel-1000"),
    pytest.param("seed-004", "riichi_min_points", 1000, id="seed-004-riichi-at-1000"),
    pytest.param("seed-003", "sit_out_rotation", SitOutRotation.DISCARDER_OR_TSUMO_KAMICHA,
                 id="seed-003-sit-out-is-discarder-or-tsumo-kamicha"),
    pytest.param("seed-003", "dealer_rotation", DealerRotation.WINNER_BECOMES_DEALER,
                 id="seed-003-winner-becomes-dealer"),
    pytest.param("seed-003", "round_wind_fixed", "E", id="seed-003-round-wind-always-east"),
    pytest.param("seed-003", "seat_winds", SeatWinds.EAST_SOUTH_WEST_ONLY,
                 id="seed-003-seat-winds-skip-the-empty-seat"),
    pytest.param("seed-003", "chombo_hand", ChomboHand.CONTINUE_DEAD_HAND,
                 id="seed-003-chombo-continues-with-a-dead-hand"),
    pytest.param("seed-003", "game_length", GameLength.OPEN_ENDED, id="seed-003-open-ended"),
    pytest.param("seed-002", "double_wind_pair_fu", 2, id="seed-002-double-wind-pair-2-fu"),
    pytest.param("seed-002", "game_length", GameLength.HANCHAN, id="seed-002-is-east-south"),
    pytest.param("seed-002-tonpuu", "game_length", GameLength.TONPUU,
                 id="seed-002-tonpuu-is-east-only"),
    pytest.param("seed-001", "double_wind_pair_fu", 4, id="seed-001-double-wind-pair-4-fu"),
    pytest.param("seed-001", "pinfu_tsumo_fu", 20, id="seed-001-pinfu-tsumo-20-fu"),
    pytest.param("seed-001", "uma", (20, 10, -10, -20), id="seed-001-uma-10-20"),
    pytest.param("seed-001", "extension", Extension.NONE, id="seed-001-no-west-round"),
    pytest.param("seed-000", "uma", (0, 0, 0, 0), id="seed-000-has-no-uma"),
    pytest.param("seed-000", "oka", 20000, id="seed-000-oka-20000-to-the-top"),
    pytest.param("seed-000", "game_length", GameLength.TONPUU, id="seed-000-is-east-only"),
    pytest.param("seed-000", "extension", Extension.KAERI_TON_SUDDEN_DEATH,
                 id="seed-000-kaeri-ton"),
])
def test_a_seed_parameter_is_preset_data(preset: str, field: str, value: Any) -> None:
    assert getattr(PRESETS[preset], field) == value
