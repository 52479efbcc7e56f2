"""What several all-mighty tiles (白マティ) may stand for: only the faces that make a win.

Trying every face for every joker would cost 27^n evaluations (half a million for four
whites). Instead the concealed tiles are split into sets and a pair as for any hand, a joker
filling each missing tile; every way to fill gives one multiset of faces, and only those are
valued. A set made of jokers alone may be any triplet or sequence in play.

>>> counts = [0] * 34
>>> for kind in (9, 10, 11, 12, 13, 14, 18, 19, 20, 27, 27): counts[kind] += 1
>>> fills = joker_fills(counts, jokers=3, faces=tuple(range(9, 34)))
>>> (9, 10, 11) in fills, (31, 31, 31) in fills, (9, 9, 12) in fills, (9, 30, 31) in fills
(True, True, True, False)
"""

from __future__ import annotations

from itertools import combinations

from scoring.hand_value.tiles import TERMINALS_AND_HONORS

Fill = tuple[int, ...]  # the faces the jokers stand for, sorted


def joker_fills(counts: list[int], *, jokers: int, faces: tuple[int, ...]) -> set[Fill]:
    """Every multiset of faces for ``jokers`` that makes ``counts`` (the other concealed
    tiles) a win: four sets and a pair, seven pairs or thirteen orphans."""
    allowed = frozenset(faces)
    fills: set[Fill] = set()
    _standard(list(counts), 0, jokers, False, [], allowed, fills)
    if sum(counts) + jokers == 14:
        fills |= seven_pairs_fills(counts, jokers=jokers, allowed=allowed)
        fills |= orphans_fills(counts, jokers=jokers)
    return fills


def _sequence_lows(allowed: frozenset[int]) -> list[int]:
    return [low for low in allowed if low < 27 and low % 9 <= 6
            and low + 1 in allowed and low + 2 in allowed]


def _jokers_alone(jokers: int, pair_done: bool, allowed: frozenset[int]) -> list[list[int]]:
    """The faces of jokers left when every real tile is placed: a pair and whole sets."""
    if jokers == 0:
        return [[]] if pair_done else []
    if not pair_done:
        return [[face, face, *rest] for face in sorted(allowed) if jokers >= 2
                for rest in _jokers_alone(jokers - 2, True, allowed)]
    if jokers % 3:
        return []
    groups = [[face] * 3 for face in sorted(allowed)]
    groups += [[low, low + 1, low + 2] for low in _sequence_lows(allowed)]
    return [[*group, *rest] for group in groups
            for rest in _jokers_alone(jokers - 3, True, allowed)]


def _standard(counts: list[int], start: int, jokers: int, pair_done: bool, filled: list[int],
              allowed: frozenset[int], fills: set[Fill]) -> None:
    # A real tile is always used before a joker of the same face: swapping them gives the
    # same faces, so the search loses no fill.
    k = next((i for i in range(start, 34) if counts[i]), -1)
    if k < 0:
        for rest in _jokers_alone(jokers, pair_done, allowed):
            fills.add(tuple(sorted(filled + rest)))
        return
    shapes: list[tuple[tuple[int, ...], bool]] = [((k, k, k), False)]
    if not pair_done:
        shapes.append(((k, k), True))
    if k < 27:
        for low in (k - 2, k - 1, k):  # k is the lowest real tile left: lower ones are jokers
            if low >= 0 and low // 9 == k // 9 and low % 9 <= 6 and all(
                    t == k or t in allowed for t in (low, low + 1, low + 2)):
                shapes.append(((low, low + 1, low + 2), False))
    for tiles, is_pair in shapes:
        used: list[int] = []
        wild: list[int] = []
        for t in tiles:
            if counts[t]:
                counts[t] -= 1
                used.append(t)
            else:
                wild.append(t)
        if len(wild) <= jokers and all(t in allowed for t in wild):
            _standard(counts, k, jokers - len(wild), pair_done or is_pair, filled + wild,
                      allowed, fills)
        for t in used:
            counts[t] += 1


def seven_pairs_fills(counts: list[int], *, jokers: int, allowed: frozenset[int]) -> set[Fill]:
    """七対子: a joker pairs each single; the jokers left make pairs of faces not held."""
    if any(c > 2 for c in counts):
        return set()
    singles = [k for k, c in enumerate(counts) if c == 1]
    rest = jokers - len(singles)
    if rest < 0 or rest % 2:
        return set()
    free = [k for k in sorted(allowed) if not counts[k]]
    return {tuple(sorted(singles + [k for k in chosen for _ in range(2)]))
            for chosen in combinations(free, rest // 2)}


def orphans_fills(counts: list[int], *, jokers: int) -> set[Fill]:
    """国士無双: jokers stand for the missing terminals and honors, and the pair if missing."""
    held = [k for k, c in enumerate(counts) if c]
    if any(k not in TERMINALS_AND_HONORS or counts[k] > 2 for k in held):
        return set()
    pairs = sum(1 for k in held if counts[k] == 2)
    missing = sorted(TERMINALS_AND_HONORS - set(held))
    if pairs > 1 or len(missing) + (0 if pairs else 1) != jokers:
        return set()
    if pairs:
        return {tuple(missing)}
    return {tuple(sorted([*missing, k])) for k in TERMINALS_AND_HONORS}
