"""The most a hand of the point count (点数制, seed 003) can be paid, without reading it: its
dora, バンバン and 親 exactly, the yaku every reading shares exactly, and for the yaku of the
sets every one the tiles held leave possible. 白マティ values every face the whites may take
(``whites.evaluate_whites``); a fill whose ceiling is below the best found is not read.

A yakuman the tiles held allow counts in the ceiling (50 points each on 東天紅), so a fill
that may hold one is read unless the best found is worth more.

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
from scoring.hand_value.point_count import (
    YAKUMAN_INCLUDES,
    dora_counts,
    dora_sources,
    whites_of,
    win_points,
)
from scoring.hand_value.readings import is_seven_pairs, is_thirteen_orphans
from scoring.hand_value.tiles import DRAGONS, JOKER, NORTH, WINDS
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
    that no reading of it exceeds under ``point_count.count_hand``; None for every fill when
    the hand is refused (each is then read, and refused).

    Long because the counts are changed in place and restored for each fill, with no copy
    per fill, which keeps a hand with several whites quick.
    """
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
    dora_han = {key: worth[key].han if key in worth else 0
                for key in ("dora", "ura_dora", "aka_dora", "gari")}

    def dora_points(whites: list[int]) -> int:
        return sum(found * dora_han[key]
                   for key, found in dora_counts(sources, counts, whites).items())

    # Dora count tiles one by one (each indicator the tiles of one face, or every tile; a
    # five its own; 中 every white), so a fill's dora are those of the other tiles plus
    # what each white adds as its face.
    without = dora_points(meld_whites)
    added += without
    adds = {}
    for k in {k for fill in fills for k in fill}:
        counts[k] += 1
        adds[k] = dora_points([k, *meld_whites]) - without
        counts[k] -= 1
    paid: dict[tuple[int, tuple[str, ...]], int] = {}
    found: list[Rank | None] = []
    for fill in fills:
        for k in fill:
            counts[k] += 1
            concealed[k] += 1
        extra = added + sum(adds[k] for k in fill)
        most = 0
        wins = tuple(set(fill)) if hand.win_tile == JOKER else (facts.win,)
        for count, yakuman in fill_counts(with_tiles(facts, counts, concealed), worth, han,
                                          wins=wins, table=yaku_table, ruleset=ruleset):
            key = (count + extra, tuple(y.key for y in yakuman))
            if key not in paid:
                win = Win(winner=WIND_ORDER.index(hand.seat_wind), points=count + extra,
                          yakuman=sum(y.han for y in yakuman),
                          yakuman_names=tuple(y.key for y in yakuman))
                paid[key] = sum(amount for _, amount in payments(win, template, ruleset))
            most = max(most, paid[key])
        found.append((most, 0, 0, 0))  # 0: the most -yakuman can be
        for k in fill:
            counts[k] -= 1
            concealed[k] -= 1
    return found


def fill_counts(facts: HandFacts, worth: Mapping[str, YakuHan], han: Mapping[str, int], *,
                wins: tuple[int, ...], table: YakuTable, ruleset: Ruleset
                ) -> list[tuple[int, tuple[YakuHan, ...]]]:
    """The most the yaku of a reading of ``facts`` count, dora aside, with every yakuman it
    may hold (of those that exclude each other, the one worth most; ``wins``: the faces the
    winning tile may be): for the readings of two sequences or more, for those of three
    triplets or more, and for seven pairs. A yakuman leaves out the yaku it is made of
    (``point_count.YAKUMAN_INCLUDES``)."""
    shared = shared_yaku(facts, worth)
    always = tuple(worth[name] for name in shared.yakuman
                   if name in worth and worth[name].is_yakuman)
    keys = {key: worth[key].han for key in shared.keys if key in worth}
    common, sequences, triplets = sets_ceiling(facts, han)
    common_yakuman, sequence_yakuman, triplet_yakuman = reading_yakuman_ceiling(
        facts, worth, ruleset.double_yakuman, wins)
    found = []
    for side, maybe in ((sequences, sequence_yakuman), (triplets, triplet_yakuman)):
        held = {**keys, **common, **side}
        found.append((counted(held, always), always))
        optional = (*common_yakuman, *maybe)
        if optional:
            # Each yakuman pays more than the yaku it leaves out, or those stay counted.
            outweighs = all(
                (ruleset.point_count_yakuman or 0) * y.han
                >= sum(held.get(k, 0) for k in YAKUMAN_INCLUDES.get(y.key, ()))
                for y in optional)
            yakuman = (*always, *optional)
            found.append((counted(held, yakuman if outweighs else always), yakuman))
    if "chiitoitsu" in worth and is_seven_pairs(list(facts.concealed_counts),
                                                with_four=table.seven_pairs_with_four):
        found.append((sum(keys.values()) + worth["chiitoitsu"].han,
                      (*always, *common_yakuman)))
    return found


def counted(held: Mapping[str, int], yakuman: tuple[YakuHan, ...]) -> int:
    """The han of ``held`` but those the ``yakuman`` leave out."""
    if not yakuman:
        return sum(held.values())
    out = frozenset().union(*(YAKUMAN_INCLUDES.get(y.key, frozenset()) for y in yakuman))
    return sum(han for key, han in held.items() if key not in out)


def reading_yakuman_ceiling(facts: HandFacts, worth: Mapping[str, YakuHan],
                            doubles: tuple[str, ...], wins: tuple[int, ...]
                            ) -> tuple[list[YakuHan], list[YakuHan], list[YakuHan]]:
    """The yakuman a reading may hold (``yaku.reading_yakuman``), by what each needs of the
    tiles held, one of each group: for any reading, for two sequences or more, for three
    triplets or more."""
    concealed = facts.concealed_counts
    common: list[tuple[str, ...]] = []
    sequences: list[tuple[str, ...]] = []
    triplets: list[tuple[str, ...]] = []
    if is_thirteen_orphans(list(concealed)):
        common.append(("kokushi", "kokushi_13"))
    if facts.may_be_yakuman_by_reading:  # the gate the count reads them behind
        counts = facts.counts
        ankans = sum(1 for _, _, is_kan, closed in facts.meld_groups if is_kan and closed)
        if facts.is_tsumo and sum(n // 3 for n in concealed) + ankans >= 4:
            triplets.append(("suuankou", "suuankou_tanki"))
        elif not facts.is_tsumo and any(  # a ron leaves a triplet open unless it wins the pair
                concealed[win] >= 2 and ankans + sum(
                    (n - 2 * (k == win)) // 3 for k, n in enumerate(concealed)) >= 4
                for win in wins):
            triplets.append(("suuankou_tanki",))
        if all(counts[k] >= 3 for k in DRAGONS):
            triplets.append(("daisangen",))
        if sum(counts[k] // 3 for k in WINDS) >= 3:
            triplets.append(("shousuushii", "daisuushii"))
        if sum(1 for _, _, is_kan, _ in facts.meld_groups if is_kan) == 4:
            triplets.append(("suukantsu",))
        if "isshoku_yonjun" in worth and max(counts) >= 4 and any(
                min(counts[k:k + 3]) >= 4 for k in SUITED if k % 9 <= 6):
            sequences.append(("isshoku_yonjun",))
        if any(sum(concealed[s:s + 9]) == 14
               and all(c >= b for c, b in zip(concealed[s:s + 9], CHUUREN_BASE))
               for s in (0, 9, 18)):
            common.append(("chuuren", "junsei_chuuren"))
    return (best_of_groups(common, worth, doubles), best_of_groups(sequences, worth, doubles),
            best_of_groups(triplets, worth, doubles))


def best_of_groups(groups: list[tuple[str, ...]], worth: Mapping[str, YakuHan],
                   doubles: tuple[str, ...]) -> list[YakuHan]:
    """Of each group of yakuman, the one worth most here (its count, and one more where the
    ruleset doubles it: ``values.point_count_value``)."""
    found = []
    for names in groups:
        held = [worth[n] for n in names if n in worth and worth[n].is_yakuman]
        if held:
            found.append(max(held, key=lambda y: y.han + (y.key in doubles)))
    return found


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


def sets_ceiling(facts: HandFacts, han: Mapping[str, int]
                 ) -> tuple[dict[str, int], dict[str, int], dict[str, int]]:
    """At least the han of each yaku of the sets (``yaku.group_yaku``) of a reading, each
    yaku the tiles held (concealed and melded) leave possible (``han``: ``set_han``): those
    of any reading, those of two sequences or more (none of three triplets), those of three
    triplets or more (none of two sequences). Every reading has four sets.

    Long because it follows ``yaku.group_yaku`` condition by condition, so the two read side
    by side.
    """
    counts = facts.counts
    # An all-mighty tile may stand for a fifth copy: eight of a kind are two triplets.
    triplets = {k: n // 3 for k, n in enumerate(counts) if n >= 3}
    runs = [k for k in SUITED if counts[k] >= 2 and k % 9 <= 6 and counts[k + 1] >= 2
            and counts[k + 2] >= 2]  # where a sequence may be held twice
    common: dict[str, int] = {}
    sequences: dict[str, int] = {}
    if not facts.is_open:
        sequences["pinfu"] = han["pinfu"]
        if runs:
            sequences["peikou"] = (han["peikou"] if han["peikou"] > han["iipeikou"]
                                   and twice_twice(counts, runs) else han["iipeikou"])
    if han["same_sequences"] and any(min(counts[k:k + 3]) >= 3 for k in runs):
        sequences["same_sequences"] = han["same_sequences"]
    if (counts[0] and all(counts[0:9])) or (counts[9] and all(counts[9:18])) or (
            counts[18] and all(counts[18:27])):
        sequences["ittsu"] = han["ittsu"]
    held = 0
    if triplets:
        for k, times in triplets.items():
            if k in DRAGON_KEYS:
                common[DRAGON_KEYS[k]] = han[DRAGON_KEYS[k]] * times
            for key, wind in (("seat_wind", facts.seat_wind), ("round_wind", facts.round_wind),
                              ("north", NORTH)):
                if k == wind:
                    common[key] = han[key] * times
        held = sum(triplets.values())
        if sum(triplets.get(k, 0) for k in DRAGONS) >= 2:
            common["shousangen"] = han["shousangen"]
    if facts.has_outside and not any(MIDDLES(counts)):
        common["outside"] = han["outside"]
    if han["three_suits"] and all(facts.suits):
        common["three_suits"] = han["three_suits"]  # 三色同順 with the triplets too: no harm
    triplet_side: dict[str, int] = {}
    if held >= 4:
        triplet_side["toitoi"] = han["toitoi"]
    if held >= 3:
        triplet_side["sanankou"] = han["sanankou"]
    if sum(1 for group in facts.meld_groups if group[2]) >= 3:
        triplet_side["sankantsu"] = han["sankantsu"]
    return common, sequences, triplet_side


def twice_twice(counts: tuple[int, ...], runs: list[int]) -> bool:
    """Whether two sequences may each be held twice (二盃口), ``runs`` being where one may."""
    for i, first in enumerate(runs):
        for second in runs[i:]:  # where the two overlap, four of a tile are needed
            if second - first >= 3 or all(counts[k] >= 4 for k in range(second, first + 3)):
                return True
    return False
