"""A valued hand as JSON, for the command line and the API edges.

``points`` is the hand's value without honba or sticks, summed over the payers of a
tsumo (as ``points`` in the Tenhou corpus); ``payers`` gives each share.
"""

from __future__ import annotations

from scoring.hand_value.fu import NO_FU
from scoring.hand_value.tiles import tile_name
from scoring.hand_value.value import HandValue


def hand_value_to_dict(value: HandValue) -> dict[str, object]:
    return {
        "yaku": [{"key": y.key, "name": y.name, "name_ja": y.name_ja, "han": y.han,
                  **({"yakuman": True} if y.is_yakuman else {})} for y in value.yaku],
        "han": value.han,
        "fu": value.fu,
        "fu_parts": [{"reason": p.reason, "fu": p.fu,
                      **({"tile": tile_name(p.tile)} if p.tile != NO_FU else {})}
                     for p in value.fu_parts],
        "yakuman": value.yakuman,
        "limit": value.limit,
        "points": value.points,
        "payers": [{"payer": payer, "points": amount} for payer, amount in value.payers],
        "shape": value.shape.value,
        "wait": value.wait.value,
        **({"joker_faces": list(value.joker_faces)} if value.joker_faces else {}),
        **({"point_count": value.point_count} if value.point_count is not None else {}),
    }
