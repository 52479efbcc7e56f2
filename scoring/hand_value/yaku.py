"""Which yaku a reading of a hand holds (役の判定): names only, values come from the table.

A group is ``(shape, tile, is_kan, is_concealed)``. ``is_concealed`` is False for a called
meld and for a triplet completed by ron (明刻 for fu and sanankou) even though the hand
itself stays closed.
"""

from __future__ import annotations

from dataclasses import dataclass

from scoring.hand_value.hand import WinFlags
from scoring.hand_value.readings import SEQUENCE, TRIPLET, Reading, Shape, Wait
from scoring.hand_value.tiles import (
    CHUN,
    DRAGONS,
    EAST,
    GREEN,
    HAKU,
    HATSU,
    NORTH,
    TERMINALS_AND_HONORS,
    WINDS,
)

Group = tuple[int, int, bool, bool]  # shape, tile, is_kan, is_concealed
DRAGON_KEYS = {HAKU: "haku", HATSU: "hatsu", CHUN: "chun"}
CHUUREN_BASE = (3, 1, 1, 1, 1, 1, 1, 1, 3)  # 1112345678999


@dataclass(frozen=True, slots=True)
class HandFacts:
    """What every reading of one hand shares."""

    counts: tuple[int, ...]  # all 34 kinds over the concealed tiles and melds (a kan counts 4)
    concealed_counts: tuple[int, ...]  # the concealed tiles, winning tile included
    suits: tuple[bool, bool, bool]  # whether any man, pin, sou tile is held
    has_honors: bool  # 字牌
    has_simples: bool  # any 2–8 (中張牌)
    has_outside: bool  # any terminal or honor (么九牌)
    meld_groups: tuple[Group, ...]
    red_fives: int  # 赤ドラ held
    fives_held: int  # 5p and 5s held, red or not, all-mighty tiles not counted
    win: int
    is_open: bool  # any called meld
    is_tsumo: bool
    has_melds: bool  # any meld, a closed kan included
    seat_wind: int
    round_wind: int
    flags: WinFlags

    @property
    def present(self) -> tuple[int, ...]:
        """The kinds held, in order."""
        return tuple(k for k, count in enumerate(self.counts) if count)

    @property
    def may_be_yakuman_by_reading(self) -> bool:
        """Whether any reading could hold a yakuman that depends on the reading: four
        triplets, three dragon triplets, eleven winds, four kans, one suit alone (九蓮宝燈)
        or three tiles held four times (一色四順). Most hands hold none of these, and then
        no reading is searched for them."""
        counts = self.counts
        return (counts.count(3) + counts.count(4) >= 4
                or (counts[HAKU] >= 3 and counts[HATSU] >= 3 and counts[CHUN] >= 3)
                or sum(counts[EAST:NORTH + 1]) >= 11
                or sum(is_kan for _, _, is_kan, _ in self.meld_groups) == 4
                or (not self.has_melds and not self.has_honors and sum(self.suits) == 1)
                or counts.count(4) >= 3)


def situational_yaku(facts: HandFacts) -> list[str]:
    flags, found = facts.flags, []
    if flags.double_riichi:
        found.append("double_riichi")
    elif flags.riichi:
        found.append("riichi")
    if flags.ippatsu:
        found.append("ippatsu")
    if facts.is_tsumo and not facts.is_open:
        found.append("menzen_tsumo")
    for key in ("haitei", "houtei", "rinshan", "chankan"):
        if getattr(flags, key):
            found.append(key)
    return found


def suit_yaku(facts: HandFacts) -> list[str]:
    """Yaku that depend only on which tiles are present: tanyao, honitsu, chinitsu, honroutou."""
    found = []
    if not facts.has_outside:
        found.append("tanyao")
    suits = sum(facts.suits)
    if suits == 1:
        found.append("honitsu" if facts.has_honors else "chinitsu")
    if not facts.has_simples and facts.has_honors and suits:
        found.append("honroutou")
    return found


def tile_yakuman(facts: HandFacts) -> list[str]:
    """Yakuman that the tiles held decide whatever the reading, and 天和 / 地和."""
    found = []
    flags = facts.flags
    if flags.tenhou:
        found.append("tenhou")
    if flags.chiihou:
        found.append("chiihou")
    man, pin, sou = facts.suits
    if not (man or pin or sou):
        found.append("tsuuiisou")
    elif not facts.has_simples and not facts.has_honors:
        found.append("chinroutou")
    if not man and not pin and sum(facts.counts[k] for k in GREEN) == sum(facts.counts):
        found.append("ryuuiisou")
    if man and not pin and not sou and facts.has_honors:
        found.append("manzu_honitsu")
    return found


def group_yaku(groups: list[Group], reading: Reading, facts: HandFacts) -> list[str]:
    """Yaku of a four-sets-and-a-pair reading.

    Long because it runs for every reading of every hand: one pass over the sets, each yaku
    of the sets tested in place.
    """
    found: list[str] = []
    sequences: list[int] = []
    triplets: list[int] = []
    concealed_triplets = kans = 0
    for shape, tile, is_kan, concealed in groups:  # one pass: this runs for every reading
        if shape == SEQUENCE:
            sequences.append(tile)
        else:
            triplets.append(tile)
            concealed_triplets += concealed
            kans += is_kan
    sequences.sort()
    pair = reading.pair
    if (not facts.is_open and not triplets and reading.wait is Wait.RYANMEN
            and not is_value_pair(pair, facts)):
        found.append("pinfu")
    seq_set = set(sequences)
    if len(seq_set) < len(sequences):  # a sequence held twice or more
        if not facts.is_open:
            twins = count_identical_pairs(sequences)
            if twins == 2:
                found.append("ryanpeikou")
            elif twins == 1:
                found.append("iipeikou")
        found.extend(same_sequence_yaku(sequences))
    for tile in triplets:
        if tile < 27:
            continue
        if tile in DRAGON_KEYS:
            found.append(DRAGON_KEYS[tile])
        if tile == facts.seat_wind:
            found.append("seat_wind")
        if tile == facts.round_wind:
            found.append("round_wind")
        if tile == NORTH:
            found.append("north")
    if facts.has_outside and pair in TERMINALS_AND_HONORS:
        found.extend(outside_yaku(groups, pair))
    if len(seq_set) >= 3:
        if any(s in seq_set and s + 3 in seq_set and s + 6 in seq_set for s in (0, 9, 18)):
            found.append("ittsu")
        if any(n + 9 in seq_set and n + 18 in seq_set for n in seq_set if n < 9):
            found.append("sanshoku")
    if len(triplets) >= 3:
        if any(n + 9 in triplets and n + 18 in triplets for n in triplets if n < 9):
            found.append("sanshoku_doukou")
        if len(triplets) == 4:
            found.append("toitoi")
        if concealed_triplets == 3:
            found.append("sanankou")
        if kans == 3:
            found.append("sankantsu")
    if len(triplets) < 2:
        return found
    if sum(1 for t in triplets if t in DRAGONS) == 2 and pair in DRAGONS:
        found.append("shousangen")
    if pair < 27 and sum(1 for t in triplets if t < 27 and t % 9 == pair % 9
                         and t // 9 != pair // 9) == 2:
        found.append("sanshoku_shoudoukou")
    return found


def same_sequence_yaku(sequences: list[int]) -> list[str]:
    """一色三順 / 一色四順 (house yaku): three or four identical sequences, open or closed."""
    if len(sequences) < 3:
        return []
    most = max(sequences.count(s) for s in sequences)
    if most == 4:
        return ["isshoku_yonjun"]
    if most == 3:
        return ["isshoku_sanjun"]
    return []


def outside_yaku(groups: list[Group], pair: int) -> list[str]:
    """Chanta 混全帯幺九 and junchan 純全帯幺九: every group and the pair hold a terminal or
    honor, with at least one sequence (without one it is honroutou)."""
    if pair not in TERMINALS_AND_HONORS:
        return []
    has_sequence = False
    for shape, tile, _, _ in groups:
        if shape == SEQUENCE:
            if tile % 9 not in (0, 6):
                return []
            has_sequence = True
        elif tile not in TERMINALS_AND_HONORS:
            return []
    if not has_sequence:
        return []
    has_honor = pair >= 27 or any(tile >= 27 for _, tile, _, _ in groups)
    return ["chanta"] if has_honor else ["junchan"]


def count_identical_pairs(sequences: list[int]) -> int:
    """How many pairs of identical sequences (盃口) the sorted ``sequences`` hold."""
    twins, i = 0, 0
    while i + 1 < len(sequences):
        if sequences[i] == sequences[i + 1]:
            twins += 1
            i += 2
        else:
            i += 1
    return twins


def is_value_pair(tile: int, facts: HandFacts) -> bool:
    """A pair worth fu: dragons, the seat wind or the round wind (役牌の雀頭)."""
    return tile in DRAGONS or tile == facts.seat_wind or tile == facts.round_wind


def reading_yakuman(groups: list[Group], reading: Reading, facts: HandFacts) -> list[str]:
    """The yakuman that depend on how the hand is read."""
    found: list[str] = []
    if reading.shape is Shape.THIRTEEN_ORPHANS:
        before = facts.concealed_counts[facts.win] - 1
        return ["kokushi_13" if before == 1 else "kokushi"]
    if reading.shape is Shape.SEVEN_PAIRS:
        return found
    triplets = [tile for shape, tile, _, _ in groups if shape == TRIPLET]
    if not triplets:
        # Only 一色四順 and nine gates are possible without a triplet.
        sequences = sorted(tile for _, tile, _, _ in groups)
        found = [k for k in same_sequence_yaku(sequences) if k == "isshoku_yonjun"]
        if not facts.has_melds and sequences[0] // 9 == sequences[-1] // 9:
            found.extend(nine_gates(facts))
        return found
    if len(triplets) == 1:
        return [] if facts.has_melds else nine_gates(facts)
    concealed = sum(1 for shape, _, _, c in groups if shape == TRIPLET and c)
    if concealed == 4:
        found.append("suuankou_tanki" if reading.wait is Wait.TANKI else "suuankou")
    if all(d in triplets for d in DRAGONS):
        found.append("daisangen")
    winds = sum(1 for t in triplets if t in WINDS)
    if winds == 4:
        found.append("daisuushii")
    elif winds == 3 and reading.pair in WINDS:
        found.append("shousuushii")
    if sum(1 for _, _, is_kan, _ in groups if is_kan) == 4:
        found.append("suukantsu")
    # 一色四順 is a yakuman where a house plays it (seed 001); elsewhere it reads as ryanpeikou.
    found.extend(k for k in same_sequence_yaku(
        sorted(tile for shape, tile, _, _ in groups if shape == SEQUENCE))
        if k == "isshoku_yonjun")
    if not facts.has_melds:
        found.extend(nine_gates(facts))
    return found


def nine_gates(facts: HandFacts) -> list[str]:
    """九蓮宝燈: 1112345678999 of one suit plus any tile of it; 純正 when the hand before the
    winning tile was exactly the nine-sided wait."""
    suit = facts.win // 9
    if suit == 3:
        return []
    counts = facts.concealed_counts[suit * 9:suit * 9 + 9]
    if sum(counts) != 14 or any(c < b for c, b in zip(counts, CHUUREN_BASE)):
        return []
    before = list(counts)
    before[facts.win % 9] -= 1
    return ["junsei_chuuren" if tuple(before) == CHUUREN_BASE else "chuuren"]
