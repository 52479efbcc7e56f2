"""The hand-entry pad's choices for a ruleset: which buttons exist and which values are valid.

The pad offers only what the ruleset accepts, so staff cannot tap an impossible value: han and
fu where fu counts, han alone where fu is fixed, points for point-count rulesets, and the
options (pao, the open kan's feeder, open riichi, wareme, nagashi, chips, penalties, chombo
compensation, ...) only where the ruleset has them.
Validity comes from the engine's own checks (`impossible_fu`), not from a second copy.
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _

from parlor.view_helpers import labels
from scoring import (
    ChomboHand,
    PenaltyKind,
    Ruleset,
    StopPolicy,
    ValueInput,
    impossible_fu,
    win_points,
)

FU_COLUMNS = (20, 25, 30, 40, 50, 60, 70, 80, 90, 100, 110)
POINT_CHOICES = tuple(range(1, 31))  # point-count hands, one button each; the pad takes more too
MAX_YAKUMAN_COUNT = 3  # 役満 ×1 to ×3 on the pad; bigger stacks are entered by name
MAX_CHIPS = 10


def cell_points(ruleset: Ruleset, **value: int) -> dict[str, str]:
    """What a value pays as its cell shows it, from the engine, honba excluded (点数早見表).

    One text per way it is paid; the grid's script shows the one for the winner (dealer or
    not) and the kind (ron or tsumo), and the panel's caption says which: 子ロン 1000, 親ロン
    1500, 子ツモ 300/500 (each non-dealer / the dealer), 親ツモ 500 (オール: each player).
    """
    paid = win_points(ruleset=ruleset, **value)
    return {
        "ron": str(paid.ron),
        "dealer_ron": str(paid.dealer_ron),
        # each non-dealer / the dealer; the space lets a narrow cell wrap after the slash
        "tsumo": f"{paid.tsumo}/\u200b{paid.tsumo_dealer_pays}",
        "dealer_tsumo": str(paid.dealer_tsumo),
    }


def han_fu_cell(ruleset: Ruleset, *, han: int, fu: int) -> dict[str, Any]:
    """One cell of the han/fu grid: whether ron and tsumo may have it, and its points."""
    ron = impossible_fu(fu=fu, han=han, tsumo=False, ruleset=ruleset) is None
    tsumo = impossible_fu(fu=fu, han=han, tsumo=True, ruleset=ruleset) is None
    cell: dict[str, Any] = {"fu": fu, "ron": ron, "tsumo": tsumo}
    if ron or tsumo:
        cell["points"] = cell_points(ruleset, han=han, fu=fu)
    return cell


def value_grid(ruleset: Ruleset) -> dict[str, Any]:
    """Rows of han (with fu columns where fu counts) below mangan, and the limit classes."""
    mangan_han = ruleset.limits[0].min_han
    hans = list(range(ruleset.min_han, mangan_han))
    grid: dict[str, Any] = {"input": ruleset.value_input.value, "rows": [], "fus": [], "points": []}
    if ruleset.value_input is ValueInput.POINT_COUNT:
        grid["points"] = list(POINT_CHOICES)
    elif ruleset.value_input is ValueInput.HAN_FIXED_40FU:
        grid["rows"] = [
            {
                "han": han,
                "label": labels.value_label(han=han),
                "cells": [],
                "points": cell_points(ruleset, han=han),
            }
            for han in hans
        ]
    else:
        grid["fus"] = list(FU_COLUMNS)
        grid["rows"] = [
            {
                "han": han,
                "label": _("%(han)s han") % {"han": han},
                "cells": [han_fu_cell(ruleset, han=han, fu=fu) for fu in FU_COLUMNS],
            }
            for han in hans
        ]
    if ruleset.value_input is not ValueInput.POINT_COUNT:
        grid["limits"] = [
            {
                "han": limit.min_han,
                "label": labels.limit_label(limit.name),
                "range": _("%(han)s+ han") % {"han": limit.min_han},
                "points": cell_points(ruleset, han=limit.min_han),
            }
            for limit in ruleset.limits
        ]
    else:
        grid["limits"] = []
    return grid


def yakuman_counts(ruleset: Ruleset) -> list[dict[str, Any]]:
    """役満 ×1 to ×3 with their points (the ruleset's cap and stacking included).

    No points under a point count: there a yakuman adds to the count entered.
    """
    priced = ruleset.value_input is not ValueInput.POINT_COUNT
    return [
        {"count": n, "points": cell_points(ruleset, yakuman=n) if priced else None}
        for n in range(1, MAX_YAKUMAN_COUNT + 1)
    ]


def needs_yakuman_names(ruleset: Ruleset) -> bool:
    """Names matter where some yakuman are valued differently or carry pao alone."""
    return bool(ruleset.big_yakuman or ruleset.tsuuiisou_compound_mangan or ruleset.pao)


def penalty_kinds(ruleset: Ruleset) -> list[PenaltyKind]:
    """The penalties a hand can carry without ending (record field `penalties`) here.

    A dead hand (和了放棄) exists under every ruleset (rules README §1.8, `dead_hand`: fixed).
    A chombo settled at the end of a hand that goes on exists only where the hand continues
    after a chombo (seed 003); elsewhere a chombo stops the hand and is its result. The deposit
    for a false call or false riichi exists only where the ruleset has a fee (seed 001).
    """
    kinds = []
    if ruleset.chombo_hand is ChomboHand.CONTINUE_DEAD_HAND:
        kinds.append(PenaltyKind.CHOMBO)
    kinds.append(PenaltyKind.DEAD_HAND)
    if ruleset.penalty_deposit is not None:
        kinds.append(PenaltyKind.DEPOSIT)
    return kinds


def compensation_config(ruleset: Ruleset) -> dict[str, Any] | None:
    """Seed 001: the smallest spoiled hand a chombo compensates, as the han of its limit class.

    The engine refuses anything smaller (`invalid_compensation`); the pad opens only the limit
    classes from there up and the yakuman counts. Where the ruleset has no such limit class,
    the engine falls back to mangan, and so does the pad.
    """
    rule = ruleset.chombo_compensation
    if rule is None:
        return None
    # Limits always start with mangan (Ruleset checks it).
    floor = next((c for c in ruleset.limits if c.name is rule.min_limit), ruleset.limits[0])
    return {"min_han": floor.min_han, "min_label": labels.limit_label(floor.name)}


def stop_is_optional(ruleset: Ruleset) -> bool:
    optional = {
        StopPolicy.OPTIONAL_IF_TOP,
        StopPolicy.OPTIONAL_ANY_RANK,
        StopPolicy.AUTOMATIC_IF_TOP_OPTIONAL_OTHERWISE,
    }
    return ruleset.agari_yame in optional or ruleset.tenpai_yame in optional


def pad_config(ruleset: Ruleset, *, seats: int) -> dict[str, Any]:
    """Everything the pad's script needs about the ruleset, as JSON."""
    return {
        "seats": seats,
        "player_count": ruleset.player_count,
        "has_sit_out": seats > ruleset.player_count,
        "max_winners": ruleset.player_count - 1,
        "grid": value_grid(ruleset),
        "yakuman_counts": yakuman_counts(ruleset),
        "yakuman_names": [
            {"code": code, "label": labels.yakuman_label(code)} for code in labels.YAKUMAN_CHOICES
        ]
        if needs_yakuman_names(ruleset)
        else [],
        "pao": ruleset.pao is not None,
        # 大明槓の責任払い: who fed the open kan before a rinshan tsumo pays it all (JPML)
        "daiminkan_feeder": ruleset.pao is not None and ruleset.pao.daiminkan_rinshan,
        "open_riichi": ruleset.open_riichi is not None,
        "riichi_cancel": ruleset.riichi_cancel_fee is not None,
        "wareme": ruleset.wareme is not None,
        "dice": list(range(2, 13)) if ruleset.wareme is not None else [],
        "penalties": [
            {"code": kind, "label": labels.penalty_label(kind)} for kind in penalty_kinds(ruleset)
        ],
        "compensation": compensation_config(ruleset),
        "nagashi": ruleset.nagashi is not None,
        "chips": list(range(0, MAX_CHIPS + 1)) if ruleset.chips is not None else [],
        "abortive": [
            {"code": reason.value, "label": labels.abortive_label(reason)}
            for reason in ruleset.abortive_draws
        ],
        "stop_optional": stop_is_optional(ruleset),
    }
