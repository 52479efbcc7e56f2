"""From the tiles of a win to its value (点数計算): yaku, han, fu, limit and payment.

Every reading of the hand is scored and the highest kept (高点法); the payment goes
through the ruleset's own payment code (``scoring.values``).

>>> from scoring.ruleset_files import load_directory, default_preset_dir
>>> from scoring.hand_value.hand import WinFlags
>>> tenhou = load_directory(default_preset_dir())["tenhou-4p-hanchan"]
>>> hand = WinningHand(concealed=tuple("1m 2m 3m 4p 5p 6p 7s 8s 9s 2s 3s 4s 5m 5m".split()),
...                    win_tile="4s", is_tsumo=False, seat_wind="S",
...                    flags=WinFlags(riichi=True))
>>> value = evaluate_hand(hand, ruleset=tenhou)
>>> [y.key for y in value.yaku], value.han, value.fu, value.points
(['riichi', 'pinfu'], 2, 30, 2000)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from functools import partial

from scoring.errors import HandError
from scoring.hand_value.best import best_value
from scoring.hand_value.bounds import check_bounds
from scoring.hand_value.dora import dora_yaku
from scoring.hand_value.hand import WinningHand
from scoring.hand_value.hand_facts import (
    HandYaku,
    hand_facts,
    normal_yaku,
    reading_groups,
    shared_yaku,
    winning_readings,
    yakuman_names,
)
from scoring.hand_value.point_ceiling import fill_ceilings
from scoring.hand_value.point_count import count_hand
from scoring.hand_value.readings import Reading
from scoring.hand_value.tiles import JOKER, kinds_in_play, tile_name
from scoring.hand_value.value import (
    HandValue,
    Scored,
    hand_value,
    reading_rank,
)
from scoring.hand_value.whites import evaluate_whites
from scoring.hand_value.yaku import (
    HandFacts,
)
from scoring.hand_value.yaku_table import (
    TENHOU_YAKU,
    JokerRule,
    YakuHan,
    YakuTable,
)
from scoring.ruleset import Ruleset, ValueInput


def evaluate_hand(hand: WinningHand, *, ruleset: Ruleset,
                  yaku_table: YakuTable = TENHOU_YAKU) -> HandValue:
    """The value of ``hand`` under ``ruleset``: its best reading, with yaku, fu and payment.

    Raises HandError (with ``code`` and ``field``) for a hand that is not a valid win; what
    no table can hold (``bounds.check_bounds``) is refused before any search.
    """
    check_bounds(hand, ruleset=ruleset)
    if yaku_table.joker is JokerRule.EVERY_WHITE:
        ceilings_of = (partial(fill_ceilings, ruleset=ruleset, yaku_table=yaku_table)
                       if ruleset.value_input is ValueInput.POINT_COUNT else None)
        return evaluate_whites(hand, table=yaku_table, value_of=partial(
            evaluate_faces, ruleset=ruleset, yaku_table=yaku_table), ceilings_of=ceilings_of)
    if hand.win_tile == JOKER or JOKER in hand.concealed:
        return evaluate_with_joker(hand, ruleset=ruleset, yaku_table=yaku_table)
    return evaluate_faces(hand, ruleset=ruleset, yaku_table=yaku_table)


def evaluate_with_joker(hand: WinningHand, *, ruleset: Ruleset,
                        yaku_table: YakuTable) -> HandValue:
    """An all-mighty tile is read as every face in play in turn; the reading that pays most
    is kept (高点法), as for any other choice of reading."""
    check_joker(hand, yaku_table, ruleset_key=ruleset.id)
    candidates = []
    for face in faces_in_play(hand.player_count):
        as_face = JOKER + face
        candidates.append((replace(hand, win_tile=as_face, concealed=tuple(
            as_face if name == JOKER else name for name in hand.concealed)), (face,)))
    best, refusal = best_value(candidates, partial(evaluate_faces, ruleset=ruleset,
                                                   yaku_table=yaku_table))
    if best is None:
        assert refusal is not None
        raise HandError("whatever the all-mighty tile stands for, the hand is not a win with "
                        f"a yaku ({refusal.message})", field="concealed", code=refusal.code)
    return best


def check_joker(hand: WinningHand, table: YakuTable, *, ruleset_key: str) -> None:
    if table.joker is JokerRule.NONE:
        raise HandError(f"ruleset {ruleset_key} has no all-mighty tile: write each tile's face "
                        "instead of '*'", field="concealed", code="joker_not_in_ruleset")
    # 白ポッチ: the dotted white drawn after riichi is the winning tile of a tsumo.
    if (hand.win_tile != JOKER or hand.concealed.count(JOKER) != 1 or not hand.is_tsumo
            or not (hand.flags.riichi or hand.flags.double_riichi)):
        raise HandError("the white pocchi is all-mighty only as the winning tile, drawn "
                        "after riichi: give win_tile '*', one '*' among the concealed tiles, "
                        "tsumo and riichi", field="win_tile", code="joker_not_allowed")


def faces_in_play(player_count: int) -> tuple[str, ...]:
    """Every face a joker may stand for: sanma has no 2m–8m."""
    return tuple(tile_name(k) for k in kinds_in_play(player_count))


def evaluate_faces(hand: WinningHand, *, ruleset: Ruleset, yaku_table: YakuTable) -> HandValue:
    """The value of a hand whose every tile has a face."""
    if ruleset.value_input is ValueInput.POINT_COUNT:
        return count_hand(hand, ruleset=ruleset, yaku_table=yaku_table)
    facts = hand_facts(hand)
    if hand.kita and "north" not in ruleset.nukidora:
        raise HandError(f"ruleset {ruleset.id} does not set North aside (no 北抜き)",
                        field="kita", code="inconsistent_flags")
    if hand.gari:
        raise HandError(f"ruleset {ruleset.id} sets no man tiles aside (no ガリ)",
                        field="gari", code="inconsistent_flags")
    if hand.flags.renhou and yaku_table.value("renhou", is_open=False) is None:
        raise HandError(f"ruleset {ruleset.id} has no renhou (人和)", field="flags.renhou",
                        code="yaku_not_in_ruleset")
    readings = winning_readings(facts, yaku_table)
    worth = yaku_table.yaku_of(is_open=facts.is_open)
    shared = shared_yaku(facts, worth)
    valid = []
    for reading in readings:
        scored = score_reading(reading, facts, shared, ruleset=ruleset, worth=worth)
        if scored.yakuman or scored.han >= ruleset.min_han:
            valid.append(scored)
    if not valid:
        raise HandError(f"no yaku: the hand needs at least {ruleset.min_han} han from yaku "
                        "(dora do not count)", field="concealed", code="no_yaku")
    dora = () if any(c.yakuman for c in valid) else dora_yaku(hand, facts, yaku_table)
    best = valid[0]
    if len(valid) > 1:
        dora_han = sum(d.han for d in dora)
        best = max(valid, key=lambda c: reading_rank(c, dora_han, hand, ruleset))
    return hand_value(best, dora, hand, facts, ruleset)


def score_reading(reading: Reading, facts: HandFacts, shared: HandYaku, *, ruleset: Ruleset,
                  worth: Mapping[str, YakuHan]) -> Scored:
    groups = reading_groups(reading, facts)
    names = yakuman_names(groups, reading, facts, shared, worth)
    if names:
        yaku = tuple(worth[name] for name in names)
        return Scored(reading, yaku, 0, None, tuple(groups), False, tuple(names),
                      sum(y.han for y in yaku))
    yaku, fu, is_pinfu = normal_yaku(reading, facts, shared, groups, ruleset=ruleset,
                                     worth=worth)
    return Scored(reading, yaku, sum(y.han for y in yaku), fu, tuple(groups), is_pinfu, (), 0)
