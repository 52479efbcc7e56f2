"""白マティ (seed 003): every white (白) is all-mighty, in the hand, the winning tile and melds.

Whites are written ``P`` or ``*``. The search (``wild.joker_fills``) proposes only the faces
that make a win; each proposal is valued and the highest kept (高点法). A white in a pon or kan
stands for the meld's other tiles; a meld of whites alone may be any triplet.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from itertools import product

from scoring.errors import HandError
from scoring.hand_value.best import best_value
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
from scoring.hand_value.wild import joker_fills
from scoring.hand_value.yaku_table import YakuTable

WHITE = "P"


def evaluate_whites(hand: WinningHand, *, table: YakuTable,
                    value_of: Callable[[WinningHand], HandValue]) -> HandValue:
    """The best value over every face the whites of ``hand`` may stand for."""
    hand = replace(hand, concealed=tuple(JOKER if t == WHITE else t for t in hand.concealed),
                   win_tile=JOKER if hand.win_tile == WHITE else hand.win_tile)
    whites = hand.concealed.count(JOKER) + sum(
        t in (WHITE, JOKER) for meld in hand.melds for t in meld.tiles)
    if whites > COPIES:
        raise HandError(f"{whites} whites: there are only {COPIES}", field="concealed",
                        code="five_of_a_tile")
    faces = joker_faces_in_play(hand.player_count, table)
    best, refusal = best_value((candidate for melds in meld_readings(hand.melds, faces)
                                for candidate in concealed_readings(replace(hand, melds=melds),
                                                                    faces)), value_of)
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


def concealed_readings(hand: WinningHand, faces: tuple[int, ...]
                       ) -> list[tuple[WinningHand, tuple[str, ...]]]:
    """The hand with its concealed whites given faces, for every fill that can win."""
    jokers = hand.concealed.count(JOKER)
    in_melds = tuple(t[1:] for m in hand.melds for t in m.tiles if t.startswith(JOKER))
    if not jokers:
        return [(hand, in_melds)]
    check_tile_count(hand, len(hand.concealed))
    counts = [0] * 34
    for tile in parse_tiles(tuple(t for t in hand.concealed if t != JOKER), field="concealed"):
        counts[tile.kind] += 1
    found = []
    for fill in sorted(joker_fills(counts, jokers=jokers, faces=faces)):
        names = [JOKER + tile_name(k) for k in fill]
        wins = sorted(set(names)) if hand.win_tile == JOKER else [hand.win_tile]
        for win in wins:
            order = iter(sorted(names, key=lambda n: n != win))  # the winning white first
            concealed = tuple(next(order) if t == JOKER else t for t in hand.concealed)
            read_as = (*(n[1:] for n in sorted(names, key=lambda n: n != win)), *in_melds)
            found.append((replace(hand, concealed=concealed, win_tile=win), read_as))
    return found
