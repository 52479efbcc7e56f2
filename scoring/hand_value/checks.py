"""Checks a winning hand before it is valued: each refusal names the field and says what
to fix (HandError codes: unknown_tile, wrong_tile_count, five_of_a_tile, bad_meld, ...)."""

from __future__ import annotations

from dataclasses import fields
from typing import NoReturn

from scoring.errors import HandError
from scoring.hand_value.hand import Meld, MeldKind, WinFlags, WinningHand
from scoring.hand_value.tiles import COPIES, KIND_OF, TILES, Tile, parse_tile, tile_name

WIND_NAMES = ("E", "S", "W", "N")
MAX_INDICATORS = 5  # the first indicator and one per kan
FLAG_FIELDS = frozenset(f.name for f in fields(WinFlags))


def parse_tiles(names: tuple[str, ...], *, field: str) -> list[Tile]:
    try:
        tiles = [TILES[name] for name in names]
    except (KeyError, TypeError):
        for i, name in enumerate(names):
            parse_tile(name, field=f"{field}[{i}]")  # raises, naming the first bad tile
        raise
    return tiles


def tile_kinds(names: tuple[str, ...], *, field: str) -> list[int]:
    """The kind of each tile name; an unknown name is refused as ``parse_tiles`` refuses it."""
    try:
        return [KIND_OF[name] for name in names]
    except (KeyError, TypeError):
        parse_tiles(names, field=field)  # raises, naming the first bad tile
        raise


def meld_kinds(meld: Meld, *, index: int) -> list[int]:
    """The kinds of the tiles of melds[index], checked: a chi is three consecutive tiles of
    one suit, any other meld three or four copies of one tile."""
    kinds = tile_kinds(meld.tiles, field=f"melds[{index}].tiles")
    size = 4 if meld.kind.is_kan else 3
    if len(kinds) != size:
        raise HandError(f"a {meld.kind.value} has {size} tiles, not {len(kinds)}",
                        field=f"melds[{index}].tiles", code="bad_meld")
    if meld.kind is MeldKind.CHI:
        low = min(kinds)
        if low >= 27 or low % 9 > 6 or sorted(kinds) != [low, low + 1, low + 2]:
            raise HandError("a chi is three consecutive tiles of one suit, e.g. 3m 4m 5m; "
                            f"got {' '.join(tile_name(k) for k in kinds)}",
                            field=f"melds[{index}].tiles", code="bad_meld")
    elif kinds.count(kinds[0]) != size:
        raise HandError(f"a {meld.kind.value} is {size} copies of one tile; got "
                        f"{' '.join(tile_name(k) for k in kinds)}",
                        field=f"melds[{index}].tiles", code="bad_meld")
    return kinds


def check_tile_count(hand: WinningHand, concealed: int) -> None:
    expected = 14 - 3 * len(hand.melds)
    if len(hand.melds) > 4 or concealed != expected:
        melds = "1 meld" if len(hand.melds) == 1 else f"{len(hand.melds)} melds"
        raise HandError(f"with {melds} the concealed tiles, the winning tile "
                        f"included, must be {expected}; got {concealed}",
                        field="concealed", code="wrong_tile_count")


def check_copies(counts: list[int], *, player_count: int) -> None:
    if max(counts) <= COPIES and (player_count == 4 or not any(counts[1:8])):
        return
    for kind, count in enumerate(counts):
        if count > COPIES:
            raise HandError(f"{count} copies of {tile_name(kind)}: there are only {COPIES}",
                            field="concealed", code="five_of_a_tile")
        if count and player_count == 3 and 0 < kind < 8:
            raise HandError(f"three-player mahjong has no {tile_name(kind)} (only 1m and 9m "
                            "of the man suit)", field="concealed", code="tile_not_in_play")


def check_winds(hand: WinningHand) -> None:
    winds = WIND_NAMES[:hand.player_count]
    if hand.player_count not in (3, 4):
        raise HandError(f"player_count is 3 or 4, not {hand.player_count}",
                        field="player_count", code="bad_player_count")
    if hand.seat_wind not in winds:
        raise HandError(f"seat_wind is one of {' '.join(winds)}, not {hand.seat_wind!r}",
                        field="seat_wind", code="bad_wind")
    if hand.round_wind not in WIND_NAMES:
        raise HandError(f"round_wind is one of E S W N, not {hand.round_wind!r}",
                        field="round_wind", code="bad_wind")


def check_flags(hand: WinningHand, *, is_open: bool) -> None:
    """Flags that cannot hold together, or not with this hand; the first one found is
    refused, naming its field."""
    flags: WinFlags = hand.flags
    in_riichi = flags.riichi or flags.double_riichi
    if flags.riichi and flags.double_riichi:
        _refuse("riichi", "give riichi or double_riichi, not both: double riichi replaces "
                "riichi")
    if in_riichi and is_open:
        _refuse("riichi", "a hand with called melds cannot be in riichi")
    if flags.ippatsu and not in_riichi:
        _refuse("ippatsu", "ippatsu needs riichi or double riichi")
    tsumo, dealer, melds = hand.is_tsumo, hand.is_dealer, bool(hand.melds)
    if flags.haitei and not tsumo:
        _refuse("haitei", "haitei is a tsumo on the last tile")
    if flags.houtei and tsumo:
        _refuse("houtei", "houtei is a ron on the last discard")
    if flags.rinshan and not tsumo:
        _refuse("rinshan", "rinshan is a tsumo on a replacement tile")
    if flags.chankan and tsumo:
        _refuse("chankan", "chankan is a ron on an added kan")
    if flags.tenhou and (not tsumo or not dealer or melds):
        _refuse("tenhou", "tenhou is the dealer's tsumo on the first draw")
    if flags.chiihou and (not tsumo or dealer or melds):
        _refuse("chiihou", "chiihou is a non-dealer's tsumo on the first draw")
    if flags.renhou and (tsumo or dealer or melds):
        _refuse("renhou", "renhou is a non-dealer's ron before the first draw")
    if hand.ura_indicators and not in_riichi:
        _refuse("ura_indicators", "ura-dora indicators are turned only for a hand in riichi")
    if len(hand.dora_indicators) > MAX_INDICATORS:
        _refuse("dora_indicators", f"at most {MAX_INDICATORS} dora indicators (one plus one "
                "per kan)")
    if len(hand.ura_indicators) > MAX_INDICATORS:
        _refuse("ura_indicators", f"at most {MAX_INDICATORS} ura-dora indicators")
    if hand.kita:
        if hand.kita < 0 or hand.kita > COPIES:
            _refuse("kita", "kita is 0 to 4 North tiles")
        if hand.player_count != 3:
            _refuse("kita", "kita (North set aside) is a three-player rule")


def _refuse(field: str, message: str) -> NoReturn:
    raise HandError(message, field=f"flags.{field}" if field in FLAG_FIELDS else field,
                    code="inconsistent_flags")
