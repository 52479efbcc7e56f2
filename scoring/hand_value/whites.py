"""白マティ (seed 003): every white (白) is all-mighty, in the hand, the winning tile and melds.

Whites are written ``P`` or ``*``. The search (``wild.joker_fills``) proposes only the faces
that make a win; each proposal is valued and the highest kept (高点法). A white in a pon or kan
stands for the meld's other tiles; a meld of whites alone may be any triplet.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from functools import partial
from itertools import product

from scoring.errors import HandError
from scoring.hand_value.best import Candidate, Rank, best_value, best_value_under_ceilings
from scoring.hand_value.checks import check_tile_count, parse_tiles
from scoring.hand_value.hand import Meld, MeldKind, WinningHand
from scoring.hand_value.tiles import (
    COPIES,
    JOKER,
    TILES,
    kinds_in_play,
    parse_tile,
    tile_name,
)
from scoring.hand_value.value import HandValue
from scoring.hand_value.wild import Fill, joker_fills
from scoring.hand_value.yaku_table import YakuTable

WHITE = "P"
# For each fill of a hand's whites, a rank none of its readings exceeds (None: no ceiling).
CeilingsOf = Callable[[WinningHand, list[Fill]], list[Rank | None]]


def evaluate_whites(hand: WinningHand, *, table: YakuTable,
                    value_of: Callable[[WinningHand], HandValue],
                    ceilings_of: CeilingsOf | None = None) -> HandValue:
    """The best value over every face the whites of ``hand`` may stand for. With
    ``ceilings_of`` (for each fill of the whites, a rank no reading of it exceeds:
    ``point_ceiling.fill_ceilings``) the fills that cannot beat the best found are not read;
    the answer is the same."""
    hand = replace(hand, concealed=tuple(JOKER if t == WHITE else t for t in hand.concealed),
                   win_tile=JOKER if hand.win_tile == WHITE else hand.win_tile)
    whites = hand.concealed.count(JOKER) + sum(
        t in (WHITE, JOKER) for meld in hand.melds for t in meld.tiles)
    if whites > COPIES:
        raise HandError(f"{whites} whites: there are only {COPIES}", field="concealed",
                        code="five_of_a_tile")
    faces = joker_faces_in_play(hand.player_count, table)
    readings = [replace(hand, melds=melds) for melds in meld_readings(hand.melds, faces)]
    if ceilings_of is None:
        best, refusal = best_value((candidate for reading in readings
                                    for candidate in concealed_readings(reading, faces)),
                                   value_of)
    else:
        groups: list[tuple[Rank | None, Callable[[], list[Candidate]]]] = []
        for reading in readings:
            fills = concealed_fills(reading, faces)
            groups += zip(ceilings_of(reading, fills),
                          (partial(fill_candidates, reading, fill) for fill in fills))
        best, refusal = best_value_under_ceilings(groups, value_of)
    if best is None:
        if refusal is None:
            raise HandError("whatever the whites stand for, these tiles do not make a winning "
                            "hand (four sets and a pair, seven pairs or thirteen orphans)",
                            field="concealed", code="not_a_win")
        if refusal.code in ("not_a_win", "no_yaku", "gari_in_hand"):
            raise HandError("whatever the whites stand for, the hand is not a win with a yaku "
                            f"({refusal.message})", field="concealed", code=refusal.code)
        raise refusal
    return best


def joker_faces_in_play(player_count: int, table: YakuTable) -> tuple[int, ...]:
    """Faces a white may stand for: the tiles in play, less those never held in a hand
    (五萬 under 東天紅: 三色同刻 does not exist, so it makes no set)."""
    never = {TILES[name].kind for name, allowed in table.gari_in_hand.items() if not allowed}
    return tuple(k for k in kinds_in_play(player_count) if k not in never)


def meld_readings(melds: tuple[Meld, ...], faces: tuple[int, ...]) -> list[tuple[Meld, ...]]:
    options: list[list[Meld]] = []
    for i, meld in enumerate(melds):
        named = [t for t in meld.tiles if t not in (WHITE, JOKER)]
        if len(named) == len(meld.tiles):
            options.append([meld])
        elif named and meld.kind is not MeldKind.CHI:
            face = tile_name(parse_tile(named[0], field=f"melds[{i}].tiles").kind)
            options.append([Meld(meld.kind, tuple(
                t if t in named else JOKER + face for t in meld.tiles))])
        elif not named:
            options.append([Meld(meld.kind, tuple(JOKER + tile_name(k) for _ in meld.tiles))
                            for k in faces])
        else:
            raise HandError("three-player mahjong has no chi", field="melds", code="bad_meld")
    return [tuple(chosen) for chosen in product(*options)]


def concealed_readings(hand: WinningHand, faces: tuple[int, ...]) -> list[Candidate]:
    """The hand with its concealed whites given faces, for every fill that can win."""
    return [candidate for fill in concealed_fills(hand, faces)
            for candidate in fill_candidates(hand, fill)]


def concealed_fills(hand: WinningHand, faces: tuple[int, ...]) -> list[Fill]:
    """Every fill of the concealed whites that can win, in order; ``()`` alone when the
    concealed tiles hold no white."""
    jokers = hand.concealed.count(JOKER)
    if not jokers:
        return [()]
    check_tile_count(hand, len(hand.concealed))
    counts = [0] * 34
    for tile in parse_tiles(tuple(t for t in hand.concealed if t != JOKER), field="concealed"):
        counts[tile.kind] += 1
    return sorted(joker_fills(counts, jokers=jokers, faces=faces))


def fill_candidates(hand: WinningHand, fill: Fill) -> list[Candidate]:
    """The hand with its concealed whites read as ``fill``, once for each face of the fill
    the winning white may be, with the faces read (the winning white first, then the
    melds' whites)."""
    in_melds = tuple(t[1:] for m in hand.melds for t in m.tiles if t.startswith(JOKER))
    if not fill:
        return [(hand, in_melds)]
    names = [JOKER + tile_name(k) for k in fill]
    wins = sorted(set(names)) if hand.win_tile == JOKER else [hand.win_tile]
    found = []
    for win in wins:
        order = iter(sorted(names, key=lambda n: n != win))  # the winning white first
        concealed = tuple(next(order) if t == JOKER else t for t in hand.concealed)
        read_as = (*(n[1:] for n in sorted(names, key=lambda n: n != win)), *in_melds)
        found.append((replace(hand, concealed=concealed, win_tile=win), read_as))
    return found
