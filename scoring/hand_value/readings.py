"""Every way to read a winning hand (面子の取り方): four sets and a pair, seven pairs or
thirteen orphans, and, for each, which group the winning tile completed.

A reading fixes the wait (待ち), so the same tiles can give several readings; the
evaluator scores each one and keeps the highest (高点法).

>>> counts = [0] * 34
>>> for kind in (0, 1, 2, 0, 1, 2, 4, 4): counts[kind] += 1
>>> standard_readings(counts)
[(4, ((0, 0), (0, 0)))]
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from scoring.hand_value.tiles import TERMINALS_AND_HONORS

SEQUENCE = 0  # 順子
TRIPLET = 1  # 刻子 (a kan 槓子 is a triplet with one more tile)

# (shape, first tile): a sequence is (SEQUENCE, its lowest tile), a triplet (TRIPLET, its tile).
Set = tuple[int, int]


class Wait(StrEnum):
    RYANMEN = "ryanmen"  # 両面
    KANCHAN = "kanchan"  # 嵌張
    PENCHAN = "penchan"  # 辺張
    SHANPON = "shanpon"  # 双碰
    TANKI = "tanki"  # 単騎


class Shape(StrEnum):
    STANDARD = "standard"  # 四面子一雀頭
    SEVEN_PAIRS = "seven_pairs"  # 七対子
    THIRTEEN_ORPHANS = "thirteen_orphans"  # 国士無双


@dataclass(frozen=True, slots=True)
class Reading:
    """One decomposition with the set (or the pair) the winning tile completed."""

    shape: Shape
    pair: int  # the pair's tile; for seven pairs and thirteen orphans, unused (-1)
    sets: tuple[Set, ...]  # concealed sets only; the melds are added by the evaluator
    wait: Wait
    won_set: int  # index in ``sets`` of the set the winning tile completed; -1: the pair


# The concealed tiles as sets and one pair, before the winning tile is placed: (pair, sets).
Decomposition = tuple[int, tuple[Set, ...]]


def standard_readings(counts: list[int]) -> list[Decomposition]:
    """Every split of ``counts`` into sets and exactly one pair, each once (``counts`` is
    restored)."""
    found: list[Decomposition] = []
    _split(counts, 0, -1, [], found, -1)
    return found


def _split(counts: list[int], start: int, pair: int, sets: list[Set],
           found: list[Decomposition], sequence_at: int) -> None:
    """The lowest tile left starts a triplet, the pair or a sequence, in that order: once a
    sequence starts at a tile, only sequences follow there, so no split is found twice."""
    i = start
    while i < 34 and not counts[i]:
        i += 1
    if i == 34:
        if pair >= 0:
            found.append((pair, tuple(sets)))
        return
    count = counts[i]
    if i != sequence_at:
        if count >= 3:
            counts[i] -= 3
            sets.append((TRIPLET, i))
            _split(counts, i, pair, sets, found, -1)
            sets.pop()
            counts[i] += 3
        if count >= 2 and pair < 0:
            counts[i] -= 2
            _split(counts, i, i, sets, found, -1)
            counts[i] += 2
    if i < 27 and i % 9 < 7 and counts[i + 1] and counts[i + 2]:
        counts[i] -= 1
        counts[i + 1] -= 1
        counts[i + 2] -= 1
        sets.append((SEQUENCE, i))
        _split(counts, i, pair, sets, found, i)
        sets.pop()
        counts[i] += 1
        counts[i + 1] += 1
        counts[i + 2] += 1


def is_seven_pairs(counts: list[int], *, with_four: bool = False) -> bool:
    """七対子: seven different pairs; four of a tile is two pairs only where the house says
    so (七対子の4枚使い)."""
    if with_four:
        return counts.count(0) + counts.count(2) + counts.count(4) == len(counts)
    return counts.count(2) == 7


def is_thirteen_orphans(counts: list[int]) -> bool:
    """国士無双: one of every terminal and honor, and one of them twice."""
    return (counts.count(0) == 21 and sum(counts) == 14
            and all(counts[k] for k in TERMINALS_AND_HONORS))


def wait_in_sequence(first: int, win: int) -> Wait:
    """The wait that the winning tile completed in the sequence starting at ``first``."""
    if win == first + 1:
        return Wait.KANCHAN
    if (win == first + 2 and first % 9 == 0) or (win == first and first % 9 == 6):
        return Wait.PENCHAN
    return Wait.RYANMEN


def readings_of(counts: list[int], win: int, *,
                seven_pairs_with_four: bool = False) -> list[Reading]:
    """Every reading of the concealed tiles ``counts`` (winning tile included)."""
    readings: list[Reading] = []
    if sum(counts) == 14:
        if is_thirteen_orphans(counts):
            return [Reading(Shape.THIRTEEN_ORPHANS, -1, (), Wait.TANKI, -1)]
        if is_seven_pairs(counts, with_four=seven_pairs_with_four):
            readings.append(Reading(Shape.SEVEN_PAIRS, -1, (), Wait.TANKI, -1))
    for pair, sets in standard_readings(counts):
        if pair == win:
            readings.append(Reading(Shape.STANDARD, pair, sets, Wait.TANKI, -1))
        seen: list[Set] = []
        for index, (shape, first) in enumerate(sets):
            if shape == TRIPLET:
                if first != win:
                    continue
                wait = Wait.SHANPON
            elif first <= win <= first + 2:
                wait = wait_in_sequence(first, win)
            else:
                continue
            if sets[index] in seen:
                continue
            seen.append(sets[index])
            readings.append(Reading(Shape.STANDARD, pair, sets, wait, index))
    return readings
