"""Presets from published rule sheets: each rule the sheet states, tested on a small record,
and one replayed game per preset ending in its final settlement.

Expected numbers are worked out by hand from the sheet's text (the arithmetic is in the
comments), never copied from the engine. Every sheet is a loaded preset with its own rules:
ties split (Mリーグ, WRC, EMA), chombo deducted at the settlement (Mリーグ, JPML, WRC, EMA),
floating uma (JPML) and double yakuman by name (雀魂).
"""

from __future__ import annotations

from typing import Any

import pytest

from rulesets.registry import PRESETS
from scoring.errors import RecordError
from scoring.replay import replay_record

ALL = PRESETS
NAMES = ("Aoki", "Baba", "Chiba", "Doi")


def game(preset: str, *hands: dict[str, Any], scores: list[int] | None = None,
         wind: str = "E", number: int = 1, honba: int = 0, sticks: int = 0) -> dict[str, Any]:
    start: dict[str, Any] = {"round_wind": wind, "round_number": number, "honba": honba,
                             "sticks": sticks}
    if scores is not None:
        start["scores"] = scores
    return {"format": "tenbo-game/1", "ruleset": preset,
            "players": list(NAMES[:ALL[preset].player_count]), "hands": list(hands),
            "start": start}


def ron(loser: int, *wins: dict[str, Any], **extra: Any) -> dict[str, Any]:
    return {"result": {"kind": "ron", "loser": loser, "wins": list(wins)}, **extra}


def tsumo(winner: int, **value: Any) -> dict[str, Any]:
    return {"result": {"kind": "tsumo", "win": {"winner": winner, **value}}}


def replay(data: dict[str, Any]) -> dict[str, Any]:
    return replay_record(data, presets=ALL)


def first_deltas(data: dict[str, Any]) -> list[int]:
    deltas: list[int] = replay(data)["hands"][0]["deltas"]
    return deltas


# -- one replayed game per preset, ending in its final settlement ------------------------

@pytest.mark.parametrize(("preset", "scores", "hand", "total"), [
    # South 4, seat 3 deals; seat 0 wins 1 han 30 fu (1,000) off seat 3 and the game ends.
    # 37,000 / 27,300 / 23,800 / 11,900, as the published example: 2nd −2.7 + 10 = 7.3,
    # 3rd −6.2 − 10 = −16.2, 4th −18.1 − 30 = −48.1, top +7 + 20 oka + 30 = 57.
    pytest.param("mleague", [36000, 27300, 23800, 12900], ron(3, {"winner": 0, "han": 1,
                 "fu": 30}), [57, 7.3, -16.2, -48.1],
                 id="Mリーグ: uma 30-10, oka 20,000, 100 points = 0.1pt"),
    # 40,000 first: (40,000 − 30,000) / 1,000 + 15 = 25, the rule book's own example;
    # 31,000 → 1 + 5 = 6; 29,000 → −1 − 5 = −6; 20,000 → −10 − 15 = −25.
    pytest.param("wrc", [39000, 31000, 29000, 21000], ron(3, {"winner": 0, "han": 1,
                 "fu": 30}), [25, 6, -6, -25],
                 id="WRC: session score (points − 30,000) / 1,000 + uma 15-5, no oka"),
    pytest.param("ema", [39000, 31000, 29000, 21000], ron(3, {"winner": 0, "han": 1,
                 "fu": 30}), [25, 6, -6, -25],
                 id="EMA: 30,000 returned, uma 15-5, no oka"),
    # 最高位戦: 30,000 returned, uma 30-10, no oka: 41,000 → 11 + 30 = 41;
    # 31,000 → 1 + 10 = 11; 28,000 → −2 − 10 = −12; 20,000 → −10 − 30 = −40.
    pytest.param("saikouisen", [40000, 31000, 28000, 21000], ron(3, {"winner": 0, "han": 1,
                 "fu": 30}), [41, 11, -12, -40],
                 id="最高位戦: 30,000点持ち30,000点返し, uma 30-10"),
    # 雀魂: 25,000 returned, uma 15-5: 35,000 → 10 + 15 = 25; 30,000 → 5 + 5 = 10;
    # 20,000 → −5 − 5 = −10; 15,000 → −10 − 15 = −25.
    pytest.param("mahjongsoul-4p-hanchan", [34000, 30000, 20000, 16000],
                 ron(3, {"winner": 0, "han": 1, "fu": 30}), [25, 10, -10, -25],
                 id="雀魂 四人: 25,000点返し (no oka), uma 5-15"),
    # 雀魂 三人: 35,000 returned, uma 15-0-15: 45,000 → 10 + 15 = 25;
    # 35,000 → 0; 25,000 → −10 − 15 = −25. Seat 2 deals the last hand (South 3).
    pytest.param("mahjongsoul-3p-hanchan", [44000, 35000, 26000],
                 ron(2, {"winner": 0, "han": 1, "fu": 30}), [25, 0, -25],
                 id="雀魂 三人: 35,000点開始の35,000点返し, uma 15-0-15"),
])
def test_a_replayed_game_ends_in_the_published_settlement(
        preset: str, scores: list[int], hand: dict[str, Any], total: list[float]) -> None:
    last = ALL[preset].player_count
    south = "S" if ALL[preset].game_length.value == "hanchan" else "E"
    out = replay(game(preset, hand, scores=scores, wind=south, number=last))
    assert out["end"] is not None
    assert out["final"]["total_points"] == total


@pytest.mark.parametrize("preset", ["mahjongsoul-4p-tonpuu", "mahjongsoul-3p-tonpuu"])
def test_mahjongsoul_tonpuu_ends_after_east_when_the_top_reaches_the_target(preset: str) -> None:
    # 東風戦: East is the whole game when the top has the target (30,000 / 40,000).
    four = ALL[preset].player_count == 4
    scores = [31000, 25000, 24000, 20000] if four else [42000, 35000, 28000]
    last = len(scores) - 1
    out = replay(game(preset, ron(last, {"winner": 1, "han": 1, "fu": 30}), scores=scores,
                      number=len(scores)))
    assert out["end"] is not None and out["final"]["ranks"][0] == 1


def test_jpml_a_rules_game_ends_with_the_last_riichi_stick_left_on_the_table() -> None:
    # オーラス終了時のリーチ棒は供託となる: the stick of a riichi at the last draw is nobody's.
    # Seat 1 declares riichi in South 4 and the hand is drawn with seat 1 alone tenpai:
    # 3,000 from the three noten players, and the game ends (seat 3, the dealer, is noten).
    hand = {"riichi": [1], "result": {"kind": "draw", "tenpai": [1]}}
    out = replay(game("jpml-a", hand, scores=[30000, 30000, 30000, 30000], wind="S",
                      number=4))
    assert out["hands"][0]["deltas"] == [-1000, 2000, -1000, -1000]
    assert out["final"]["scores"] == [29000, 32000, 29000, 29000]   # the 1,000 stick is gone


# -- rules each sheet states, one small record each --------------------------------------

@pytest.mark.parametrize(("data", "deltas"), [
    pytest.param(game("mleague", ron(1, {"winner": 0, "han": 4, "fu": 30})),
                 [12000, -12000, 0, 0], id="Mリーグ: 7700は切り上げ満貫 (dealer 11,600 → 12,000)"),
    pytest.param(game("mleague", ron(0, {"winner": 1, "han": 3, "fu": 60})),
                 [-8000, 8000, 0, 0], id="Mリーグ: 60符3飜 is rounded up to mangan too"),
    pytest.param(game("jpml-a", ron(0, {"winner": 1, "han": 4, "fu": 30})),
                 [-7700, 7700, 0, 0], id="JPML: 満貫は四十符六翻, so 30 fu 4 han stays 7,700"),
    pytest.param(game("jpml-a", ron(0, {"winner": 1, "han": 13, "fu": 30})),
                 [-24000, 24000, 0, 0], id="JPML: 三倍満 十三翻以上, no counted yakuman"),
    # WRC 6.1: "A base value of 1920 points, being close to mangan, is rounded up to 2,000
    # points": 30 fu 4 han and 60 fu 3 han are both 1,920 (30 × 2^6, 60 × 2^5).
    pytest.param(game("wrc", ron(1, {"winner": 0, "han": 4, "fu": 30})),
                 [12000, -12000, 0, 0], id="WRC: dealer ron 30 fu 4 han is 12,000, not 11,600"),
    pytest.param(game("wrc", ron(0, {"winner": 1, "han": 3, "fu": 60})),
                 [-8000, 8000, 0, 0], id="WRC: non-dealer ron 60 fu 3 han is 8,000, not 7,700"),
    pytest.param(game("wrc", tsumo(1, han=4, fu=30)), [-4000, 8000, -2000, -2000],
                 id="WRC: non-dealer tsumo 30 fu 4 han is 2,000 / 4,000, not 2,000 / 3,900"),
    pytest.param(game("wrc", ron(0, {"winner": 1, "han": 14, "fu": 40})),
                 [-24000, 24000, 0, 0], id="WRC: kazoe yakuman is reduced to sanbaiman"),
    pytest.param(game("wrc", ron(0, {"winner": 1, "yakuman": 2})),
                 [-32000, 32000, 0, 0], id="WRC: a hand is capped at one yakuman"),
    # EMA 2016: "A hand with 13+ fan is scored as a sanbaiman, not a yakuman": 4 × 6,000.
    pytest.param(game("ema", ron(0, {"winner": 1, "han": 13, "fu": 30})),
                 [-24000, 24000, 0, 0], id="EMA: 13+ fan is a sanbaiman, not a yakuman"),
    # Mリーグ 数え役満なし: 13 han without a yakuman is a sanbaiman, 4 × 6,000.
    pytest.param(game("mleague", ron(0, {"winner": 1, "han": 13, "fu": 30})),
                 [-24000, 24000, 0, 0], id="Mリーグ: 数え役満なし, 13 han is a sanbaiman"),
    pytest.param(game("saikouisen", ron(0, {"winner": 1, "han": 13, "fu": 30})),
                 [-24000, 24000, 0, 0], id="最高位戦: 数え役満 無し"),
    pytest.param(game("saikouisen", ron(0, {"winner": 1, "yakuman": 2})),
                 [-32000, 32000, 0, 0], id="最高位戦: 役満の複合 無し"),
    # 30符4飜・60符3飜は満貫に切り上げない: 親はロン和了11,600点・ツモ和了3,900点オール,
    # 子はロン和了7,700点・ツモ和了2,000点/3,900点.
    pytest.param(game("mahjongsoul-4p-hanchan", ron(1, {"winner": 0, "han": 4, "fu": 30})),
                 [11600, -11600, 0, 0], id="雀魂: dealer ron 30 fu 4 han is 11,600"),
    pytest.param(game("mahjongsoul-4p-hanchan", tsumo(0, han=4, fu=30)),
                 [11700, -3900, -3900, -3900], id="雀魂: dealer tsumo 30 fu 4 han is 3,900 all"),
    pytest.param(game("mahjongsoul-4p-hanchan", ron(0, {"winner": 1, "han": 4, "fu": 30})),
                 [-7700, 7700, 0, 0], id="雀魂: non-dealer ron 30 fu 4 han is 7,700"),
    pytest.param(game("mahjongsoul-4p-hanchan", tsumo(1, han=4, fu=30)),
                 [-3900, 7900, -2000, -2000],
                 id="雀魂: non-dealer tsumo 30 fu 4 han is 2,000/3,900"),
    # 三家和あり: the discarder pays each of the three winners.
    pytest.param(game("mahjongsoul-4p-hanchan", ron(0, {"winner": 1, "han": 1, "fu": 30},
                                                    {"winner": 2, "han": 1, "fu": 30},
                                                    {"winner": 3, "han": 1, "fu": 30})),
                 [-3000, 1000, 1000, 1000], id="雀魂: トリロンあり, each winner is paid"),
    # 自摸損あり: 子の満貫ツモは子から2,000点、親から4,000点、合計6,000点.
    pytest.param(game("mahjongsoul-3p-hanchan", tsumo(1, han=5)),
                 [-4000, 6000, -2000], id="雀魂 三人: ツモ損, a non-dealer mangan tsumo is 6,000"),
    # 大明槓の嶺上開花は責任払い: seat 1 wins 30 fu 3 han on the replacement tile of an open
    # kan fed by seat 2, who pays the whole tsumo alone: 1,000 + 1,000 + 2,000 = 4,000.
    pytest.param(game("jpml-a", tsumo(1, han=3, fu=30, daiminkan_feeder=2)),
                 [0, 4000, -4000, 0], id="JPML: 大明槓の嶺上開花は責任払い"),
    # Double and triple ron are allowed: the discarder pays each winner separately.
    pytest.param(game("ema", ron(0, {"winner": 1, "han": 1, "fu": 30},
                                 {"winner": 2, "han": 1, "fu": 30},
                                 {"winner": 3, "han": 1, "fu": 30})),
                 [-3000, 1000, 1000, 1000], id="EMA: triple ron, each winner is paid"),
    # EMA 4.1: "Each winner receives the value of the hand including the value of counters
    # in play." Two counters, seats 1 and 2 ron seat 0 for 1 han 30 fu: each 1,000 + 600.
    pytest.param(game("ema", ron(0, {"winner": 1, "han": 1, "fu": 30},
                                 {"winner": 2, "han": 1, "fu": 30}), honba=2),
                 [-3200, 1600, 1600, 0], id="EMA: each winner of a double ron takes the counters"),
    # EMA 4.1: the riichi bets of players who did not win go to the winner closest to the
    # discarder's right; a winner who declared riichi gets their own bet back. Seats 2 and 3
    # declare riichi, one bet is already on the table, seat 0 discards and seats 1 and 3 ron
    # (1 han 30 fu each). Seat 1 (closest) takes seat 2's bet and the old one: 1,000 + 2,000;
    # seat 3 puts down 1,000, wins 1,000 and takes its bet back: +1,000. The deltas count
    # the bets put down this hand, so they sum to the old bet, +1,000.
    pytest.param(game("ema", ron(0, {"winner": 1, "han": 1, "fu": 30},
                                 {"winner": 3, "han": 1, "fu": 30}, riichi=[2, 3]), sticks=1),
                 [-2000, 3000, -1000, 1000],
                 id="EMA: a winner in riichi takes back their bet, the others go to the head"),
    # Mリーグ 責任払い for 四槓子: seat 3 fed the fourth kan (大明槓). A tsumo is paid by seat 3
    # alone (32,000); a ron off seat 0 is split between seat 0 and seat 3 (16,000 each).
    pytest.param(game("mleague", tsumo(1, yakuman=["suukantsu"], pao=3)),
                 [0, 32000, 0, -32000], id="Mリーグ: 四槓子のパオ, tsumo paid by the kan feeder"),
    pytest.param(game("mleague", ron(0, {"winner": 1, "yakuman": ["suukantsu"], "pao": 3})),
                 [-16000, 32000, 0, -16000],
                 id="Mリーグ: 四槓子のパオ, ron split with the discarder"),
    # Mリーグ 役満の複合あり: 大三元 and 字一色 in one hand are two yakuman, 2 × 32,000; a
    # single yakuman is not doubled by its wait (四暗刻単騎 stays 32,000).
    pytest.param(game("mleague", ron(0, {"winner": 1, "yakuman": ["daisangen", "tsuuiisou"]})),
                 [-64000, 64000, 0, 0], id="Mリーグ: 大三元字一色 is a double yakuman"),
    pytest.param(game("mleague", ron(0, {"winner": 1, "yakuman": ["suuankou_tanki"]})),
                 [-32000, 32000, 0, 0], id="Mリーグ: 四暗刻単騎 is a single yakuman"),
])
def test_a_published_rule_pays_as_the_sheet_says(data: dict[str, Any],
                                                 deltas: list[int]) -> None:
    assert first_deltas(data) == deltas


@pytest.mark.parametrize(("preset", "hand", "field"), [
    pytest.param("mleague", {"result": {"kind": "abortive", "reason": "nine_terminals"}},
                 "hands[0].result.reason", id="Mリーグ: 途中流局なし"),
    pytest.param("wrc", {"result": {"kind": "abortive", "reason": "four_riichi"}},
                 "hands[0].result.reason", id="WRC: there are no abortive draws"),
    pytest.param("saikouisen", {"result": {"kind": "abortive", "reason": "four_winds"}},
                 "hands[0].result.reason", id="最高位戦: 途中流局 一切無し"),
    pytest.param("saikouisen", ron(0, {"winner": 1, "yakuman": 1, "pao": 2}),
                 "hands[0].result.wins[0].pao", id="最高位戦: パオ 無し"),
    pytest.param("mahjongsoul-3p-hanchan",
                 {"result": {"kind": "abortive", "reason": "four_winds"}},
                 "hands[0].result.reason", id="雀魂 三人: 途中流局は九種九牌・四槓散了のみ"),
])
def test_a_rule_the_sheet_does_not_have_is_refused(preset: str, hand: dict[str, Any],
                                                   field: str) -> None:
    with pytest.raises(RecordError) as refused:
        replay(game(preset, hand))
    assert refused.value.field == field


def test_ema_refuses_nagashi_mangan_with_a_code_naming_the_field() -> None:
    # EMA 2016: "Nagashi Mangan is not allowed." A draw naming a nagashi seat is refused, so
    # the tablet and the API answer 400 instead of paying a mangan the rules do not have.
    hand = {"result": {"kind": "draw", "tenpai": [1], "nagashi": [2]}}
    with pytest.raises(RecordError) as refused:
        replay(game("ema", hand))
    assert refused.value.code == "nagashi_not_allowed"
    assert refused.value.field == "hands[0].result.nagashi"
    assert "nagashi" in refused.value.message


@pytest.mark.parametrize("preset", ["mleague", "wrc", "jpml-a"])
def test_a_head_bump_sheet_pays_only_the_winner_nearest_the_discarder(preset: str) -> None:
    # Mリーグ ダブロンなし; WRC only the player closer to the discarder wins; JPML 上家優先.
    # Seat 0 discards; seats 2 and 1 both call ron: seat 1 is first in turn order.
    out = replay(game(preset, ron(0, {"winner": 2, "han": 2, "fu": 30},
                                  {"winner": 1, "han": 1, "fu": 30})))
    assert out["hands"][0]["deltas"] == [-1000, 1000, 0, 0]


def test_the_last_dealer_plays_on_after_a_win_under_the_league_sheets() -> None:
    # Mリーグ 和了りやめなし: the South 4 dealer who wins as top deals again.
    out = replay(game("mleague", ron(0, {"winner": 3, "han": 1, "fu": 30}),
                      scores=[20000, 25000, 25000, 30000], wind="S", number=4))
    assert out["end"] is None
    assert out["hands"][0]["next"]["honba"] == 1


@pytest.mark.parametrize("preset", ["mahjongsoul-4p-hanchan", "mahjongsoul-4p-tonpuu"])
@pytest.mark.parametrize(("last_score", "ends"), [
    pytest.param(1000, False, id="exactly 0 plays on"),
    pytest.param(900, True, id="below 0 ends the game"),
])
def test_mahjongsoul_busts_only_below_zero(preset: str, last_score: int, ends: bool) -> None:
    # "Bankruptcy: Applied for negative points; Not applied for zero point": seat 3 deals a
    # 1,000 ron (1 han 30 fu to seat 1) in East 1 from 1,000 (to 0) or from 900 (to −100).
    scores = [34000, 33000, 32000 + 1000 - last_score, last_score]
    out = replay(game(preset, ron(3, {"winner": 1, "han": 1, "fu": 30}), scores=scores))
    assert out["hands"][0]["scores_after"][3] == last_score - 1000
    assert (out["end"] is not None) is ends


def test_mahjongsoul_last_dealer_stops_as_top_where_the_league_sheets_play_on() -> None:
    # "in All Last, if the dealer is already winning then an extra hand is not played": the
    # same South 4 win by the dealer as top (30,000 → 31,000) that Mリーグ plays on from.
    out = replay(game("mahjongsoul-4p-hanchan", ron(0, {"winner": 3, "han": 1, "fu": 30}),
                      scores=[20000, 25000, 25000, 30000], wind="S", number=4))
    assert out["end"] is not None
    assert out["final"]["ranks"][3] == 1


# -- the options the sheets waited for -------------------------------------------------

def final_of(preset: str, scores: list[int], *hands: dict[str, Any]) -> dict[str, Any]:
    """The settlement of a game stopped by staff after ``hands`` from ``scores``."""
    data = game(preset, *hands, scores=scores)
    data["finished"] = True
    final: dict[str, Any] = replay(data)["final"]
    return final


@pytest.mark.parametrize(("preset", "scores", "total"), [
    # Mリーグ (同着の場合は順位点は分け): 25,000 start, 30,000 returned, oka 20, uma 30-10.
    # A and B tie on 35,000: each 5 + (30 + 10 + 20) / 2 = 35; C −10 − 10 = −20;
    # D −20 − 30 = −50.
    pytest.param("mleague", [35000, 35000, 20000, 10000], [35, 35, -20, -50],
                 id="Mリーグ: tied tops share uma 30 + 10 and the oka"),
    # WRC: no oka, uma 15-5. A and B tie on 35,000: each 5 + (15 + 5) / 2 = 15;
    # C 0 − 5 = −5; D −10 − 15 = −25.
    pytest.param("wrc", [35000, 35000, 30000, 20000], [15, 15, -5, -25],
                 id="WRC: tied players share the uma of the places they hold"),
    # EMA: three tie on 26,000 for 2nd to 4th: each −4 + (5 − 5 − 15) / 3 = −9;
    # A 12 + 15 = 27.
    pytest.param("ema", [42000, 26000, 26000, 26000], [27, -9, -9, -9],
                 id="EMA: three tied players share the uma of 2nd to 4th"),
])
def test_tied_players_share_the_uma(preset: str, scores: list[int],
                                    total: list[float]) -> None:
    assert final_of(preset, scores)["total_points"] == total


@pytest.mark.parametrize(("scores", "total"), [
    # 30,000 returned, no oka. A floater has 30,000 or more.
    # One floater (12-1-3-8): A 15 + 12 = 27; B −1 − 1 = −2; C −4 − 3 = −7; D −10 − 8 = −18.
    pytest.param([45000, 29000, 26000, 20000], [27, -2, -7, -18], id="一人浮き 12-1-3-8"),
    # Two floaters (8-4-4-8): A 10 + 8 = 18; B 2 + 4 = 6; C −2 − 4 = −6; D −10 − 8 = −18.
    pytest.param([40000, 32000, 28000, 20000], [18, 6, -6, -18], id="二人浮き 8-4-4-8"),
    # Three floaters, C exactly on 30,000 (8-3-1-12): A 6 + 8 = 14; B 1 + 3 = 4;
    # C 0 + 1 = 1; D −7 − 12 = −19.
    pytest.param([36000, 31000, 30000, 23000], [14, 4, 1, -19],
                 id="三人浮き 8-3-1-12, 30,000 itself floats"),
])
def test_jpml_uma_depends_on_how_many_players_float(scores: list[int],
                                                    total: list[float]) -> None:
    assert final_of("jpml-a", scores)["total_points"] == total


@pytest.mark.parametrize("preset", ["mleague", "jpml-a", "wrc", "ema"])
def test_a_chombo_is_deducted_at_the_settlement_and_moves_no_points(preset: str) -> None:
    # Seat 1's chombo stops the first hand; it is dealt again and seat 0 rons seat 2 for
    # 1 han 30 fu (the dealer's 1,500). The 20p leave the game.
    start = ALL[preset].start_points
    out = replay({**game(preset, {"result": {"kind": "chombo", "offender": 1}},
                         ron(2, {"winner": 0, "han": 1, "fu": 30})), "finished": True})
    assert out["hands"][0]["deltas"] == [0, 0, 0, 0]
    assert out["hands"][1]["scores_after"] == [start + 1500, start, start - 1500, start]
    assert out["hands"][0]["deductions"] == [0, -20000, 0, 0]
    assert out["final"]["deductions"] == [0, -20, 0, 0]
    assert out["final"]["bonuses"] == [0, 0, 0, 0]
    assert sum(out["final"]["total_points"]) == pytest.approx(-20)


@pytest.mark.parametrize(("preset", "name"), [
    (preset, name)
    for preset in ("mahjongsoul-4p-hanchan", "mahjongsoul-4p-tonpuu")
    for name in ("kokushi_13", "suuankou_tanki", "daisuushii", "junsei_chuuren")])
def test_mahjongsoul_names_four_double_yakuman(preset: str, name: str) -> None:
    # 国士無双十三面待ち・四暗刻単騎・大四喜・純正九連宝燈はダブル役満: a non-dealer ron is
    # 2 × 32,000 = 64,000; 四暗刻 (single wait not named) stays 32,000.
    assert first_deltas(game(preset, ron(0, {"winner": 1, "yakuman": [name]}))) == [
        -64000, 64000, 0, 0]
    assert first_deltas(game(preset, ron(0, {"winner": 1, "yakuman": ["suuankou"]}))) == [
        -32000, 32000, 0, 0]


@pytest.mark.parametrize("preset", ["mahjongsoul-3p-hanchan", "mahjongsoul-3p-tonpuu"])
def test_mahjongsoul_three_player_double_yakuman_tsumo(preset: str) -> None:
    # A non-dealer 四暗刻単騎 tsumo with ツモ損: two yakuman, 2 × (8,000 + 16,000) = 48,000:
    # the other non-dealer 16,000 and the dealer 32,000.
    out = first_deltas(game(preset, {"result": {"kind": "tsumo", "win": {
        "winner": 1, "yakuman": ["suuankou_tanki"]}}}))
    assert out == [-32000, 48000, -16000]
