"""Checks a winning hand before it is valued: each refusal names the field and says what
to fix (HandError codes: unknown_tile, wrong_tile_count, five_of_a_tile, bad_meld, ...)."""

from __future__ import annotations

from scoring.errors import HandError
from scoring.hand_value.hand import Meld, MeldKind, WinFlags, WinningHand
from scoring.hand_value.tiles import COPIES, TILES, Tile, parse_tile, tile_name

WIND_NAMES = ("E", "S", "W", "N")
MAX_INDICATORS = 5  # the first indicator and one per kan


def parse_tiles(names: tuple[str, ...], *, field: str) -> list[Tile]:
    try:
        tiles = [TILES[name] for name in names]
    except (KeyError, TypeError):
        for i, name in enumerate(names):
            parse_tile(name, field=f"{field}[{i}]")  # raises, naming the first bad tile
        raise
    return tiles


def check_meld(meld: Meld, tiles: list[Tile], *, field: str) -> None:
    kinds = [t.kind for t in tiles]
    size = 4 if meld.kind.is_kan else 3
    if len(kinds) != size:
        raise HandError(f"a {meld.kind.value} has {size} tiles, not {len(kinds)}",
                        field=f"{field}.tiles", code="bad_meld")
    if meld.kind is MeldKind.CHI:
        low = min(kinds)
        if low >= 27 or low % 9 > 6 or sorted(kinds) != [low, low + 1, low + 2]:
            raise HandError("a chi is three consecutive tiles of one suit, e.g. 3m 4m 5m; "
                            f"got {' '.join(tile_name(k) for k in kinds)}",
                            field=f"{field}.tiles", code="bad_meld")
    elif len(set(kinds)) != 1:
        raise HandError(f"a {meld.kind.value} is {size} copies of one tile; got "
                        f"{' '.join(tile_name(k) for k in kinds)}",
                        field=f"{field}.tiles", code="bad_meld")


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


NO_FLAGS = WinFlags()


def check_flags(hand: WinningHand, *, is_open: bool) -> None:
    """Flags that cannot hold together, or not with this hand."""
    flags: WinFlags = hand.flags
    if (flags == NO_FLAGS and not hand.ura_indicators and not hand.kita
            and len(hand.dora_indicators) <= MAX_INDICATORS):
        return
    in_riichi = flags.riichi or flags.double_riichi
    problems = (
        (flags.riichi and flags.double_riichi, "riichi",
         "give riichi or double_riichi, not both: double riichi replaces riichi"),
        (in_riichi and is_open, "riichi", "a hand with called melds cannot be in riichi"),
        (flags.ippatsu and not in_riichi, "ippatsu", "ippatsu needs riichi or double riichi"),
        (flags.haitei and not hand.is_tsumo, "haitei", "haitei is a tsumo on the last tile"),
        (flags.houtei and hand.is_tsumo, "houtei", "houtei is a ron on the last discard"),
        (flags.rinshan and not hand.is_tsumo, "rinshan",
         "rinshan is a tsumo on a replacement tile"),
        (flags.chankan and hand.is_tsumo, "chankan", "chankan is a ron on an added kan"),
        (flags.tenhou and (not hand.is_tsumo or not hand.is_dealer or bool(hand.melds)),
         "tenhou", "tenhou is the dealer's tsumo on the first draw"),
        (flags.chiihou and (not hand.is_tsumo or hand.is_dealer or bool(hand.melds)),
         "chiihou", "chiihou is a non-dealer's tsumo on the first draw"),
        (flags.renhou and (hand.is_tsumo or hand.is_dealer or bool(hand.melds)), "renhou",
         "renhou is a non-dealer's ron before the first draw"),
        (bool(hand.ura_indicators) and not in_riichi, "ura_indicators",
         "ura-dora indicators are turned only for a hand in riichi"),
        (len(hand.dora_indicators) > MAX_INDICATORS, "dora_indicators",
         f"at most {MAX_INDICATORS} dora indicators (one plus one per kan)"),
        (len(hand.ura_indicators) > MAX_INDICATORS, "ura_indicators",
         f"at most {MAX_INDICATORS} ura-dora indicators"),
        (hand.kita < 0 or hand.kita > COPIES, "kita", "kita is 0 to 4 North tiles"),
        (hand.kita > 0 and hand.player_count != 3, "kita",
         "kita (North set aside) is a three-player rule"),
    )
    for failed, field, message in problems:
        if failed:
            raise HandError(message, field=f"flags.{field}" if hasattr(flags, field)
                            else field, code="inconsistent_flags")
