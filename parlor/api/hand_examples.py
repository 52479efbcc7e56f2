"""Example hands for the API docs: one request body per result kind and ruleset family."""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import OpenApiExample


def _example(
    name: str, summary: str, hand: dict[str, Any], ruleset: str = "standard"
) -> tuple[str, str, dict[str, Any], str]:
    return name, summary, hand, ruleset


# (name, summary, hand, the ruleset of the table it is recorded at)
EXAMPLE_HANDS = [
    _example(
        "ron",
        "Ron: seat 1 (riichi) wins 3 han 30 fu off seat 0",
        {
            "riichi": [1],
            "result": {
                "kind": "ron",
                "loser": 0,
                "wins": [{"winner": 1, "han": 3, "fu": 30, "dora": 1}],
            },
        },
    ),
    _example(
        "double_ron",
        "Double ron: seats 1 and 3 on seat 2's discard",
        {
            "result": {
                "kind": "ron",
                "loser": 2,
                "wins": [{"winner": 1, "han": 2, "fu": 40}, {"winner": 3, "han": 5}],
            }
        },
    ),
    _example(
        "tsumo",
        "Tsumo: seat 2's riichi, ippatsu, 4 han 30 fu",
        {
            "riichi": [2],
            "result": {"kind": "tsumo", "win": {"winner": 2, "han": 4, "fu": 30, "ippatsu": True}},
        },
    ),
    _example(
        "draw",
        "Draw: seats 0 (riichi) and 3 tenpai",
        {"riichi": [0], "result": {"kind": "draw", "tenpai": [0, 3]}},
    ),
    _example(
        "abortive",
        "Abortive draw: nine terminals (九種九牌)",
        {"result": {"kind": "abortive", "reason": "nine_terminals"}},
    ),
    _example(
        "chombo",
        "Chombo by seat 2: the hand is replayed",
        {"result": {"kind": "chombo", "offender": 2}},
    ),
    _example(
        "penalties",
        "A ron, and seat 3's hand declared dead (和了放棄)",
        {
            "penalties": [{"kind": "dead_hand", "seat": 3}],
            "result": {"kind": "ron", "loser": 0, "wins": [{"winner": 2, "han": 1, "fu": 30}]},
        },
    ),
    _example(
        "pao",
        "Pao: seat 1's daisangen by tsumo, seat 2 liable (包)",
        {"result": {"kind": "tsumo", "win": {"winner": 1, "yakuman": ["daisangen"], "pao": 2}}},
    ),
    _example(
        "wareme",
        "Wareme: dice 5 break the dealer's wall (割れ目), seat 1 wins by tsumo",
        {"dice": 5, "result": {"kind": "tsumo", "win": {"winner": 1, "han": 2, "fu": 30}}},
        ruleset="seed-000",
    ),
    _example(
        "points",
        "Point count: seat 1 wins 3,900 points off seat 0 (三人麻雀, 白マティ)",
        {"result": {"kind": "ron", "loser": 0, "wins": [{"winner": 1, "points": 3900}]}},
        ruleset="seed-003",
    ),
]


def hand_examples(*, sequence: bool) -> list[OpenApiExample]:
    """The example hands as request bodies: to record (with `sequence`) or to preview."""
    return [
        OpenApiExample(
            name,
            summary=summary,
            description=f"The first hand of a game at a table playing `{ruleset}`.",
            value={"sequence": 1, "hand": hand} if sequence else {"hand": hand},
            request_only=True,
        )
        for name, summary, hand, ruleset in EXAMPLE_HANDS
    ]
