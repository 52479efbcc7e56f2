"""What a table can physically hold, checked before the evaluator does any work (牌の上限).

A set holds four copies of each tile (牌は各4枚): the concealed tiles, the melds, the dora and
ura-dora indicators, the tiles set aside (ガリ, 北抜き) and the flowers are all taken from it,
so together they hold no fifth copy. The lists are bounded too: a win has at most fourteen
concealed tiles and four melds, a dead wall shows at most five indicators (one, and one more per
kan) and an ura-dora under each, and a ruleset sets aside only the tiles and flowers it names.

These checks cost a few dozen steps whatever the input holds, and run first, so a request
that names a tile ten thousand times is refused before any search (``evaluate_hand``). Each
refusal names the field and says what a set holds.

>>> from scoring.ruleset_files import load_directory, default_preset_dir
>>> from scoring.hand_value.hand import WinningHand
>>> seed_003 = load_directory(default_preset_dir())["seed-003"]
>>> hand = WinningHand(concealed=tuple("1p 2p 3p 4p 5p 6p 7s 8s 9s 2s 3s 4s W W".split()),
...                    win_tile="4s", is_tsumo=False, seat_wind="S", player_count=3,
...                    gari=("1m",) * 5)
>>> try:
...     check_bounds(hand, ruleset=seed_003)
... except HandError as refused:
...     print(refused.code, refused.field)
five_of_a_tile gari[4]
"""

from __future__ import annotations

from collections.abc import Iterator

from scoring.errors import HandError
from scoring.hand_value.hand import WinningHand
from scoring.hand_value.tiles import COPIES, HAKU, JOKER, JOKER_NAMES, KIND_OF, tile_name
from scoring.ruleset import Ruleset

MAX_CONCEALED = 14  # 手牌: thirteen and the winning tile
MAX_MELDS = 4  # 副露・暗槓: four sets
MAX_MELD_TILES = 4  # a kan
MAX_INDICATORS = 5  # ドラ表示牌: the first and one per kan (四槓子 at most)


def gari_tiles(ruleset: Ruleset) -> tuple[str, ...]:
    """The tiles a ruleset sets aside as dora by name (ガリ: seed 003's 1m 5m 9m)."""
    return tuple(name for name in ruleset.nukidora if name in KIND_OF)


def flower_count(ruleset: Ruleset) -> int:
    """How many flowers the ruleset's set holds (花牌: seed 004's four), 0 without."""
    return sum(1 for name in ruleset.nukidora if "flower" in name)


def check_bounds(hand: WinningHand, *, ruleset: Ruleset) -> None:
    """Refuses (HandError) a hand whose lists or counts no table can hold under ``ruleset``."""
    _check_lengths(hand, ruleset=ruleset)
    _check_copies(hand)


def _refuse(message: str, *, field: str, code: str) -> HandError:
    return HandError(message, field=field, code=code)


def _check_lengths(hand: WinningHand, *, ruleset: Ruleset) -> None:
    if len(hand.concealed) > MAX_CONCEALED:
        raise _refuse(f"a hand holds at most {MAX_CONCEALED} concealed tiles, the winning "
                      f"tile included; got {len(hand.concealed)}", field="concealed",
                      code="wrong_tile_count")
    if len(hand.melds) > MAX_MELDS:
        raise _refuse(f"a hand has at most {MAX_MELDS} melds; got {len(hand.melds)}",
                      field="melds", code="wrong_tile_count")
    for i, meld in enumerate(hand.melds):
        if len(meld.tiles) > MAX_MELD_TILES:
            raise _refuse(f"a meld has at most {MAX_MELD_TILES} tiles (a kan); got "
                          f"{len(meld.tiles)}", field=f"melds[{i}].tiles", code="bad_meld")
    dora, ura = len(hand.dora_indicators), len(hand.ura_indicators)
    if dora > MAX_INDICATORS:
        raise _refuse(f"at most {MAX_INDICATORS} dora indicators (one, and one more per kan); "
                      f"got {dora}", field="dora_indicators", code="too_many_indicators")
    if ura > dora:
        raise _refuse(f"one ura-dora indicator lies under each dora indicator: at most {dora} "
                      f"here; got {ura}", field="ura_indicators", code="too_many_indicators")
    if not 0 <= hand.kita <= COPIES:
        raise _refuse(f"kita is 0 to {COPIES} North tiles set aside; got {hand.kita}",
                      field="kita", code="inconsistent_flags")
    flowers = flower_count(ruleset)
    if not 0 <= hand.flowers <= flowers:
        raise _refuse(f"ruleset {ruleset.id} has {flowers} flowers (花牌); got {hand.flowers}",
                      field="flowers", code="inconsistent_flags")
    allowed = gari_tiles(ruleset)
    if hand.gari and not allowed:
        raise _refuse(f"ruleset {ruleset.id} sets no man tiles aside (no ガリ)", field="gari",
                      code="inconsistent_flags")
    for i, name in enumerate(hand.gari):
        if name not in allowed:
            raise _refuse(f"ruleset {ruleset.id} sets aside only {', '.join(allowed)} (ガリ); "
                          f"got {name!r}", field=f"gari[{i}]", code="inconsistent_flags")


def _physical_tiles(hand: WinningHand) -> Iterator[tuple[str, str]]:
    """(field, name) of every tile taken from the set, in the order they are reported."""
    for i, name in enumerate(hand.concealed):
        yield f"concealed[{i}]", name
    for m, meld in enumerate(hand.melds):
        for name in meld.tiles:
            yield f"melds[{m}].tiles", name
    for field in ("dora_indicators", "ura_indicators", "gari"):
        for i, name in enumerate(getattr(hand, field)):
            yield f"{field}[{i}]", name
    for i in range(max(hand.kita, 0)):
        yield f"kita[{i}]", "N"


def _check_copies(hand: WinningHand) -> None:
    """No fifth copy of a tile anywhere. An all-mighty tile ("*", and every white under 白マティ)
    is a white of the set, whatever it stands for. Unknown names are left to the checks that
    name them; the names the evaluator gives an all-mighty tile ("*5p") are its own."""
    counts = [0] * 34
    for field, name in _physical_tiles(hand):
        if not isinstance(name, str):
            continue  # refused by the checks that read the names
        if name in JOKER_NAMES:
            raise _refuse(f"{name!r} is not a tile: write '{JOKER}' for the all-mighty tile",
                          field=field, code="unknown_tile")
        kind = HAKU if name == JOKER else KIND_OF.get(name)
        if kind is None:
            continue
        counts[kind] += 1
        if counts[kind] > COPIES:
            where = field.split("[")[0] if field.startswith(("concealed", "kita")) else field
            raise _refuse(f"{counts[kind]} copies of {tile_name(kind)} over the hand, the "
                          "melds, the indicators and the tiles set aside: a set holds "
                          f"{COPIES}", field=where, code="five_of_a_tile")
