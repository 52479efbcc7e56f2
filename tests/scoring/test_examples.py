"""The example games in ``examples/``: one complete game per preset, replayed by the CLI.

Every expected number below was computed by hand from the rules (shared/rules), hand by
hand, independently of the engine; the arithmetic is written out in ``examples/README.md``.
The test runs ``python -m scoring replay examples/<preset>.json`` exactly as staff would,
then checks that the game ended where the rules say, the score after every hand, and the
final settlement (scores, ranks, total_points).
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from rulesets.registry import PRESETS

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples"

# preset -> (end reason, index of the last hand, final scores, ranks, total_points,
#            score after every hand). Sticks still on the table are noted in the README.
EXPECTED: dict[str, dict[str, Any]] = {
    "standard": {
        "end": "all_last", "after_hand": 13,
        "scores": [59300, 11300, 9700, 19700],
        "ranks": [1, 3, 4, 2],
        # D −10,300 → −10 +10 = 0; B −18,700 → −19 −10 = −29; C −20,300 → −20 −20 = −40;
        # A = −(0 − 29 − 40) = +69 (own 29.3 → 29 + oka 20 + uma 20 = 69, no residual).
        "total_points": [69, -29, -40, 0],
        "running": [
            [32800, 22400, 22400, 22400],  # E1-0  A riichi, dealer tsumo 40/3: 2,600 all
            [34300, 20900, 23900, 20900],  # E1-1  draw, A C tenpai: ±1,500
            [32800, 21400, 22400, 21400],  # E1-2  B D riichi, draw, B D tenpai (2 sticks stay)
            [37000, 21400, 14300, 27300],  # E2-3  double ron on C: D 2,000+900+3 sticks, A 5,200
            [33100, 17500, 26000, 23400],  # E3-0  C riichi, dealer tsumo 30/4: 3,900 all
            [33100, 21700, 26000, 19200],  # E3-1  B rons D 3,900+300
            [32100, 20700, 25000, 22200],  # E4-0  draw, D tenpai alone: +3,000
            [64400, 4700, 8700, 22200],    # E4-1  A daisangen ron on C, pao B: 16,300 / 16,000
            [61800, 9900, 7400, 20900],    # S1-0  B riichi, tsumo 20/4: 1,300 / 2,600
            [61800, 12800, 7400, 18000],   # S2-0  dealer B rons D 30/2: 2,900
            [60300, 14300, 7900, 16500],   # S2-1  C riichi, draw, B C tenpai (1 stick stays)
            [60300, 14300, 13700, 11700],  # S2-2  D riichi, C rons D 25/3: 3,200+600+2 sticks
            [58300, 12300, 9700, 19700],   # S3-0  D tsumo mangan: 2,000 / 4,000
            [59300, 11300, 9700, 19700],   # S4-0  A rons B 30/1: 1,000 — all-last ends
        ],
    },
    "saikouisen": {
        "end": "all_last", "after_hand": 12,
        "scores": [53000, 10600, 28000, 28400],
        "ranks": [1, 4, 3, 2],
        # 30,000 returned, no rounding, uma 30-10: D −1.6 +10 = 8.4; C −2.0 −10 = −12;
        # B −19.4 −30 = −49.4; A = −(8.4 − 12 − 49.4) = 53 (own 23 + uma 30, no oka).
        "total_points": [53, -49.4, -12, 8.4],
        "running": [
            [30000, 32600, 27400, 30000],  # E1-0  B riichi, rons C 40/2: 2,600 (stick back)
            [28500, 34100, 25900, 31500],  # E2-0  draw, B D tenpai: ±1,500
            [24500, 46100, 21900, 27500],  # E2-1  dealer B tsumo 30/4: 3,900 all +100 (no 切り上げ)
            [49100, 46100, 21900, 2900],   # E2-2  A rons D 13 han: 24,000 +600 (no 数え役満)
            [49100, 46100, 29600, -4800],  # E3-0  dealer C rons D 40/3: 7,700; D below 0 plays on
            [49100, 46100, 29600, -4800],  # E3-1  draw, nobody tenpai: no payment, deal passes
            [48200, 45200, 28700, -2100],  # E4-2  dealer D tsumo 20/2: 700 all +200
            [46300, 47100, 28700, -2100],  # E4-3  B rons A 30/1: 1,000 +900
            [42300, 45100, 36700, -4100],  # S1-0  C tsumo mangan: 2,000 / 4,000
            [42300, 13100, 36700, 27900],  # S2-0  D rons B double yakuman: one yakuman, 32,000
            [50000, 13100, 29000, 27900],  # S3-0  A rons C 60/3: 7,700 (no 切り上げ)
            [50000, 11600, 29000, 29400],  # S4-0  dealer D rons B 30/1: 1,500; no 和了止め
            [53000, 10600, 28000, 28400],  # S4-1  draw, A tenpai alone: +3,000 — all-last ends
        ],
    },
    "tenhou-4p-hanchan": {
        "end": "sudden_death", "after_hand": 14,
        "scores": [27600, 26000, 14600, 31800],
        "ranks": [2, 3, 4, 1],
        # one decimal, no rounding: A −2.4 +10 = 7.6; B −4.0 −10 = −14.0; C −15.4 −20 = −35.4;
        # D = 1.8 + oka 20 + uma 20 = 41.8
        "total_points": [7.6, -14.0, -35.4, 41.8],
        "running": [
            [25000, 27600, 22400, 25000],  # E1-0  B riichi, rons C 40/2: 2,600
            [23500, 29100, 20900, 26500],  # E2-0  draw, B D tenpai
            [20500, 25100, 28900, 24500],  # E2-1  A riichi; C nagashi: 4,000 / 2,000 / 2,000
            [24100, 25100, 32800, 18000],  # E3-2  double ron on D: A 2,000+600+stick, C 3,900
            [22800, 30000, 30500, 16700],  # E3-3  B tsumo 30/3 at 3 honba: 1,300 / 2,300
            [15100, 30000, 30500, 24400],  # E4-0  D riichi, rons A 40/3: 7,700
            [15100, 30000, 31800, 23100],  # E4-1  C rons D 30/1: 1,000+300
            [27100, 26000, 27800, 19100],  # S1-0  A riichi, tsumo mangan: 4,000 all
            [26100, 25000, 26800, 22100],  # S1-1  draw, D tenpai alone
            [26100, 25000, 22600, 26300],  # S2-2  C riichi, D rons C 40/2: 2,600+600+stick
            [28100, 23000, 22600, 26300],  # S3-0  A rons B 30/2: 2,000
            [27100, 22000, 21600, 29300],  # S4-0  dealer D tsumo 30/2: 1,000 all (top, <30,000)
            [28600, 23500, 20100, 27800],  # S4-1  draw, A B tenpai, D noten -> West round
            [28600, 28000, 15600, 27800],  # W1-2  B rons C 30/3: 3,900+600
            [27600, 26000, 14600, 31800],  # W2-0  D riichi, tsumo 30/3: 1,000 / 2,000 -> ends
        ],
    },
    "tenhou-4p-tonpuu": {
        "end": "agari_yame", "after_hand": 7,
        "scores": [27200, 13700, 23100, 36000],
        "ranks": [2, 4, 3, 1],
        # A −2.8 +10 = 7.2; B −16.3 −20 = −36.3; C −6.9 −10 = −16.9; D 6.0 +20 +20 = 46.0
        "total_points": [7.2, -36.3, -16.9, 46.0],
        "running": [
            [26500, 23500, 25500, 23500],  # E1-0  C riichi, draw, A C tenpai (1 stick stays)
            [38500, 19500, 21500, 19500],  # E1-1  dealer A nagashi: 4,000 all, A noten
            [29800, 24000, 21500, 24700],  # E2-2  double ron on A: B 2,900+600+stick, D 5,200
            [28200, 21100, 19900, 30800],  # E2-3  D riichi, tsumo 20/4 at 3 honba
            [28200, 21100, 25700, 25000],  # E3-0  dealer C rons D 30/3: 5,800
            [28200, 22700, 24100, 25000],  # E3-1  B rons C 40/1: 1,300+300
            [27200, 21700, 23100, 28000],  # E4-0  draw, D tenpai alone (top, <30,000)
            [27200, 13700, 23100, 36000],  # E4-1  D riichi, rons B 40/3: 7,700+300 -> stop
        ],
    },
    "tenhou-3p-hanchan": {
        "end": "tobi", "after_hand": 9,
        "scores": [-300, 56500, 48800],
        "ranks": [3, 1, 2],
        # A −40.3 −20 = −60.3; C 8.8 + 0 = 8.8; B 16.5 + oka 15 + uma 20 = 51.5
        "total_points": [-60.3, 51.5, 8.8],
        "running": [
            [33000, 38000, 34000],  # E1-0  B riichi, tsumo 30/3: 1,000 / 2,000 (tsumo-son)
            [32000, 40000, 33000],  # E2-0  draw, B tenpai alone: 1,000 each
            [38000, 36000, 30000],  # E2-1  C riichi; A nagashi: 4,000 / 2,000
            [29200, 40000, 35800],  # E3-2  double ron on A: B 2,600+400+stick, C 5,800
            [24900, 35700, 44400],  # E3-3  C riichi, dealer tsumo mangan: 4,300 each
            [27700, 35700, 41600],  # E3-4  A rons C 30/2: 2,000+800
            [28700, 33700, 42600],  # S1-0  draw, A C tenpai: B pays 2,000
            [20800, 41600, 42600],  # S1-1  B riichi, rons A 30/4: 7,700+200
            [1800, 60600, 42600],   # S2-0  A riichi, dealer B rons A haneman: 18,000
            [-300, 56500, 48800],   # S2-1  C tsumo mangan: A 2,100, B 4,100 -> A busts
        ],
    },
    "tenhou-3p-tonpuu": {
        "end": "sudden_death", "after_hand": 7,
        "scores": [43800, 39200, 22000],
        "ranks": [1, 2, 3],
        # B −0.8 + 0 = −0.8; C −18.0 −20 = −38.0; A 3.8 + 15 + 20 = 38.8
        "total_points": [38.8, -0.8, -38.0],
        "running": [
            [35000, 36000, 33000],  # E1-0  A riichi, draw, A B tenpai (1 stick stays)
            [32800, 39200, 33000],  # E1-1  B rons A 30/2: 2,000+200+stick
            [30800, 35200, 39000],  # E2-0  C nagashi: B 4,000, A 2,000; B tenpai keeps deal
            [37200, 35200, 32600],  # E2-1  C riichi, A rons C 40/3: 5,200+200+stick
            [36200, 38200, 30600],  # E3-0  B tsumo 30/3: 1,000 / 2,000 -> South round
            [38200, 37200, 29600],  # S1-0  dealer A tsumo 30/2: 1,000 each (top, <40,000)
            [37200, 39200, 28600],  # S1-1  draw, B tenpai alone
            [43800, 39200, 22000],  # S2-2  C riichi, A rons C 40/3: 5,200+400+stick -> ends
        ],
    },
    "seed-000": {
        "end": "tobi", "after_hand": 6,
        "scores": [27400, 70200, -23300, 25700],
        "ranks": [2, 1, 4, 3],
        # points, no rounding, oka 20,000 to the top, no uma
        "total_points": [-2600, 60200, -53300, -4300],
        "running": [
            [25000, 32800, 17200, 25000],  # E1-0  dice 6: B wareme; B riichi, rons C 30/3 x2
            [26500, 31300, 15700, 26500],  # E2-0  dice 7: D; draw, A D tenpai
            [25900, 30700, 13600, 29800],  # E3-1  dice 5: dealer C; D tsumo 30/2: C 2,100
            [28900, 29700, 12600, 28800],  # E4-0  dice 8: C; draw, A tenpai alone; D stays
            [27400, 28200, 13100, 30300],  # E4-1  dice 11: B; C riichi, draw, C D tenpai
            [27400, 28200, 18700, 25700],  # E4-2  dice 9: dealer D; C rons D 30/2 x2 +600
            [27400, 70200, -23300, 25700],  # E5-0 (返り東) B open riichi, C deals in: 32,000
        ],                                  #        + 10,000 tobi payment
    },
    "seed-001": {
        "end": "tobi", "after_hand": 8,
        "scores": [30100, 41800, -34300, 62400],
        "ranks": [3, 2, 4, 1],
        # A +100 → 0 −10 = −10; B +11,800 → 12 +10 = 22; C −64,300 → −64 −20 −5 (tobi) = −89;
        # D = −(−10 + 22 − 89) = 77 (own 32.4 → 32 + 20 + 20 + 5 = 77)
        "total_points": [-10, 22, -89, 77],
        "bonuses": [0, 0, -5, 5],
        "running": [
            [26500, 25500, 23500, 22500],  # E1-0  B riichi, D 1,000 deposit, draw A B tenpai
            [23600, 25500, 28400, 22500],  # E1-1  C rons A 40/2: 2,600+300+2 sticks
            [23600, 33200, 18700, 24500],  # E2-0  double ron on C: D head 2,000, B 7,700
            [22300, 31900, 22600, 23200],  # E3-0  C riichi, pinfu tsumo 20/3: 1,300 all
            [25300, 30900, 21600, 22200],  # E3-1  draw, A tenpai alone
            [32100, 30900, 21600, 15400],  # E4-2  A D riichi, A rons D 40/3: 5,200+600+2
            [28100, 38900, 19600, 13400],  # S1-0  B tsumo mangan
            [30100, 41800, 13700, 14400],  # S2-0  triple ron on C: D 1,000, A 2,000, B 2,900
            [30100, 41800, -34300, 62400],  # S3-0 D daisuushii (大役満 6x) ron on C: 48,000
        ],
    },
    "seed-002": {
        "end": "agari_yame", "after_hand": 13,
        "scores": [34000, 7100, 21900, 37000],
        "ranks": [2, 4, 3, 1],
        # A +4,000 → 4 +10 = 14; B −22,900 → −23 −20 = −43; C −8,100 → −8 −10 = −18; D 47
        "total_points": [14, -43, -18, 47],
        "running": [
            [37000, 21000, 21000, 21000],  # E1-0  A riichi, tsumo 30/4 = kiriage 4,000 all
            [36000, 18700, 24300, 21000],  # E1-1  A riichi; C and A ron B: head bump, C wins
            [34500, 20200, 22800, 22500],  # E2-0  draw, B D tenpai
            [34500, 20200, 22800, 22500],  # E2-1  nine terminals
            [25900, 20200, 22800, 31100],  # E2-2  D rons A 30/4 = kiriage 8,000+600
            [25900, 22500, 20500, 31100],  # E3-0  C riichi, B rons C 40/1: 1,300+stick
            [29900, 21500, 19500, 29100],  # E4-0  A tsumo 30/3: 1,000 / 2,000
            [31900, 20500, 18500, 28100],  # S1-0  A riichi, draw, A tenpai alone
            [31900, 16300, 18500, 33300],  # S1-1  D rons B 30/3: 3,900+300+stick
            [31900, 20200, 14600, 33300],  # S2-0  dealer B rons C 40/2: 3,900
            [29800, 16100, 22900, 31200],  # S2-1  C tsumo 30/4 = kiriage 2,100 / 4,100
            [35000, 16100, 22900, 26000],  # S3-0  A rons D 40/3: 5,200
            [34000, 15100, 21900, 29000],  # S4-0  dealer D tsumo 30/2: not top, plays on
            [34000, 7100, 21900, 37000],   # S4-1  D riichi, rons B 40/3: 7,700+300 -> top
        ],
    },
    "seed-002-tonpuu": {
        "end": "tenpai_yame", "after_hand": 9,
        "scores": [23700, 23700, 25600, 27000],
        "ranks": [3, 4, 2, 1],
        # A−B tie at 23,700 -> 起家 order: A 3rd, B 4th.
        # C −4,400 → −4 +10 = 6; A −6,300 → −6 −10 = −16; B −6 −20 = −26;
        # D = −(6 − 16 − 26) = 36 (own −3 + 20 + 20 = 37; rounding residual −1)
        "total_points": [-16, -26, 6, 36],
        "running": [
            [21100, 29900, 25000, 24000],  # E1-0  D riichi; B and D ron A: head bump, B 3,900
            [20100, 32900, 24000, 23000],  # E2-0  draw, B tenpai alone
            [20100, 32900, 24000, 23000],  # E2-1  four winds
            [28700, 28700, 21800, 20800],  # E2-2  A riichi, tsumo 30/4 = kiriage 2,200 / 4,200
            [28700, 28700, 33800, 8800],   # E3-0  dealer C rons D 30/4 = kiriage 12,000
            [30200, 27200, 35300, 7300],   # E3-1  draw, A C tenpai
            [30200, 27200, 32100, 10500],  # E3-2  D rons C 40/2: 2,600+600
            [26200, 23200, 28100, 22500],  # E4-0  D riichi, tsumo 30/4 = kiriage 4,000 all
            [25200, 22200, 27100, 25500],  # E4-1  draw, D tenpai alone (not top)
            [23700, 23700, 25600, 27000],  # E4-2  draw, B D tenpai: D top -> tenpai-yame
        ],
    },
    "seed-003": {
        "end": "finished", "after_hand": 12,
        "scores": [39, 50, 42, 69],
        "ranks": [4, 2, 3, 1],
        # 点: A −21, B −10, C −18; top D = −(−21 − 10 − 18) = +49
        # (= 69 − 60 + 40: with four people the four starts fall 40 short of the returns)
        "total_points": [-21, -10, -18, 49],
        "running": [
            [50, 58, 42, 50],  # 0  out D. B riichi, rons C 8
            [62, 52, 42, 44],  # 1  out C. A tsumo 6
            [47, 37, 71, 44],  # 2  out D. C riichi, draw, C tenpai alone: 15+15 (stick stays)
            [36, 26, 94, 44],  # 3  out D. C tsumo 10 at 1 honba: 11 each + stick
            [59, 26, 34, 81],  # 4  out B. C chombo 30 to A and D; D rons A 7
            [59, 17, 25, 99],  # 5  out A. D riichi, tsumo 9
            [65, 30, 25, 80],  # 6  out C. double ron on D at 1 honba: A 5+1, B 12+1
            [35, 45, 40, 80],  # 7  out D. draw, B C tenpai: A pays 15 to each
            [35, 32, 53, 80],  # 8  out D. B riichi, C rons B 11+1 + stick
            [28, 32, 67, 73],  # 9  out B. C tsumo 7
            [28, 32, 51, 89],  # 10 out A. D rons C 15+1
            [48, 32, 51, 69],  # 11 out C. A riichi, rons D 20
            [39, 50, 42, 69],  # 12 out D. B tsumo 9; staff close the game
        ],
    },
    "seed-004": {
        "end": "agari_yame", "after_hand": 10,
        "scores": [13000, 45000, 47000],
        "ranks": [3, 2, 1],
        # A 13 − 40 = −27; B 45 − 40 = 5; C = −(−27 + 5) = 22 (= 7 + oka 15)
        "total_points": [-27, 5, 22],
        "running": [
            [31000, 41000, 33000],  # E1-0  B riichi, tsumo 3 han: 2,000 / 4,000
            [32000, 42000, 30000],  # E2-0  C riichi cancelled (stick stays); draw, A B tenpai
            [37000, 50000, 18000],  # E2-1  A riichi; double ron on C: A head 3,000+1,000+2
                                    #        sticks, B 8,000; deal passes (head decides)
            [31000, 44000, 30000],  # E3-0  C riichi, dealer tsumo 4 han: 6,000 all
            [30000, 43000, 32000],  # E3-1  draw, C tenpai alone: 1,000 each
            [33000, 40000, 32000],  # E3-2  A rons B 1 han: 1,000 + 2,000 honba
            [25000, 52000, 28000],  # S1-0  B tsumo haneman: 4,000 / 8,000
            [31000, 46000, 28000],  # S2-0  A rons dealer B 3 han: 6,000
            [29000, 44000, 32000],  # S3-0  dealer C tsumo 2 han: 2,000 all (not top)
            [27000, 45000, 33000],  # S3-1  draw, B C tenpai: A pays 1,000 to each
            [13000, 45000, 47000],  # S3-2  C riichi, rons A 4 han: 12,000+2,000 -> top
        ],
    },
    "mleague": {
        "end": "all_last", "after_hand": 9,
        "scores": [23300, 23300, 29700, 23700],
        "ranks": [3, 4, 1, 2],
        # 30,000 returned, oka 20, uma 30-10, ties split, chombo −20p at the end:
        # D −6.3 + 10 − 20 = −16.3; A and B tie on 23,300: −6.7 + (−10 − 30) / 2 = −26.7 each;
        # C = −(3.7 − 26.7 − 26.7) = 49.7 (own −0.3 + oka 20 + uma 30).
        "total_points": [-26.7, -26.7, 49.7, -16.3],
        "deductions": [0, 0, 0, -20],
        "leaves_game": -20,  # D's chombo deduction
        "running": [
            [25000, 17000, 33000, 25000],  # E1-0  C rons B 30/4: 切り上げ満貫 8,000
            [25000, 17000, 33000, 25000],  # E2-0  D chombo: nothing moves, dealt again
            [27000, 16000, 32500, 24500],  # E2-0  A tsumo 30/2: 500 / dealer B 1,000
            [27000, 16000, 29900, 27100],  # E3-0  D rons dealer C 40/2: 2,600
            [28500, 17500, 28400, 25600],  # E4-0  draw, A B tenpai: ±1,500; D noten, passes
            [24300, 21700, 28400, 25600],  # S1-1  B rons dealer A 30/3: 3,900 + 300
            [24300, 24600, 28400, 22700],  # S2-0  dealer B rons D 30/2: 2,900
            [24300, 23300, 29700, 22700],  # S2-1  C rons dealer B 30/1: 1,000 + 300
            [22300, 23300, 29700, 24700],  # S3-0  D rons A 30/2: 2,000
            [23300, 23300, 29700, 23700],  # S4-0  A rons dealer D 30/1: 1,000 — all-last ends
        ],
    },
    "jpml-a": {
        "end": "all_last", "after_hand": 11,
        "scores": [28100, 32600, 30800, 26500],
        "ranks": [3, 1, 2, 4],
        # 30,000 returned, no oka; B and C float (30,000 or more): uma 8-4-4-8.
        # C 0.8 + 4 = 4.8; A −1.9 − 4 − 20 (chombo) = −25.9; D −3.5 − 8 = −11.5;
        # B = −(4.8 − 5.9 − 11.5) − 2 lost sticks = 10.6 (own 2.6 + uma 8).
        "total_points": [-25.9, 10.6, 4.8, -11.5],
        "deductions": [-20, 0, 0, 0],
        "leaves_game": -22,  # A's chombo deduction and the two sticks left at the end
        "running": [
            [30000, 37700, 22300, 30000],  # E1-0  B rons C 30/4: 7,700 (no 切り上げ)
            [30000, 37700, 22300, 30000],  # E2-0  A chombo: nothing moves, dealt again
            [28700, 41600, 21000, 28700],  # E2-0  dealer B tsumo 40/2: 1,300 all
            [28700, 41600, 23300, 26400],  # E2-1  C rons D 30/2: 2,000 + 300
            [27700, 40600, 26300, 25400],  # E3-0  draw, dealer C tenpai alone: +3,000
            [27700, 35100, 26300, 30900],  # E3-1  D rons B 40/3: 5,200 + 300
            [31600, 35100, 26300, 27000],  # E4-0  A rons dealer D 30/3: 3,900
            [29600, 34100, 30300, 26000],  # S1-0  C tsumo 30/3: 1,000 / dealer A 2,000
            [28600, 34100, 30300, 27000],  # S2-0  D rons A 30/1: 1,000
            [30600, 32100, 30300, 27000],  # S3-0  A rons B 30/2: 2,000
            [29100, 33600, 28800, 27500],  # S4-0  D riichi, draw, B D tenpai: dealer keeps
            [28100, 32600, 30800, 26500],  # S4-1  C riichi, draw, C alone tenpai: game over,
                                           #        both sticks are left on the table
        ],
    },
    "wrc": {
        "end": "all_last", "after_hand": 10,
        "scores": [22100, 30000, 30000, 37900],
        "ranks": [4, 2, 3, 1],
        # 30,000 returned, no oka, uma 15-5; B and C tie on 30,000 and share 2nd and 3rd:
        # 0 + (5 − 5) / 2 = 0 each, C −20 for the chombo; A −7.9 − 15 = −22.9;
        # D = −(0 + 0 − 22.9) = 22.9 (own 7.9 + uma 15).
        "total_points": [-22.9, 0, -20, 22.9],
        "deductions": [0, 0, -20, 0],
        "leaves_game": -20,  # C's chombo deduction
        "running": [
            [33900, 26100, 30000, 30000],  # E1-0  dealer A rons B 40/2: 3,900
            [33900, 24800, 31300, 30000],  # E1-1  C and D ron B: only C (head) 1,000 + 300
            [33900, 24800, 31300, 30000],  # E2-0  C chombo: nothing moves, dealt again
            [9900, 24800, 31300, 54000],   # E2-0  D rons A 11 han: sanbaiman 24,000
            [17900, 24800, 31300, 46000],  # E3-0  A rons D mangan: 8,000
            [19400, 26300, 29800, 44500],  # E4-0  draw, A B tenpai: ±1,500
            [25700, 24200, 27700, 42400],  # S1-1  dealer A tsumo 30/3: 2,000 all + 100
            [25700, 28700, 27700, 37900],  # S1-2  B rons D 30/3: 3,900 + 600
            [24400, 28700, 29000, 37900],  # S2-0  C rons A 40/1: 1,300
            [23100, 30000, 29000, 37900],  # S3-0  B rons A 40/1: 1,300
            [22100, 30000, 30000, 37900],  # S4-0  C rons A 30/1: 1,000 — all-last ends
        ],
    },
    "ema": {
        "end": "all_last", "after_hand": 9,
        "scores": [48600, 28700, 28700, 14000],
        "ranks": [1, 2, 3, 4],
        # 30,000 returned, no oka, uma 15-5; B and C tie on 28,700 and share 2nd and 3rd:
        # −1.3 + (5 − 5) / 2 = −1.3 each; D −16 − 15 = −31;
        # A = −(−1.3 − 1.3 − 31) − 20 (chombo) = 13.6 (own 18.6 + uma 15 − 20).
        "total_points": [13.6, -1.3, -1.3, -31],
        "deductions": [-20, 0, 0, 0],
        "leaves_game": -20,  # A's chombo deduction
        "running": [
            [30000, 26700, 32000, 31300],  # E1-0  double ron on B: C 30/2 2,000, D 40/1 1,300
            [30000, 26700, 32000, 31300],  # E2-0  A chombo: nothing moves, dealt again
            [28000, 22700, 30000, 39300],  # E2-0  D tsumo mangan: 2,000 / dealer B 4,000
            [52000, 22700, 30000, 15300],  # E3-0  A rons D 13 han: sanbaiman 24,000 (no kazoe)
            [48100, 22700, 33900, 15300],  # E4-0  C rons A 30/3: 3,900
            [51100, 21700, 32900, 14300],  # S1-0  dealer A tsumo 30/2: 1,000 all
            [48800, 24000, 32900, 14300],  # S1-1  B rons dealer A 30/2: 2,000 + 300
            [49900, 23500, 32600, 14000],  # S2-0  A tsumo 30/1: 300 / dealer B 500
            [48600, 24800, 32600, 14000],  # S3-0  B rons A 40/1: 1,300
            [48600, 28700, 28700, 14000],  # S4-0  B rons C 30/3: 3,900 — all-last ends
        ],
    },
    "mahjongsoul-4p-hanchan": {
        "end": "tobi", "after_hand": 3,
        "scores": [30900, 90400, -46100, 24800],
        "ranks": [2, 1, 4, 3],
        # 25,000 returned, no oka, uma 15-5: A 5.9 + 5 = 10.9; D −0.2 − 5 = −5.2;
        # C −71.1 − 15 = −86.1; B = −(10.9 − 5.2 − 86.1) = 80.4 (own 65.4 + uma 15).
        "total_points": [10.9, 80.4, -86.1, -5.2],
        "running": [
            [27900, 25000, 25000, 22100],  # E1-0  dealer A rons D 30/2: 2,900
            [29400, 25500, 23500, 20600],  # E1-1  B riichi, draw, A B tenpai: ±1,500
            [30900, 25500, 18800, 24800],  # E1-2  double ron on C: D (head) 2,600 + 600 +
                                           #        stick, dealer A 30/1 1,500; A keeps the deal
            [30900, 90400, -46100, 24800],  # E1-3  B rons C 四暗刻単騎: double, 64,000 + 900
        ],
    },
    "mahjongsoul-4p-tonpuu": {
        "end": "tobi", "after_hand": 2,
        "scores": [8900, 9900, -8100, 89300],
        "ranks": [3, 2, 4, 1],
        # 25,000 returned, uma 15-5: B −15.1 + 5 = −10.1; A −16.1 − 5 = −21.1;
        # C −33.1 − 15 = −48.1; D = −(−10.1 − 21.1 − 48.1) = 79.3 (own 64.3 + uma 15).
        "total_points": [-21.1, -10.1, -48.1, 79.3],
        "running": [
            [25000, 26000, 24000, 25000],  # E1-0  B rons C 30/1: 1,000
            [25000, 26000, 24000, 25000],  # E2-0  draw, nobody tenpai: the deal passes
            [8900, 9900, -8100, 89300],    # E3-1  D tsumo 大四喜, double: dealer C 32,000,
                                           #        A B 16,000, +100 each; C below 0
        ],
    },
    "mahjongsoul-3p-hanchan": {
        "end": "tobi", "after_hand": 3,
        "scores": [-1200, 83200, 23000],
        "ranks": [3, 1, 2],
        # 35,000 returned, uma 15-0-15: C −12 + 0 = −12; A −36.2 − 15 = −51.2;
        # B = −(−12 − 51.2) = 63.2 (own 48.2 + uma 15).
        "total_points": [-51.2, 63.2, -12],
        "running": [
            [3000, 83000, 19000],   # E1-0  B tsumo 四暗刻単騎, double: dealer A 32,000, C 16,000
            [1000, 83000, 21000],   # E2-0  C rons A 30/2: 2,000
            [0, 82000, 23000],      # E3-0  dealer C tsumo 30/2: 1,000 all; A on 0 plays on
            [-1200, 83200, 23000],  # E3-1  B rons A 30/1: 1,000 + 200; A below 0
        ],
    },
    "mahjongsoul-3p-tonpuu": {
        "end": "tenpai_yame", "after_hand": 2,
        "scores": [18000, 4000, 83000],
        "ranks": [2, 3, 1],
        # 35,000 returned, uma 15-0-15: A −17 + 0 = −17; B −31 − 15 = −46;
        # C = −(−17 − 46) = 63 (own 48 + uma 15).
        "total_points": [-17, -46, 63],
        "running": [
            [35000, 37000, 33000],  # E1-0  B rons C 30/2: 2,000
            [19000, 5000, 81000],   # E2-0  C tsumo 純正九蓮宝燈, double: dealer B 32,000, A 16,000
            [18000, 4000, 83000],   # E3-0  draw, dealer C tenpai alone: +2,000; top over
                                    #        40,000: the game stops (聴牌止め)
        ],
    },
}


def replay(preset_id: str) -> dict[str, Any]:
    path = EXAMPLES / f"{preset_id}.json"
    proc = subprocess.run(
        [sys.executable, "-m", "scoring", "replay", str(path)],
        cwd=ROOT, capture_output=True, text=True, check=False,
    )
    assert proc.returncode == 0, f"exit {proc.returncode}: {proc.stdout}{proc.stderr}"
    result: dict[str, Any] = json.loads(proc.stdout)
    return result


def test_every_preset_has_an_example() -> None:
    assert set(PRESETS) == set(EXPECTED)
    for preset_id in PRESETS:
        record = json.loads((EXAMPLES / f"{preset_id}.json").read_text(encoding="utf-8"))
        assert record["format"] == "tenbo-game/1"
        assert record["ruleset"] == preset_id


@pytest.mark.parametrize("preset_id", sorted(PRESETS))
def test_example_replays_to_hand_computed_settlement(preset_id: str) -> None:
    expected = EXPECTED[preset_id]
    out = replay(preset_id)
    assert out["format"] == "tenbo-replay/1"
    assert out["end"] is not None, "the game did not end"
    assert out["end"]["reason"] == expected["end"]
    assert out["end"]["after_hand"] == expected["after_hand"]
    final = out["final"]
    assert final is not None
    assert final["scores"] == expected["scores"]
    assert final["ranks"] == expected["ranks"]
    assert final["total_points"] == pytest.approx(expected["total_points"], abs=1e-9)
    # What leaves the game (chombo deductions, sticks lost at the end) is named, in p.
    leaves = expected.get("leaves_game", 0)
    assert sum(final["total_points"]) == pytest.approx(leaves, abs=1e-9)
    if "bonuses" in expected:
        assert final["bonuses"] == expected["bonuses"]
    if "deductions" in expected:  # a chombo penalty (罰符) is a deduction, not a bonus
        assert final["deductions"] == expected["deductions"]
        assert not any(final["bonuses"])


@pytest.mark.parametrize("preset_id", sorted(PRESETS))
def test_example_running_scores(preset_id: str) -> None:
    expected = EXPECTED[preset_id]["running"]
    out = replay(preset_id)
    got = [hand["scores_after"] for hand in out["hands"]]
    assert len(got) == len(expected)
    for index, (g, e) in enumerate(zip(got, expected)):
        assert g == e, f"hand {index}: expected {e}, got {g}"
