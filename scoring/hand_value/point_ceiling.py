"""The most a hand of the point count (点数制, seed 003) can be paid, without reading it: its
dora, バンバン and 親 exactly, the yaku every reading shares exactly, and for the yaku of the
sets every one the tiles held leave possible. 白マティ values every face the whites may take
(``whites.evaluate_whites``); a fill whose ceiling is below the best found is not read.

No ceiling (None) where a yakuman may be held: those hands are always read.

>>> from scoring.ruleset_files import load_directory, default_preset_dir
>>> from scoring.hand_value.yaku_files import load_yaku_tables
>>> from scoring.hand_value.point_count import count_hand
>>> seed_003 = load_directory(default_preset_dir())["seed-003"]
>>> table = load_yaku_tables()["seed-003"]
>>> from scoring.hand_value.hand import WinningHand
>>> hand = WinningHand(concealed=tuple("1p 2p 3p 4p 5p 6p 7s 8s 9s 2s 3s 4s * *".split()),
...                    win_tile="4s", is_tsumo=False, seat_wind="S", player_count=3)
>>> fill_ceilings(hand, [(29, 29), (31, 31)], ruleset=seed_003, yaku_table=table)
[(4, 0, 0, 0), (4, 0, 0, 0)]
>>> count_hand(fill_candidates(hand, (29, 29))[0][0], ruleset=seed_003,
...            yaku_table=table).points  # pinfu, a red five, banban
4
>>> count_hand(fill_candidates(hand, (31, 31))[0][0], ruleset=seed_003,
...            yaku_table=table)  # a white pair is worth fu: no pinfu, no yaku # doctest: +ELLIPSIS
Traceback (most recent call last):
scoring.errors.HandError: no yaku: ...
"""

from __future__ import annotations

from collections.abc import Mapping
from operator import itemgetter

from scoring.errors import HandError
from scoring.facts import Win
from scoring.hand_value.best import Rank
from scoring.hand_value.hand import WinningHand
from scoring.hand_value.hand_facts import hand_facts, shared_yaku, with_tiles
from scoring.hand_value.point_count import dora_of, dora_sources, whites_of, win_points
from scoring.hand_value.readings import is_seven_pairs, is_thirteen_orphans
from scoring.hand_value.tiles import DRAGONS, NORTH, WINDS
from scoring.hand_value.value import WIND_ORDER, payments
from scoring.hand_value.whites import fill_candidates
from scoring.hand_value.wild import Fill
from scoring.hand_value.yaku import CHUUREN_BASE, DRAGON_KEYS, HandFacts
from scoring.hand_value.yaku_table import YakuHan, YakuTable
from scoring.ruleset import Ruleset

SUITED = range(27)
MIDDLES = itemgetter(3, 4, 5, 12, 13, 14, 21, 22, 23)  # the 4, 5 and 6: in no outside set


def fill_ceilings(hand: WinningHand, fills: list[Fill], *, ruleset: Ruleset,
                  yaku_table: YakuTable) -> list[Rank | None]:
    """For each fill of the concealed whites (``*``) of ``hand``, a rank (``best.value_rank``)
    that no reading of it exceeds under ``point_count.count_hand``; None where a yakuman may
    be held, and for every fill when the hand is refused (each is then read, and refused)."""
    if not fills or not fills[0]:
        return [None] * len(fills)
    template, _ = fill_candidates(hand, fills[0])[0]
    try:
        facts = hand_facts(template)
        sources = dora_sources(template, yaku_table)
    except HandError:
        return [None] * len(fills)
    worth = yaku_table.yaku_of(is_open=facts.is_open)
    han = set_han(worth)
    counts, concealed = list(facts.counts), list(facts.concealed_counts)
    for k in fills[0]:  # the tiles held but the whites
        counts[k] -= 1
        concealed[k] -= 1
    meld_whites = whites_of(template)[len(fills[0]):]
    added = sum(y.han for y in win_points(template, yaku_table))
    paid: dict[int, int] = {}
    found: list[Rank | None] = []
    for fill in fills:
        for k in fill:
            counts[k] += 1
            concealed[k] += 1
        count = fill_count(with_tiles(facts, counts, concealed), worth, han, yaku_table)
        if count is None:
            found.append(None)
        else:
            count += added + sum(y.han for y in dora_of(sources, counts, [*fill, *meld_whites],
                                                       worth))
            if count not in paid:
                win = Win(winner=WIND_ORDER.index(hand.seat_wind), points=count)
                paid[count] = sum(amount for _, amount in payments(win, template, ruleset))
            found.append((paid[count], 0, 0, 0))  # no yakuman: 0 is the most -yakuman is
        for k in fill:
            counts[k] -= 1
            concealed[k] -= 1
    return found


def fill_count(facts: HandFacts, worth: Mapping[str, YakuHan], han: Mapping[str, int],
               table: YakuTable) -> int | None:
    """The most the yaku of any reading of ``facts`` count, dora aside; None where a yakuman
    may be held."""
    shared = shared_yaku(facts, worth)
    if shared.yakuman or may_hold_yakuman(facts):
        return None
    count = sum(worth[key].han for key in shared.keys if key in worth)
    pairs = (worth["chiitoitsu"].han if "chiitoitsu" in worth and is_seven_pairs(
        list(facts.concealed_counts), with_four=table.seven_pairs_with_four) else 0)
    return count + max(sets_ceiling(facts, han), pairs)


def may_hold_yakuman(facts: HandFacts) -> bool:
    """Whether any reading may hold a yakuman (``yaku.reading_yakuman``): what each needs of
    the tiles held. Finer than ``HandFacts.may_be_yakuman_by_reading``, which lets every hand
    of one suit through for the nine gates."""
    if not facts.may_be_yakuman_by_reading:  # the gate the count itself reads them behind
        return is_thirteen_orphans(list(facts.concealed_counts))
    counts, concealed = facts.counts, facts.concealed_counts
    return (sum(n // 3 for n in counts) >= 4  # 四暗刻, 四槓子 (and 四喜和: four triplets)
            or all(counts[k] >= 3 for k in DRAGONS)  # 大三元
            or sum(counts[k] >= 3 for k in WINDS) >= 3  # 小四喜, 大四喜
            or any(min(counts[k:k + 3]) >= 4 for k in SUITED if k % 9 <= 6)  # 一色四順
            or any(all(c >= b for c, b in zip(concealed[s:s + 9], CHUUREN_BASE))
                   for s in (0, 9, 18))  # 九蓮宝燈
            or is_thirteen_orphans(list(concealed)))  # 国士無双


def han_of(worth: Mapping[str, YakuHan], *keys: str) -> int:
    """The most any one of ``keys`` is worth here (0 if none counts)."""
    return max((worth[key].han for key in keys if key in worth), default=0)


def set_han(worth: Mapping[str, YakuHan]) -> dict[str, int]:
    """The han ``sets_ceiling`` adds for each yaku of the sets, read once per request;
    exclusive yaku (one or two 盃口, 一色三順 or 四順, chanta or junchan) at the higher."""
    han = {key: han_of(worth, key) for key in (
        "pinfu", "iipeikou", "seat_wind", "round_wind", "north", "ittsu", "toitoi",
        "sanankou", "sankantsu", "shousangen", *DRAGON_KEYS.values())}
    han["peikou"] = han_of(worth, "iipeikou", "ryanpeikou")
    han["same_sequences"] = han_of(worth, "isshoku_sanjun", "isshoku_yonjun")
    han["outside"] = han_of(worth, "chanta", "junchan")
    han["three_suits"] = (han_of(worth, "sanshoku") + han_of(worth, "sanshoku_doukou")
                          + han_of(worth, "sanshoku_shoudoukou"))
    return han


def sets_ceiling(facts: HandFacts, han: Mapping[str, int]) -> int:
    """At least the han of the yaku of the sets (``yaku.group_yaku``) in any reading: each
    yaku the tiles held (concealed and melded) leave possible (``han``: ``set_han``)."""
    counts = facts.counts
    # An all-mighty tile may stand for a fifth copy: eight of a kind are two triplets.
    triplets = {k: n // 3 for k, n in enumerate(counts) if n >= 3}
    runs = [k for k in SUITED if counts[k] >= 2 and k % 9 <= 6 and counts[k + 1] >= 2
            and counts[k + 2] >= 2]  # where a sequence may be held twice
    found = 0
    if not facts.is_open:
        found += han["pinfu"]
        if runs:
            found += han["peikou"] if twice_twice(counts, runs) else han["iipeikou"]
    if any(min(counts[k:k + 3]) >= 3 for k in runs):
        found += han["same_sequences"]
    if triplets:
        for k, times in triplets.items():
            if k in DRAGON_KEYS:
                found += han[DRAGON_KEYS[k]] * times
            found += ((han["seat_wind"] if k == facts.seat_wind else 0)
                      + (han["round_wind"] if k == facts.round_wind else 0)
                      + (han["north"] if k == NORTH else 0)) * times
        held = sum(triplets.values())
        found += ((han["toitoi"] if held >= 4 else 0) + (han["sanankou"] if held >= 3 else 0)
                  + (han["shousangen"] if sum(triplets.get(k, 0) for k in DRAGONS) >= 2
                     else 0))
    if facts.has_outside and not any(MIDDLES(counts)):
        found += han["outside"]
    if (counts[0] and all(counts[0:9])) or (counts[9] and all(counts[9:18])) or (
            counts[18] and all(counts[18:27])):
        found += han["ittsu"]
    if all(facts.suits):
        found += han["three_suits"]
    if len(facts.meld_groups) >= 3 and sum(g[2] for g in facts.meld_groups) >= 3:
        found += han["sankantsu"]
    return found


def twice_twice(counts: tuple[int, ...], runs: list[int]) -> bool:
    """Whether two sequences may each be held twice (二盃口), ``runs`` being where one may."""
    for i, first in enumerate(runs):
        for second in runs[i:]:  # where the two overlap, four of a tile are needed
            if second - first >= 3 or all(counts[k] >= 4 for k in range(second, first + 3)):
                return True
    return False
