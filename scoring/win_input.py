"""Reading one win: the value staff entered, checked against what the ruleset allows."""

from __future__ import annotations

import re

from scoring.facts import RecordedYaku, Win
from scoring.fields import FieldReader
from scoring.hand_value.yaku_table import STANDARD_ROWS
from scoring.ruleset import Ruleset, ValueInput
from scoring.values import YAKUMAN_NAMES

WIN_FIELDS = ("winner", "han", "fu", "yakuman", "points", "dora", "ippatsu", "chips", "pao",
              "daiminkan_feeder", "yaku", "open")
VALID_FU = (20, 25, *range(30, 140, 10))
MAX_HAN = 99
MAX_YAKUMAN = 8
MAX_POINT_COUNT = 10_000
MAX_YAKU = 24  # more than any hand holds (yaku and each kind of dora); bounds a hostile record
YAKU_FIELDS = ("key", "han", "yakuman")
YAKU_KEY = re.compile(r"[a-z][a-z0-9_]{0,39}")
# 門前限定: yaku and yakuman only a closed hand has, in every house's table (riichi, pinfu,
# chiitoitsu, kokushi, ...; no house table opens one of them); renhou is closed-only where a
# house has it. An open hand (`open: true`) cannot list one.
CLOSED_ONLY_KEYS = frozenset(r.key for r in STANDARD_ROWS if r.opened is None) | {"renhou"}


def read_value(win: FieldReader, *, ruleset: Ruleset, yakuman: int,
               tsumo: bool) -> tuple[int | None, int | None, int | None]:
    """The win's value as the ruleset takes it: (han, fu, None), or (None, None, points) on
    a point-count ruleset; all None for a yakuman given as such."""
    if ruleset.value_input is ValueInput.POINT_COUNT:
        for name in ("han", "fu"):
            if win.has(name):
                win.fail(name, f"ruleset {ruleset.id} counts points: give 'points', "
                               f"not '{name}'")
        if not yakuman or win.has("points"):
            return None, None, win.integer("points", low=1, high=MAX_POINT_COUNT,
                                           what="the hand's point count, honba excluded")
        return None, None, None
    if win.has("points"):
        win.fail("points", f"'points' is only for point-count rulesets; "
                           f"give han and fu for ruleset {ruleset.id}")
    if yakuman:
        for name in ("han", "fu"):
            if win.has(name):
                win.fail(name, f"give either 'yakuman' or '{name}', not both")
        return None, None, None
    han = read_han(win, ruleset)
    return han, read_fu(win, ruleset=ruleset, han=han, tsumo=tsumo), None


def read_win(win: FieldReader, *, ruleset: Ruleset, seats: int, tsumo: bool) -> Win:
    win.only(WIN_FIELDS)
    winner = win.seat("winner", seats=seats, what="the winner")
    yakuman, names = read_yakuman(win)
    han, fu, points = read_value(win, ruleset=ruleset, yakuman=yakuman, tsumo=tsumo)
    dora = (win.integer("dora", low=0, high=MAX_HAN, what="han from dora")
            if win.has("dora") else None)
    if han is not None and dora is not None and dora > han:
        win.fail("dora", f"dora {dora} is more than the hand's {han} han")
    chips = win.integer("chips", low=0, high=100, what="chips this win earns", default=0)
    if chips and ruleset.chips is None:
        win.fail("chips", f"ruleset {ruleset.id} pays no chips (祝儀); leave 'chips' out")
    pao = read_pao(win, ruleset=ruleset, seats=seats, winner=winner,
                   yakuman=yakuman, names=names)
    feeder = read_daiminkan_feeder(win, ruleset=ruleset, seats=seats, winner=winner,
                                   tsumo=tsumo, pao=pao)
    yaku = read_yaku(win)
    ippatsu = win.boolean("ippatsu")
    is_open = read_open(win, yaku=yaku, yakuman_names=names, ippatsu=ippatsu)
    return Win(winner=winner, han=han, fu=fu, yakuman=yakuman, yakuman_names=names,
               points=points, dora=dora, ippatsu=ippatsu, chips=chips,
               pao=pao, daiminkan_feeder=feeder, yaku=yaku, is_open=is_open)


def read_open(win: FieldReader, *, yaku: tuple[RecordedYaku, ...],
              yakuman_names: tuple[str, ...], ippatsu: bool) -> bool | None:
    """The optional ``open``: true for a hand with an open meld (副露), false for a closed one
    (門前), None where it was not recorded. A statistic only: the payment never reads it.

    An open hand has no riichi and no closed-only yaku (門前限定), so ``open: true`` beside
    one of them in ``yaku``, in ``yakuman`` by name or as ``ippatsu`` is refused.
    """
    if not win.has("open"):
        return None
    is_open = win.boolean("open")
    if is_open:
        closed_only = [y.key for y in yaku if y.key in CLOSED_ONLY_KEYS]
        closed_only += [n for n in yakuman_names if n in CLOSED_ONLY_KEYS]
        if ippatsu and "ippatsu" not in closed_only:
            closed_only.append("ippatsu")
        if closed_only:
            win.fail("open", f"an open hand (副露) cannot have {', '.join(closed_only)}: "
                             "riichi and those yaku need a closed hand (門前). Give "
                             "'open': false, or correct the yaku", code="open_with_closed_yaku")
    return is_open


def read_yaku(win: FieldReader) -> tuple[RecordedYaku, ...]:
    """The optional yaku list, ``[{"key": "riichi", "han": 1}, ...]``: its shape only.

    The keys are the hand calculator's (house tables add their own), so any lower-case
    identifier is taken; the payment follows han, fu or yakuman whatever the list says.
    """
    if not win.has("yaku"):
        return ()
    items = win.data["yaku"]
    if not isinstance(items, list):
        win.fail("yaku", "'yaku' must be a list of {\"key\", \"han\"} objects")
    if len(items) > MAX_YAKU:
        win.fail("yaku", f"a win lists at most {MAX_YAKU} yaku; got {len(items)}")
    parsed: list[RecordedYaku] = []
    for i, item in enumerate(items):
        entry = FieldReader(item, hand=win.hand, path=win.where(f"yaku[{i}]"))
        entry.only(YAKU_FIELDS)
        key = entry.string("key", what="the yaku's key, e.g. riichi")
        if not YAKU_KEY.fullmatch(key):
            entry.fail("key", f"{key!r} is not a yaku key: lower-case letters, digits and _ "
                              "(at most 40), as the hand calculator names them")
        if any(y.key == key for y in parsed):
            entry.fail("key", f"yaku {key!r} is listed twice")
        is_yakuman = entry.boolean("yakuman")
        high = MAX_YAKUMAN if is_yakuman else MAX_HAN
        han = entry.integer("han", low=1, high=high,
                            what="its yakuman count" if is_yakuman else "its han")
        parsed.append(RecordedYaku(key=key, han=han, is_yakuman=is_yakuman))
    return tuple(parsed)


def read_yakuman(win: FieldReader) -> tuple[int, tuple[str, ...]]:
    if not win.has("yakuman"):
        return 0, ()
    value = win.data["yakuman"]
    if isinstance(value, list):
        if not value:
            win.fail("yakuman", "'yakuman' lists no yakuman")
        for i, name in enumerate(value):
            if name not in YAKUMAN_NAMES:
                win.fail(f"yakuman[{i}]", f"unknown yakuman {name!r}; known: "
                                          f"{', '.join(sorted(YAKUMAN_NAMES))}")
        if len(set(value)) != len(value):
            win.fail("yakuman", "a yakuman is listed twice")
        return len(value), tuple(value)
    count = win.integer("yakuman", low=1, high=MAX_YAKUMAN,
                        what="the number of yakuman (2 = double)")
    return count, ()


def read_han(win: FieldReader, ruleset: Ruleset) -> int:
    han = win.integer("han", low=1, high=MAX_HAN,
                      what="the hand's han, dora included (or give 'yakuman')")
    if han < ruleset.min_han:
        win.fail("han", f"ruleset {ruleset.id} needs at least {ruleset.min_han} han; "
                        f"got {han}", code="below_min_han")
    return han


def read_fu(win: FieldReader, *, ruleset: Ruleset, han: int, tsumo: bool) -> int | None:
    if ruleset.value_input is ValueInput.HAN_FIXED_40FU:
        if win.has("fu") and win.data["fu"] != 40:
            win.fail("fu", f"fu is fixed at 40 in ruleset {ruleset.id}; leave 'fu' out")
        return 40
    mangan_han = ruleset.limits[0].min_han
    if not win.has("fu"):
        if han < mangan_han:
            win.require("fu", f"the fu (below {mangan_han} han the value depends on it)")
        return None
    fu = win.data["fu"]
    if isinstance(fu, bool) or fu not in VALID_FU:
        win.fail("fu", f"fu must be 20, 25 or a multiple of 10 from 30 to 130; got {fu!r}")
    problem = impossible_fu(fu=fu, han=han, tsumo=tsumo, ruleset=ruleset)
    if problem:
        win.fail("fu", problem, code="impossible_value")
    return fu  # type: ignore[no-any-return]


def impossible_fu(*, fu: int, han: int, tsumo: bool, ruleset: Ruleset) -> str | None:
    """Why a (fu, han) pair cannot occur, or None (rules README §4.3)."""
    if fu == 20:
        if not tsumo:
            return "a ron is never 20 fu (pinfu ron is 30 fu)"
        if ruleset.pinfu_tsumo_fu is None:
            return f"ruleset {ruleset.id} scores a pinfu tsumo at 30 fu, not 20"
        if han < 2:
            return "20 fu needs at least 2 han (pinfu and tsumo)"
    if fu == 25:
        if han < 2:
            return f"fu 25 is only valid for seven pairs, at least 2 han; got han {han}"
        if tsumo and han < 3:
            return "a seven pairs tsumo is at least 3 han (seven pairs and tsumo)"
    return None


def read_pao(win: FieldReader, *, ruleset: Ruleset, seats: int, winner: int,
             yakuman: int, names: tuple[str, ...]) -> int | None:
    if not win.has("pao"):
        return None
    pao = win.seat("pao", seats=seats, what="the liable player")
    if ruleset.pao is None:
        win.fail("pao", f"ruleset {ruleset.id} has no pao (包)")
    if pao == winner:
        win.fail("pao", "the winner cannot be liable for their own hand")
    if not yakuman:
        win.fail("pao", "pao applies only to a yakuman; give 'yakuman'")
    if names and not set(names) & set(ruleset.pao.yaku):
        win.fail("pao", f"none of {', '.join(names)} carries pao in ruleset {ruleset.id} "
                        f"(pao yakuman: {', '.join(ruleset.pao.yaku)})")
    return pao


def read_daiminkan_feeder(win: FieldReader, *, ruleset: Ruleset, seats: int, winner: int,
                          tsumo: bool, pao: int | None) -> int | None:
    """大明槓の責任払い: the seat whose discard the winner called as an open kan, where the
    winner then drew the winning tile from the dead wall (嶺上開花)."""
    if not win.has("daiminkan_feeder"):
        return None
    feeder = win.seat("daiminkan_feeder", seats=seats, what="the player who fed the open kan")
    if ruleset.pao is None or not ruleset.pao.daiminkan_rinshan:
        win.fail("daiminkan_feeder", f"ruleset {ruleset.id} has no liability for a rinshan "
                                     "win after an open kan (大明槓の責任払い)")
    if not tsumo:
        win.fail("daiminkan_feeder", "a rinshan win after an open kan is a tsumo; "
                                     "record it as one")
    if feeder == winner:
        win.fail("daiminkan_feeder", "the winner cannot have fed their own open kan")
    if pao is not None:
        win.fail("daiminkan_feeder", "give one liable player: 'pao' or 'daiminkan_feeder'")
    return feeder
