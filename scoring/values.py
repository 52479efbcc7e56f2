"""From the entered value of a win to what each payer owes (rules README §3.1, §4).

>>> from scoring.ruleset_files import load_directory, default_preset_dir
>>> standard = load_directory(default_preset_dir())["standard"]
>>> ron_amount(Win(winner=1, han=3, fu=30), winner_is_dealer=False, ruleset=standard)
3900
"""

from __future__ import annotations

from scoring.facts import Win
from scoring.ledger import round_up
from scoring.ruleset import Ruleset, SanmaTsumo, ValueInput
from scoring.ruleset_parts import YAKUMAN_NAMES as YAKUMAN_NAMES  # the names a win may give

BIG_YAKUMAN_MANGAN = 6  # 大役満: 6× mangan
DOUBLE_YAKUMAN_MANGAN = 8  # ダブル役満: 8× mangan
YAKUMAN_MANGAN = 4  # 役満: 4× mangan
TSUUIISOU = "tsuuiisou"  # 字一色



def yakuman_mangan_multiple(win: Win, ruleset: Ruleset) -> int:
    """The value of a yakuman win in multiples of mangan.

    By names: 4 per yakuman, 6 per big yakuman, 8 per double yakuman, and tsuuiisou in a
    compound adds the ruleset's ``tsuuiisou_compound_mangan`` instead of 4. By count: 4 per
    yakuman.
    """
    if win.yakuman_names:
        multiple = 0
        compound = len(win.yakuman_names) > 1
        for name in win.yakuman_names:
            if name == TSUUIISOU and compound and ruleset.tsuuiisou_compound_mangan:
                multiple += ruleset.tsuuiisou_compound_mangan
            elif name in ruleset.big_yakuman:
                multiple += BIG_YAKUMAN_MANGAN
            elif name in ruleset.double_yakuman:
                multiple += DOUBLE_YAKUMAN_MANGAN
            else:
                multiple += YAKUMAN_MANGAN
    else:
        multiple = YAKUMAN_MANGAN * win.yakuman
    cap = ruleset.yakuman_max_multiple
    if not ruleset.yakuman_stacking:
        cap = 1 if cap is None else min(cap, 1)
    if cap is not None:
        multiple = min(multiple, YAKUMAN_MANGAN * cap)
    return multiple


def limit_for_han(han: int, ruleset: Ruleset) -> int | None:
    """The base of the highest limit class reached by ``han`` alone, if any."""
    base = None
    for limit in ruleset.limits:
        if han >= limit.min_han:
            base = limit.base
    return base


def base_points(win: Win, ruleset: Ruleset) -> int:
    """基本点: fu × 2^(2 + han), capped at mangan, or the limit class's base.

    >>> from scoring.ruleset_files import load_directory, default_preset_dir
    >>> standard = load_directory(default_preset_dir())["standard"]
    >>> base_points(Win(winner=0, han=3, fu=40), standard)
    1280
    """
    mangan = ruleset.mangan_base
    if win.is_yakuman:
        return mangan * yakuman_mangan_multiple(win, ruleset)
    assert win.han is not None
    by_han = limit_for_han(win.han, ruleset)
    if (ruleset.kazoe_yakuman_stacking and (kazoe := ruleset.kazoe_yakuman_min_han) is not None
            and win.han >= kazoe):
        # 数え役満の複数倍: every kazoe_yakuman_min_han han make one more yakuman (26 = double).
        counted = Win(winner=win.winner, yakuman=win.han // kazoe)
        return mangan * yakuman_mangan_multiple(counted, ruleset)
    if by_han is not None:
        return by_han
    assert win.fu is not None
    if any(k.fu == win.fu and k.han == win.han for k in ruleset.kiriage_mangan):
        return mangan
    return min(win.fu << (2 + win.han), mangan)  # fu × 2^(2 + han)


def ron_amount(win: Win, *, winner_is_dealer: bool, ruleset: Ruleset) -> int:
    """What the discarder pays for the hand, honba excluded."""
    if ruleset.value_input is ValueInput.POINT_COUNT:
        return point_count_value(win, ruleset)
    if ruleset.value_input is ValueInput.HAN_FIXED_40FU:
        return fixed_40fu_ron(win, winner_is_dealer=winner_is_dealer, ruleset=ruleset)
    factor = 6 if winner_is_dealer else 4
    return round_up(factor * base_points(win, ruleset), ruleset.point_unit)


def tsumo_amounts(win: Win, *, dealer: int, payers: tuple[int, ...],
                  ruleset: Ruleset) -> dict[int, int]:
    """What each payer owes on a tsumo, honba excluded.

    >>> from scoring.ruleset_files import load_directory, default_preset_dir
    >>> standard = load_directory(default_preset_dir())["standard"]
    >>> tsumo_amounts(Win(winner=1, han=4, fu=30), dealer=0, payers=(0, 2, 3),
    ...               ruleset=standard)
    {0: 3900, 2: 2000, 3: 2000}
    """
    if ruleset.value_input is ValueInput.POINT_COUNT:
        value = point_count_value(win, ruleset)
        return {p: value for p in payers}
    no_tsumo_son = ruleset.sanma_tsumo is SanmaTsumo.NO_TSUMO_SON_TABLE
    if ruleset.value_input is ValueInput.HAN_FIXED_40FU:
        if no_tsumo_son:
            return fixed_40fu_tsumo(win, dealer=dealer, payers=payers, ruleset=ruleset)
        win = at_40fu(win)
    base = base_points(win, ruleset)
    winner_is_dealer = win.winner == dealer
    # Quarters of the base each payer owes: 4 for the dealer's side of a tsumo, 2 otherwise.
    quarters = {p: 8 if winner_is_dealer or p == dealer else 4 for p in payers}
    if no_tsumo_son:
        # ツモ損なし (北家折半): the absent player's share is split equally between the payers.
        absent = (8 if winner_is_dealer else 4) * (3 - len(payers))
        quarters = {p: q + absent // len(payers) for p, q in quarters.items()}
    return {p: round_up(base * q // 4, ruleset.point_unit) for p, q in quarters.items()}


def at_40fu(win: Win) -> Win:
    """The same win valued at the fixed 40 fu (符計算なし)."""
    return Win(winner=win.winner, han=win.han, fu=40, yakuman=win.yakuman,
               yakuman_names=win.yakuman_names)


def point_count_value(win: Win, ruleset: Ruleset) -> int:
    """点数制: the count entered, plus the ruleset's value per yakuman."""
    value = win.points or 0
    if win.is_yakuman:
        assert ruleset.point_count_yakuman is not None
        count = win.yakuman + sum(n in ruleset.double_yakuman for n in win.yakuman_names)
        value += ruleset.point_count_yakuman * count
    return value


def fixed_40fu_ron(win: Win, *, winner_is_dealer: bool, ruleset: Ruleset) -> int:
    """Fixed 40 fu in 1,000-point units (seed 004): 40 fu, rounded up to 1,000,
    except a non-dealer 1-han ron, which is 1,000."""
    if not win.is_yakuman and win.han == 1 and not winner_is_dealer:
        return ruleset.point_unit
    factor = 6 if winner_is_dealer else 4
    return round_up(factor * base_points(at_40fu(win), ruleset), ruleset.point_unit)


def fixed_40fu_tsumo(win: Win, *, dealer: int, payers: tuple[int, ...],
                     ruleset: Ruleset) -> dict[int, int]:
    """No tsumo-son in 1,000-point units (seed 004, rules README §3.1 item 3)."""
    unit = ruleset.point_unit
    if win.winner == dealer:
        total = fixed_40fu_ron(win, winner_is_dealer=True, ruleset=ruleset)
        return {p: max(round_up(total // 2, unit), unit) for p in payers}
    total = fixed_40fu_ron(win, winner_is_dealer=False, ruleset=ruleset)
    if total % (3 * unit) == 0:
        dealer_share, other_share = 2 * total // 3, total // 3
    else:
        # The absent fourth player's share is split equally: 2.5 and 1.5 quarters.
        dealer_share, other_share = -(-5 * total // 8), -(-3 * total // 8)
    return {p: max(round_up(dealer_share if p == dealer else other_share, unit), unit)
            for p in payers}
